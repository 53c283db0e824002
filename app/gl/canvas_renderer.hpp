// app/gl/canvas_renderer.hpp: draws the canvas background (app/logic/canvas_geometry.hpp)
// with shaders/canvas.vert + canvas.frag: an opaque layer of regions, then grid lines.
#pragma once

#include <string>

#include <glad/gl.h>

#include "logic/canvas_geometry.hpp"

namespace cq::app {

class CanvasRenderer {
 public:
  /// Compiles the embedded shaders. False (with `error` set) if the driver rejects them.
  bool Init(std::string& error);
  void Shutdown();

  void Draw(const CanvasGeometry& geometry, int framebufferWidth, int framebufferHeight);

 private:
  void DrawTriangles(const std::vector<CanvasVertex>& vertices);

  GLuint m_program = 0;
  GLuint m_vertexArray = 0;
  GLuint m_buffer = 0;
  GLint m_framebufferSize = -1;
};

}  // namespace cq::app
