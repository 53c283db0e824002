// app/logic/canvas_geometry.hpp: the canvas background as triangles, built on the CPU
// each frame for the flat-colour pass in app/gl/canvas_renderer.cpp.
//
// Layer 1 (opaque): core's region polygons (the lesson frame's RegionFills), each in its
// tone blended over the paper ahead of time, so no pixel is blended. Layer 2
// (translucent): minor and major grid lines and the axes as pixel-aligned quads.
// Coordinates are framebuffer pixels, y up (GL's convention).
#pragma once

#include <cstdint>
#include <vector>

#include "logic/camera.hpp"
#include "logic/grid.hpp"
#include "logic/lesson.hpp"

namespace cq::app {

struct CanvasVertex {
  float x, y;           ///< framebuffer pixels, origin bottom-left
  std::uint32_t rgba;   ///< bytes r, g, b, a in memory order
};

struct CanvasGeometry {
  std::vector<CanvasVertex> opaque;       ///< triangles, drawn without blending
  std::vector<CanvasVertex> translucent;  ///< triangles, alpha-blended over the opaque layer
  /// The canvas in framebuffer pixels (x, y of its bottom-left corner, width, height): the
  /// pass draws nothing outside it (region polygons may overshoot the view slightly, see
  /// LocalView).
  int scissor[4] = {0, 0, 0, 0};
};

struct CanvasScale {
  double framebufferScale = 1;  ///< framebuffer pixels per window pixel
  int framebufferHeight = 0;
  float lineScale = 1;          ///< UI scale: line widths grow with it
};

/// The camera's viewport as regions (or plain paper when `showRegions` is false or the
/// lesson has none) plus the grid.
CanvasGeometry BuildCanvasGeometry(const LessonFrame& frame, const Camera& camera, const AxisGrids& grids,
                                   bool showRegions, const CanvasScale& scale);

/// Memory-order RGBA bytes of a colour.
std::uint32_t PackRgba(float r, float g, float b, float a);

}  // namespace cq::app
