#include "gl/canvas_renderer.hpp"

#include <cstddef>

#include "cq_assets.hpp"
#include "gl/gl_program.hpp"

namespace cq::app {

bool CanvasRenderer::Init(std::string& error) {
  m_program = BuildProgram("canvas.vert", embedded::canvas_vert, "canvas.frag", embedded::canvas_frag, error);
  if (m_program == 0) return false;
  m_framebufferSize = glGetUniformLocation(m_program, "uFramebufferSize");
  glGenVertexArrays(1, &m_vertexArray);
  glGenBuffers(1, &m_buffer);
  glBindVertexArray(m_vertexArray);
  glBindBuffer(GL_ARRAY_BUFFER, m_buffer);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(CanvasVertex),
                        reinterpret_cast<const void*>(offsetof(CanvasVertex, x)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(CanvasVertex),
                        reinterpret_cast<const void*>(offsetof(CanvasVertex, rgba)));
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  return true;
}

void CanvasRenderer::Shutdown() {
  if (m_buffer != 0) glDeleteBuffers(1, &m_buffer);
  if (m_vertexArray != 0) glDeleteVertexArrays(1, &m_vertexArray);
  if (m_program != 0) glDeleteProgram(m_program);
  m_buffer = m_vertexArray = m_program = 0;
}

void CanvasRenderer::DrawTriangles(const std::vector<CanvasVertex>& vertices) {
  if (vertices.empty()) return;
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(vertices.size() * sizeof(CanvasVertex)), vertices.data(), GL_STREAM_DRAW);
  glDrawArrays(GL_TRIANGLES, 0, GLsizei(vertices.size()));
}

void CanvasRenderer::Draw(const CanvasGeometry& geometry, int framebufferWidth, int framebufferHeight) {
  glViewport(0, 0, framebufferWidth, framebufferHeight);
  glEnable(GL_SCISSOR_TEST);
  glScissor(geometry.scissor[0], geometry.scissor[1], geometry.scissor[2], geometry.scissor[3]);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glUseProgram(m_program);
  glUniform2f(m_framebufferSize, float(framebufferWidth), float(framebufferHeight));
  glBindVertexArray(m_vertexArray);
  glBindBuffer(GL_ARRAY_BUFFER, m_buffer);
  glDisable(GL_BLEND);
  DrawTriangles(geometry.opaque);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  DrawTriangles(geometry.translucent);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glBindVertexArray(0);
  glUseProgram(0);
  glDisable(GL_SCISSOR_TEST);
}

}  // namespace cq::app
