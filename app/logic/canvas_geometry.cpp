#include "logic/canvas_geometry.hpp"

#include <algorithm>
#include <cmath>

#include "logic/palette.hpp"

namespace cq::app {
namespace {

void AddQuad(std::vector<CanvasVertex>& out, double x0, double y0, double x1, double y1, std::uint32_t rgba) {
  const float a = float(x0), b = float(y0), c = float(x1), d = float(y1);
  out.insert(out.end(), {{a, b, rgba}, {c, b, rgba}, {c, d, rgba}, {a, b, rgba}, {c, d, rgba}, {a, d, rgba}});
}

std::uint32_t Pack(const Rgba& c, float alpha) { return PackRgba(c.r, c.g, c.b, alpha); }

}  // namespace

std::uint32_t PackRgba(float r, float g, float b, float a) {
  auto byte = [](float v) { return std::uint32_t(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
  return byte(r) | (byte(g) << 8) | (byte(b) << 16) | (byte(a) << 24);
}

CanvasGeometry BuildCanvasGeometry(const LessonFrame& frame, const Camera& camera, const AxisGrids& grids,
                                   bool showRegions, const CanvasScale& scale) {
  CanvasGeometry g;
  auto toFramebuffer = [&](const cq::Vec2d& screen) {
    return cq::Vec2d{{screen.x() * scale.framebufferScale, scale.framebufferHeight - screen.y() * scale.framebufferScale}};
  };
  const ScreenRect& view = camera.Viewport();
  const cq::Vec2d lo = toFramebuffer({{view.min.x(), view.max.y()}});
  const cq::Vec2d hi = toFramebuffer({{view.max.x(), view.min.y()}});
  g.scissor[0] = int(std::floor(lo.x()));
  g.scissor[1] = int(std::floor(lo.y()));
  g.scissor[2] = std::max(0, int(std::ceil(hi.x())) - g.scissor[0]);
  g.scissor[3] = std::max(0, int(std::ceil(hi.y())) - g.scissor[1]);

  // Paper under everything (regions tile the view, but not when hidden or absent).
  if (!showRegions || frame.regions.empty()) {
    AddQuad(g.opaque, lo.x(), lo.y(), hi.x(), hi.y(), Pack(PaperColor(), 1));
  } else {
    // Core's polygons are convex: a fan from the first vertex. Neighbours share edges
    // computed identically, and GL's fill rule leaves neither gaps nor double pixels.
    for (const RegionFill& fill : frame.regions) {
      const std::uint32_t rgba = Pack(BlendOverPaper(fill.tone, fill.holdsP), 1);
      // The polygons are relative to frame.origin (LessonFrame::origin).
      auto screen = [&](int i) { return toFramebuffer(camera.LocalToScreen(fill.polygon.vertices[size_t(i)], frame.origin)); };
      const cq::Vec2d p0 = screen(0);
      for (int i = 1; i + 1 < fill.polygon.count; ++i) {
        const cq::Vec2d p1 = screen(i);
        const cq::Vec2d p2 = screen(i + 1);
        g.opaque.push_back({float(p0.x()), float(p0.y()), rgba});
        g.opaque.push_back({float(p1.x()), float(p1.y()), rgba});
        g.opaque.push_back({float(p2.x()), float(p2.y()), rgba});
      }
    }
  }

  // Grid lines: one pixel wide (times the UI scale), centred on a pixel so they stay crisp.
  const double width = std::max(1.0, std::round(double(scale.lineScale) * scale.framebufferScale));
  auto column = [&](double x) { return std::floor(x) + 0.5; };
  const WorldRect world = camera.VisibleWorld();
  for (int axis = 0; axis < 2; ++axis) {
    const GridSpacing& grid = grids[std::size_t(axis)];
    const long majorEvery = std::lround(grid.major / grid.minor);
    const GridRange range = GridMultiples(world.min.v[axis], world.max.v[axis], grid.minor);
    for (double k = range.first; k <= range.last; k += 1) {
      const bool major = std::fmod(std::abs(k), double(majorEvery)) == 0;
      if (k == 0) continue;  // the axis is drawn below
      const Rgba ink = major ? MajorGridColor() : MinorGridColor();
      const std::uint32_t rgba = Pack(ink, ink.a);
      cq::Vec2d at{{0, 0}};
      at.v[axis] = k * grid.minor;
      const cq::Vec2d p = toFramebuffer(camera.WorldToScreen(at));
      if (axis == 0) {
        const double x = column(p.x());
        AddQuad(g.translucent, x - width / 2, lo.y(), x + width / 2, hi.y(), rgba);
      } else {
        const double y = column(p.y());
        AddQuad(g.translucent, lo.x(), y - width / 2, hi.x(), y + width / 2, rgba);
      }
    }
  }
  const cq::Vec2d origin = toFramebuffer(camera.WorldToScreen(cq::Vec2d{{0, 0}}));
  const Rgba axisInk = AxisColor();
  const double axisWidth = std::max(1.0, std::round(1.6 * double(scale.lineScale) * scale.framebufferScale));
  if (origin.x() >= lo.x() && origin.x() <= hi.x())
    AddQuad(g.translucent, column(origin.x()) - axisWidth / 2, lo.y(), column(origin.x()) + axisWidth / 2, hi.y(),
            Pack(axisInk, axisInk.a));
  if (origin.y() >= lo.y() && origin.y() <= hi.y())
    AddQuad(g.translucent, lo.x(), column(origin.y()) - axisWidth / 2, hi.x(), column(origin.y()) + axisWidth / 2,
            Pack(axisInk, axisInk.a));
  return g;
}

}  // namespace cq::app
