// app/gl/grid_renderer.hpp: the canvas background pass (shaders/canvas.vert + grid.frag).
#pragma once

#include <string>

#include <glad/gl.h>

#include "logic/camera.hpp"
#include "logic/grid.hpp"

namespace cq::app {

struct GridColors {
  float paper[4];
  float minorInk[4];
  float majorInk[4];
  float axisInk[4];
};

class GridRenderer {
 public:
  /// Compiles the embedded shaders. False (with `error` set) if the driver rejects them.
  bool Init(std::string& error);
  void Shutdown();

  /// Paints the camera's viewport (window pixels; `framebufferScale` converts to
  /// framebuffer pixels, `framebufferHeight` flips y) with paper, grid and axes.
  void Draw(const Camera& camera, const GridSpacing& spacing, const GridColors& colors, float lineScale,
            double framebufferScale, int framebufferHeight) const;

 private:
  GLuint m_program = 0;
  GLuint m_vertexArray = 0;
  GLint m_minorStep = -1, m_majorStep = -1, m_minorPhase = -1, m_majorPhase = -1, m_axes = -1;
  GLint m_lineScale = -1, m_paper = -1, m_minorInk = -1, m_majorInk = -1, m_axisInk = -1;
};

}  // namespace cq::app
