// The lessons against core: for every lesson and every preset, what the inspector, the
// number lines and the canvas show must be core's answer for the same scene.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "cq/aabb.hpp"
#include "cq/linear.hpp"
#include "cq/plane.hpp"
#include "lessons/lessons.hpp"
#include "logic/lesson.hpp"

namespace cq::app {
namespace {

const WorldRect k_view{{{-20, -15}}, {{20, 15}}};

/// A view around the scene (the far-from-origin preset lies outside k_view).
WorldRect ViewAround(const Lesson& lesson, const Points& points) {
  WorldRect r = lesson.Extent(points);
  const double pad = 1 + std::max(r.max.x() - r.min.x(), r.max.y() - r.min.y());
  return {r.min - cq::Vec2d::Splat(pad), r.max + cq::Vec2d::Splat(pad)};
}

std::map<std::string, std::string> ValuesByLabel(const LessonFrame& frame) {
  std::map<std::string, std::string> values;
  for (const InspectorValue& v : frame.values) values[v.label] = v.text;
  return values;
}

int HighlightedCount(const LessonFrame& frame) {
  int n = 0;
  for (const RegionFill& fill : frame.regions) n += fill.holdsP ? 1 : 0;
  return n;
}

const MarkerPoint* FindMarker(const LessonFrame& frame, Marker marker) {
  for (const MarkerPoint& m : frame.markers)
    if (m.marker == marker) return &m;
  return nullptr;
}

TEST(LessonTable, FiveLessonsInMenuOrderWithUniqueIds) {
  const auto& table = LessonTable();
  ASSERT_EQ(table.size(), 5u);
  const char* ids[] = {"segment", "ray", "line", "plane", "box"};
  std::set<std::string> seen;
  for (size_t i = 0; i < table.size(); ++i) {
    EXPECT_EQ(table[i]->Id(), ids[i]);
    seen.insert(std::string(table[i]->Id()));
  }
  EXPECT_EQ(seen.size(), 5u);
  EXPECT_EQ(LessonIdList(), "segment, ray, line, plane, box");
}

TEST(LessonTable, FindLessonIgnoresCaseAndAcceptsTitles) {
  EXPECT_EQ(FindLesson("SEGMENT"), LessonTable()[0]);
  EXPECT_EQ(FindLesson("Box"), LessonTable()[4]);
  EXPECT_EQ(FindLesson("triangle"), nullptr);
}

TEST(LessonTable, EveryPresetHasOnePositionPerPointAndPIsAPoint) {
  for (const Lesson* lesson : LessonTable()) {
    const auto presets = lesson->Presets();
    ASSERT_FALSE(presets.empty()) << lesson->Id();
    for (const Preset& preset : presets) EXPECT_EQ(preset.points.size(), lesson->PointSpecs().size()) << preset.name;
    EXPECT_GE(lesson->PointIndex("p"), 0) << lesson->Id();
    EXPECT_EQ(lesson->PointIndex("nope"), -1);
  }
}

TEST(LessonTable, HandlesListPFirstSoItWinsTies) {
  for (const Lesson* lesson : LessonTable()) {
    const auto handles = lesson->Handles(lesson->Presets().front().points);
    ASSERT_FALSE(handles.empty());
    EXPECT_EQ(handles.front().label, "P") << lesson->Id();
    EXPECT_EQ(handles.front().shape, HandleShape::QueryPoint);
  }
}

void ExpectLinearFrameIsCore(const LinearLesson& lesson, const Points& points, NumberStyle style) {
  const auto q = cq::ClosestPointOnLinear(lesson.Kind(), points[2], points[0], points[1]);
  ASSERT_TRUE(q.ok());
  const LessonFrame frame = lesson.Evaluate(points, ViewAround(lesson, points), style);
  ASSERT_FALSE(frame.error);
  const auto* result = std::get_if<cq::LinearResult<double, 2>>(&frame.result);
  ASSERT_NE(result, nullptr);
  EXPECT_EQ(result->closest, q->closest);
  EXPECT_EQ(result->tRaw, q->tRaw);

  auto values = ValuesByLabel(frame);
  EXPECT_EQ(values["t_raw"], FormatNumber(q->tRaw, style));
  EXPECT_EQ(values["t"], FormatNumber(q->t, style));
  EXPECT_EQ(values["region"], cq::ToString(q->region));
  EXPECT_EQ(values["distance"], FormatNumber(q->distance, style));
  EXPECT_EQ(values["distance²"], FormatNumber(q->distanceSq, style));
  EXPECT_EQ(values["numerator"], FormatNumber(q->numerator, style));
  EXPECT_EQ(values["denominator"], FormatNumber(q->denominator, style));
  EXPECT_EQ(values["closest"], FormatPoint(q->closest, style));
  EXPECT_EQ(values["foot"], FormatPoint(q->foot, style));

  ASSERT_EQ(frame.numberLines.size(), 1u);
  const NumberLine& line = frame.numberLines[0];
  EXPECT_EQ(line.raw, q->tRaw);
  if (lesson.Kind() == cq::LinearKind::Line) {
    EXPECT_FALSE(line.clamped);
  } else {
    ASSERT_TRUE(line.clamped);
    EXPECT_EQ(*line.clamped, q->t);
  }
  EXPECT_LE(line.viewFrom, std::min(0.0, q->tRaw));
  EXPECT_GE(line.viewTo, std::max(1.0, q->tRaw));

  const MarkerPoint* closest = FindMarker(frame, Marker::Closest);
  ASSERT_NE(closest, nullptr);
  EXPECT_EQ(closest->position, q->closest);
  // The raw foot is drawn exactly when the clamp moved it.
  const MarkerPoint* foot = FindMarker(frame, Marker::RawFoot);
  EXPECT_EQ(foot != nullptr, !(q->foot == q->closest));
  if (foot) {
    EXPECT_EQ(foot->position, q->foot);
  }
  ASSERT_TRUE(frame.distance);
  EXPECT_EQ(frame.distance->p0, points[2]);
  EXPECT_EQ(frame.distance->p1, q->closest);

  // Exactly one region is highlighted: P's, in P's region's tone.
  EXPECT_EQ(HighlightedCount(frame), 1);
  const Tone expected = q->region == cq::LinearRegion::VertexA   ? Tone::VertexA
                        : q->region == cq::LinearRegion::VertexB ? Tone::VertexB
                                                                 : Tone::Interior;
  for (const RegionFill& fill : frame.regions)
    if (fill.holdsP) {
      EXPECT_EQ(fill.tone, expected);
    }
}

TEST(LinearLessons, InspectorNumberLineAndMarkersAreCoresAnswerForEveryPreset) {
  for (const Lesson* base : {LessonTable()[0], LessonTable()[1], LessonTable()[2]}) {
    const auto& lesson = dynamic_cast<const LinearLesson&>(*base);
    for (const Preset& preset : lesson.Presets()) {
      SCOPED_TRACE(std::string(lesson.Id()) + ": " + preset.name);
      ExpectLinearFrameIsCore(lesson, preset.points, NumberStyle::Readable);
      ExpectLinearFrameIsCore(lesson, preset.points, NumberStyle::Exact);
    }
  }
}

TEST(LinearLessons, RegionCountsPerKind) {
  const Points points = {{{-1, 0}}, {{1, 0}}, {{0, 1}}};
  EXPECT_EQ(SegmentLesson().Evaluate(points, k_view, NumberStyle::Readable).regions.size(), 3u);
  EXPECT_EQ(RayLesson().Evaluate(points, k_view, NumberStyle::Readable).regions.size(), 2u);
  EXPECT_EQ(LineLesson().Evaluate(points, k_view, NumberStyle::Readable).regions.size(), 1u);
}

TEST(LinearLessons, SeedExampleStepsCarryTheNumbers) {
  // A = (0,0), B = (5,0), P = (3,-2): t = 15 / 25 = 0.6, closest (3, 0), distance 2.
  const LessonFrame frame = SegmentLesson().Evaluate({{{0, 0}}, {{5, 0}}, {{3, -2}}}, k_view, NumberStyle::Readable);
  ASSERT_GE(frame.steps.size(), 4u);
  EXPECT_NE(frame.steps[0].find("15 / 25 = 0.6"), std::string::npos) << frame.steps[0];
  EXPECT_NE(frame.steps[2].find("(3, 0)"), std::string::npos) << frame.steps[2];
  EXPECT_NE(frame.steps[3].find("= 2 "), std::string::npos) << frame.steps[3];
}

TEST(LinearLessons, DegenerateSegmentIsThePointANotAnError) {
  const LessonFrame frame = SegmentLesson().Evaluate({{{1, 1}}, {{1, 1}}, {{4, 5}}}, k_view, NumberStyle::Readable);
  ASSERT_FALSE(frame.error);
  EXPECT_EQ(ValuesByLabel(frame)["t"], "0");
  EXPECT_EQ(ValuesByLabel(frame)["distance"], "5");
  EXPECT_EQ(frame.regionName, "A");
}

TEST(LinearLessons, ExtentIncludesTheRawFoot) {
  const Points points = {{{0, 0}}, {{1, 0}}, {{10, 3}}};  // the foot (10, 0) is outside the points' box
  const WorldRect extent = SegmentLesson().Extent(points);
  EXPECT_LE(extent.min.y(), 0);
  EXPECT_GE(extent.max.x(), 10);
}

TEST(PlaneLesson, InspectorIsCoresAnswerForEveryValidPreset) {
  const PlaneLesson lesson;
  for (const Preset& preset : lesson.Presets()) {
    SCOPED_TRACE(preset.name);
    const Points& pts = preset.points;
    const auto q = cq::ClosestPointOnPlane(pts[2], cq::PlaneThroughPoint(pts[1] - pts[0], pts[0]));
    const LessonFrame frame = lesson.Evaluate(pts, k_view, NumberStyle::Readable);
    if (!q) {
      ASSERT_TRUE(frame.error);
      EXPECT_EQ(frame.error->code, q.error().code);
      EXPECT_EQ(frame.errorText, cq::Describe(q.error()));
      continue;
    }
    ASSERT_FALSE(frame.error);
    auto values = ValuesByLabel(frame);
    EXPECT_EQ(values["signed distance"], FormatNumber(q->signedDistance, NumberStyle::Readable));
    EXPECT_EQ(values["distance"], FormatNumber(q->distance, NumberStyle::Readable));
    EXPECT_EQ(values["side"], cq::ToString(q->region));
    EXPECT_EQ(values["closest"], FormatPoint(q->closest, NumberStyle::Readable));
    ASSERT_EQ(frame.numberLines.size(), 1u);
    EXPECT_EQ(frame.numberLines[0].raw, q->signedDistance);
    EXPECT_EQ(FindMarker(frame, Marker::Closest)->position, q->closest);
    EXPECT_EQ(HighlightedCount(frame), q->region == cq::PlaneRegion::On ? 0 : 1);
  }
}

TEST(PlaneLesson, ZeroNormalIsReportedNotDrawnAsNumbers) {
  const LessonFrame frame = PlaneLesson().Evaluate({{{1, 1}}, {{1, 1}}, {{3, -2}}}, k_view, NumberStyle::Readable);
  ASSERT_TRUE(frame.error);
  EXPECT_EQ(frame.error->code, cq::ErrorCode::ZeroNormal);
  EXPECT_TRUE(frame.values.empty());
  EXPECT_TRUE(frame.regions.empty());
  EXPECT_FALSE(frame.distance);
}

TEST(BoxLesson, InspectorIsCoresAnswerForEveryPreset) {
  const BoxLesson lesson;
  for (const Preset& preset : lesson.Presets()) {
    SCOPED_TRACE(preset.name);
    const Points& pts = preset.points;
    const auto q = cq::ClosestPointOnBox(pts[2], cq::Aabb<double, 2>{pts[0], pts[1]});
    ASSERT_TRUE(q.ok());
    const LessonFrame frame = lesson.Evaluate(pts, k_view, NumberStyle::Readable);
    auto values = ValuesByLabel(frame);
    EXPECT_EQ(values["distance"], FormatNumber(q->distance, NumberStyle::Readable));
    EXPECT_EQ(values["closest"], FormatPoint(q->closest, NumberStyle::Readable));
    EXPECT_EQ(values["region index"], std::to_string(q->RegionIndex()));
    EXPECT_EQ(values["feature"].rfind(cq::ToString(q->feature), 0), 0u) << values["feature"];
    ASSERT_EQ(frame.numberLines.size(), 2u);
    for (int axis = 0; axis < 2; ++axis) {
      EXPECT_EQ(frame.numberLines[size_t(axis)].raw, pts[2].v[axis]);
      EXPECT_EQ(*frame.numberLines[size_t(axis)].clamped, q->closest.v[axis]);
    }
    EXPECT_EQ(HighlightedCount(frame), 1);
  }
}

TEST(BoxLesson, InvertedBoxTypedInIsReported) {
  const LessonFrame frame = BoxLesson().Evaluate({{{2, -1}}, {{-2, 1}}, {{0, 0}}}, k_view, NumberStyle::Readable);
  ASSERT_TRUE(frame.error);
  EXPECT_EQ(frame.error->code, cq::ErrorCode::InvertedBox);
  EXPECT_EQ(frame.error->axis, 0);
}

TEST(BoxLesson, NineRegionsOneHighlighted) {
  const LessonFrame frame = BoxLesson().Evaluate({{{-2, -1}}, {{2, 1}}, {{5, 0}}}, k_view, NumberStyle::Readable);
  EXPECT_EQ(frame.regions.size(), 9u);
  EXPECT_EQ(HighlightedCount(frame), 1);
  EXPECT_EQ(frame.regionName, "edge (right)");
}

}  // namespace
}  // namespace cq::app
