#version 330 core
// One triangle that covers the whole viewport; no vertex buffer (positions come from
// gl_VertexID), so the canvas pass needs only an empty vertex array object.
// Used with grid.frag by app/gl/grid_renderer.cpp.
void main() {
  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
