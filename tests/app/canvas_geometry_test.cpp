#include "logic/canvas_geometry.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "lessons/lessons.hpp"
#include "logic/palette.hpp"

namespace cq::app {
namespace {

double Area(const std::vector<CanvasVertex>& triangles) {
  double area = 0;
  for (size_t i = 0; i + 2 < triangles.size(); i += 3) {
    const CanvasVertex& a = triangles[i];
    const CanvasVertex& b = triangles[i + 1];
    const CanvasVertex& c = triangles[i + 2];
    area += 0.5 * std::abs((double(b.x) - a.x) * (double(c.y) - a.y) - (double(c.x) - a.x) * (double(b.y) - a.y));
  }
  return area;
}

struct Fixture {
  Camera camera;
  Fixture() {
    camera.SetViewport({{{400, 20}}, {{1200, 620}}});  // 800 x 600 window pixels
    camera.SetCenter({{0.5, 0.25}});
    camera.SetZoom(60);
  }
};

std::uint32_t Packed(const Rgba& c) { return PackRgba(c.r, c.g, c.b, 1); }

TEST(CanvasGeometry, CoresRegionsTileTheCanvasWithOpaqueBlendedColours) {
  Fixture f;
  for (const Lesson* lesson : LessonTable()) {
    const LessonFrame frame =
        lesson->Evaluate(lesson->Presets().front().points, f.camera.VisibleWorld(), NumberStyle::Readable);
    const CanvasGeometry g = BuildCanvasGeometry(frame, f.camera, AxisGrids{ChooseGridSpacing(60, 90), ChooseGridSpacing(60, 90)}, true, {1, 700, 1});
    ASSERT_EQ(g.opaque.size() % 3, 0u);
    // 800 x 600 pixels; float vertices, so allow a pixel's worth of rounding in total.
    EXPECT_NEAR(Area(g.opaque), 800.0 * 600.0, 1.0) << lesson->Id();
    std::set<std::uint32_t> expected;
    for (const RegionFill& fill : frame.regions) expected.insert(Packed(BlendOverPaper(fill.tone, fill.holdsP)));
    for (const CanvasVertex& v : g.opaque) {
      EXPECT_EQ(v.rgba >> 24, 255u);  // opaque: no pixel of this layer is blended
      EXPECT_TRUE(expected.count(v.rgba)) << lesson->Id();
    }
  }
}

TEST(CanvasGeometry, HiddenRegionsLeavePlainPaper) {
  Fixture f;
  const SegmentLesson lesson;
  const LessonFrame frame = lesson.Evaluate(lesson.Presets().front().points, f.camera.VisibleWorld(), NumberStyle::Readable);
  const CanvasGeometry g = BuildCanvasGeometry(frame, f.camera, AxisGrids{ChooseGridSpacing(60, 90), ChooseGridSpacing(60, 90)}, false, {1, 700, 1});
  ASSERT_EQ(g.opaque.size(), 6u);
  EXPECT_EQ(g.opaque[0].rgba, Packed(PaperColor()));
  EXPECT_NEAR(Area(g.opaque), 800.0 * 600.0, 1e-6);
}

TEST(CanvasGeometry, GridLinesAreOnePixelWideOnPixelCentresAndFlippedToFramebufferY) {
  Fixture f;
  const LessonFrame empty;
  const GridSpacing grid = ChooseGridSpacing(60, 90);  // major 2 (120 px), minor 0.5 (30 px)
  const CanvasGeometry g = BuildCanvasGeometry(empty, f.camera, AxisGrids{grid, grid}, true, {1, 700, 1});
  ASSERT_FALSE(g.translucent.empty());
  ASSERT_EQ(g.translucent.size() % 6, 0u);
  size_t vertical = 0;
  for (size_t i = 0; i < g.translucent.size(); i += 6) {
    const CanvasVertex& a = g.translucent[i];
    const CanvasVertex& c = g.translucent[i + 2];
    const double w = std::abs(double(c.x) - a.x);
    const double h = std::abs(double(c.y) - a.y);
    if (h == 600) {  // a vertical line: 1 px wide (the axes: 2 px), centred on .5
      ++vertical;
      EXPECT_TRUE(w == 1 || w == 2) << w;
      if (w == 1) {
        EXPECT_EQ(std::fmod(0.5 * (a.x + c.x), 1.0), 0.5);
      }
    }
    // Framebuffer y is up: the canvas spans 700 - 620 = 80 .. 700 - 20 = 680.
    EXPECT_GE(std::min(a.y, c.y), 80.0f);
    EXPECT_LE(std::max(a.y, c.y), 680.0f);
  }
  // x from 0.5 - 400/60 to 0.5 + 400/60: multiples of 0.5 in (-6.17, 7.17) are 27,
  // the axis included; the axis is one more quad of its own.
  EXPECT_EQ(vertical, 27u);
}

}  // namespace
}  // namespace cq::app
