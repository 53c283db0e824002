// Each lesson rendered headless at a known state: the closest-point marker is drawn where
// core says (mapped to pixels through the app's own camera, read back from --dump-state)
// and the region holding P is the highlighted one.
#include <gtest/gtest.h>

#include "cq/aabb.hpp"
#include "cq/contact.hpp"
#include "cq/linear.hpp"
#include "cq/normalize.hpp"
#include "cq/plane.hpp"
#include "gui_support.hpp"
#include "logic/palette.hpp"

#include <ostream>

namespace cq::gui_test {
namespace {

using cq::app::Tone;

struct RenderCase {
  const char* lesson;
  const char* sets;
  cq::Vec2d samplePRegion;  ///< a world point in P's region, clear of strokes and labels
  Tone toneOfP;
  std::optional<cq::Vec2d> sampleOther;  ///< a world point in another region
  Tone otherTone;
};

/// Shown by GoogleTest and ctest for each case (else the case prints as its raw bytes).
void PrintTo(const RenderCase& c, std::ostream* os) { *os << c.lesson << " " << c.sets; }

/// Core's closest point for the dumped scene, computed here independently of the app.
cq::Vec2d CoreClosest(const std::string& lesson, const nlohmann::json& pts) {
  auto P = [&](const char* name) { return PointFromJson(pts[name]); };
  if (lesson == "segment") return cq::ClosestPointOnSegment(P("P"), P("A"), P("B"))->closest;
  if (lesson == "ray") return cq::ClosestPointOnRay(P("P"), P("A"), P("B"))->closest;
  if (lesson == "line") return cq::ClosestPointOnLine(P("P"), P("A"), P("B"))->closest;
  if (lesson == "plane") return cq::ClosestPointOnPlaneThroughPoint(P("P"), P("N") - P("O"), P("O"))->closest;
  if (lesson == "contact")
    return cq::ContactSphereSegment(cq::Sphere<double, 2>{P("C"), *cq::Distance(cq::Vec2d{}, P("R"))}, P("A"), P("B"))
        ->closest;
  return cq::ClosestPointOnBox(P("P"), cq::Aabb<double, 2>{P("Min"), P("Max")})->closest;
}

/// Runs the app on `args` at 1200x800 with a screenshot (dir / "shot.png") and a state
/// dump; the dump, or a discarded value when the run failed.
nlohmann::json RenderScene(const TempDir& dir, const std::string& args) {
  const std::string shot = (dir / "shot.png").string();
  const std::string state = (dir / "state.json").string();
  const RunResult r =
      RunLab(args + " --size 1200x800 --screenshot " + Quote(shot) + " --dump-state " + Quote(state), dir);
  EXPECT_EQ(r.status, 0) << r.err;
  return r.status == 0 ? ReadJson(state) : nlohmann::json(nlohmann::json::value_t::discarded);
}

class LessonRender : public ::testing::TestWithParam<RenderCase> {};

TEST_P(LessonRender, ClosestMarkerWhereCoreSaysAndPsRegionHighlighted) {
  const RenderCase& c = GetParam();
  TempDir dir;
  const nlohmann::json s = RenderScene(dir, std::string("--lesson ") + c.lesson + " " + c.sets);
  ASSERT_FALSE(s.is_discarded());
  const Png png((dir / "shot.png").string());
  ASSERT_TRUE(png.Loaded());
  const cq::app::Camera camera = CameraFromState(s);

  // The marker: a solid diamond centred on core's closest point.
  const cq::Vec2d closest = CoreClosest(c.lesson, s["points"]);
  EXPECT_EQ(PointFromJson(s["values"]["closest"]), closest);
  const cq::Vec2d pixel = camera.WorldToScreen(closest);
  const cq::app::Rgba ink = cq::app::MarkerColor(cq::app::Marker::Closest);
  const Rgb marker = png.ModeAround(int(std::lround(pixel.x())), int(std::lround(pixel.y())), 1);
  EXPECT_LE(ColourDistance(marker, ToRgb(ink.r, ink.g, ink.b)), 12)
      << "closest " << closest.x() << "," << closest.y() << " at pixel " << pixel.x() << "," << pixel.y();

  // Region fills: P's region highlighted, another one not. Allow 4 levels for 8-bit blending.
  auto expectFill = [&](const cq::Vec2d& world, Tone tone, bool highlighted) {
    const cq::Vec2d p = camera.WorldToScreen(world);
    ASSERT_TRUE(camera.Viewport().Contains(p)) << "sample " << world.x() << "," << world.y() << " is off the canvas";
    const cq::app::Rgba want = cq::app::BlendOverPaper(tone, highlighted);
    const Rgb got = png.ModeAround(int(std::lround(p.x())), int(std::lround(p.y())), 4);
    EXPECT_LE(ColourDistance(got, ToRgb(want.r, want.g, want.b)), 4)
        << (highlighted ? "P's region" : "other region") << " at " << world.x() << "," << world.y() << ": got "
        << got[0] << "," << got[1] << "," << got[2];
  };
  expectFill(c.samplePRegion, c.toneOfP, true);
  if (c.sampleOther) expectFill(*c.sampleOther, c.otherTone, false);
}

INSTANTIATE_TEST_SUITE_P(
    EveryLesson, LessonRender,
    ::testing::Values(
        RenderCase{"segment", "--set A=-3,0 --set B=3,0 --set P=1,3", {{-2.2, -1.1}}, Tone::Interior,
                   cq::Vec2d{{3.5, -1.1}}, Tone::VertexB},
        RenderCase{"ray", "--set A=-3,0 --set B=0,0 --set P=2,2.5", {{1.3, -1.1}}, Tone::Interior,
                   cq::Vec2d{{-3.6, -1.1}}, Tone::VertexA},
        RenderCase{"line", "--set A=-3,-1 --set B=3,1 --set P=-1,2", {{2.2, -1.1}}, Tone::Interior, std::nullopt,
                   Tone::Interior},
        RenderCase{"plane", "--set O=0,0 --set N=0,1.5 --set P=1.5,2.2", {{-0.6, 1.3}}, Tone::Front,
                   cq::Vec2d{{-0.6, -0.22}}, Tone::Back},
        RenderCase{"box", "--set Min=-2,-1 --set Max=2,1 --set P=3.5,0.3", {{3.1, -0.6}}, Tone::BoxEdge,
                   cq::Vec2d{{0.6, -0.5}}, Tone::BoxInside},
        RenderCase{"contact", "--set A=-3,0 --set B=3,0 --set C=1,1 --set R=0,2", {{-2.2, -1.1}}, Tone::Interior,
                   cq::Vec2d{{3.5, -1.1}}, Tone::VertexB}),
    [](const ::testing::TestParamInfo<RenderCase>& param) { return std::string(param.param.lesson); });

// The contact lesson: the ball's outline passes where C and r put it, and the push-out
// arrow runs from C towards where core's contact moves it.
TEST(ContactRender, BallOutlineAndPushOutWhereCoreSays) {
  TempDir dir;
  const nlohmann::json s = RenderScene(dir, "--lesson contact --set A=-3,0 --set B=3,0 --set C=1,1 --set R=0,2");
  ASSERT_FALSE(s.is_discarded());
  const Png png((dir / "shot.png").string());
  ASSERT_TRUE(png.Loaded());
  const cq::app::Camera camera = CameraFromState(s);
  const auto contact = cq::ContactSphereSegment(cq::Sphere<double, 2>{{{1, 1}}, 2}, {{-3, 0}}, {{3, 0}});
  ASSERT_TRUE(contact.ok());
  EXPECT_EQ(s["values"]["penetrating"], true);
  EXPECT_EQ(PointFromJson(s["values"]["resolved_center"]), contact->resolvedCenter);

  auto expectInk = [&](const cq::Vec2d& world, const cq::app::Rgba& ink, const char* what) {
    const cq::Vec2d p = camera.WorldToScreen(world);
    const Rgb got = png.ModeAround(int(std::lround(p.x())), int(std::lround(p.y())), 1);
    EXPECT_LE(ColourDistance(got, ToRgb(ink.r, ink.g, ink.b)), 12)
        << what << " at " << world.x() << "," << world.y() << ": got " << got[0] << "," << got[1] << "," << got[2];
  };
  // Left and right of the ball, and its lowest point below the wire.
  const cq::app::Rgba ball = cq::app::CircleColor(cq::app::CircleRole::Ball);
  expectInk({{-1, 1}}, ball, "ball, left");
  expectInk({{3, 1}}, ball, "ball, right");
  expectInk({{1, -1}}, ball, "ball, bottom");
  // Three quarters of the way along the push-out arrow (its middle carries the label).
  const cq::Vec2d along = cq::Vec2d{{1, 1}} + 0.75 * (contact->resolvedCenter - cq::Vec2d{{1, 1}});
  expectInk(along, cq::app::StrokeColor(cq::app::Stroke::PushOut), "push-out arrow");
}

// A ball 1.4e308 across is pushed out 1.4e308 (review s35): the push-out ran to a point
// with no pixel coordinate, and neither the arrow nor its "depth = …" was drawn. Now its
// shaft leaves C towards the canvas's edge (no head: the tip is off the canvas), labelled.
TEST(ContactRender, APushOutFarBeyondTheCanvasIsDrawnToItsEdge) {
  TempDir dir;
  const nlohmann::json s = RenderScene(dir, "--lesson contact --set R=1e308,1e308");
  ASSERT_FALSE(s.is_discarded());
  ASSERT_EQ(s["values"]["penetrating"], true);
  const Png png((dir / "shot.png").string());
  ASSERT_TRUE(png.Loaded());
  const cq::app::Camera camera = CameraFromState(s);
  const cq::Vec2d c = PointFromJson(s["points"]["C"]);
  const cq::Vec2d n = PointFromJson(s["values"]["normal"]);
  const cq::app::Rgba ink = cq::app::StrokeColor(cq::app::Stroke::PushOut);
  // Two points on the shaft, 40 and 80 pixels out from C along the normal.
  for (double pixels : {40.0, 80.0}) {
    const cq::Vec2d p = camera.WorldToScreen(c + camera.PixelsToWorld(pixels) * n);
    const Rgb got = png.ModeAround(int(std::lround(p.x())), int(std::lround(p.y())), 1);
    EXPECT_LE(ColourDistance(got, ToRgb(ink.r, ink.g, ink.b)), 12)
        << pixels << " px along the push-out: got " << got[0] << "," << got[1] << "," << got[2];
  }
  bool labelled = false;
  for (const auto& label : s["labels"]) labelled |= label["text"].get<std::string>().rfind("depth = ", 0) == 0;
  EXPECT_TRUE(labelled) << "no depth label";
}

// A scene wider than the view holds (the README's own P.x = 1e308) opened centred on its
// middle, 5e307, with no handle, shape or answer on the canvas (review s32). Now the shape
// and the closest point are framed, the distance line leaves the canvas towards P with
// its "d = 1e+308", and the status line says P is off the canvas.
TEST(FarScene, TooWideToShowFramesTheShapeAndTheAnswer) {
  TempDir dir;
  const std::string state = (dir / "state.json").string();
  const RunResult r = RunLab("--lesson segment --set P=1e308,0 --size 1280x1000 --frames 3 --dump-state " + Quote(state), dir);
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json s = ReadJson(state);
  ASSERT_FALSE(s.is_discarded());
  const double x0 = s["canvas"]["min"][0], y0 = s["canvas"]["min"][1];
  const double x1 = s["canvas"]["max"][0], y1 = s["canvas"]["max"][1];
  for (const auto& h : s["handles"]) {
    if (h["label"] == "P") continue;
    const double x = h["screen"][0], y = h["screen"][1];
    EXPECT_TRUE(x > x0 && x < x1 && y > y0 && y < y1) << h["label"] << " at " << x << ", " << y;
  }
  bool distanceLabel = false;
  for (const auto& l : s["labels"]) distanceLabel |= l["text"] == "d = 1e+308";
  EXPECT_TRUE(distanceLabel);
  EXPECT_NE(s["status"].get<std::string>().find("Off the canvas: P."), std::string::npos) << s["status"];
}

// A = B: no t_raw (0 / 0), and no triangle marking one at 0 under "t_raw = 0 / 0, none"
// (teaching audit of 2026-11-29); an ordinary segment's t line has its triangle.
TEST(NumberLineRender, AEqualToBMarksNoTRaw) {
  const auto markers = [](const nlohmann::json& s) {
    int n = 0;
    for (const auto& l : s["number_line_labels"]) n += l["kind"] == "marker";
    return n;
  };
  TempDir dir;
  const nlohmann::json degenerate = RenderScene(dir, "--lesson segment --set A=1,1 --set B=1,1 --set P=3.5,2.5");
  ASSERT_FALSE(degenerate.is_discarded());
  EXPECT_EQ(markers(degenerate), 0);
  bool said = false;
  for (const auto& l : degenerate["number_line_labels"]) said |= l["text"] == "t_raw = 0 / 0, none";
  EXPECT_TRUE(said);
  TempDir other;
  const nlohmann::json apart = RenderScene(other, "--lesson segment --set A=1,1 --set B=2,1 --set P=3.5,2.5");
  ASSERT_FALSE(apart.is_discarded());
  EXPECT_EQ(markers(apart), 1);
}

// Two handles on one spot: the one drawn on top is the one a click takes (HitTest takes
// the first in the lesson's order). With r = 0 the rim handle R sits on C and comes first,
// so that a drag out from the centre grows the radius (C first kept r = 0 whatever the
// drag: the point-sized ball's note could not be followed). Its black disc is on top.
TEST(HandleRender, OfTwoHandlesOnOneSpotTheOneAClickTakesIsOnTop) {
  TempDir dir;
  const nlohmann::json s = RenderScene(dir, "--lesson contact --set A=-4,0 --set B=4,0 --set C=1,0 --set R=0,0");
  ASSERT_FALSE(s.is_discarded());
  const Png png((dir / "shot.png").string());
  ASSERT_TRUE(png.Loaded());
  ASSERT_EQ(s["handles"][0]["label"], "R") << "precondition: R comes first, so a click takes it";
  const cq::Vec2d c = CameraFromState(s).WorldToScreen({{1, 0}});
  const cq::app::Rgba want = cq::app::HandleColor();
  const Rgb got = png.ModeAround(int(std::lround(c.x())), int(std::lround(c.y())), 1);
  EXPECT_LE(ColourDistance(got, ToRgb(want.r, want.g, want.b)), 12)
      << "at C: got " << got[0] << "," << got[1] << "," << got[2];
}

}  // namespace
}  // namespace cq::gui_test
