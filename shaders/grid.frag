#version 330 core
// The canvas background: a paper colour, minor and major grid lines and the two axes,
// anti-aliased analytically in pixel space. All positions arrive in framebuffer pixels
// (computed in double precision on the CPU by app/gl/grid_renderer.cpp from the camera
// and app/logic/grid.cpp's spacing), so the grid stays exact at any zoom or offset.

uniform float uMinorStep;   // pixels between minor lines
uniform float uMajorStep;   // pixels between major lines
uniform vec2 uMinorPhase;   // framebuffer position of one minor line crossing
uniform vec2 uMajorPhase;   // framebuffer position of one major line crossing
uniform vec2 uAxes;         // x: column of the world y-axis, y: row of the world x-axis
uniform float uLineScale;   // line width multiplier (UI scale)
uniform vec4 uPaper;
uniform vec4 uMinorInk;
uniform vec4 uMajorInk;
uniform vec4 uAxisInk;

out vec4 fragColor;

// Distance in pixels from frag to the nearest line of a regular grid, per axis.
vec2 GridDistance(vec2 frag, float step, vec2 phase) {
  vec2 q = mod(frag - phase + 0.5 * step, step) - 0.5 * step;
  return abs(q);
}

// Coverage of a line of the given half width at a pixel centre dist pixels away.
float Coverage(float dist, float halfWidth) {
  return clamp(halfWidth + 0.5 - dist, 0.0, 1.0);
}

void main() {
  vec2 f = gl_FragCoord.xy;
  vec3 c = uPaper.rgb;
  vec2 dMinor = GridDistance(f, uMinorStep, uMinorPhase);
  c = mix(c, uMinorInk.rgb, uMinorInk.a * Coverage(min(dMinor.x, dMinor.y), 0.5 * uLineScale));
  vec2 dMajor = GridDistance(f, uMajorStep, uMajorPhase);
  c = mix(c, uMajorInk.rgb, uMajorInk.a * Coverage(min(dMajor.x, dMajor.y), 0.5 * uLineScale));
  vec2 dAxis = abs(f - uAxes);
  c = mix(c, uAxisInk.rgb, uAxisInk.a * Coverage(min(dAxis.x, dAxis.y), 0.9 * uLineScale));
  fragColor = vec4(c, 1.0);
}
