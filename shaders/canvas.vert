#version 330 core
// The canvas pass (app/gl/canvas_renderer.cpp): triangles in framebuffer pixels with a
// colour each. Core's region polygons arrive already triangulated and opaque; grid lines
// and axes as thin translucent quads. Pixels go to clip space here, nothing else.
layout(location = 0) in vec2 aPixel;
layout(location = 1) in vec4 aColor;

uniform vec2 uFramebufferSize;

flat out vec4 vColor;

void main() {
  vColor = aColor;
  gl_Position = vec4(aPixel / uFramebufferSize * 2.0 - 1.0, 0.0, 1.0);
}
