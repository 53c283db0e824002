#include "gl/grid_renderer.hpp"

#include <algorithm>
#include <cmath>

#include "cq_assets.hpp"
#include "gl/gl_program.hpp"

namespace cq::app {

bool GridRenderer::Init(std::string& error) {
  m_program = BuildProgram("canvas.vert", embedded::canvas_vert, "grid.frag", embedded::grid_frag, error);
  if (m_program == 0) return false;
  glGenVertexArrays(1, &m_vertexArray);
  m_minorStep = glGetUniformLocation(m_program, "uMinorStep");
  m_majorStep = glGetUniformLocation(m_program, "uMajorStep");
  m_minorPhase = glGetUniformLocation(m_program, "uMinorPhase");
  m_majorPhase = glGetUniformLocation(m_program, "uMajorPhase");
  m_axes = glGetUniformLocation(m_program, "uAxes");
  m_lineScale = glGetUniformLocation(m_program, "uLineScale");
  m_paper = glGetUniformLocation(m_program, "uPaper");
  m_minorInk = glGetUniformLocation(m_program, "uMinorInk");
  m_majorInk = glGetUniformLocation(m_program, "uMajorInk");
  m_axisInk = glGetUniformLocation(m_program, "uAxisInk");
  return true;
}

void GridRenderer::Shutdown() {
  if (m_vertexArray != 0) glDeleteVertexArrays(1, &m_vertexArray);
  if (m_program != 0) glDeleteProgram(m_program);
  m_vertexArray = 0;
  m_program = 0;
}

void GridRenderer::Draw(const Camera& camera, const GridSpacing& spacing, const GridColors& colors, float lineScale,
                        double framebufferScale, int framebufferHeight) const {
  const ScreenRect& view = camera.Viewport();
  // Window pixels (y down) to framebuffer pixels (y up).
  auto toFramebuffer = [&](const cq::Vec2d& screen) {
    return cq::Vec2d{{screen.x() * framebufferScale, framebufferHeight - screen.y() * framebufferScale}};
  };
  const int x0 = int(std::lround(view.min.x() * framebufferScale));
  const int y0 = int(std::lround(framebufferHeight - view.max.y() * framebufferScale));
  const int w = int(std::lround(view.Size().x() * framebufferScale));
  const int h = int(std::lround(view.Size().y() * framebufferScale));
  if (w <= 0 || h <= 0) return;

  // A grid crossing near the view centre, computed in double so the phase is exact
  // however far from the origin the camera is.
  auto phaseOf = [&](double step) {
    const cq::Vec2d c = camera.Center();
    const cq::Vec2d crossing{{std::round(c.x() / step) * step, std::round(c.y() / step) * step}};
    return toFramebuffer(camera.WorldToScreen(crossing));
  };
  const cq::Vec2d minorPhase = phaseOf(spacing.minor);
  const cq::Vec2d majorPhase = phaseOf(spacing.major);
  cq::Vec2d axes = toFramebuffer(camera.WorldToScreen(cq::Vec2d{{0, 0}}));
  for (int i = 0; i < 2; ++i) axes.v[i] = std::clamp(axes.v[i], -1e6, 1e6);  // off-screen stays off-screen
  const double pixelsPerUnit = camera.Zoom() * framebufferScale;

  glViewport(x0, y0, w, h);
  glEnable(GL_SCISSOR_TEST);
  glScissor(x0, y0, w, h);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glUseProgram(m_program);
  glUniform1f(m_minorStep, float(spacing.minor * pixelsPerUnit));
  glUniform1f(m_majorStep, float(spacing.major * pixelsPerUnit));
  glUniform2f(m_minorPhase, float(minorPhase.x()), float(minorPhase.y()));
  glUniform2f(m_majorPhase, float(majorPhase.x()), float(majorPhase.y()));
  glUniform2f(m_axes, float(axes.x()), float(axes.y()));
  glUniform1f(m_lineScale, lineScale * float(framebufferScale));
  glUniform4fv(m_paper, 1, colors.paper);
  glUniform4fv(m_minorInk, 1, colors.minorInk);
  glUniform4fv(m_majorInk, 1, colors.majorInk);
  glUniform4fv(m_axisInk, 1, colors.axisInk);
  glBindVertexArray(m_vertexArray);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glUseProgram(0);
  glDisable(GL_SCISSOR_TEST);
}

}  // namespace cq::app
