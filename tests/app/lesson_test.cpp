// The lessons against core: for every lesson and every preset, what the inspector, the
// number lines and the canvas show must be core's answer for the same scene.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <cctype>
#include <map>
#include <set>
#include <string_view>

#include "cq/aabb.hpp"
#include "cq/contact.hpp"
#include "cq/linear.hpp"
#include "cq/normalize.hpp"
#include "cq/plane.hpp"
#include "lessons/glossary.hpp"
#include "lessons/lesson_kit.hpp"
#include "lessons/lessons.hpp"
#include "logic/interaction.hpp"
#include "logic/lesson.hpp"
#include "logic/number_line_layout.hpp"

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

TEST(LessonTable, SixLessonsInMenuOrderWithUniqueIds) {
  const auto& table = LessonTable();
  ASSERT_EQ(table.size(), 6u);
  const char* ids[] = {"segment", "ray", "line", "plane", "box", "contact"};
  std::set<std::string> seen;
  for (size_t i = 0; i < table.size(); ++i) {
    EXPECT_EQ(table[i]->Id(), ids[i]);
    seen.insert(std::string(table[i]->Id()));
  }
  EXPECT_EQ(seen.size(), 6u);
  EXPECT_EQ(LessonIdList(), "segment, ray, line, plane, box, contact");
}

TEST(LessonTable, FindLessonIgnoresCaseAndAcceptsTitles) {
  EXPECT_EQ(FindLesson("SEGMENT"), LessonTable()[0]);
  EXPECT_EQ(FindLesson("Box"), LessonTable()[4]);
  EXPECT_EQ(FindLesson("Contact"), LessonTable()[5]);
  EXPECT_EQ(FindLesson("triangle"), nullptr);
}

TEST(LessonTable, EveryPresetHasOnePositionPerPointAndAQueryPoint) {
  for (const Lesson* lesson : LessonTable()) {
    const auto presets = lesson->Presets();
    ASSERT_FALSE(presets.empty()) << lesson->Id();
    for (const Preset& preset : presets) EXPECT_EQ(preset.points.size(), lesson->PointSpecs().size()) << preset.name;
    // The query point is P, but for the contact lesson, where it is the ball's centre C.
    const char* query = lesson->Id() == "contact" ? "C" : "P";
    EXPECT_EQ(lesson->QueryPointIndex(), lesson->PointIndex(query)) << lesson->Id();
    EXPECT_GE(lesson->QueryPointIndex(), 0) << lesson->Id();
    EXPECT_EQ(lesson->PointIndex("nope"), -1);
  }
}

TEST(LessonTable, HandlesListTheQueryPointFirstSoItWinsTies) {
  for (const Lesson* lesson : LessonTable()) {
    const auto handles = lesson->Handles(lesson->Presets().front().points);
    ASSERT_FALSE(handles.empty());
    EXPECT_EQ(handles.front().id, lesson->QueryPointIndex()) << lesson->Id();
    EXPECT_EQ(handles.front().label, lesson->PointSpecs()[size_t(lesson->QueryPointIndex())].name) << lesson->Id();
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
  // (A = B has no t_raw to show: 0 / 0, core's t = 0 by definition.)
  EXPECT_EQ(values["t_raw"], points[0] == points[1] ? std::string(k_noTRaw) : FormatNumber(q->tRaw, style));
  EXPECT_EQ(values["t"], FormatNumber(q->t, style));
  EXPECT_EQ(values["region"], cq::ToString(q->region));
  EXPECT_EQ(values["distance"], FormatNumber(q->distance, style));
  EXPECT_EQ(values["distance²"], FormatNumber(q->distanceSq, style));
  EXPECT_EQ(values["numerator"], FormatNumber(q->numerator, style));
  EXPECT_EQ(values["denominator"], FormatNumber(q->denominator, style));
  EXPECT_EQ(values["closest"], FormatPoint(q->closest, style));
  EXPECT_EQ(values["foot"],
            FormatPoint(q->foot, style) + (points[0] == points[1] ? " (A itself: A = B spans no line)" : ""));

  ASSERT_EQ(frame.numberLines.size(), 1u);
  const NumberLine& line = frame.numberLines[0];
  EXPECT_EQ(line.raw, q->tRaw);
  if (lesson.Kind() == cq::LinearKind::Line && points[0] != points[1]) {
    EXPECT_FALSE(line.clamped);
  } else {  // a line of A = B marks t = 0, having no t_raw to mark
    ASSERT_TRUE(line.clamped);
    EXPECT_EQ(*line.clamped, q->t);
  }
  EXPECT_LE(line.viewFrom, std::min(0.0, q->tRaw));
  EXPECT_GE(line.viewTo, std::max(1.0, q->tRaw));

  const MarkerPoint* closest = FindMarker(frame, Marker::Closest);
  ASSERT_NE(closest, nullptr);
  EXPECT_EQ(closest->position, q->closest);
  // The raw foot is drawn exactly when the clamp moved it: changed t, and moved the point.
  const MarkerPoint* foot = FindMarker(frame, Marker::RawFoot);
  EXPECT_EQ(foot != nullptr, q->tRaw != q->t && !(q->foot == q->closest));
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
  // The number line colours t_raw as the canvas colours P (at a breakpoint either side
  // may be drawn there).
  for (const NumberInterval& interval : line.intervals)
    if (interval.from < q->tRaw && q->tRaw < interval.to) {
      EXPECT_EQ(interval.tone, expected) << "t_raw " << q->tRaw;
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

TEST(LinearLessons, TheTinyPresetIsAsLongAsItsNameSays) {
  // "Tiny (1e−9 long)" was 2.24e−9 long (review s29 #13). Every linear lesson that has it
  // must have |B − A| = 1e−9 to the last digits shown.
  int found = 0;
  for (const Lesson* lesson : {LessonTable()[0], LessonTable()[1], LessonTable()[2]})
    for (const Preset& preset : lesson->Presets()) {
      if (preset.name.find("1e−9 long") == std::string::npos) continue;
      ++found;
      const cq::Vec2d d = preset.points[1] - preset.points[0];
      EXPECT_NEAR(std::sqrt(d.v[0] * d.v[0] + d.v[1] * d.v[1]), 1e-9, 1e-21) << lesson->Id();
    }
  EXPECT_GE(found, 1);
}

TEST(LinearLessons, WithAEqualToBTheWholeNumberLineIsRegionA) {
  // A = B: the shape is the point A, every t gives it, and the canvas is one region A.
  // The axis used to be coloured by kind: interior for the line, and for t > 0 on the ray.
  const Points points = {{{1, 1}}, {{1, 1}}, {{3, 2}}};
  for (const Lesson* base : {LessonTable()[0], LessonTable()[1], LessonTable()[2]}) {
    const auto& lesson = dynamic_cast<const LinearLesson&>(*base);
    SCOPED_TRACE(lesson.Id());
    ExpectLinearFrameIsCore(lesson, points, NumberStyle::Readable);
    const LessonFrame frame = lesson.Evaluate(points, k_view, NumberStyle::Readable);
    ASSERT_EQ(frame.numberLines.size(), 1u);
    const NumberLine& line = frame.numberLines[0];
    ASSERT_EQ(line.intervals.size(), 1u);
    EXPECT_EQ(line.intervals[0].tone, Tone::VertexA);
    EXPECT_EQ(line.intervals[0].from, -std::numeric_limits<double>::infinity());
    EXPECT_EQ(line.intervals[0].to, std::numeric_limits<double>::infinity());
    EXPECT_NE(line.caption.find("A = B"), std::string::npos) << line.caption;
  }
}

TEST(LinearLessons, AFarVertexLeavesTheShapeInViewAndDrawsNoClampThatDidNotHappen) {
  // A review: A at -1e17, B = (3, 1.5) and P = (5.5, 4) in a view about B. The segment
  // was clipped from A, whose spacing there is 16, and was not drawn at all; and core's
  // foot A + t_raw (B - A), t_raw = 1 = t, is (0, 1.5), 3 units from B, which put an
  // orange clamp arrow and "P(t_raw)" on the canvas for a clamp that did not happen.
  const Points points = {{{-1e17, -1}}, {{3, 1.5}}, {{5.5, 4}}};
  const WorldRect view{{{-7, -5}}, {{13, 10}}};
  for (const Lesson* base : {LessonTable()[0], LessonTable()[1], LessonTable()[2]}) {
    const auto& lesson = dynamic_cast<const LinearLesson&>(*base);
    SCOPED_TRACE(lesson.Id());
    const LessonFrame frame = lesson.Evaluate(points, view, NumberStyle::Readable);
    ASSERT_FALSE(frame.error);
    // The shape: from the view's left edge to B (the segment), or on to its right edge.
    const StrokeLine* shape = nullptr;
    for (const StrokeLine& s : frame.strokes)
      if (s.stroke == Stroke::Shape) shape = &s;
    ASSERT_NE(shape, nullptr);
    const cq::Vec2d p0 = shape->p0 + frame.origin;
    const cq::Vec2d p1 = shape->p1 + frame.origin;
    EXPECT_NEAR(std::min(p0.x(), p1.x()), -7, 1e-9);
    EXPECT_NEAR(std::max(p0.x(), p1.x()), lesson.Kind() == cq::LinearKind::Segment ? 3 : 13, 1e-9);
    EXPECT_NEAR(p0.y(), 1.5, 1e-9);
    EXPECT_NEAR(p1.y(), 1.5, 1e-9);
    if (lesson.Kind() == cq::LinearKind::Segment) {
      const auto* q = std::get_if<cq::LinearResult<double, 2>>(&frame.result);
      ASSERT_NE(q, nullptr);
      EXPECT_EQ(q->tRaw, 1.0);
      EXPECT_EQ(q->t, 1.0);
      EXPECT_EQ(FindMarker(frame, Marker::RawFoot), nullptr);
      for (const StrokeLine& s : frame.strokes) EXPECT_NE(s.stroke, Stroke::ClampMove);
    }
  }
}

// A mutation run found the clamp drawn wherever t_raw != t untested: where the foot of
// the perpendicular rounds onto the vertex itself nothing moved, and no P(t_raw) marker
// nor clamp arrow is drawn. At this large scale t_raw is past 1 but the foot is B.
TEST(LinearLessons, NoClampIsDrawnWhereTheRawFootIsTheVertex) {
  const SegmentLesson lesson;
  const Points points = {{{4105312878419660, 2492808049842464}},
                         {{4105312878419653.5, 2492808049842463}},
                         {{4105312878419653.5, 2492808049842462.5}}};
  const LessonFrame frame = lesson.Evaluate(points, lesson.Extent(points), NumberStyle::Readable);
  ASSERT_FALSE(frame.error);
  const auto* q = std::get_if<cq::LinearResult<double, 2>>(&frame.result);
  ASSERT_NE(q, nullptr);
  ASSERT_NE(q->tRaw, q->t) << "precondition: t_raw is clamped";
  ASSERT_EQ(q->foot, q->closest) << "precondition: the foot rounds onto the vertex";
  EXPECT_EQ(FindMarker(frame, Marker::RawFoot), nullptr);
  for (const StrokeLine& s : frame.strokes) EXPECT_NE(s.stroke, Stroke::ClampMove);
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
  EXPECT_EQ(frame.steps[3], "Distance: |P − closest| = 2 (squared: 4).");
}

TEST(LinearLessons, StepsTellTheTruthAtBoundariesAndForTinySegments) {
  auto steps = [](const Points& pts) {
    return SegmentLesson().Evaluate(pts, k_view, NumberStyle::Readable).steps;
  };
  // P exactly level with A or B: t_raw is 0 or 1, P projects onto the vertex, not past it.
  const auto atA = steps({{{0, 0}}, {{5, 0}}, {{0, 3}}});
  EXPECT_NE(atA[1].find("the numerator is 0, and exactly so: P projects onto A itself, so t = 0"), std::string::npos)
      << atA[1];
  EXPECT_EQ(atA[1].find("before A"), std::string::npos) << atA[1];
  const auto atB = steps({{{0, 0}}, {{5, 0}}, {{5, 3}}});
  EXPECT_NE(atB[1].find("the numerator equals |B − A|² = 25, and exactly so: P projects onto B itself, so t = 1"),
            std::string::npos)
      << atB[1];
  EXPECT_EQ(atB[1].find("past B"), std::string::npos) << atB[1];
  // Review: "exactly" and "itself" were false for a P 3 ulps past B whose numerator rounds
  // to |B − A|², and "≥" for P = B whose rounded numerator is below it (core decides such
  // an end without rounding).
  const auto pastB = steps({{{0, 0}}, {{3, 4}}, {{3.0000000000000004, 4}}});
  EXPECT_EQ(pastB[1].find("exactly"), std::string::npos) << pastB[1];
  EXPECT_EQ(pastB[1].find("itself"), std::string::npos) << pastB[1];
  EXPECT_NE(pastB[1].find("as rounded, though P projects past B: t = 1 either way"), std::string::npos) << pastB[1];
  // Where the rounded side is not the exact one, the clamp step names no side of its own:
  // the note after it does (P = (-2e16, 1e16) over (0, 0)-(0.1, 0.2) read "P projects past B").
  const auto farOff = steps({{{0, 0}}, {{0.1, 0.2}}, {{-2e16, 1e16}}});
  EXPECT_EQ(farOff[1].find("projects past B"), std::string::npos) << farOff[1];
  if (CQ_MULADD_FUSED) {  // (the rounded side past B is an FMA's; two roundings cancel)
    EXPECT_NE(farOff[1].find("so t = 1, and B is the answer."), std::string::npos) << farOff[1];
  }
  // A numerator or |B − A|² that lost digits to underflow is not written as the quotient
  // t_raw is: "= 0 / 1e-300 = 1e-30", "1.0667e-320 / 1.524e-320 = 0.7" (review). (A
  // numerator that underflowed to 0 says so in its own words: see
  // AValueThatRoundsTo0IsNotShownAsAPlain0.)
  for (const Points& tiny : {Points{{{0, 0}}, {{1e-150, 0}}, {{1e-180, 1}}},
                             Points{{{0, 0}}, {{1.234567e-160, 0}}, {{8.641969e-161, 5}}}}) {
    const auto project = steps(tiny)[0];
    EXPECT_NE(project.find("underflow"), std::string::npos) << project;
    EXPECT_EQ(project.find(" / 1e-300 ="), std::string::npos) << project;
    EXPECT_EQ(project.find(" / 1.524e-320 ="), std::string::npos) << project;
  }
  const LessonFrame plane =
      PlaneLesson().Evaluate({{{1000, 0}}, {{1000, -1e-164}}, {{0, 2e-277}}}, k_view, NumberStyle::Readable);
  ASSERT_FALSE(plane.error);
  ASSERT_GE(plane.steps.size(), 2u);
  EXPECT_NE(plane.steps[1].find("underflow"), std::string::npos) << plane.steps[1];
  EXPECT_EQ(plane.steps[1].find("= 0 /"), std::string::npos) << plane.steps[1];
  // Where d is as small as the rounding of the closest point, the step does not say
  // d = |P − closest| (review: "|P − closest| = 1.05148e+284" beside a point 1.49e284 away).
  const auto huge = steps({{{0, 0}}, {{2e300, 2e300}}, {{1e300, 1.0000000000000002e300}}});
  EXPECT_EQ(huge.back().find("|P − closest| = "), std::string::npos) << huge.back();
  EXPECT_NE(huge.back().find("from the exact closest point"), std::string::npos) << huge.back();
  // A plane's side from the exact sign where s underflows to 0: "front (s > 0)" beside
  // s = 0 (review).
  const LessonFrame front =
      PlaneLesson().Evaluate({{{0, 0}}, {{1, 3}}, {{2e-323, -5e-324}}}, k_view, NumberStyle::Readable);
  ASSERT_FALSE(front.error);
  ASSERT_EQ(front.regionName, "front") << "precondition";
  for (const InspectorValue& value : front.values)
    if (value.label == "side") {
      EXPECT_EQ(value.help.find("s > 0"), std::string::npos) << value.help;
      EXPECT_NE(value.help.find("underflows to 0"), std::string::npos) << value.help;
    }
  const auto onB = steps({{{0, 0}}, {{8e-140, -7e-140}}, {{8e-140, -7e-140}}});
  if (CQ_MULADD_FUSED) {  // (the numerator below |B − A|² is an FMA's rounding)
    EXPECT_NE(onB[1].find("reads below |B − A|²"), std::string::npos) << onB[1];
    // Where P projects as core's exact projection says (closest-query too), and decided by
    // that exact test, not "on the numerator" (teaching audit of 2026-11-29).
    EXPECT_NE(onB[1].find("so t = 1: P projects onto B itself, and B is the answer. (Decided before dividing, by "
                          "core's exact test"),
              std::string::npos)
        << onB[1];
    EXPECT_EQ(onB[1].find("Decided on the numerator"), std::string::npos) << onB[1];
  }
  // Inside, with the rounded numerator equal to |B − A|² (both 1e-300; exactly, t = 1 −
  // 1e-20): the exact test decided, and the note says so, not "Decided on the numerator".
  const auto hair = steps({{{0, 0}}, {{1e-150, 1e-160}}, {{1e-150, 0}}});
  EXPECT_NE(hair[1].find("P projects inside, decided without rounding"), std::string::npos) << hair[1];
  EXPECT_NE(hair[1].find("(Decided before dividing, by core's exact test"), std::string::npos) << hair[1];
  EXPECT_NE(hair[1].find("Only an interior t needs the quotient."), std::string::npos) << hair[1];
  EXPECT_EQ(hair[1].find("Decided on the numerator"), std::string::npos) << hair[1];
  // A segment 1e-300 long: |B - A|^2 underflows to 0, but A and B differ: not the
  // degenerate single point, and t_raw is core's 0.5.
  const auto tiny = steps({{{0, 0}}, {{1e-300, 0}}, {{5e-301, 1e-300}}});
  ASSERT_GE(tiny.size(), 4u);
  EXPECT_EQ(tiny[0].find("coincide"), std::string::npos) << tiny[0];
  EXPECT_NE(tiny[0].find("rescales"), std::string::npos) << tiny[0];
  EXPECT_NE(tiny[0].find("= 0.5."), std::string::npos) << tiny[0];
  EXPECT_NE(tiny[2].find("(5e-301, 0)"), std::string::npos) << tiny[2];
  // P.x = 1e308: the numerator overflows, t_raw does not; the step says so rather than
  // "= inf / 55.25 = 1.26697e+307", and the squared distance's overflow is named.
  const auto far = steps({{{-4, -1}}, {{3, 1.5}}, {{1e308, 4}}});
  ASSERT_GE(far.size(), 4u);
  EXPECT_EQ(far[0].find("inf /"), std::string::npos) << far[0];
  EXPECT_NE(far[0].find("the dot product overflows"), std::string::npos) << far[0];
  EXPECT_NE(far[3].find("(squared: > 1.8e308 (beyond the double range); the distance itself is not)"),
            std::string::npos)
      << far[3];
}

// A value core holds as 0 in double whose exact value is not 0 showed as a plain "0"
// (audit of 2026-11-28): with A = (0, 0), B = (1e-160, 0) and P = (1e-170, 5),
// (P − A)·(B − A) = 1e-330 underflows, and the values read "numerator 0", as if P were on
// the perpendicular through A, beside t_raw = 1e-10 and "interior". Core knows the exact
// sign (ProjectExactly); the value says it. Likewise a squared distance that underflows
// beside a distance that does not, and a plane's s that underflows off the plane. A value
// that is exactly 0 still reads "0", and a subnormal value reads as itself.
TEST(LinearLessons, AValueThatRoundsTo0IsNotShownAsAPlain0) {
  const auto linear = [](const LessonFrame& frame) { return std::get<cq::LinearResult<double, 2>>(frame.result); };
  for (const NumberStyle style : {NumberStyle::Readable, NumberStyle::Exact}) {
    const LessonFrame after = SegmentLesson().Evaluate({{{0, 0}}, {{1e-160, 0}}, {{1e-170, 5}}}, k_view, style);
    ASSERT_FALSE(after.error);
    const auto q = linear(after);
    ASSERT_EQ(q.numerator, 0.0) << "precondition";
    ASSERT_EQ(q.region, cq::LinearRegion::Interior) << "precondition";
    EXPECT_EQ(ValuesByLabel(after)["numerator"], "0 in double, though exactly > 0 (P projects between A and B)");
    EXPECT_NE(after.steps.at(0).find("(P − A)·(B − A) = 0 in double, though exactly > 0"), std::string::npos)
        << after.steps.at(0);

    // Before A: core's numerator is -0 (the exact value underflowed from below).
    const LessonFrame before = SegmentLesson().Evaluate({{{0, 0}}, {{1e-160, 0}}, {{-1e-170, 5}}}, k_view, style);
    ASSERT_FALSE(before.error);
    ASSERT_EQ(linear(before).numerator, 0.0) << "precondition";
    EXPECT_EQ(ValuesByLabel(before)["numerator"], "0 in double, though exactly < 0 (P projects before A)");
    const LessonFrame line = LineLesson().Evaluate({{{0, 0}}, {{1e-160, 0}}, {{-1e-170, 5}}}, k_view, style);
    EXPECT_EQ(ValuesByLabel(line)["numerator"], "0 in double, though exactly < 0 (P projects before A)");
    const LessonFrame ray = RayLesson().Evaluate({{{0, 0}}, {{1e-160, 0}}, {{1e-170, 5}}}, k_view, style);
    EXPECT_EQ(ValuesByLabel(ray)["numerator"], "0 in double, though exactly > 0 (P projects after A)");

    // t_raw underflows too (A = 0, B = (1, 2^-1030), P = (-2^-1030, 1 + 2^-52): the
    // numerator is exactly 2^-1082): the Project step is no plain "0 / 1 = 0".
    const double tiny = std::ldexp(1.0, -1030);
    const LessonFrame both =
        SegmentLesson().Evaluate({{{0, 0}}, {{1, tiny}}, {{-tiny, 1 + std::ldexp(1.0, -52)}}}, k_view, style);
    ASSERT_FALSE(both.error);
    const auto qb = linear(both);
    ASSERT_EQ(qb.numerator, 0.0) << "precondition";
    ASSERT_EQ(qb.tRaw, 0.0) << "precondition";
    EXPECT_EQ(ValuesByLabel(both)["numerator"], "0 in double, though exactly > 0 (P projects between A and B)");
    EXPECT_EQ(ValuesByLabel(both)["t_raw"], "0 in double, though exactly > 0");
    EXPECT_EQ(ValuesByLabel(both)["t"], "0 in double, though exactly > 0");
    EXPECT_NE(both.steps.at(1).find("so t = t_raw = 0 in double, though exactly > 0"), std::string::npos)
        << both.steps.at(1);
    EXPECT_EQ(both.steps.at(0).find("= 0 / "), std::string::npos) << both.steps.at(0);
    EXPECT_NE(both.steps.at(0).find("(P − A)·(B − A) = 0 in double, though exactly > 0"), std::string::npos)
        << both.steps.at(0);

    // Clamped to A, t is 0 by the clamp, exactly, whatever t_raw reads.
    EXPECT_EQ(ValuesByLabel(before)["t"], "0");
    // Exactly 0: P on the perpendicular through A, and A = B.
    EXPECT_EQ(ValuesByLabel(SegmentLesson().Evaluate({{{0, 0}}, {{1e-160, 0}}, {{0, 5}}}, k_view, style))["numerator"],
              "0");
    EXPECT_EQ(ValuesByLabel(SegmentLesson().Evaluate({{{0, 0}}, {{5, 0}}, {{0, 3}}}, k_view, style))["numerator"], "0");
    EXPECT_EQ(ValuesByLabel(SegmentLesson().Evaluate({{{1, 1}}, {{1, 1}}, {{2, 2}}}, k_view, style))["numerator"], "0");

    // A subnormal numerator reads as itself, never "0".
    const LessonFrame subnormal = SegmentLesson().Evaluate({{{0, 0}}, {{1e-160, 0}}, {{5e-161, 5}}}, k_view, style);
    const double numerator = linear(subnormal).numerator;
    ASSERT_EQ(std::fpclassify(numerator), FP_SUBNORMAL) << "precondition";
    const std::string text = ValuesByLabel(subnormal)["numerator"];
    EXPECT_EQ(std::strtod(text.c_str(), nullptr), numerator) << text;

    // A squared distance below the smallest double beside a distance of 1e-200.
    const LessonFrame close = SegmentLesson().Evaluate({{{0, 0}}, {{1, 0}}, {{0.5, 1e-200}}}, k_view, style);
    ASSERT_EQ(linear(close).distanceSq, 0.0) << "precondition";
    EXPECT_EQ(ValuesByLabel(close)["distance²"], "0 in double, though exactly > 0 (d² underflows)");
    EXPECT_NE(close.steps.back().find("(squared: 0 in double, though exactly > 0: d² underflows)"), std::string::npos)
        << close.steps.back();
    const LessonFrame box = BoxLesson().Evaluate({{{0, 0}}, {{1, 0}}, {{0.5, 1e-200}}}, k_view, style);
    EXPECT_EQ(ValuesByLabel(box)["distance²"], "0 in double, though exactly > 0 (d² underflows)");
    // On the segment: exactly 0.
    EXPECT_EQ(ValuesByLabel(SegmentLesson().Evaluate({{{0, 0}}, {{1, 0}}, {{0.5, 0}}}, k_view, style))["distance²"],
              "0");

    // A plane's s that underflows off the plane (n = (1, 3), P = (2e-323, -5e-324) in front).
    const LessonFrame front = PlaneLesson().Evaluate({{{0, 0}}, {{1, 3}}, {{2e-323, -5e-324}}}, k_view, style);
    ASSERT_FALSE(front.error);
    const auto& plane = std::get<cq::PlaneResult<double, 2>>(front.result);
    ASSERT_EQ(plane.signedDistance, 0.0) << "precondition";
    auto values = ValuesByLabel(front);
    EXPECT_EQ(values["signed distance"], "0 in double, though exactly > 0 (P is in front)");
    EXPECT_EQ(values["distance"], "0 in double, though exactly > 0 (P is off the plane)");
    EXPECT_EQ(values["distance²"], "0 in double, though exactly > 0 (P is off the plane)");
    EXPECT_EQ(front.steps.at(1).find("= 0."), std::string::npos) << front.steps.at(1);
    EXPECT_NE(front.steps.at(1).find("0 in double, though exactly > 0"), std::string::npos) << front.steps.at(1);
    // n·(P − O) itself underflowed, s did not (O = (1000, 0), N = (1000, -1e-164), P = (0,
    // 2e-277)): the numerator is no plain 0 either.
    const LessonFrame behind = PlaneLesson().Evaluate({{{1000, 0}}, {{1000, -1e-164}}, {{0, 2e-277}}}, k_view, style);
    const auto& behindResult = std::get<cq::PlaneResult<double, 2>>(behind.result);
    ASSERT_EQ(behindResult.planeValue, 0.0) << "precondition";
    EXPECT_NE(behind.steps.at(1).find("(n·(P − O) is 0 in double, though exactly < 0, as it underflows;"),
              std::string::npos)
        << behind.steps.at(1);
    // s = 1e-200 itself is a double; its square is not.
    const LessonFrame near = PlaneLesson().Evaluate({{{0, 0}}, {{0, 1}}, {{3, 1e-200}}}, k_view, style);
    EXPECT_EQ(ValuesByLabel(near)["signed distance"], "1e-200");
    EXPECT_EQ(ValuesByLabel(near)["distance²"], "0 in double, though exactly > 0 (s² underflows)");
    // On the plane: exactly 0.
    values = ValuesByLabel(PlaneLesson().Evaluate({{{0, 0}}, {{0, 1}}, {{3, 0}}}, k_view, style));
    EXPECT_EQ(values["signed distance"], "0");
    EXPECT_EQ(values["distance²"], "0");
  }
}

TEST(LinearLessons, DegenerateSegmentIsThePointANotAnError) {
  const LessonFrame frame = SegmentLesson().Evaluate({{{1, 1}}, {{1, 1}}, {{4, 5}}}, k_view, NumberStyle::Readable);
  ASSERT_FALSE(frame.error);
  EXPECT_EQ(ValuesByLabel(frame)["t"], "0");
  EXPECT_EQ(ValuesByLabel(frame)["distance"], "5");
  EXPECT_EQ(frame.regionName, "A");
  // No t_raw: it would be 0 / 0, and "t_raw = 0" taught 0 / 0 -> 0 (teaching audit of
  // 2026-11-29); the t line's raw mark says the same. Likewise in the ray, line and
  // contact lessons.
  EXPECT_EQ(ValuesByLabel(frame)["t_raw"], "none: 0 / 0 (A = B), so t = 0 by definition");
  ASSERT_FALSE(frame.numberLines.empty());
  EXPECT_EQ(frame.numberLines[0].rawText, "0 / 0, none");
  EXPECT_FALSE(frame.numberLines[0].rawMarked);
  // A press on it says why it moves nothing (interaction audit: nothing happened, silently).
  EXPECT_FALSE(frame.numberLines[0].dragDirection.has_value());
  EXPECT_EQ(frame.numberLines[0].noDragReason,
            "A = B: every t gives the point A, so the t line moves nothing; move A or B apart first.");
  for (const LessonFrame& other : {RayLesson().Evaluate({{{1, 1}}, {{1, 1}}, {{4, 5}}}, k_view, NumberStyle::Readable),
                                   LineLesson().Evaluate({{{1, 1}}, {{1, 1}}, {{4, 5}}}, k_view, NumberStyle::Readable),
                                   ContactLesson().Evaluate({{{1, 1}}, {{1, 1}}, {{4, 5}}, {{0, 1}}}, k_view,
                                                            NumberStyle::Readable)}) {
    EXPECT_EQ(ValuesByLabel(other)["t_raw"], "none: 0 / 0 (A = B), so t = 0 by definition");
    EXPECT_EQ(other.numberLines.at(0).rawText, "0 / 0, none");
    // With no raw mark, t = 0 is marked, the line's too (it had nothing on its t line:
    // a line never clamps, and its t showed only as t_raw: GUI audit).
    EXPECT_EQ(other.numberLines.at(0).clamped, 0.0);
    EXPECT_EQ(other.numberLines.at(0).clampedName, "t");
  }
  EXPECT_FALSE(LineLesson().Evaluate({{{1, 1}}, {{2, 1}}, {{4, 5}}}, k_view, NumberStyle::Readable)
                   .numberLines.at(0)
                   .clamped.has_value());  // a line's t is its t_raw: one mark
  const LessonFrame apart = SegmentLesson().Evaluate({{{1, 1}}, {{2, 1}}, {{4, 5}}}, k_view, NumberStyle::Readable);
  EXPECT_EQ(ValuesByLabel(apart)["t_raw"], "3");
  EXPECT_EQ(apart.numberLines.at(0).rawText, "");
  EXPECT_TRUE(apart.numberLines.at(0).rawMarked);
  EXPECT_EQ(apart.numberLines.at(0).noDragReason, "");
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
    const auto q = cq::ClosestPointOnPlaneThroughPoint(pts[2], pts[1] - pts[0], pts[0]);
    const LessonFrame frame = lesson.Evaluate(pts, k_view, NumberStyle::Readable);
    if (!q) {
      ASSERT_TRUE(frame.error);
      EXPECT_EQ(frame.error->code, q.error().code);
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

TEST(PlaneLesson, PDroppedOnOIsOnThePlane) {
  // Review s33 #1: O and N typed in tenths. n·O rounds to a double, and the plane of that
  // rounded d put P = O behind it (s = -6e-17), with a perpendicular to a foot that was
  // not P. The plane is the one through O: P = O is on it, whatever O and N are.
  const PlaneLesson lesson;
  int scenes = 0;
  for (int ox = -9; ox <= 9; ox += 2)
    for (int oy = -9; oy <= 9; oy += 3)
      for (int nx = -7; nx <= 7; nx += 3)
        for (int ny = -8; ny <= 8; ny += 4) {
          const cq::Vec2d o{{ox * 0.1, oy * 0.1}};
          const cq::Vec2d tip{{o.x() + nx * 0.1, o.y() + ny * 0.1}};
          if (tip == o) continue;
          ++scenes;
          const LessonFrame frame = lesson.Evaluate({o, tip, o}, k_view, NumberStyle::Exact);
          ASSERT_FALSE(frame.error);
          EXPECT_EQ(frame.regionName, "on") << o.x() << "," << o.y() << " N " << tip.x() << "," << tip.y();
          EXPECT_EQ(FindMarker(frame, Marker::Closest)->position, o);
          EXPECT_EQ(HighlightedCount(frame), 0);
          EXPECT_EQ(ValuesByLabel(frame)["signed distance"], "0");
        }
  EXPECT_GT(scenes, 400);
}

// A mutation run found the perpendicular drawn for a P on the plane untested: it is its
// own closest point, and a zero-length Perpendicular stroke was drawn there.
TEST(PlaneLesson, APointOnThePlaneHasNoPerpendicular) {
  const PlaneLesson lesson;
  const Points points = {{{0, 0}}, {{0, 1}}, {{3, 0}}};  // O, N's tip, P on y = 0
  const LessonFrame frame = lesson.Evaluate(points, k_view, NumberStyle::Readable);
  ASSERT_FALSE(frame.error);
  EXPECT_EQ(frame.regionName, "on");
  for (const StrokeLine& s : frame.strokes) EXPECT_NE(s.stroke, Stroke::Perpendicular);
}

TEST(PlaneLesson, AFarOWhoseProductsCancelShowsTheTruePlane) {
  // Review s33 GUI #1: O = (1e20, 1e20), N = (1.1e20, 0.9e20): n = (1e19, -1e19) and
  // n·O = 0, the plane y = x. Its inspector read d = 6.02908e+22 (a plain n·O), and
  // before the query summed n·(P − O) exactly also s = -4259.67, "behind", closest
  // (3015.042, -3014.042) for P = (3, -2), which is in front at s = 5 / sqrt(2).
  // At 1e307 the same plane read d "beyond the double range".
  for (const double scale : {1e20, 1e160, 1e307}) {
    SCOPED_TRACE(scale);
    const cq::Vec2d o{{scale, scale}};
    const cq::Vec2d tip = scale == 1e307   ? cq::Vec2d{{1.0000000000000002e307, 9.999999999999997e306}}
                          : scale == 1e160 ? cq::Vec2d{{1.0000000000000005e+160, 9.999999999999995e+159}}
                                           : cq::Vec2d{{1.1e20, 0.9e20}};
    ASSERT_EQ((tip - o).x(), -(tip - o).y());  // n = (a, -a): the plane y = x
    const LessonFrame frame = PlaneLesson().Evaluate({o, tip, {{3, -2}}}, k_view, NumberStyle::Readable);
    ASSERT_FALSE(frame.error);
    auto values = ValuesByLabel(frame);
    EXPECT_EQ(values["offset d"], "0");
    EXPECT_EQ(values["side"], "front");
    EXPECT_EQ(values["signed distance"], "3.53553");
    EXPECT_EQ(values["closest"], "(0.5, 0.5)");
  }
}

TEST(NumberLines, NoDragThatWouldTakePBeyondTheDoubleRange) {
  // Review s34: A = (-1e308, 0), B = (1e308, 0): the t line's direction B - A is (inf, 0),
  // and a drag by 0.1 set P = (inf, 1), refused as "not a finite number". That t line now
  // takes no drag, and a drag that would move P past the range leaves it.
  const LessonFrame frame =
      SegmentLesson().Evaluate({{{-1e308, 0}}, {{1e308, 0}}, {{0, 1}}}, k_view, NumberStyle::Readable);
  ASSERT_FALSE(frame.error);
  ASSERT_FALSE(frame.numberLines.empty());
  EXPECT_FALSE(frame.numberLines[0].dragDirection.has_value());
  NumberLine line;
  line.raw = 0;
  EXPECT_FALSE(DraggedQueryPoint(line, {{1e308, 0}}, 10, {{1e308, 0}}).has_value());
  EXPECT_TRUE(DraggedQueryPoint(line, {{1e308, 0}}, -0.5, {{1e308, 0}}).has_value());
}

TEST(PlaneLesson, TheFootThroughAFarOIsOnThePlane) {
  // Review s34 GUI #2: O = (1.7e308, 0), N = (0, 0), P = (0, 0): the foot read
  // (1.7000000000000001e+308, 0), an ulp past O, and at the app's deepest zoom it was drawn
  // off the plane, in the back region (core divided its exact numerator by |n|^2 rounded).
  for (const double x : {1.7e308, 1.79e308, 9e307}) {
    SCOPED_TRACE(x);
    const LessonFrame frame = PlaneLesson().Evaluate({{{x, 0}}, {{0, 0}}, {{0, 0}}}, k_view, NumberStyle::Readable);
    ASSERT_FALSE(frame.error);
    const auto* q = std::get_if<cq::PlaneResult<double, 2>>(&frame.result);
    ASSERT_NE(q, nullptr);
    EXPECT_EQ(q->closest.x(), x);
    EXPECT_EQ(q->closest.y(), 0.0);
    EXPECT_EQ(q->region, cq::PlaneRegion::Front);
  }
}

TEST(PlaneLesson, ZeroNormalIsReportedNotDrawnAsNumbers) {
  const LessonFrame frame = PlaneLesson().Evaluate({{{1, 1}}, {{1, 1}}, {{3, -2}}}, k_view, NumberStyle::Readable);
  ASSERT_TRUE(frame.error);
  EXPECT_EQ(frame.error->code, cq::ErrorCode::ZeroNormal);
  EXPECT_TRUE(frame.values.empty());
  EXPECT_TRUE(frame.regions.empty());
  EXPECT_FALSE(frame.distance);
  // In the lesson's terms: the user sees O and N, not "n is the zero vector".
  EXPECT_EQ(frame.errorText.rfind("N is on O", 0), 0u) << frame.errorText;
  // What to do names the handle a click on that spot takes (review s35: "Drag N off O",
  // and the click took O).
  const Points points = {{{1, 1}}, {{1, 1}}, {{3, -2}}};
  const auto handles = PlaneLesson().Handles(points);
  Camera camera;
  camera.SetViewport({{{0, 0}}, {{800, 600}}});
  camera.SetCenter({{0, 0}});
  camera.SetZoom(10);
  const auto hit = HitTest(handles, camera, camera.WorldToScreen(points[0]), 8);
  ASSERT_TRUE(hit);
  EXPECT_EQ(handles[*hit].label, "O");
  EXPECT_NE(frame.errorText.find("a click there takes O"), std::string::npos) << frame.errorText;
}

std::string StepsOf(const LessonFrame& frame) {
  std::string all;
  for (const std::string& step : frame.steps) all += step + "\n";
  return all;
}

/// Everything a student reads in the lessons: each lesson's summary, its presets' names
/// and notes, and for every preset and a few scenes at the edges of the range, the steps
/// and the values' texts and help, in lower case.
std::string EveryLessonText() {
  std::string all;
  const std::vector<Points> edges = {{{{0, 0}}, {{1e-160, 0}}, {{1e-170, 5}}},  // |B − A|² underflows
                                     {{{0, 0}}, {{1e300, 1e300}}, {{2e300, 0}}},  // it overflows
                                     {{{-4, 0}}, {{2, 0}}, {{0, 1}}},             // a foot a rounding from 0
                                     {{{-4, 0}}, {{4, 0}}, {{1, 0}}, {{0, 1.5}}}};  // (contact) C on the wire
  for (const Lesson* lesson : LessonTable()) {
    all += std::string(lesson->Summary()) + "\n";
    std::vector<Points> scenes;
    for (const Preset& preset : lesson->Presets()) {
      all += preset.name + "\n" + preset.note + "\n";
      scenes.push_back(preset.points);
    }
    for (const Points& edge : edges)
      if (edge.size() == lesson->Presets()[0].points.size()) scenes.push_back(edge);
    for (const Points& points : scenes) {
      const LessonFrame frame = lesson->Evaluate(points, ViewAround(*lesson, points), NumberStyle::Readable);
      all += StepsOf(frame) + "\n";
      for (const InspectorValue& value : frame.values) all += value.text + "\n" + value.help + "\n";
    }
  }
  std::transform(all.begin(), all.end(), all.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return all;
}

// "core", "a few ulps", "rescales by a power of two" and "the documented perpendicular"
// stood in the steps with nothing to say what they mean, and "Voronoi" only in a tooltip
// (teaching audit of 2026-11-29). Help > Words used here (F2) says; every entry is a word
// the lessons use, and every such word a student may not know has its entry.
TEST(Glossary, EveryHardWordTheLessonsUseIsExplainedAndEveryEntryIsUsed) {
  const std::string text = EveryLessonText();
  std::set<std::string_view> terms;
  for (const GlossaryEntry& entry : Glossary()) {
    EXPECT_TRUE(terms.insert(entry.term).second) << "twice: " << entry.term;
    EXPECT_GE(entry.meaning.size(), 40u) << entry.term;
    ASSERT_FALSE(entry.triggers.empty()) << entry.term;
    bool used = false;
    for (const std::string_view trigger : entry.triggers) used |= text.find(trigger) != std::string::npos;
    EXPECT_TRUE(used) << "no lesson uses " << entry.term;
  }
  const auto explained = [&](std::string_view word) {
    for (const GlossaryEntry& entry : Glossary())
      for (const std::string_view trigger : entry.triggers)
        if (word.find(trigger) != std::string_view::npos) return true;
    return false;
  };
  for (const std::string_view hard :
       {"ulp", "rescales", "power of two", "documented perpendicular", "voronoi region", "deferred division",
        "numerator", "carrier", "underflow", "overflow", "epsilon", "nan", "core", "signed distance", "unit normal",
        "clamp", "t_raw", "foot", "depth", "exactly"}) {
    // ("ulp" stands only in steps about an FMA's roundings, which a build without it never shows.)
    if (hard == "ulp" && !CQ_MULADD_FUSED) continue;
    EXPECT_NE(text.find(hard), std::string::npos) << "the lessons no longer say " << hard << ": update this list";
    EXPECT_TRUE(explained(hard)) << hard;
  }
}

// The absolute-epsilon pitfall was named in the "Tiny" preset's note and never shown
// (teaching audit of 2026-11-29): where an epsilon of 1e-5 would call the shape a point,
// a step gives its wrong answer (A) beside core's. Not where core's answer is A anyway,
// nor for an ordinary segment.
TEST(LessonText, ATinySegmentShowsWhatAnAbsoluteEpsilonWouldAnswer) {
  const std::vector<Preset> presets = SegmentLesson().Presets();
  const auto tiny = std::find_if(presets.begin(), presets.end(),
                                 [](const Preset& p) { return p.name.rfind("Tiny", 0) == 0; });
  ASSERT_NE(tiny, presets.end());
  std::string steps =
      StepsOf(SegmentLesson().Evaluate(tiny->points, ViewAround(SegmentLesson(), tiny->points), NumberStyle::Readable));
  EXPECT_NE(steps.find("No absolute epsilon: |B − A| = 1e-09. Code that calls anything shorter than a fixed epsilon "
                       "such as 1e-5 a point would answer A here, at |P − A| = 1.56205e-09, 2.8 times the true "
                       "distance; core has no such epsilon and answers (8e-10, 6e-10) at d = 5.65685e-10."),
            std::string::npos)
      << steps;
  const Points onIt = {{{0, 0}}, {{0.8e-9, 0.6e-9}}, {{0.4e-9, 0.3e-9}}};
  steps = StepsOf(SegmentLesson().Evaluate(onIt, ViewAround(SegmentLesson(), onIt), NumberStyle::Readable));
  EXPECT_NE(steps.find("at |P − A| = 5e-10, where the true distance is 0"), std::string::npos) << steps;
  const Points beforeA = {{{0, 0}}, {{0.8e-9, 0.6e-9}}, {{-1e-9, 0}}};  // A is the answer
  steps = StepsOf(SegmentLesson().Evaluate(beforeA, ViewAround(SegmentLesson(), beforeA), NumberStyle::Readable));
  EXPECT_EQ(steps.find("No absolute epsilon"), std::string::npos) << steps;
  steps = StepsOf(SegmentLesson().Evaluate(presets[0].points, ViewAround(SegmentLesson(), presets[0].points),
                                           NumberStyle::Readable));
  EXPECT_EQ(steps.find("No absolute epsilon"), std::string::npos) << steps;
  // Far off a short segment A's distance is the true one to within 10 %: no pitfall to show
  // ("1 times the true distance": review of 2026-11-29).
  const Points farOff = {{{0, 0}}, {{1e-6, 0}}, {{2e-9, 1}}};
  steps = StepsOf(SegmentLesson().Evaluate(farOff, ViewAround(SegmentLesson(), farOff), NumberStyle::Readable));
  EXPECT_EQ(steps.find("No absolute epsilon"), std::string::npos) << steps;
  // A ratio beyond the double range is said in words, not "inf".
  const Points beyond = {{{0, 0}}, {{1e-6, 0}}, {{5e-7, 1e-320}}};
  steps = StepsOf(SegmentLesson().Evaluate(beyond, ViewAround(SegmentLesson(), beyond), NumberStyle::Readable));
  EXPECT_NE(steps.find("more than 1e308 times the true distance"), std::string::npos) << steps;
  EXPECT_EQ(steps.find("inf"), std::string::npos) << steps;
}

// In the "Centre on the wire" preset the rim handle R sat exactly on C′ (R along the
// normal, of length depth) and hid its marker (teaching audit of 2026-11-29). No preset
// of the contact lesson puts a handle on C′.
TEST(ContactLesson, NoPresetHidesCPrimeUnderAHandle) {
  const ContactLesson lesson;
  for (const Preset& preset : lesson.Presets()) {
    SCOPED_TRACE(preset.name);
    const LessonFrame frame = lesson.Evaluate(preset.points, ViewAround(lesson, preset.points), NumberStyle::Readable);
    for (const MarkerPoint& marker : frame.markers) {
      if (marker.marker != Marker::Resolved) continue;
      for (const DragHandle& handle : lesson.Handles(preset.points))
        EXPECT_FALSE(handle.position == marker.position) << handle.label << " on C′";
    }
  }
}

// The zero normal's pitfall in the steps (teaching audit of 2026-11-29: the refused scene
// had none): n = 0, |n| = 0, and why core refuses rather than divide.
TEST(PlaneLesson, AZeroNormalSaysWhyThereIsNoAnswerInTheSteps) {
  const LessonFrame frame = PlaneLesson().Evaluate({{{0, 0}}, {{0, 0}}, {{3, -2}}}, k_view, NumberStyle::Readable);
  ASSERT_TRUE(frame.error);
  EXPECT_EQ(frame.error->code, cq::ErrorCode::ZeroNormal);
  const std::string steps = StepsOf(frame);
  EXPECT_NE(steps.find("Normal: n = N − O = (0, 0), so |n| = 0."), std::string::npos) << steps;
  EXPECT_NE(steps.find("would be 0 / 0, and the unit normal n / |n| would be (NaN, NaN)"), std::string::npos) << steps;
}

TEST(PlaneLesson, APlaneWhoseNormalOrOffsetOverflowsIsAnswered) {
  // A review found both refused with "not a finite number (NaN or infinity)", though every
  // typed value was finite.
  // N − O overflows: O = (-1e308, 0), N = (1e308, 0). The lesson takes half of it, the
  // same plane x = -1e308 facing +x, and P = (1, 1) is 1e308 in front of it.
  {
    const Points pts = {{{-1e308, 0}}, {{1e308, 0}}, {{1, 1}}};
    const LessonFrame frame = PlaneLesson().Evaluate(pts, k_view, NumberStyle::Readable);  // (no view holds it all)
    ASSERT_FALSE(frame.error) << frame.errorText;
    const auto* q = std::get_if<cq::PlaneResult<double, 2>>(&frame.result);
    ASSERT_NE(q, nullptr);
    EXPECT_EQ(q->region, cq::PlaneRegion::Front);
    EXPECT_EQ(q->closest, (cq::Vec2d{{-1e308, 1}}));
    EXPECT_EQ(q->signedDistance, 1e308);  // 1 + 1e308 rounds to 1e308
    auto values = ValuesByLabel(frame);
    EXPECT_EQ(values["n"], FormatPoint(cq::Vec2d{{1e308, 0}}, NumberStyle::Readable));
    EXPECT_NE(StepsOf(frame).find("n = (N − O) / 2 = "), std::string::npos) << StepsOf(frame);
    EXPECT_EQ(HighlightedCount(frame), 1);
    // The s line shows 0 and s = 1e308 on a finite axis (hi - lo = 2e308 made it blank).
    ASSERT_EQ(frame.numberLines.size(), 1u);
    const NumberLine& line = frame.numberLines[0];
    EXPECT_TRUE(std::isfinite(line.viewFrom) && std::isfinite(line.viewTo)) << line.viewFrom << " " << line.viewTo;
    EXPECT_LT(line.viewFrom, 0);
    EXPECT_LT(line.raw, line.viewTo);
  }
  // d = n·O overflows: O = (1e200, 1e200), N = (2e200, 2e200), so n = O and d = 2e400.
  // The plane x + y = 2e200 is well defined; P = (0, 0) is behind it, its foot O.
  {
    const Points pts = {{{1e200, 1e200}}, {{2e200, 2e200}}, {{0, 0}}};
    const LessonFrame frame = PlaneLesson().Evaluate(pts, ViewAround(PlaneLesson(), pts), NumberStyle::Readable);
    ASSERT_FALSE(frame.error) << frame.errorText;
    const auto* q = std::get_if<cq::PlaneResult<double, 2>>(&frame.result);
    ASSERT_NE(q, nullptr);
    EXPECT_EQ(q->region, cq::PlaneRegion::Back);
    EXPECT_NEAR(q->closest.x() / 1e200, 1, 1e-15);
    EXPECT_NEAR(q->closest.y() / 1e200, 1, 1e-15);
    EXPECT_NEAR(q->signedDistance / (-std::sqrt(2.0) * 1e200), 1, 1e-15);
    auto values = ValuesByLabel(frame);
    EXPECT_EQ(values["offset d"], "beyond the double range");
    const std::string steps = StepsOf(frame);
    EXPECT_EQ(steps.find("inf"), std::string::npos) << steps;
    EXPECT_NE(steps.find("core answers this plane all the same"), std::string::npos) << steps;
    EXPECT_EQ(HighlightedCount(frame), 1);
    EXPECT_EQ(frame.regions.size(), 2u);
  }
  // A foot beyond the range: the plane x + y = 1.2 max through (0.6 max, 0.6 max), seen
  // from P = (0.9 max, -0.9 max), is nearest at (1.5 max, -0.3 max). Refused, in words.
  {
    const double m = std::numeric_limits<double>::max();
    const Points pts = {{{0.6 * m, 0.6 * m}}, {{m, m}}, {{0.9 * m, -0.9 * m}}};
    const LessonFrame frame = PlaneLesson().Evaluate(pts, k_view, NumberStyle::Readable);
    ASSERT_TRUE(frame.error);
    EXPECT_EQ(frame.error->code, cq::ErrorCode::Overflow);
    EXPECT_EQ(frame.errorText.rfind("The foot P − s n̂ lies beyond the double range", 0), 0u) << frame.errorText;
  }
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
    EXPECT_EQ(values["region"].rfind(cq::ToString(q->feature), 0), 0u) << values["region"];
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
  // Named as the lesson names them (core says "min/max coordinate 0").
  EXPECT_EQ(frame.errorText.substr(0, 44), "Min.x (2) is greater than Max.x (-2): a box ");
  const LessonFrame y = BoxLesson().Evaluate({{{-2, 1.5}}, {{2, 1}}, {{0, 0}}}, k_view, NumberStyle::Readable);
  ASSERT_TRUE(y.error);
  EXPECT_EQ(y.errorText.substr(0, 44), "Min.y (1.5) is greater than Max.y (1): a box");
}

// A box inverted on both axes (--set Min=3,3 --set Max=1,1): the banner named only x,
// and the student who fixed x met a second refusal for y. Every inverted axis is named in
// one message, from core's own check (core reports the first axis; asked again with x
// made flat, it reports y).
TEST(BoxLesson, BoxInvertedOnBothAxesNamesBoth) {
  const LessonFrame frame = BoxLesson().Evaluate({{{3, 3}}, {{1, 1}}, {{0, 0}}}, k_view, NumberStyle::Readable);
  ASSERT_TRUE(frame.error);
  EXPECT_EQ(frame.error->code, cq::ErrorCode::InvertedBox);
  EXPECT_EQ(frame.errorText,
            "Min.x (3) is greater than Max.x (1), and Min.y (3) is greater than Max.y (1): a box needs min ≤ max on "
            "each axis (min = max, a flat box, is valid). Type values on the other side, drag a corner, or undo "
            "(Ctrl+Z).");
  // One axis inverted: that axis alone, as before.
  const LessonFrame one = BoxLesson().Evaluate({{{3, 0}}, {{1, 1}}, {{0, 0}}}, k_view, NumberStyle::Readable);
  ASSERT_TRUE(one.error);
  EXPECT_EQ(one.errorText,
            "Min.x (3) is greater than Max.x (1): a box needs min ≤ max on each axis (min = max, a flat box, is "
            "valid). Type a value on the other side, drag a corner, or undo (Ctrl+Z).");
  // Inverted on y only, and flat on x: y alone.
  const LessonFrame flatX = BoxLesson().Evaluate({{{1, 3}}, {{1, 1}}, {{0, 0}}}, k_view, NumberStyle::Readable);
  ASSERT_TRUE(flatX.error);
  EXPECT_EQ(flatX.errorText.substr(0, 38), "Min.y (3) is greater than Max.y (1): a");
}

// A flat box far from the origin (min.y = max.y = P.y = 1e16): the y line's padding of 0.5
// rounded away, its axis was [1e16, 1e16], and every marker, tick and label of it got a NaN
// x (a review found the line blank but for its caption). Each line has an axis of positive
// width on which its values map to finite places.
TEST(BoxLesson, AFlatBoxFarFromTheOriginKeepsItsNumberLines) {
  for (const double y : {1e16, -1e16, 1e300, 4.5e15}) {
    SCOPED_TRACE(y);
    const Points pts = {{{-2, y}}, {{2, y}}, {{3, y}}};
    const LessonFrame frame = BoxLesson().Evaluate(pts, ViewAround(BoxLesson(), pts), NumberStyle::Readable);
    ASSERT_FALSE(frame.error) << frame.errorText;
    ASSERT_EQ(frame.numberLines.size(), 2u);
    for (const NumberLine& line : frame.numberLines) {
      SCOPED_TRACE(line.name);
      EXPECT_LT(line.viewFrom, line.viewTo);
      NumberLineRow row;
      row.left = 100;
      row.right = 900;
      for (const double v : {line.raw, *line.clamped, line.ticks.front(), line.ticks.back()}) {
        const double x = row.ToX(v, line.viewFrom, line.viewTo);
        EXPECT_TRUE(std::isfinite(x) && x >= row.left && x <= row.right) << v << " at " << x;
      }
    }
  }
}

// A number line is drawn to the scene's own size: scaled by any power of ten, the scene
// puts every value at the same place on the line. The box's lines were padded by at least
// 0.5 and the plane's s line spanned at least [-1, 1] (absolute units): for a box 1e-4
// wide with P 1e-4 past its max, or a plane scene 1e-3 across, P's value sat on the
// clamped one and the line said nothing was clamped (lesson audit), while the canvas
// showed P far off the shape.
TEST(NumberLines, AScaledSceneDrawsTheSameNumberLines) {
  struct Case {
    const char* name;
    const Lesson& lesson;
    Points points;  // at scale 1
  };
  const BoxLesson box;
  const PlaneLesson plane;
  const Case cases[] = {
      {"box, P past max.x", box, {{{0, 0}}, {{1, 1}}, {{2, 0.5}}}},
      {"box, P inside", box, {{{-1, -2}}, {{3, 1}}, {{0.5, 0.25}}}},
      {"flat box, P on it", box, {{{-1, 2}}, {{3, 2}}, {{0.5, 2}}}},
      {"plane, P behind", plane, {{{0, 0}}, {{1, 0}}, {{-1, 1}}}},
      {"plane, P in front far off", plane, {{{0, 0}}, {{0, 2}}, {{1, 30}}}},
  };
  NumberLineRow row;
  row.left = 100;
  row.right = 900;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<std::vector<double>> reference;  // per line: raw, clamped, ticks, in pixels
    for (const double scale : {1.0, 1e-12, 1e-4, 1e6, 1e15}) {
      SCOPED_TRACE(scale);
      Points pts = c.points;
      for (cq::Vec2d& p : pts) p = scale * p;
      const LessonFrame frame = c.lesson.Evaluate(pts, ViewAround(c.lesson, pts), NumberStyle::Readable);
      ASSERT_FALSE(frame.error) << frame.errorText;
      std::vector<std::vector<double>> places;
      for (const NumberLine& line : frame.numberLines) {
        std::vector<double> xs = {row.ToX(line.raw, line.viewFrom, line.viewTo)};
        if (line.clamped) xs.push_back(row.ToX(*line.clamped, line.viewFrom, line.viewTo));
        for (const double tick : line.ticks) xs.push_back(row.ToX(tick, line.viewFrom, line.viewTo));
        places.push_back(xs);
      }
      if (reference.empty()) {
        reference = places;
        continue;
      }
      ASSERT_EQ(places.size(), reference.size());
      for (std::size_t i = 0; i < places.size(); ++i)
        for (std::size_t k = 0; k < places[i].size(); ++k)
          EXPECT_NEAR(places[i][k], reference[i][k], 0.5) << "line " << i << ", value " << k;
    }
    // And at scale 1 the raw value and the clamped one lie apart wherever they differ.
    Points pts = c.points;
    const LessonFrame frame = c.lesson.Evaluate(pts, ViewAround(c.lesson, pts), NumberStyle::Readable);
    for (const NumberLine& line : frame.numberLines) {
      if (!line.clamped || *line.clamped == line.raw) continue;
      EXPECT_GT(std::abs(row.ToX(line.raw, line.viewFrom, line.viewTo) -
                         row.ToX(*line.clamped, line.viewFrom, line.viewTo)),
                40)
          << line.name;
    }
  }
  // A side of one subnormal step (5e-324), whose half rounds to 0: it fell back to the pad
  // of 0.5, and P.x = 1e-323 sat on closest.x = 5e-324 (review).
  const Points tiny = {{{0, 0}}, {{5e-324, 5e-324}}, {{1e-323, 0}}};
  const LessonFrame frame = box.Evaluate(tiny, ViewAround(box, tiny), NumberStyle::Readable);
  ASSERT_FALSE(frame.error) << frame.errorText;
  const NumberLine& x = frame.numberLines.at(0);
  EXPECT_GT(std::abs(row.ToX(x.raw, x.viewFrom, x.viewTo) - row.ToX(*x.clamped, x.viewFrom, x.viewTo)), 40);
}

// The body moves as an area, both corners given; an inverted area (no drag or nudge makes
// one) moves nothing. It fell back to moving Min to the area's min and re-adding the size,
// which rounds a far box's far corner (the path a review removed from the drag).
TEST(BoxLesson, TheBodyMovesOnlyAsAWholeArea) {
  const BoxLesson lesson;
  Points pts = {{{1e16, 0}}, {{1e16 + 6, 1}}, {{0, 0}}};
  lesson.MoveArea(pts, BoxLesson::k_body, WorldRect{{{3, 3}}, {{2, 4}}});
  EXPECT_EQ(pts[0], (cq::Vec2d{{1e16, 0}}));
  EXPECT_EQ(pts[1], (cq::Vec2d{{1e16 + 6, 1}}));
  lesson.MoveArea(pts, BoxLesson::k_body, WorldRect{{{0.1, 0.2}}, {{0.3, 0.4}}});
  EXPECT_EQ(pts[0], (cq::Vec2d{{0.1, 0.2}}));
  EXPECT_EQ(pts[1], (cq::Vec2d{{0.3, 0.4}}));
}

TEST(BoxLesson, NineRegionsOneHighlighted) {
  const LessonFrame frame = BoxLesson().Evaluate({{{-2, -1}}, {{2, 1}}, {{5, 0}}}, k_view, NumberStyle::Readable);
  EXPECT_EQ(frame.regions.size(), 9u);
  EXPECT_EQ(HighlightedCount(frame), 1);
  EXPECT_EQ(frame.regionName, "edge (right)");
}

// The contact lesson: points A, B (the wire), C (the centre), R (the radius as a vector).
const DragHandle* FindHandle(const std::vector<DragHandle>& handles, int id) {
  for (const DragHandle& h : handles)
    if (h.id == id) return &h;
  return nullptr;
}

void ExpectContactFrameIsCore(const Points& pts, NumberStyle style) {
  const auto radius = cq::Distance(cq::Vec2d{}, pts[3]);
  ASSERT_TRUE(radius);
  const auto contact = cq::ContactSphereSegment(cq::Sphere<double, 2>{pts[2], *radius}, pts[0], pts[1]);
  const auto q = cq::ClosestPointOnSegment(pts[2], pts[0], pts[1]);
  ASSERT_TRUE(contact.ok());
  ASSERT_TRUE(q.ok());
  const ContactLesson lesson;
  const LessonFrame frame = lesson.Evaluate(pts, ViewAround(lesson, pts), style);
  ASSERT_FALSE(frame.error);
  const auto* result = std::get_if<cq::ContactResult<double, 2>>(&frame.result);
  ASSERT_NE(result, nullptr);
  EXPECT_EQ(result->resolvedCenter, contact->resolvedCenter);
  EXPECT_EQ(result->normal, contact->normal);

  auto values = ValuesByLabel(frame);
  auto n = [&](double v) { return FormatNumber(v, style); };
  EXPECT_EQ(values["radius"], n(*radius));
  EXPECT_EQ(values["t_raw"], n(q->tRaw));
  EXPECT_EQ(values["t"], n(q->t));
  EXPECT_EQ(values["region"], cq::ToString(q->region));
  EXPECT_EQ(values["closest"], FormatPoint(contact->closest, style));
  EXPECT_EQ(values["distance"], n(contact->distance));
  EXPECT_EQ(values["penetrating"], contact->penetrating ? "yes" : "no");
  EXPECT_EQ(values["depth"], n(contact->depth));
  EXPECT_EQ(values["normal"], FormatPoint(contact->normal, style));
  EXPECT_EQ(values["resolved centre"], FormatPoint(contact->resolvedCenter, style));

  // The ball where C and r are; the pushed-out ball, its arrow and marker only when sunk in.
  ASSERT_EQ(frame.circles.size(), contact->penetrating ? 2u : 1u);
  EXPECT_EQ(frame.circles[0].center, pts[2]);
  EXPECT_EQ(frame.circles[0].radius, *radius);
  EXPECT_EQ(frame.circles[0].role, CircleRole::Ball);
  EXPECT_EQ(frame.pushOut.has_value(), contact->penetrating);
  EXPECT_EQ(FindMarker(frame, Marker::Resolved) != nullptr, contact->penetrating);
  if (contact->penetrating) {
    EXPECT_EQ(frame.circles[1].center, contact->resolvedCenter);
    EXPECT_EQ(frame.circles[1].radius, *radius);
    EXPECT_EQ(frame.circles[1].role, CircleRole::Resolved);
    EXPECT_EQ(frame.pushOut->p0, pts[2]);
    EXPECT_EQ(frame.pushOut->p1, contact->resolvedCenter);
    EXPECT_EQ(frame.pushOutText, "depth = " + n(contact->depth));
    EXPECT_EQ(FindMarker(frame, Marker::Resolved)->position, contact->resolvedCenter);
  }
  ASSERT_NE(FindMarker(frame, Marker::Closest), nullptr);
  EXPECT_EQ(FindMarker(frame, Marker::Closest)->position, contact->closest);
  ASSERT_TRUE(frame.distance);
  EXPECT_EQ(frame.distance->p0, pts[2]);
  EXPECT_EQ(frame.distance->p1, contact->closest);
  EXPECT_EQ(frame.distanceText, "d = " + n(contact->distance));

  // Number lines: t as for the segment; d against r, clamped to r by the push.
  ASSERT_EQ(frame.numberLines.size(), lesson.NumberLineCount());
  ASSERT_EQ(frame.numberLines.size(), 2u);
  EXPECT_EQ(frame.numberLines[0].raw, q->tRaw);
  EXPECT_EQ(*frame.numberLines[0].clamped, q->t);
  const NumberLine& d = frame.numberLines[1];
  EXPECT_EQ(d.raw, contact->distance);
  EXPECT_EQ(*d.clamped, contact->penetrating ? *radius : contact->distance);
  EXPECT_EQ(d.dragDirection, contact->normal);
  EXPECT_LE(d.viewFrom, 0);
  EXPECT_GE(d.viewTo, std::max(*radius, contact->distance));

  EXPECT_EQ(HighlightedCount(frame), 1);
  for (const RegionFill& fill : frame.regions)
    if (fill.holdsP) {
      EXPECT_EQ(fill.tone, LinearTone(int(q->region)));
    }
}

TEST(ContactLesson, ACentreExactlyPastAnEndIsShownAtThatVertexThroughout) {
  // Review s34: C a hair past B whose rounded numerator is inside [0, |B − A|²]: core's
  // contact takes Q = B (decided exactly), while the lesson showed region "interior",
  // t = 0.9999999999999998 and "the foot is the answer" beside Q = B.
  const cq::Vec2d a{{-0.97739429142862499, 0.31394387994411788}};
  const cq::Vec2d b{{0.61594153281653341, 0.63391281342446848}};
  const cq::Vec2d c{{0.61594153281653352, 0.63391281342446837}};
  ASSERT_EQ(cq::ClosestPointOnSegment(c, a, b)->region, cq::LinearRegion::Interior) << "precondition";
  const LessonFrame frame = ContactLesson().Evaluate({a, b, c, {{1.45e-16, 0}}}, k_view, NumberStyle::Exact);
  ASSERT_FALSE(frame.error);
  const auto* contact = std::get_if<cq::ContactResult<double, 2>>(&frame.result);
  ASSERT_NE(contact, nullptr);
  EXPECT_EQ(contact->closest, b);
  EXPECT_EQ(frame.regionName, cq::ToString(cq::LinearRegion::VertexB));
  auto values = ValuesByLabel(frame);
  EXPECT_EQ(values["t"], "1");
  EXPECT_EQ(values["region"], cq::ToString(cq::LinearRegion::VertexB));
  const std::string steps = StepsOf(frame);
  EXPECT_NE(steps.find("lies exactly on or past the perpendicular through B"), std::string::npos) << steps;
  EXPECT_NE(steps.find("the vertex B itself"), std::string::npos) << steps;
  EXPECT_EQ(steps.find("the foot is the answer"), std::string::npos) << steps;
  ASSERT_FALSE(frame.numberLines.empty());
  EXPECT_EQ(frame.numberLines[0].active, 2);
  EXPECT_EQ(frame.numberLines[0].clamped, 1.0);
  EXPECT_EQ(HighlightedCount(frame), 1);
}

// Far off, the rounded numerator can put C past the other end: C = (-2e16, 1e16) lies
// exactly on the perpendicular through A = 0 of the wire to B = (0.1, 0.2), and its
// rounded numerator 0.111 reads past B. Core's contact takes A (decided exactly); the
// lesson shows region A and says t_raw rounds past B, not "rounds inside".
TEST(ContactLesson, ACentreExactlyAtTheOtherEndThanTheRoundedRegionIsShownThere) {
  const cq::Vec2d a{{0, 0}};
  const cq::Vec2d b{{0.1, 0.2}};
  const cq::Vec2d c{{-2e16, 1e16}};
  if (!CQ_MULADD_FUSED) GTEST_SKIP() << "the rounded region past B is an FMA's (two roundings cancel)";
  ASSERT_EQ(cq::ClosestPointOnSegment(c, a, b)->region, cq::LinearRegion::VertexB) << "precondition";
  const LessonFrame frame = ContactLesson().Evaluate({a, b, c, {{1, 0}}}, k_view, NumberStyle::Readable);
  ASSERT_FALSE(frame.error);
  const auto* contact = std::get_if<cq::ContactResult<double, 2>>(&frame.result);
  ASSERT_NE(contact, nullptr);
  EXPECT_EQ(contact->closest, a);
  EXPECT_EQ(frame.regionName, cq::ToString(cq::LinearRegion::VertexA));
  auto values = ValuesByLabel(frame);
  EXPECT_EQ(values["t"], "0");
  EXPECT_EQ(values["region"], cq::ToString(cq::LinearRegion::VertexA));
  const std::string steps = StepsOf(frame);
  EXPECT_NE(steps.find("t_raw = 2.22045 rounds past B, but C lies exactly on or before the perpendicular through A"),
            std::string::npos)
      << steps;
  EXPECT_NE(steps.find("the vertex A itself"), std::string::npos) << steps;
  EXPECT_EQ(steps.find("rounds inside"), std::string::npos) << steps;
  ASSERT_FALSE(frame.numberLines.empty());
  EXPECT_EQ(frame.numberLines[0].active, 0);
  EXPECT_EQ(frame.numberLines[0].clamped, 0.0);
  EXPECT_EQ(HighlightedCount(frame), 1);
}

// A push below the rounding of C's coordinates: C′ reads as C, and the step said "the
// smallest move that frees the ball" beside it.
TEST(ContactLesson, APushLostInRoundingIsNotSaidToFreeTheBall) {
  const LessonFrame frame =
      ContactLesson().Evaluate({{{-1, 1}}, {{1, 1}}, {{0, 1}}, {{1e-20, 0}}}, k_view, NumberStyle::Readable);
  ASSERT_FALSE(frame.error);
  const auto* contact = std::get_if<cq::ContactResult<double, 2>>(&frame.result);
  ASSERT_NE(contact, nullptr);
  ASSERT_TRUE(contact->penetrating) << "precondition";
  ASSERT_EQ(contact->resolvedCenter, (cq::Vec2d{{0, 1}})) << "precondition";
  const std::string steps = StepsOf(frame);
  EXPECT_EQ(steps.find("frees the ball"), std::string::npos) << steps;
  EXPECT_NE(steps.find("Push out: C′ = C + depth·n = (0, 1), C itself: the move, 1e-20, is below the rounding of "
                       "C's coordinates, so it is lost in double."),
            std::string::npos)
      << steps;
  // Lost in x only: C = (1e16, 2) over a wire crossing it (review).
  const LessonFrame partly = ContactLesson().Evaluate(
      {{{9999999999999996, -4}}, {{10000000000000004, 4}}, {{1e16, 2}}, {{1.5, 0}}}, k_view, NumberStyle::Readable);
  ASSERT_FALSE(partly.error);
  const std::string partlySteps = StepsOf(partly);
  EXPECT_EQ(partlySteps.find("frees the ball"), std::string::npos) << partlySteps;
  EXPECT_NE(partlySteps.find("in one coordinate the move is below the rounding of C's, so C′ is the push only in "
                             "part, and the ball may still be sunk in."),
            std::string::npos)
      << partlySteps;
  // Nor the d line and the inspector (review: the line's marker read "after the push =
  // 1e-20", d = r, beside C′ = C and d = 0, its caption "pushed out to d = r", and
  // the resolved centre's help "the smallest move that frees the ball").
  auto helpOf = [](const LessonFrame& f, const std::string& label) {
    for (const InspectorValue& v : f.values)
      if (v.label == label) return v.help;
    return std::string("(no such value)");
  };
  ASSERT_EQ(frame.numberLines.size(), 2u);
  const NumberLine& d = frame.numberLines[1];
  EXPECT_EQ(d.clamped, contact->distance);
  EXPECT_EQ(d.clampedText, "0 (the push is lost in double)");
  EXPECT_EQ(d.caption.find("pushed out to d = r"), std::string::npos) << d.caption;
  EXPECT_EQ(helpOf(frame, "resolved centre").find("frees the ball"), std::string::npos) << helpOf(frame, "resolved centre");
  const auto* partlyContact = std::get_if<cq::ContactResult<double, 2>>(&partly.result);
  ASSERT_NE(partlyContact, nullptr);
  ASSERT_EQ(partly.numberLines.size(), 2u);
  const NumberLine& dPartly = partly.numberLines[1];
  const auto after = cq::ContactSphereSegment(cq::Sphere<double, 2>{partlyContact->resolvedCenter, 1.5},
                                              cq::Vec2d{{9999999999999996, -4}}, cq::Vec2d{{10000000000000004, 4}});
  ASSERT_TRUE(after.ok());
  EXPECT_LT(after->distance, 1.5) << "precondition: still sunk in";
  EXPECT_EQ(dPartly.clamped, after->distance);
  EXPECT_NE(dPartly.clampedText.find("(the push is lost in part)"), std::string::npos) << dPartly.clampedText;
  EXPECT_EQ(dPartly.caption.find("pushed out to d = r"), std::string::npos) << dPartly.caption;
  EXPECT_EQ(helpOf(partly, "resolved centre").find("frees the ball"), std::string::npos);
  // An ordinary push keeps its words: the marker at r, "after the push".
  const LessonFrame ordinary = ContactLesson().Evaluate({{{-4, 0}}, {{4, 0}}, {{0, 1}}, {{1.5, 0}}}, k_view,
                                                        NumberStyle::Readable);
  ASSERT_EQ(ordinary.numberLines.size(), 2u);
  EXPECT_EQ(ordinary.numberLines[1].clamped, 1.5);
  EXPECT_EQ(ordinary.numberLines[1].clampedText, "");
  EXPECT_EQ(ordinary.numberLines[1].clampedName, "after the push: d");
  // Clear of the wire: "no push: d = 3.5" ("no push = 3.5" read as a push of 3.5).
  const LessonFrame clear = ContactLesson().Evaluate({{{-4, 0}}, {{4, 0}}, {{0, 3.5}}, {{1.5, 0}}}, k_view,
                                                     NumberStyle::Readable);
  ASSERT_EQ(clear.numberLines.size(), 2u);
  EXPECT_EQ(clear.numberLines[1].clampedName, "no push: d");
  EXPECT_EQ(clear.numberLines[1].clamped, 3.5);
  EXPECT_NE(ordinary.numberLines[1].caption.find("pushed out to d = r"), std::string::npos);
  EXPECT_NE(helpOf(ordinary, "resolved centre").find("frees the ball"), std::string::npos);
}

// A t_raw, t or s that core holds as 0 in double though its exact value is not 0 reads on
// the number lines and the canvas as the inspector says it (review: the inspector said "0
// in double, though exactly > 0", the t line "t_raw = 0", "t = 0", the plane's canvas and s
// line "s = 0", as if P were on the perpendicular through A, or on the plane).
TEST(LessonText, AZeroInDoubleReadsSoOnTheNumberLinesAndTheCanvas) {
  const std::string words = "0 in double, though exactly > 0";
  {
    const Points pts = {{{0, 0}}, {{1e200, 0}}, {{1e-200, 1}}};
    const LessonFrame frame = SegmentLesson().Evaluate(pts, ViewAround(SegmentLesson(), pts), NumberStyle::Readable);
    ASSERT_FALSE(frame.error) << frame.errorText;
    EXPECT_EQ(ValuesByLabel(frame)["t_raw"], words) << "precondition";
    ASSERT_FALSE(frame.numberLines.empty());
    EXPECT_EQ(frame.numberLines[0].rawText, words);
    EXPECT_EQ(frame.numberLines[0].clampedText, words);
  }
  {
    // The same on the contact's t line (C = P, a ball of radius 0.5, clear of the wire).
    const Points pts = {{{0, 0}}, {{1e200, 0}}, {{1e-200, 1}}, {{0.5, 0}}};
    const LessonFrame frame = ContactLesson().Evaluate(pts, ViewAround(ContactLesson(), pts), NumberStyle::Readable);
    ASSERT_FALSE(frame.error) << frame.errorText;
    ASSERT_FALSE(frame.numberLines.empty());
    EXPECT_EQ(frame.numberLines[0].rawText, words);
    EXPECT_EQ(frame.numberLines[0].clampedText, words);
  }
  {
    const Points pts = {{{0, 0}}, {{1, 3}}, {{2e-323, -5e-324}}};
    const LessonFrame frame = PlaneLesson().Evaluate(pts, ViewAround(PlaneLesson(), pts), NumberStyle::Readable);
    ASSERT_FALSE(frame.error) << frame.errorText;
    ASSERT_EQ(frame.regionName, cq::ToString(cq::PlaneRegion::Front)) << "precondition";
    EXPECT_EQ(frame.distanceText, "s = " + words);
    ASSERT_EQ(frame.numberLines.size(), 1u);
    EXPECT_EQ(frame.numberLines[0].rawText, words);
  }
  // An exact 0 stays a plain number: P on the perpendicular through A, P on the plane.
  const LessonFrame onPerpendicular = SegmentLesson().Evaluate({{{0, 0}}, {{2, 0}}, {{0, 1}}}, k_view, NumberStyle::Readable);
  EXPECT_EQ(onPerpendicular.numberLines[0].rawText, "");
  const LessonFrame onPlane = PlaneLesson().Evaluate({{{0, 0}}, {{1, 3}}, {{3, -1}}}, k_view, NumberStyle::Readable);
  EXPECT_EQ(onPlane.distanceText, "s = 0");
  EXPECT_EQ(onPlane.numberLines[0].rawText, "");
}

TEST(ContactLesson, ACentreExactlyInsideAnEndIsMeasuredAcrossTheWire) {
  // Review (core audit): the reverse of the case above. C a hair inside B whose rounded
  // numerator reaches |B − A|²: the query reads region B and Q = B, but core's contact
  // decides exactly that C is between the perpendiculars, and measures d and n across the
  // wire (AcrossWire). The lesson said region B, "d = |C − Q| = 1e-17" (|C − Q| is
  // 1.1e-16) and "the unit vector from Q towards C, n = (0, 1)" (that vector points along
  // the wire).
  const cq::Vec2d a{{-1, 0}};
  const cq::Vec2d b{{1, 0}};
  const cq::Vec2d c{{0.99999999999999989, 1e-17}};
  ASSERT_EQ(cq::ClosestPointOnSegment(c, a, b)->region, cq::LinearRegion::VertexB) << "precondition";
  const LessonFrame frame = ContactLesson().Evaluate({a, b, c, {{0, 1}}}, k_view, NumberStyle::Exact);
  ASSERT_FALSE(frame.error);
  const auto* contact = std::get_if<cq::ContactResult<double, 2>>(&frame.result);
  ASSERT_NE(contact, nullptr);
  ASSERT_EQ(contact->normalFrom, cq::ContactNormalFrom::AcrossWire) << "precondition";
  EXPECT_EQ(frame.regionName, cq::ToString(cq::LinearRegion::Interior));
  auto values = ValuesByLabel(frame);
  EXPECT_EQ(values["region"], cq::ToString(cq::LinearRegion::Interior));
  const std::string steps = StepsOf(frame);
  EXPECT_NE(steps.find("lies exactly before the perpendicular through B"), std::string::npos) << steps;
  EXPECT_EQ(steps.find("d = |C − Q|"), std::string::npos) << steps;
  EXPECT_EQ(steps.find("from Q towards C"), std::string::npos) << steps;
  EXPECT_NE(steps.find("across the wire"), std::string::npos) << steps;
  EXPECT_EQ(steps.find("projects past B"), std::string::npos) << steps;
}

TEST(ContactLesson, AnOrdinaryCentreIsMeasuredAsCMinusQInEveryStyle) {
  // Review: judged on the full digits, the across-the-wire words came for 4,293 of 10,329
  // ordinary scenes in the Exact style, where |C − Q| and d differ in the 17th digit only.
  const cq::Vec2d a{{-4, -1}};
  const cq::Vec2d b{{4, 2}};
  const cq::Vec2d c{{1, 1}};
  for (const NumberStyle style : {NumberStyle::Readable, NumberStyle::Exact}) {
    const LessonFrame frame = ContactLesson().Evaluate({a, b, c, {{0, 3}}}, k_view, style);
    ASSERT_FALSE(frame.error);
    const std::string steps = StepsOf(frame);
    EXPECT_NE(steps.find("d = |C − Q|"), std::string::npos) << steps;
    EXPECT_NE(steps.find("from Q towards C"), std::string::npos) << steps;
    EXPECT_EQ(steps.find("as small as its rounding"), std::string::npos) << steps;
  }
  // A distance beyond the range keeps its own words (it read "d = > 1.8e308 ... as small as
  // its rounding").
  const LessonFrame far = ContactLesson().Evaluate(
      {{{-1.7e308, -1.7e308}}, {{1.7e308, -1.7e308}}, {{0, 1.7e308}}, {{0, 1}}}, k_view, NumberStyle::Exact);
  ASSERT_FALSE(far.error);
  const std::string steps = StepsOf(far);
  EXPECT_NE(steps.find("d = |C − Q|, beyond the double range"), std::string::npos) << steps;
  EXPECT_EQ(steps.find("as small as its rounding"), std::string::npos) << steps;
}

TEST(ContactLesson, ACentreAHairOffTheWireIsMeasuredAcrossIt) {
  // The same in the interior: C = (0.3, 1e-20) on the wire from (-1, 0) to (1, 0). The
  // rounded foot A + t_raw (B − A) was 5.5e-17 from (0.3, 0), so |C − Q| was not the
  // distance core gave (1e-20, across the wire). Core now takes its Q across the wire
  // exactly (FootAcrossLine): Q is (0.3, 0), 1e-20 from C, and the plain words are
  // true: d = |C − Q|, the normal from Q towards C.
  const cq::Vec2d a{{-1, 0}};
  const cq::Vec2d b{{1, 0}};
  const cq::Vec2d c{{0.3, 1e-20}};
  const LessonFrame frame = ContactLesson().Evaluate({a, b, c, {{0, 1}}}, k_view, NumberStyle::Exact);
  ASSERT_FALSE(frame.error);
  const auto* contact = std::get_if<cq::ContactResult<double, 2>>(&frame.result);
  ASSERT_NE(contact, nullptr);
  ASSERT_EQ(contact->normalFrom, cq::ContactNormalFrom::AcrossWire) << "precondition";
  EXPECT_EQ(contact->closest, (cq::Vec2d{{0.3, 0}}));
  EXPECT_EQ(contact->distance, 1e-20);
  const std::string steps = StepsOf(frame);
  EXPECT_NE(steps.find("Q = A + t(B − A) = (0.3, 0)"), std::string::npos) << steps;
  EXPECT_NE(steps.find("d = |C − Q| = 1e-20, with Q = (0.3, 0)"), std::string::npos) << steps;
  EXPECT_NE(steps.find("from Q towards C"), std::string::npos) << steps;
}

TEST(ContactLesson, ACentreOnTheWireAHairInsideAnEndIsItsOwnQInTheStepsToo) {
  // C = (3.9999999999999996, 0), one ulp inside B on the wire from (-4, 0) to (4, 0): the
  // rounded numerator equals |B − A|² (region B, t = 1), but C lies exactly on the wire
  // between its ends, and core's contact answers Q = C, d = 0 (audit). The steps said
  // "closest = A + t(B − A) = (4, 0), the vertex B itself" and the region read B, beside
  // the values' closest (3.9999999999999996, 0).
  const cq::Vec2d a{{-4, 0}};
  const cq::Vec2d b{{4, 0}};
  const cq::Vec2d c{{3.9999999999999996, 0}};
  for (const NumberStyle style : {NumberStyle::Readable, NumberStyle::Exact}) {
    const LessonFrame frame = ContactLesson().Evaluate({a, b, c, {{0, 1.5}}}, k_view, style);
    ASSERT_FALSE(frame.error);
    const auto* contact = std::get_if<cq::ContactResult<double, 2>>(&frame.result);
    ASSERT_NE(contact, nullptr);
    ASSERT_EQ(contact->closest, c) << "precondition";
    ASSERT_EQ(contact->distance, 0) << "precondition";
    EXPECT_EQ(frame.regionName, "interior");
    const std::string steps = StepsOf(frame);
    EXPECT_EQ(steps.find("the vertex B itself"), std::string::npos) << steps;
    EXPECT_EQ(steps.find("B is the answer"), std::string::npos) << steps;
    EXPECT_NE(steps.find("Q = C = (3.9999999999999996, 0)"), std::string::npos) << steps;
    for (const MarkerPoint& m : frame.markers) {
      if (m.marker == Marker::Closest) {
        EXPECT_EQ(m.position, c);
      }
    }
  }
}

TEST(ContactLesson, OverflowsAreRefusedInTheLessonsWords) {
  // Review s34: both read core's "radius: the answer lies beyond the floating-point range
  // (its coordinates overflow)", for r itself and for the push.
  const ContactLesson lesson;
  const LessonFrame radius =
      lesson.Evaluate({{{0, 0}}, {{4, 0}}, {{2, 0.5}}, {{1.7e308, 1.7e308}}}, k_view, NumberStyle::Readable);
  ASSERT_TRUE(radius.error);
  EXPECT_EQ(radius.errorText.rfind("The radius r = |R| is beyond the double range", 0), 0u) << radius.errorText;
  const LessonFrame push =
      lesson.Evaluate({{{0, 1e308}}, {{4, 1e308}}, {{2, 1.2e308}}, {{1e308, 0}}}, k_view, NumberStyle::Readable);
  ASSERT_TRUE(push.error);
  EXPECT_EQ(push.errorText.rfind("The pushed-out centre C′ = C + depth·n lies beyond the double range", 0), 0u)
      << push.errorText;
}

TEST(ContactLesson, InspectorCanvasAndNumberLinesAreCoresAnswerForEveryPreset) {
  for (const Preset& preset : ContactLesson().Presets()) {
    SCOPED_TRACE(preset.name);
    ExpectContactFrameIsCore(preset.points, NumberStyle::Readable);
    ExpectContactFrameIsCore(preset.points, NumberStyle::Exact);
  }
}

TEST(ContactLesson, PresetsShowEveryCase) {
  const std::vector<Preset> presets = ContactLesson().Presets();
  ASSERT_GE(presets.size(), 6u);
  auto contactOf = [&](size_t i) {
    const Points& p = presets[i].points;
    return *cq::ContactSphereSegment(cq::Sphere<double, 2>{p[2], *cq::Distance(cq::Vec2d{}, p[3])}, p[0], p[1]);
  };
  // Past an end: Q is the vertex B itself (the default scene, as the segment's is past B).
  EXPECT_TRUE(contactOf(0).penetrating);
  EXPECT_EQ(contactOf(0).closest, presets[0].points[1]);
  // Sunk into the interior: d = 1, r = 2, pushed straight up to (1, 2).
  EXPECT_TRUE(contactOf(1).penetrating);
  EXPECT_EQ(contactOf(1).resolvedCenter, (cq::Vec2d{{1, 2}}));
  // Touching: d == r exactly, not penetrating.
  EXPECT_FALSE(contactOf(2).penetrating);
  EXPECT_EQ(contactOf(2).distance, 2);
  // Clear.
  EXPECT_FALSE(contactOf(3).penetrating);
  EXPECT_GT(contactOf(3).distance, 2);
  // On the wire: the documented perpendicular.
  EXPECT_EQ(contactOf(4).distance, 0);
  EXPECT_EQ(contactOf(4).normal, (cq::WirePerpendicular(presets[4].points[0], presets[4].points[1])));
  // r = 0 on the wire: still not penetrating.
  EXPECT_EQ(presets[5].points[3], cq::Vec2d{});
  EXPECT_FALSE(contactOf(5).penetrating);
}

TEST(ContactLesson, StepsCarryTheNumbers) {
  const std::vector<Preset> presets = ContactLesson().Presets();
  const LessonFrame sunk = ContactLesson().Evaluate(presets[1].points, k_view, NumberStyle::Readable);
  ASSERT_GE(sunk.steps.size(), 7u);
  EXPECT_NE(sunk.steps[0].find("(C − A)·(B − A)"), std::string::npos) << sunk.steps[0];
  EXPECT_NE(sunk.steps[3].find("d = |C − Q| = 1, with Q = (1, 0)"), std::string::npos) << sunk.steps[3];
  EXPECT_NE(sunk.steps[4].find("d = 1 < r = 2"), std::string::npos) << sunk.steps[4];
  EXPECT_NE(sunk.steps[4].find("depth = r − d = 1"), std::string::npos) << sunk.steps[4];
  EXPECT_NE(sunk.steps[5].find("n = (0, 1)"), std::string::npos) << sunk.steps[5];
  EXPECT_NE(sunk.steps[6].find("C′ = C + depth·n = (1, 2)"), std::string::npos) << sunk.steps[6];

  const LessonFrame touching = ContactLesson().Evaluate(presets[2].points, k_view, NumberStyle::Readable);
  EXPECT_EQ(touching.steps.back(),
            "Compare: d = r = 2: the ball touches the wire, which is not sinking in (d < r would be), so there is "
            "nothing to push.");
  // Clear of the wire: d > r, not "touching" (review s35: the one sentence for every ball
  // not sunk in said "touching, d = r" with d = 3.5 and r = 1.5).
  const LessonFrame clear = ContactLesson().Evaluate(presets[3].points, k_view, NumberStyle::Readable);
  EXPECT_NE(clear.steps.back().find(" > r = "), std::string::npos) << clear.steps.back();
  EXPECT_NE(clear.steps.back().find("clear of the wire"), std::string::npos) << clear.steps.back();
  EXPECT_EQ(clear.steps.back().find("touch"), std::string::npos) << clear.steps.back();

  const LessonFrame onWire = ContactLesson().Evaluate(presets[4].points, k_view, NumberStyle::Readable);
  bool mentionsZeroVector = false;
  for (const std::string& step : onWire.steps) mentionsZeroVector |= step.find("zero vector") != std::string::npos;
  EXPECT_TRUE(mentionsZeroVector);
}

// Every lesson shows the one move, in order: a Project step, then a Clamp (or "No clamp")
// step, then an Evaluate step (the box's began at "Clamp x": teaching audit).
TEST(LessonTable, EveryPresetShowsProjectThenClampThenEvaluate) {
  for (const Lesson* lesson : LessonTable()) {
    for (const Preset& preset : lesson->Presets()) {
      const LessonFrame frame = lesson->Evaluate(preset.points, ViewAround(*lesson, preset.points), NumberStyle::Readable);
      if (frame.error) continue;  // a refused scene (the zero normal) says why instead
      std::size_t project = frame.steps.size(), clamp = frame.steps.size(), evaluate = frame.steps.size();
      for (std::size_t i = 0; i < frame.steps.size(); ++i) {
        const std::string& step = frame.steps[i];
        if (project == frame.steps.size() && step.rfind("Project", 0) == 0) project = i;
        if (clamp == frame.steps.size() && (step.rfind("Clamp", 0) == 0 || step.rfind("No clamp", 0) == 0)) clamp = i;
        if (evaluate == frame.steps.size() && step.rfind("Evaluate", 0) == 0) evaluate = i;
      }
      // A = B has nothing to clamp: t = 0 by definition, said in its Project step.
      const bool degenerate =
          project < frame.steps.size() && frame.steps[project].find("coincide") != std::string::npos;
      if (degenerate && clamp == frame.steps.size()) clamp = project;
      else EXPECT_LT(project, clamp) << lesson->Id() << " " << preset.name;
      EXPECT_LT(clamp, evaluate) << lesson->Id() << " " << preset.name;
      EXPECT_LT(evaluate, frame.steps.size()) << lesson->Id() << " " << preset.name;
    }
  }
}

/// The help (tooltip) of the inspector's row `label`.
std::string HelpOf(const LessonFrame& frame, const std::string& label) {
  for (const InspectorValue& v : frame.values)
    if (v.label == label) return v.help;
  return "(no row " + label + ")";
}

// A teaching audit of the plane, box and contact texts (2026-11-29, second): each
// sentence true of its scene.
TEST(LessonTexts, EachSentenceIsTrueOfItsScene) {
  // A distance beyond the range read "|P − closest| = > 1.8e308".
  const LessonFrame far =
      BoxLesson().Evaluate({{{0, 0}}, {{1, 1}}, {{1.7e308, 1.7e308}}}, k_view, NumberStyle::Readable);
  ASSERT_FALSE(far.error);
  EXPECT_EQ(far.steps.back(), "Distance: |P − closest|, beyond the double range (> 1.8e308).");
  // C on the wire: the normal is core's documented perpendicular, not "from Q towards C",
  // and the push is a smallest move, not the one.
  const LessonFrame on = ContactLesson().Evaluate({{{-4, 0}}, {{4, 0}}, {{1, 0}}, {{1.2, 0.9}}}, k_view, NumberStyle::Readable);
  ASSERT_FALSE(on.error);
  EXPECT_NE(HelpOf(on, "normal").find("C is on the wire, so C − Q = 0 has no direction"), std::string::npos);
  EXPECT_NE(HelpOf(on, "resolved centre").find("a smallest move"), std::string::npos);
  EXPECT_NE(on.steps.back().find("a smallest move that frees the ball (with C on the wire the other side would do"),
            std::string::npos)
      << on.steps.back();
  // Not sunk in: C′ = C, nothing moves.
  const LessonFrame clear =
      ContactLesson().Evaluate({{{-4, 0}}, {{4, 0}}, {{0, 5}}, {{0, 1}}}, k_view, NumberStyle::Readable);
  ASSERT_FALSE(clear.error);
  EXPECT_EQ(HelpOf(clear, "resolved centre"), "C′ = C: not sunk in, so nothing moves (depth = 0)");
  // A ball made to touch exactly at a wire's end (C − B = R: |C − B| = |R| = √80) reads
  // sunk in by an ulp, r = |R| being rounded: the step says why (teaching audit).
  const LessonFrame touch =
      ContactLesson().Evaluate({{{0, 0}}, {{4, 0}}, {{12, 4}}, {{8, 4}}}, k_view, NumberStyle::Readable);
  ASSERT_FALSE(touch.error);
  bool said = false;
  for (const std::string& step : touch.steps)
    said |= step.find("r = |R| is rounded to a double, so a ball that touches exactly can read sunk in") !=
            std::string::npos;
  EXPECT_TRUE(said);
  const LessonFrame deep = ContactLesson().Evaluate(ContactLesson().Presets()[1].points, k_view, NumberStyle::Readable);
  for (const std::string& step : deep.steps) EXPECT_EQ(step.find("within a few ulps"), std::string::npos) << step;
  // Inside the wire, where the rounded d reads r = 2 (exact) and the exact d is a hair
  // below or above it: the words said "d = r: the ball touches" either way (words audit).
  // Core decides exactly, and the step says why d reads as it does.
  const auto compareStep = [](const LessonFrame& frame) {
    for (const std::string& step : frame.steps)
      if (step.rfind("Compare:", 0) == 0) return step;
    return std::string();
  };
  const LessonFrame hairIn = ContactLesson().Evaluate({{{-20, -30}}, {{20, 30}}, {{0, 3.605551275463989}}, {{2, 0}}},
                                                      k_view, NumberStyle::Readable);
  EXPECT_EQ(compareStep(hairIn),
            "Compare: d = 1.9999999999999998 < r = 2: the ball is sunk in by depth = r − d = 2.22045e-16; exactly, d "
            "is below r by less than its rounding, which reads d = r: core compares d with r exactly and keeps d below "
            "r, at the double just under it.");
  const LessonFrame hairOut = ContactLesson().Evaluate(
      {{{-10, -10}}, {{10, 10}}, {{0, 2.8284271247461903}}, {{2, 0}}}, k_view, NumberStyle::Readable);
  EXPECT_EQ(compareStep(hairOut),
            "Compare: d reads r = 2, yet exactly d is a hair more than r, by less than its rounding (core compares d "
            "with r exactly and keeps d at r): the ball is clear of the wire, not sunk in, so there is nothing to "
            "push.");
  // At a wire's end, where |C − Q| rounds an ulp above r though exactly d is 4.8e-18 below:
  // the Distance step gives |C − Q| as rounded, and Compare what core kept (it said "which
  // would read d = r" and wrote the moved value as |C − Q|: review).
  const LessonFrame aboveR =
      ContactLesson().Evaluate({{{0, 0}}, {{-1, 0}}, {{1.4441738270551558, 1.0101517621210052}}, {{1.7623974084375258, 0}}},
                               k_view, NumberStyle::Readable);
  ASSERT_FALSE(aboveR.error);
  std::string distanceStep;
  for (const std::string& step : aboveR.steps)
    if (step.rfind("Distance:", 0) == 0) distanceStep = step;
  EXPECT_EQ(distanceStep.rfind("Distance: d = |C − Q| = 1.762397408437526, with Q = (0, 0)", 0), 0u) << distanceStep;
  EXPECT_NE(compareStep(aboveR).find("which reads d = 1.762397408437526 > r: core compares d with r exactly"),
            std::string::npos)
      << compareStep(aboveR);
  // Not where r is exact (R = (3, 4): r = 5, and the ball truly sunk in by an ulp), nor for
  // C on the wire, nor everywhere at r = 1.8e308, whose ulp above is infinite (review).
  for (const Points& points : std::vector<Points>{{{{0, 0}}, {{4, 0}}, {{2, 4.999999999999999}}, {{3, 4}}},
                                                  {{{0, 0}}, {{4, 0}}, {{1, 0}}, {{1e-323, 0}}},
                                                  {{{0, 0}}, {{4, 0}}, {{2, 1}}, {{1.7976931348623157e308, 0}}}}) {
    const LessonFrame frame = ContactLesson().Evaluate(points, k_view, NumberStyle::Readable);
    ASSERT_FALSE(frame.error);
    for (const std::string& step : frame.steps) EXPECT_EQ(step.find("within a few ulps"), std::string::npos) << step;
  }
  // The contact's t line names no P.
  EXPECT_EQ(clear.numberLines.at(0).caption, "t along the wire's line A + t(B − A): 0 at A, 1 at B");
  // n = N − O rounded: P exactly on the plane through O at right angles to N − O reads
  // "front" for the rounded n; the Project step says which side it is exactly (teaching
  // audit: s = 3.8e-17 from an n shown as (0.3, 0.5), from which no student gets it).
  const LessonFrame rounded =
      PlaneLesson().Evaluate({{{0.1, 0.2}}, {{0.4, 0.7}}, {{0.6, -0.1}}}, k_view, NumberStyle::Readable);
  ASSERT_FALSE(rounded.error);
  ASSERT_GE(rounded.steps.size(), 2u);
  EXPECT_NE(rounded.steps[0].find("n = N − O = (0.3, 0.5) (N − O rounded to doubles: (0.30000000000000004, "
                                  "0.49999999999999994))"),
            std::string::npos)
      << rounded.steps[0];
  const LessonFrame other = PlaneLesson().Evaluate(
      {{{0.1, 0.2}}, {{0.4, 0.7}}, {{35716.376733281155, -21429.566039968697}}}, k_view, NumberStyle::Readable);
  ASSERT_FALSE(other.error);
  EXPECT_EQ(other.regionName, "front") << "precondition: the rounded n's side";
  EXPECT_NE(other.steps[1].find("As rounded, though: n is N − O rounded to doubles, and against the plane through O "
                                "at right angles to N − O exactly, P lies behind it."),
            std::string::npos)
      << other.steps[1];
  // N − O overflows and its half is rounded: "half of it gives the same plane" was false,
  // and the side differs from the exact one (review).
  const LessonFrame halved = PlaneLesson().Evaluate({{{-1.592508604710079e+308, -4.3361734375701687e+307}},
                                                     {{1.2963480696735527e+308, 8.028169140793983e+307}},
                                                     {{-1.4436607427055497e+308, -7.813917093524488e+307}}},
                                                    k_view, NumberStyle::Readable);
  ASSERT_FALSE(halved.error);
  EXPECT_NE(halved.steps[0].find("N − O itself overflows the double range, and half of it is rounded to doubles"),
            std::string::npos)
      << halved.steps[0];
  EXPECT_NE(halved.steps[1].find("As rounded, though: n is (N − O) / 2 rounded to doubles"), std::string::npos)
      << halved.steps[1];
  const LessonFrame plain = PlaneLesson().Evaluate(PlaneLesson().Presets().front().points, k_view, NumberStyle::Readable);
  for (const std::string& step : plain.steps) EXPECT_EQ(step.find("As rounded"), std::string::npos) << step;
  // The plane's foot on the s line is where s = 0, not a foot "= 0".
  const LessonFrame plane = PlaneLesson().Evaluate(PlaneLesson().Presets().front().points, k_view, NumberStyle::Readable);
  ASSERT_FALSE(plane.error);
  EXPECT_EQ(NameEquals(plane.numberLines.at(0).clampedName, *plane.numberLines.at(0).clamped, NumberStyle::Readable),
            "foot: s = 0");
}

// The raw foot is named "foot" in every lesson with a t line, as the inspector's row and
// the glossary name it (review s35: the contact's "C(t_raw)" read as a point other than
// P(t_raw); teaching audits of 2026-11-29: "P(t_raw)" beside the handle P, and in the
// contact lesson, which has no P).
TEST(LessonTable, TheRawFootIsNamedAsTheInspectorNamesIt) {
  for (const Lesson* lesson : LessonTable()) {
    for (const Preset& preset : lesson->Presets()) {
      const LessonFrame frame = lesson->Evaluate(preset.points, ViewAround(*lesson, preset.points), NumberStyle::Readable);
      const MarkerPoint* foot = FindMarker(frame, Marker::RawFoot);
      if (!foot || frame.numberLines.empty() || frame.numberLines[0].name != "t") continue;
      EXPECT_EQ(foot->label, "foot") << lesson->Id() << " " << preset.name;
      // The t line's caption names a P only where the lesson has one (the contact's read
      // "P(t) = A + t(B − A)" beside C: teaching audit).
      const bool hasP = lesson->PointIndex("P") >= 0;
      EXPECT_EQ(frame.numberLines[0].caption.find("P(t)") != std::string::npos, hasP)
          << lesson->Id() << ": " << frame.numberLines[0].caption;
      EXPECT_NE(frame.numberLines[0].caption.find("A + t(B − A)"), std::string::npos) << lesson->Id();
    }
  }
  const Points pastB = ContactLesson().Presets().front().points;
  ASSERT_TRUE(FindMarker(ContactLesson().Evaluate(pastB, k_view, NumberStyle::Readable), Marker::RawFoot));
}

// Every step of every preset, in both number styles, is plain prose: no doubled space
// (the plane's Evaluate step read "= (0, 0)  (P is on the plane)": audit of 2026-11-28's
// night session), none at either end, no empty step.
TEST(LessonTable, EveryStepIsSpacedAsProse) {
  for (const Lesson* lesson : LessonTable()) {
    for (const Preset& preset : lesson->Presets()) {
      for (const NumberStyle style : {NumberStyle::Readable, NumberStyle::Exact}) {
        const LessonFrame frame = lesson->Evaluate(preset.points, ViewAround(*lesson, preset.points), style);
        for (const std::string& step : frame.steps) {
          EXPECT_FALSE(step.empty()) << lesson->Id() << " " << preset.name;
          EXPECT_EQ(step.find("  "), std::string::npos) << lesson->Id() << " " << preset.name << ": " << step;
          EXPECT_TRUE(step.empty() || (step.front() != ' ' && step.back() != ' ')) << step;
        }
      }
    }
  }
}

TEST(ContactLesson, StepsFollowTheNormalCoreTookNotTheRoundedQ) {
  // C a hair (1.5e-16) off a slanted wire, its Q equal to C bit for bit: the part across
  // the wire is below half an ulp of C's coordinates (review s32 found such a C, 3.9e-16
  // off, when Q was the rounded A + t_raw (B − A); now that core takes Q across the wire,
  // this C, a point of the wire rounded, is one). The steps said "d = |C − Q|" with Q = C
  // and explained the counter-clockwise perpendicular, while core took the one across the
  // wire on C's side, its opposite.
  const Points pts = {{{-3.8682591858685438, -3.8064680713264414}},
                      {{-4.3088104804547385, 1.9476091499134596}},
                      {{-4.1893976307230609, 0.38794795493323786}},
                      {{0, 1}}};
  const LessonFrame frame = ContactLesson().Evaluate(pts, k_view, NumberStyle::Exact);
  const auto& contact = std::get<cq::ContactResult<double, 2>>(frame.result);
  ASSERT_EQ(contact.closest, pts[2]) << "precondition: Q rounds to C";
  ASSERT_GT(contact.distance, 0) << "precondition: C is off the wire";
  ASSERT_EQ(contact.normalFrom, cq::ContactNormalFrom::AcrossWire);
  ASSERT_FALSE(contact.normal == cq::WirePerpendicular(pts[0], pts[1])) << "precondition: the two differ";
  bool roundsToC = false;
  for (const std::string& step : frame.steps) {
    EXPECT_EQ(step.find("counter-clockwise"), std::string::npos) << step;
    EXPECT_EQ(step.find("|C − Q| ="), std::string::npos) << step;
    EXPECT_EQ(step.find("C lies on the wire"), std::string::npos) << step;
    roundsToC |= step.find("rounds to C") != std::string::npos;
  }
  EXPECT_TRUE(roundsToC);
  EXPECT_NE(frame.steps.back().find("C′ = C + depth·n"), std::string::npos);
  EXPECT_NE(frame.steps[frame.steps.size() - 2].find(FormatPoint(contact.normal, NumberStyle::Exact)),
            std::string::npos)
      << frame.steps[frame.steps.size() - 2];
}

TEST(ContactLesson, MovingTheCentreKeepsTheRadiusExactlyAndTheRimHandleSetsIt) {
  const ContactLesson lesson;
  Points pts = {{{-4, 0}}, {{4, 0}}, {{1, 1}}, {{0.3, 0.1}}};
  const cq::Vec2d radiusVector = pts[3];
  // The centre moves alone; the radius vector, hence r, is untouched.
  EXPECT_EQ(lesson.MoveHandle(pts, 2, cq::Vec2d{{2.7, -0.9}}), 2);
  EXPECT_EQ(pts[2], (cq::Vec2d{{2.7, -0.9}}));
  EXPECT_EQ(pts[3], radiusVector);
  // The rim handle is drawn at C + R, and dragging it sets R = target - C.
  const auto handles = lesson.Handles(pts);
  ASSERT_NE(FindHandle(handles, 3), nullptr);
  EXPECT_EQ(FindHandle(handles, 3)->position, pts[2] + pts[3]);
  EXPECT_EQ(lesson.MoveHandle(pts, 3, cq::Vec2d{{2.7, 2.1}}), 3);
  EXPECT_EQ(pts[3], (cq::Vec2d{{2.7, 2.1}} - cq::Vec2d{{2.7, -0.9}}));
  EXPECT_EQ(ValuesByLabel(lesson.Evaluate(pts, k_view, NumberStyle::Readable))["radius"], "3");
  // Wire ends move as plain points.
  EXPECT_EQ(lesson.MoveHandle(pts, 0, cq::Vec2d{{-5, 1}}), 0);
  EXPECT_EQ(pts[0], (cq::Vec2d{{-5, 1}}));
}

TEST(ContactLesson, ExtentHoldsTheBallAndWhereItIsPushed) {
  // d = 1, r = 2: the ball reaches y = -1 and y = 3, the pushed-out one y = 4.
  const WorldRect extent = ContactLesson().Extent({{{-4, 0}}, {{4, 0}}, {{1, 1}}, {{0, 2}}});
  EXPECT_LE(extent.min.y(), -1);
  EXPECT_GE(extent.max.y(), 4);
  EXPECT_LE(extent.min.x(), -4);
  EXPECT_GE(extent.max.x(), 4);
}

TEST(ContactLesson, ARadiusBeyondTheRangeIsReportedNotDrawn) {
  const double big = 1.5e308;
  const LessonFrame frame =
      ContactLesson().Evaluate({{{-4, 0}}, {{4, 0}}, {{1, 1}}, {{big, big}}}, k_view, NumberStyle::Readable);
  ASSERT_TRUE(frame.error);
  EXPECT_EQ(frame.error->code, cq::ErrorCode::Overflow);
  EXPECT_EQ(frame.error->field, cq::Field::Radius);
  EXPECT_NE(frame.errorText.find("radius"), std::string::npos) << frame.errorText;
  EXPECT_TRUE(frame.values.empty());
  EXPECT_TRUE(frame.circles.empty());
  EXPECT_FALSE(frame.distance);
}

// 1e15 from the origin doubles are 0.125 apart, so region geometry computed in world
// coordinates had its corners on the view's edge up to 0.0625 units off its boundary
// line (5 pixels at 85 pixels per unit, more zoomed in). The frame keeps regions and
// strokes relative to the view's centre: every corner of every region and every boundary
// stroke lies on its perpendicular to within a hair of the local scale.
TEST(LessonFrameOrigin, RegionGeometryFarFromTheOriginIsExactToThePixel) {
  const double far = 1e15;
  const Points points = {{{far, 0}}, {{far + 8, 3}}, {{far + 4, 4}}};  // A, B, P
  const WorldRect view{{{far - 3.3, -3.1}}, {{far + 11.7, 6.9}}};
  const LessonFrame frame = SegmentLesson().Evaluate(points, view, NumberStyle::Readable);
  ASSERT_FALSE(frame.error);
  EXPECT_EQ(frame.origin, ViewOrigin(view));
  const cq::Vec2d d{{8, 3}};
  // A and B in the frame's coordinates (exact: far + k - origin by Sterbenz).
  const cq::Vec2d a = points[0] - frame.origin;
  const cq::Vec2d b = points[1] - frame.origin;
  // How far a local point is from the perpendicular through A or B, in units.
  const auto offA = [&](const cq::Vec2d& p) { return std::abs(cq::Dot(p - a, d)) / std::sqrt(cq::Dot(d, d)); };
  const auto offB = [&](const cq::Vec2d& p) { return std::abs(cq::Dot(p - b, d)) / std::sqrt(cq::Dot(d, d)); };
  int boundaries = 0;
  for (const StrokeLine& s : frame.strokes) {
    if (s.stroke != Stroke::Boundary) continue;
    ++boundaries;
    EXPECT_LT(std::min(std::max(offA(s.p0), offA(s.p1)), std::max(offB(s.p0), offB(s.p1))), 1e-12);
  }
  EXPECT_EQ(boundaries, 2);
  // Every polygon corner lies on one of the two perpendiculars or on the (grown) view's edge.
  const WorldRect local = LocalView(view, frame.origin);
  int onBoundary = 0;
  for (const RegionFill& fill : frame.regions)
    for (int i = 0; i < fill.polygon.count; ++i) {
      const cq::Vec2d p = fill.polygon.vertices[size_t(i)];
      const bool onEdge = p.x() == local.min.x() || p.x() == local.max.x() || p.y() == local.min.y() ||
                          p.y() == local.max.y();
      const bool onLine = std::min(offA(p), offB(p)) < 1e-12;
      EXPECT_TRUE(onEdge || onLine) << p.x() << ", " << p.y();
      onBoundary += onLine ? 1 : 0;
    }
  EXPECT_GE(onBoundary, 8);  // two corners per perpendicular in each of the two regions beside it
  // Strokes between world points (the perpendicular from P) are those points, relative.
  bool perpendicular = false;
  for (const StrokeLine& s : frame.strokes)
    if (s.stroke == Stroke::Perpendicular) {
      perpendicular = true;
      EXPECT_EQ(s.p0, points[2] - frame.origin);
    }
  EXPECT_TRUE(perpendicular);
}

// Far from the origin the view's own corners are rounded (to 0.125 at 1e15): the local
// view the regions are clipped to is grown past them, so the regions cover the true view
// (the canvas's, exactly centred on the camera) with no bare strip at an edge.
TEST(LessonFrameOrigin, RegionsCoverTheTrueViewFarFromTheOrigin) {
  const double far = 1e15;
  const Points points = {{{far, 0}}, {{far + 8, 3}}, {{far + 4, 4}}};
  // The true view runs from far + 3.95 to far + 4.19; doubles there are multiples of 0.125,
  // so VisibleWorld rounds its corners inwards, to far + 4 and far + 4.125.
  const WorldRect view{{{far + 4.0, 1.85}}, {{far + 4.125, 2.15}}};
  const cq::Vec2d trueMin{{3.95 - 4.0625, -0.15}};  // relative to ViewOrigin(view) = (far + 4.0625, 2)
  const cq::Vec2d trueMax{{4.19 - 4.0625, 0.15}};
  const LessonFrame frame = SegmentLesson().Evaluate(points, view, NumberStyle::Readable);
  ASSERT_FALSE(frame.error);
  double minX = 1e300, minY = 1e300, maxX = -1e300, maxY = -1e300;
  for (const RegionFill& fill : frame.regions)
    for (int i = 0; i < fill.polygon.count; ++i) {
      const cq::Vec2d p = fill.polygon.vertices[size_t(i)];
      minX = std::min(minX, p.x());
      minY = std::min(minY, p.y());
      maxX = std::max(maxX, p.x());
      maxY = std::max(maxY, p.y());
    }
  EXPECT_LE(minX, trueMin.x());
  EXPECT_LE(minY, trueMin.y());
  EXPECT_GE(maxX, trueMax.x());
  EXPECT_GE(maxY, trueMax.y());
}

// Zoomed far out about a point off the scene's centre, the view's centre drifts (to y =
// 1.5e31 here) while the segment, 8 by 3, stays near the origin: shifted to that centre,
// B - A rounds to (8, 0) and the perpendiculars came out vertical. Core takes the
// direction from before the shift: the boundaries stay perpendicular to the real B - A.
TEST(LessonFrameOrigin, BoundariesKeepTheirDirectionSeenFromFarAway) {
  const Points points = {{{-4, -1}}, {{4, 2}}, {{5.5, 4}}};
  const WorldRect view{{{-5e32, 1.5e31 - 5e32}}, {{5e32, 1.5e31 + 5e32}}};
  const LessonFrame frame = SegmentLesson().Evaluate(points, view, NumberStyle::Readable);
  ASSERT_FALSE(frame.error);
  const cq::Vec2d d{{8, 3}};
  int boundaries = 0;
  for (const StrokeLine& s : frame.strokes) {
    if (s.stroke != Stroke::Boundary) continue;
    ++boundaries;
    const cq::Vec2d along = s.p1 - s.p0;
    // Perpendicular to B - A: the cosine of the angle between them is ~0.
    EXPECT_LT(std::abs(cq::Dot(along, d)) / (std::sqrt(cq::Dot(along, along)) * std::sqrt(cq::Dot(d, d))), 1e-9);
  }
  EXPECT_EQ(boundaries, 2);
}

// B - A far below the doubles' spacing at the view's centre (A = 0, B = (1e-320, 0), a
// view around (0.5, 0.25)): shifted to the frame's origin A and B coincide, and the whole
// view read as A's region while P is in B's (a line read as "region A" too).
TEST(LessonFrameOrigin, ASubnormalSegmentKeepsItsRegionsWhenShifted) {
  const Points points = {{{0, 0}}, {{1e-320, 0}}, {{1, 0.5}}};
  const WorldRect view{{{-0.5, -0.75}}, {{1.5, 1.25}}};
  const LessonFrame segment = SegmentLesson().Evaluate(points, view, NumberStyle::Readable);
  ASSERT_FALSE(segment.error);
  double areaA = 0;
  double areaB = 0;
  for (const RegionFill& fill : segment.regions) {
    double area = 0;  // shoelace
    for (int i = 0; i < fill.polygon.count; ++i) {
      const cq::Vec2d p = fill.polygon.vertices[size_t(i)];
      const cq::Vec2d q = fill.polygon.vertices[size_t((i + 1) % fill.polygon.count)];
      area += 0.5 * cq::Cross(p, q);
    }
    if (fill.tone == Tone::VertexA) areaA += area;
    if (fill.tone == Tone::VertexB) areaB += area;
    if (fill.holdsP) {
      EXPECT_EQ(fill.tone, Tone::VertexB);
    }
  }
  EXPECT_NEAR(areaA, 0.5 * 2, 1e-9);  // x < 0: half a unit wide, two high
  EXPECT_NEAR(areaB, 1.5 * 2, 1e-9);
  EXPECT_EQ(HighlightedCount(segment), 1);
  const LessonFrame line = LineLesson().Evaluate(points, view, NumberStyle::Readable);
  ASSERT_EQ(line.regions.size(), 1u);
  EXPECT_EQ(line.regions[0].tone, Tone::Interior);
}

// A line 1e-320 long: t_raw = t overflows to inf while the closest point is finite. The
// evaluate step must not claim closest = A + t(B - A) with t = inf.
TEST(LinearLessons, EvaluateStepWhenTOverflows) {
  const Points points = {{{0, 0}}, {{1e-320, 1e-320}}, {{1, 0}}};
  const LessonFrame frame = LineLesson().Evaluate(points, k_view, NumberStyle::Readable);
  ASSERT_FALSE(frame.error);
  const auto& q = std::get<cq::LinearResult<double, 2>>(frame.result);
  ASSERT_TRUE(std::isinf(q.t));
  ASSERT_GE(frame.steps.size(), 3u);
  std::string evaluate;
  for (const std::string& step : frame.steps)
    if (step.rfind("Evaluate:", 0) == 0) evaluate = step;
  EXPECT_NE(evaluate.find("beyond the double range"), std::string::npos) << evaluate;
  EXPECT_EQ(evaluate.find("A + t(B − A) ="), std::string::npos) << evaluate;
  EXPECT_NE(evaluate.find(FormatPoint(q.closest, NumberStyle::Readable)), std::string::npos) << evaluate;
}

// A line 1e-300 long and P 1e300 along it (review s28 #6): t_raw is about 1e600, past the
// largest double. The inspector and the steps read "inf" ("t = t_raw = inf"), and the
// denominator "0" as if A were B. Every text now says what the infinity stands for.
TEST(LinearLessons, ATRawBeyondTheDoubleRangeIsSaidInWords) {
  for (const double side : {1.0, -1.0}) {
    SCOPED_TRACE(side);
    const Points points = {{{0, 0}}, {{1e-300, 0}}, {{side * 1e300, 0}}};
    for (const Lesson* base : {LessonTable()[1], LessonTable()[2]}) {  // the ray clamps -inf to 0
      const LessonFrame frame = base->Evaluate(points, k_view, NumberStyle::Readable);
      ASSERT_FALSE(frame.error);
      const auto& q = std::get<cq::LinearResult<double, 2>>(frame.result);
      ASSERT_TRUE(std::isinf(q.tRaw));
      ASSERT_EQ(q.denominator, 0.0);
      auto values = ValuesByLabel(frame);
      const std::string beyond = side > 0 ? "> 1.8e308 (beyond the double range)" : "< -1.8e308 (beyond the double range)";
      EXPECT_EQ(values["t_raw"], beyond) << base->Id();
      EXPECT_EQ(values["denominator"], "0 in double (|B − A|² underflows; core rescales)");
      if (std::isinf(q.t)) {
        EXPECT_EQ(values["t"], beyond) << base->Id();
      }
      if (std::isinf(q.distanceSq)) {
        EXPECT_EQ(values["distance²"], "> 1.8e308 (beyond the double range)");
      }
      for (const auto& [label, text] : values) EXPECT_EQ(text.find("inf"), std::string::npos) << label << ": " << text;
      for (const std::string& step : frame.steps) {
        EXPECT_EQ(step.find("inf"), std::string::npos) << step;
        EXPECT_EQ(step.find("= beyond"), std::string::npos) << step;
      }
      const std::string project = frame.steps.at(0);
      EXPECT_NE(project.find("/ |B − A|², beyond the double range (" + std::string(side > 0 ? ">" : "<")),
                std::string::npos)
          << project;
      if (base == LessonTable()[2]) {
        EXPECT_EQ(frame.steps.at(1), "No clamp: a line is unbounded, so t = t_raw, beyond the double range (" +
                                         std::string(side > 0 ? "> 1.8e308" : "< -1.8e308") + ").");
      }
    }
  }
  // A segment whose |B − A|² is 0 because A = B keeps the plain 0.
  const LessonFrame point = SegmentLesson().Evaluate({{{1, 1}}, {{1, 1}}, {{2, 2}}}, k_view, NumberStyle::Readable);
  EXPECT_EQ(ValuesByLabel(point)["denominator"], "0");
}

// A box a million wide with P 5 past its right side (review s29 #12): the step and the number
// line read "P.x = 1e+06 ... gives 1e+06", so the clamp could be seen nowhere. Coordinates are
// written as the fields write them.
TEST(BoxLessonText, CoordinatesAreWrittenAsTheirFieldsWriteThem) {
  const Points points = {{{-1e6, -1e6}}, {{1e6, 1e6}}, {{1000005, 3}}};
  const LessonFrame frame = BoxLesson().Evaluate(points, k_view, NumberStyle::Readable);
  ASSERT_FALSE(frame.error);
  ASSERT_GE(frame.steps.size(), 2u);
  EXPECT_EQ(frame.steps[1], "Clamp x: P.x = 1000005 into [-1000000, 1000000] gives 1000000 (clamped to max).");
  // The closest point reads as its step does (the step said 1e+06, the point 1000000: GUI
  // audit).
  EXPECT_NE(frame.steps[3].find("closest = (1000000, 3)"), std::string::npos) << frame.steps[3];
  const LessonFrame near =
      BoxLesson().Evaluate({{{-1e6, -1e6}}, {{1e6, 1e6}}, {{1000000.0000001, 3}}}, k_view, NumberStyle::Readable);
  ASSERT_FALSE(near.error);
  EXPECT_EQ(near.steps[1], "Clamp x: P.x = 1000000.0000001 into [-1000000, 1000000] gives 1000000 (clamped to max).");
  ASSERT_EQ(frame.numberLines.size(), 2u);
  for (const NumberLine& line : frame.numberLines) EXPECT_TRUE(line.coordinates) << line.name;
  EXPECT_EQ(NameEquals("P.x", 1000005, NumberStyle::Readable, true), "P.x = 1000005");
  EXPECT_EQ(NameEquals("P.x", 1000005, NumberStyle::Readable), "P.x = 1e+06");  // a t would be rounded
  EXPECT_EQ(NameEquals("P.x", 1000000.123456789, NumberStyle::Readable, true), "P.x = 1000000.123");
  // The other lessons' lines are parameters, not coordinates.
  for (const Lesson* lesson : LessonTable()) {
    if (lesson->Id() == "box") continue;
    for (const NumberLine& line : lesson->Evaluate(lesson->Presets().front().points, k_view, NumberStyle::Readable).numberLines)
      EXPECT_FALSE(line.coordinates) << lesson->Id() << " " << line.name;
  }
}

// A value never reads as one it is compared with or bounded by (review s35): at 6 digits
// d = 1.9999999 read "d = 2 < r = 2", and t_raw = 0.9999999 read "= 1 / 1 = 1" in the
// interior, with "t = t_raw = 1".
TEST(Format, ComparedValuesReadApart) {
  constexpr auto R = NumberStyle::Readable;
  EXPECT_EQ(FormatApart(0.9999999, {0, 1}, R), "0.9999999");
  EXPECT_EQ(FormatApart(0.999999999999, {0, 1}, R), "0.999999999999");
  EXPECT_EQ(FormatApart(1, {0.9999999}, R), "1");  // its own exact text is short
  EXPECT_EQ(FormatApart(2.00000011, {2.00000013}, R), "2.00000011");
  EXPECT_EQ(FormatApart(2.00000013, {2.00000011}, R), "2.00000013");
  EXPECT_EQ(FormatApart(1.0 / 3, {2.0 / 3}, R), "0.333333");  // already apart: unchanged
  EXPECT_EQ(FormatApart(1.0 / 3, {1.0 / 3}, R), "0.333333");  // equal values read equal
  EXPECT_EQ(FormatApart(0.9999999, {1}, NumberStyle::Exact), "0.9999999");
  EXPECT_EQ(FormatApart(2.00000000000001, {0, 2}, R, true), "2.00000000000001");  // a coordinate
  // Two texts that differ in form but read as one number (a field writes 1e11 as "1e+11"
  // and 100000000000.00002 as "100000000000"): the box read "P.x = 100000000000 into
  // [0, 1e+11] gives 1e+11 (clamped to max)" (review).
  const std::string px = FormatApart(100000000000.00002, {0, 1e11}, R, true);
  EXPECT_NE(std::strtod(px.c_str(), nullptr), 1e11) << px;
  EXPECT_EQ(std::strtod(px.c_str(), nullptr), 100000000000.00002) << px;
  EXPECT_EQ(ValueText(0.9999999, R, {1}), "0.9999999");
  EXPECT_EQ(EqualsText(0.9999999, R, {1}), " = 0.9999999");
  EXPECT_EQ(NameEquals("t_raw", 0.9999999, R, false, {0, 1}), "t_raw = 0.9999999");
  EXPECT_EQ(ValueText(HUGE_VAL, R, {1}), "> 1.8e308 (beyond the double range)");
  EXPECT_EQ(FormatPoint({{-HUGE_VAL, -4.9701345766704296e+306}}, NumberStyle::Exact),
            "(< -1.8e308, -4.9701345766704296e+306) (beyond the double range)");
}

TEST(LessonText, StepsAndValuesShowComparedValuesApart) {
  constexpr auto R = NumberStyle::Readable;
  // The centre 1.9999999 from the wire, r = 2: sunk in by 1e-07.
  const LessonFrame contact = ContactLesson().Evaluate({{{-4, 0}}, {{2, 0}}, {{0, 1.9999999}}, {{2, 0}}}, k_view, R);
  ASSERT_FALSE(contact.error);
  EXPECT_NE(StepsOf(contact).find("d = 1.9999999 < r = 2"), std::string::npos) << StepsOf(contact);
  EXPECT_EQ(ValuesByLabel(contact)["distance"], "1.9999999");
  EXPECT_EQ(contact.distanceText, "d = 1.9999999");
  // P projecting just short of B: interior, t_raw and t not "1".
  const LessonFrame segment = SegmentLesson().Evaluate({{{0, 0}}, {{1, 0}}, {{0.9999999, 1}}}, k_view, R);
  ASSERT_FALSE(segment.error);
  EXPECT_NE(StepsOf(segment).find("= 0.9999999 / 1 = 0.9999999."), std::string::npos) << StepsOf(segment);
  EXPECT_NE(StepsOf(segment).find("so t = t_raw = 0.9999999:"), std::string::npos) << StepsOf(segment);
  EXPECT_EQ(ValuesByLabel(segment)["t_raw"], "0.9999999");
  EXPECT_EQ(ValuesByLabel(segment)["t"], "0.9999999");
  EXPECT_EQ(ValuesByLabel(segment)["numerator"], "0.9999999");
  // P.x a hair past max.x: clamped, and it says so in digits.
  const LessonFrame box = BoxLesson().Evaluate({{{0, 0}}, {{2, 2}}, {{2.00000000000001, 1}}}, k_view, R);
  ASSERT_FALSE(box.error);
  EXPECT_EQ(box.steps[1], "Clamp x: P.x = 2.00000000000001 into [0, 2] gives 2 (clamped to max).");
  // A line's t_raw an ulp past 1: its clamp step said "t = t_raw = 1" right after the
  // project step's "= 1.0000000000000002" (lesson audit); the ray's said it in full.
  const LessonFrame line = LineLesson().Evaluate({{{0, 0}}, {{1e-12, 1e-12}}, {{-1e-12, 3e-12}}}, k_view, R);
  ASSERT_FALSE(line.error);
  ASSERT_EQ((std::get<cq::LinearResult<double, 2>>(line.result).tRaw), 1.0000000000000002);
  EXPECT_EQ(line.steps.at(1), "No clamp: a line is unbounded, so t = t_raw = 1.0000000000000002.");
}

// P = (0, 1) over (−4, 0)–(2, 0): t = 2/3 gives the foot (0, 0) by hand, and A + t(B − A)
// with t rounded gives (−2.22045e-16, 0), which the evaluate step printed without a word
// (lesson audit). It now says the coordinate is 0 to within the rounding of t; a foot
// whose coordinates are all well clear of 0 says nothing of the kind.
TEST(LessonText, ACoordinateAnUlpFromZeroIsSaidToBeRounding) {
  if (!CQ_MULADD_FUSED) GTEST_SKIP() << "the example's x = -2.2e-16 is an FMA's rounding (two roundings give 0)";
  constexpr auto R = NumberStyle::Readable;
  const LessonFrame segment = SegmentLesson().Evaluate({{{-4, 0}}, {{2, 0}}, {{0, 1}}}, k_view, R);
  ASSERT_FALSE(segment.error);
  ASSERT_EQ((std::get<cq::LinearResult<double, 2>>(segment.result).closest.x()), -2.220446049250313e-16)
      << "precondition: the rounded foot";
  EXPECT_NE(StepsOf(segment).find("closest = A + t(B − A) = (-2.22045e-16, 0) (its x = -2.22045e-16 is 0 up to the "
                                  "rounding of t, a few ulps of A's and B's x)"),
            std::string::npos)
      << StepsOf(segment);
  const LessonFrame contact = ContactLesson().Evaluate({{{-4, 0}}, {{2, 0}}, {{0, 1}}, {{0, 3}}}, k_view, R);
  ASSERT_FALSE(contact.error);
  EXPECT_NE(StepsOf(contact).find("is 0 up to the rounding of t"), std::string::npos) << StepsOf(contact);
  const LessonFrame seed = SegmentLesson().Evaluate({{{0, 0}}, {{5, 0}}, {{3, -2}}}, k_view, R);
  EXPECT_EQ(StepsOf(seed).find("up to the rounding of t"), std::string::npos) << StepsOf(seed);
  // Where the exact foot's x is not 0 (P = (3e-16, 1): it is 3e-16), the step says that
  // value, not 0 (words audit).
  const LessonFrame off = SegmentLesson().Evaluate({{{-4, 0}}, {{2, 0}}, {{3e-16, 1}}}, k_view, R);
  ASSERT_FALSE(off.error);
  EXPECT_EQ(StepsOf(off).find("is 0 up to the rounding of t"), std::string::npos) << StepsOf(off);
  EXPECT_NE(StepsOf(off).find("is the exact foot's x, 3e-16, moved by the rounding of t, a few ulps of A's and B's x)"),
            std::string::npos)
      << StepsOf(off);
}

// A point an ulp or so from a vertex or a bound read as that vertex beside words that say
// it is not (audit of 2026-11-28): the box with P.x = 1.99999999999999 in [0, 2] said
// "inside", "P.x = 1.99999999999999 ... gives 1.99999999999999 (kept)" and then "closest =
// (2, 2)", the corner; a segment's closest point 1e-14 short of B read "(1, 0)", B itself,
// beside "interior" and t = 0.99999999999999. Points were written coordinate by coordinate
// as their fields are, with no regard to the points they are compared with. Each
// coordinate now reads apart from the same coordinate of those points (the box's corners,
// the segment's ends, C beside C′), while ordinary values keep their short text.
TEST(LessonText, APointAHairFromAVertexReadsApartFromIt) {
  constexpr auto R = NumberStyle::Readable;
  // The audit's box, with P.y on max.y (kept, not clamped) and a hair inside it.
  for (const double py : {2.0, 1.99999999999999}) {
    const LessonFrame box = BoxLesson().Evaluate({{{0, 0}}, {{2, 2}}, {{1.99999999999999, py}}}, k_view, R);
    ASSERT_FALSE(box.error);
    ASSERT_EQ(box.regionName, "inside") << "precondition";
    const std::string closest = py == 2 ? "(1.99999999999999, 2)" : "(1.99999999999999, 1.99999999999999)";
    EXPECT_EQ(ValuesByLabel(box)["closest"], closest);
    EXPECT_EQ(box.steps.at(1), "Clamp x: P.x = 1.99999999999999 into [0, 2] gives 1.99999999999999 (kept).");
    EXPECT_NE(StepsOf(box).find("Evaluate: no axis clamped: P is in the box (its boundary included), its own "
                                "closest point: closest = P = " +
                                closest + "."),
              std::string::npos)
        << StepsOf(box);
  }
  // Clamped a hair: the closest point is the bound itself and reads so.
  const LessonFrame past = BoxLesson().Evaluate({{{0, 0}}, {{2, 2}}, {{2.00000000000001, 1}}}, k_view, R);
  ASSERT_FALSE(past.error);
  EXPECT_EQ(ValuesByLabel(past)["closest"], "(2, 1)");
  // A box inverted by a hair names two numbers that differ.
  const LessonFrame inverted = BoxLesson().Evaluate({{{2.00000000000001, 0}}, {{2, 2}}, {{1, 1}}}, k_view, R);
  ASSERT_TRUE(inverted.error);
  EXPECT_EQ(inverted.errorText.rfind("Min.x (2.00000000000001) is greater than Max.x (2)", 0), 0u)
      << inverted.errorText;

  // A segment's t just below 1: the closest point and the foot are not B.
  const LessonFrame below = SegmentLesson().Evaluate({{{0, 0}}, {{1, 0}}, {{0.99999999999999, 1}}}, k_view, R);
  ASSERT_FALSE(below.error);
  ASSERT_EQ(below.regionName, "interior") << "precondition";
  EXPECT_EQ(ValuesByLabel(below)["t"], "0.99999999999999");
  EXPECT_EQ(ValuesByLabel(below)["closest"], "(0.99999999999999, 0)");
  EXPECT_EQ(ValuesByLabel(below)["foot"], "(0.99999999999999, 0)");
  EXPECT_NE(StepsOf(below).find("closest = A + t(B − A) = (0.99999999999999, 0)."), std::string::npos)
      << StepsOf(below);
  // Just past B: the closest point is B, and the foot beyond it is not.
  const LessonFrame beyond = SegmentLesson().Evaluate({{{0, 0}}, {{1, 0}}, {{1.00000000000001, 1}}}, k_view, R);
  ASSERT_FALSE(beyond.error);
  EXPECT_EQ(ValuesByLabel(beyond)["closest"], "(1, 0)");
  EXPECT_EQ(ValuesByLabel(beyond)["foot"], "(1.00000000000001, 0)");

  // The contact: Q a hair inside B; a push of 1e-14 that reads as no move at six digits.
  const LessonFrame nearB =
      ContactLesson().Evaluate({{{-4, 0}}, {{2, 0}}, {{1.99999999999999, 1}}, {{2, 0}}}, k_view, R);
  ASSERT_FALSE(nearB.error);
  EXPECT_EQ(ValuesByLabel(nearB)["closest"], "(1.99999999999999, 0)");
  const LessonFrame push =
      ContactLesson().Evaluate({{{-4, 0}}, {{2, 0}}, {{0, 1.5}}, {{1.50000000000001, 0}}}, k_view, R);
  ASSERT_FALSE(push.error);
  const auto& pushed = std::get<cq::ContactResult<double, 2>>(push.result);
  ASSERT_EQ(pushed.resolvedCenter.y(), 1.50000000000001) << "precondition";
  EXPECT_EQ(ValuesByLabel(push)["resolved centre"], "(0, 1.50000000000001)");
  EXPECT_NE(StepsOf(push).find("C′ = C + depth·n = (0, 1.50000000000001)"), std::string::npos) << StepsOf(push);

  // A plane's distance just off 0 never reads 0, and its foot is on the plane.
  const LessonFrame plane = PlaneLesson().Evaluate({{{0, 2}}, {{0, 3}}, {{3, 2.0000000000000004}}}, k_view, R);
  ASSERT_FALSE(plane.error);
  EXPECT_EQ(ValuesByLabel(plane)["signed distance"], "4.44089e-16");
  EXPECT_EQ(ValuesByLabel(plane)["closest"], "(3, 2)");
  EXPECT_EQ(plane.distanceText, "s = 4.44089e-16");

  // Ordinary values keep their short text.
  const LessonFrame seed = SegmentLesson().Evaluate({{{0, 0}}, {{5, 0}}, {{3, 2}}}, k_view, R);
  EXPECT_EQ(ValuesByLabel(seed)["closest"], "(3, 0)");
  const LessonFrame slanted = SegmentLesson().Evaluate({{{0, 0}}, {{3, 1}}, {{1, 2}}}, k_view, R);
  EXPECT_EQ(ValuesByLabel(slanted)["closest"], "(1.5, 0.5)");
  const LessonFrame third = SegmentLesson().Evaluate({{{0, 0}}, {{3, 0}}, {{1, 2}}}, k_view, R);
  EXPECT_EQ(ValuesByLabel(third)["closest"], "(1, 0)");
  const LessonFrame corner = BoxLesson().Evaluate({{{-2, -1.5}}, {{2, 1.5}}, {{4, 3.5}}}, k_view, R);
  EXPECT_EQ(ValuesByLabel(corner)["closest"], "(2, 1.5)");
}

// Review s35 of the change above: a ray's and a line's t_raw are kept apart from 1 too (the
// t line marks 0 and 1 for every kind: "0.99999999 / 1 = 1" in the steps, "t_raw =
// 0.99999999" on the line); a coordinate takes more digits than its field, never fewer
// (12345.674999999 against 12345.675000001 read "12345.67" and "12345.68", both
// "12345.675" in their fields); a contact with d beyond the range says so in words.
TEST(LessonText, ComparedValuesReadApartInEveryKindAndNeverWithFewerDigits) {
  constexpr auto R = NumberStyle::Readable;
  for (const LinearLesson* lesson : {static_cast<const LinearLesson*>(new RayLesson()),
                                     static_cast<const LinearLesson*>(new LineLesson())}) {
    const LessonFrame frame = lesson->Evaluate({{{0, 0}}, {{1, 0}}, {{0.99999999, 1}}}, k_view, R);
    ASSERT_FALSE(frame.error);
    EXPECT_NE(StepsOf(frame).find("= 0.99999999 / 1 = 0.99999999."), std::string::npos) << StepsOf(frame);
    EXPECT_EQ(ValuesByLabel(frame)["t_raw"], "0.99999999");
    EXPECT_EQ(ValuesByLabel(frame)["t"], "0.99999999");
    delete lesson;
  }
  EXPECT_EQ(FormatApart(12345.674999999, {12345.675000001}, R, true), "12345.674999999");
  EXPECT_EQ(FormatApart(12345.675000001, {12345.674999999}, R, true), "12345.675000001");
  EXPECT_EQ(FormatApart(1234567.4999999, {1234567.50000001}, R, true), "1234567.4999999");
  const LessonFrame far = ContactLesson().Evaluate(
      {{{1.7e308, 0}}, {{1.7e308, 1}}, {{-1.7e308, 0}}, {{1, 0}}}, k_view, R);
  ASSERT_FALSE(far.error) << far.errorText;
  const std::string steps = StepsOf(far);
  EXPECT_NE(steps.find("d = |C − Q|, beyond the double range (> 1.8e308), with Q"), std::string::npos) << steps;
  EXPECT_NE(steps.find("Compare: d, beyond the double range, is more than r = 1: the ball is clear"), std::string::npos)
      << steps;
  EXPECT_EQ(steps.find("= >"), std::string::npos) << steps;
}

// A t_raw that rounds just past 1 for a P decided exactly before B (the slow path) is said
// to round outside, not called "inside" right after the Project step printed it.
TEST(LessonText, ATRawRoundedPastAnEndOfAPointExactlyInsideIsSaidSo) {
  const Points points = {{{9.035096077441114e+155, -2.8212208729945007e+156}},
                         {{-7.326993530182481e-125, 3.6519181899291153e-125}},
                         {{-2.2540421729755657e-211, 5.15518970262434e-210}}};
  const auto q = cq::ClosestPointOnSegment(points[2], points[0], points[1]);
  ASSERT_TRUE(q.ok());
  ASSERT_EQ(q->region, cq::LinearRegion::Interior) << "precondition";
  ASSERT_GT(q->tRaw, 1.0) << "precondition";
  const LessonFrame frame = SegmentLesson().Evaluate(points, ViewAround(SegmentLesson(), points), NumberStyle::Readable);
  const std::string steps = StepsOf(frame);
  EXPECT_NE(steps.find("t_raw = 1.0000000000000002 rounds just outside, but P lies exactly inside"), std::string::npos)
      << steps;
  EXPECT_EQ(steps.find("t_raw is inside"), std::string::npos) << steps;
}

// A t that rounds to 0 or 1 in the interior is not the t the closest point was formed
// with: with A = (-1e200, 1e200), B = (0, 0) and P = (-1e140, 1e140), t = 1 - 1e-60 reads
// 1, and the step read "closest = A + t(B − A) = (-1e+140, 1e+140)", which with t = 1 is
// B. A ray's t that underflows to 0 in the interior likewise (A + 0(B − A) is A).
TEST(LessonText, ATRoundedToAnEndInTheInteriorIsNotUsedAsTheClosestPointsT) {
  const Points segment = {{{-1e200, 1e200}}, {{0, 0}}, {{-1e140, 1e140}}};
  const auto q = cq::ClosestPointOnSegment(segment[2], segment[0], segment[1]);
  ASSERT_TRUE(q.ok());
  ASSERT_EQ(q->region, cq::LinearRegion::Interior) << "precondition";
  ASSERT_EQ(q->t, 1.0) << "precondition";
  std::string steps = StepsOf(SegmentLesson().Evaluate(segment, ViewAround(SegmentLesson(), segment), NumberStyle::Readable));
  EXPECT_EQ(steps.find("closest = A + t(B − A) ="), std::string::npos) << steps;
  EXPECT_NE(steps.find("Evaluate: closest = (-1e+140, 1e+140), the foot of the perpendicular: t reads 1 only as "
                       "rounded (P lies a hair before B), and core forms the foot without that rounding; "
                       "A + t(B − A) with t = 1 would be B itself."),
            std::string::npos)
      << steps;
  const Points ray = {{{0, 0}}, {{1e200, 0}}, {{1e-200, 1}}};
  const auto r = cq::ClosestPointOnRay(ray[2], ray[0], ray[1]);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->region, cq::LinearRegion::Interior) << "precondition";
  ASSERT_EQ(r->t, 0.0) << "precondition";
  steps = StepsOf(RayLesson().Evaluate(ray, ViewAround(RayLesson(), ray), NumberStyle::Readable));
  EXPECT_EQ(steps.find("closest = A + t(B − A) ="), std::string::npos) << steps;
  EXPECT_NE(steps.find("t reads 0 only as rounded (P lies a hair after A)"), std::string::npos) << steps;
  EXPECT_NE(steps.find("A + t(B − A) with t = 0 would be A itself."), std::string::npos) << steps;
  // A ray's t = 1 is an ordinary value (review: P = (5, 3) over B = (5, 0) read "t reads 1
  // only as rounded (P lies a hair before B)"), and where core's closest point is the
  // vertex itself (t underflowed on the fast path: P = (1e-300, 1) with B = (1e150, 0)),
  // the formula holds as written.
  for (const Points& plain : {Points{{{0, 0}}, {{5, 0}}, {{5, 3}}}, Points{{{-3, -1}}, {{1, 1}}, {{0, 3}}},
                              Points{{{0, 0}}, {{1e150, 0}}, {{1e-300, 1}}}}) {
    steps = StepsOf(RayLesson().Evaluate(plain, ViewAround(RayLesson(), plain), NumberStyle::Readable));
    EXPECT_NE(steps.find("Evaluate: closest = A + t(B − A) = "), std::string::npos) << steps;
    EXPECT_EQ(steps.find("only as rounded"), std::string::npos) << steps;
  }
  const Points underflow = {{{0, 0}}, {{1e150, 0}}, {{1e-300, 1}}};
  steps = StepsOf(SegmentLesson().Evaluate(underflow, ViewAround(SegmentLesson(), underflow), NumberStyle::Readable));
  EXPECT_NE(steps.find("Evaluate: closest = A + t(B − A) = (0, 0)."), std::string::npos) << steps;
}

// A point on the shape is its own closest point at distance 0, and the Evaluate step says
// so: "closest = A + t(B − A) = (0, 0)" for P = (0, 0) on (−4, 0)–(2, 0) held only for the
// real t = 2/3; with t as rounded to a double the formula gives (−2.2e-16, 0) (audit of
// 2026-11-28's evening). A point off the line keeps the formula.
TEST(LessonText, APointOnTheShapeIsItsOwnFootInTheEvaluateStep) {
  const Points onSegment = {{{-4, 0}}, {{2, 0}}, {{0, 0}}};
  std::string steps =
      StepsOf(SegmentLesson().Evaluate(onSegment, ViewAround(SegmentLesson(), onSegment), NumberStyle::Readable));
  EXPECT_NE(steps.find("Evaluate: closest = P = (0, 0) itself: P lies on the segment (at distance exactly 0), so "
                       "it is its own foot; A + t(B − A) gives the same point up to the rounding of t."),
            std::string::npos)
      << steps;
  EXPECT_EQ(steps.find("closest = A + t(B − A) ="), std::string::npos) << steps;
  const Points onRay = {{{-4, 0}}, {{2, 0}}, {{7, 0}}};  // past B: still on the ray
  steps = StepsOf(RayLesson().Evaluate(onRay, ViewAround(RayLesson(), onRay), NumberStyle::Readable));
  EXPECT_NE(steps.find("Evaluate: closest = P = (7, 0) itself: P lies on the ray"), std::string::npos) << steps;
  const Points onLine = {{{-4, 0}}, {{2, 0}}, {{-9, 0}}};  // before A: still on the line
  steps = StepsOf(LineLesson().Evaluate(onLine, ViewAround(LineLesson(), onLine), NumberStyle::Readable));
  EXPECT_NE(steps.find("Evaluate: closest = P = (-9, 0) itself: P lies on the line"), std::string::npos) << steps;
  const Points off = {{{-4, 0}}, {{2, 0}}, {{0, 1}}};  // its foot, as rounded, is (-2.2e-16, 0)
  steps = StepsOf(SegmentLesson().Evaluate(off, ViewAround(SegmentLesson(), off), NumberStyle::Readable));
  EXPECT_NE(steps.find("Evaluate: closest = A + t(B − A) = ("), std::string::npos) << steps;
  EXPECT_EQ(steps.find("its own foot"), std::string::npos) << steps;
  // Where t is exact and the formula gives P itself (t = 0.625 on (−4, 0)–(4, 0)), no
  // "rounding of t" is claimed (teaching audit of 2026-11-29).
  const Points exact = {{{-4, 0}}, {{4, 0}}, {{1, 0}}};
  steps = StepsOf(SegmentLesson().Evaluate(exact, ViewAround(SegmentLesson(), exact), NumberStyle::Readable));
  EXPECT_NE(steps.find("so it is its own foot; A + t(B − A) gives the same point with t = 0.625."), std::string::npos)
      << steps;
  EXPECT_EQ(steps.find("rounding of t"), std::string::npos) << steps;
  // t = 1/3 is no double: the formula's fused multiply-add lands on P = (1, 0) all the same,
  // but t as shown (0.333333) does not give it (review of 2026-11-29).
  const Points third = {{{0, 0}}, {{3, 0}}, {{1, 0}}};
  steps = StepsOf(SegmentLesson().Evaluate(third, ViewAround(SegmentLesson(), third), NumberStyle::Readable));
  EXPECT_NE(steps.find("gives the same point up to the rounding of t."), std::string::npos) << steps;
}

// The zero vector as "no answer" was taught in one preset's note, over a scene whose
// origin was A itself, on the boundary of A's region (teaching audit of 2026-11-29). The
// preset's origin is now inside the segment (t = 0.5), and the Evaluate step says the
// pitfall wherever the answer is the origin.
TEST(LessonText, AnAnswerAtTheOriginIsSaidToBeARealAnswer) {
  const std::vector<Preset> presets = SegmentLesson().Presets();
  const auto origin = std::find_if(presets.begin(), presets.end(),
                                   [](const Preset& p) { return std::string(p.name) == "Answer at the origin"; });
  ASSERT_NE(origin, presets.end());
  const LessonFrame frame = SegmentLesson().Evaluate(origin->points, ViewAround(SegmentLesson(), origin->points),
                                                     NumberStyle::Readable);
  const auto& q = std::get<cq::LinearResult<double, 2>>(frame.result);
  EXPECT_EQ(q.region, cq::LinearRegion::Interior);
  EXPECT_EQ(q.t, 0.5);
  EXPECT_EQ(q.closest, (cq::Vec2d{{0, 0}}));
  const std::string steps = StepsOf(frame);
  EXPECT_NE(steps.find("Evaluate: closest = A + t(B − A) = (0, 0). (0, 0) is the origin, and a real answer: code "
                       "that returned the zero vector to mean \"no answer\" would throw it away; core reports a "
                       "failure as an error of its own."),
            std::string::npos)
      << steps;
  const Points atA = {{{0, 0}}, {{5, 0}}, {{-1, -2}}};  // clamped to A = the origin
  EXPECT_NE(StepsOf(SegmentLesson().Evaluate(atA, ViewAround(SegmentLesson(), atA), NumberStyle::Readable))
                .find("the vertex A itself. (0, 0) is the origin, and a real answer"),
            std::string::npos);
  const Points seed = {{{0, 0}}, {{5, 0}}, {{3, -2}}};
  EXPECT_EQ(StepsOf(SegmentLesson().Evaluate(seed, ViewAround(SegmentLesson(), seed), NumberStyle::Readable))
                .find("is the origin"),
            std::string::npos);
  // Every branch that writes an Evaluate step (review of 2026-11-29: the contact's
  // exact-vertex branch had none): C exactly on the perpendicular through A = (0, 0), far
  // off, where the rounded numerator reads past B; and A = B = (0, 0).
  const Points farOnPerpendicular = {{{0, 0}}, {{0.1, 0.2}}, {{-2e16, 1e16}}, {{1, 0}}};
  const std::string contact = StepsOf(ContactLesson().Evaluate(
      farOnPerpendicular, ViewAround(ContactLesson(), farOnPerpendicular), NumberStyle::Readable));
  EXPECT_NE(contact.find("the vertex A itself. (0, 0) is the origin, and a real answer"), std::string::npos) << contact;
  // The plane and the box too (teaching audit: the glossary's entry is for every shape).
  const Points plane = {{{0, 0}}, {{0, 1}}, {{0, 5}}};
  EXPECT_NE(StepsOf(PlaneLesson().Evaluate(plane, ViewAround(PlaneLesson(), plane), NumberStyle::Readable))
                .find("(0, 0) is the origin, and a real answer"),
            std::string::npos);
  const Points box = {{{0, 0}}, {{2, 2}}, {{-1, -1}}};
  EXPECT_NE(StepsOf(BoxLesson().Evaluate(box, ViewAround(BoxLesson(), box), NumberStyle::Readable))
                .find("(0, 0) is the origin, and a real answer"),
            std::string::npos);
  const Points point = {{{0, 0}}, {{0, 0}}, {{3, 4}}};
  EXPECT_NE(StepsOf(SegmentLesson().Evaluate(point, ViewAround(SegmentLesson(), point), NumberStyle::Readable))
                .find("closest = A = (0, 0). (0, 0) is the origin, and a real answer"),
            std::string::npos);
}

// The Project step shows the quotient t_raw (the t line draws it), and the Clamp step
// said only "decided on the numerator before dividing", which read as "divide, then
// clamp" (teaching audit of 2026-11-29). At an end the step says no division is needed;
// inside, that only an interior t needs the quotient.
TEST(LessonText, TheClampSaysWhatTheDeferredDivisionSaves) {
  const Points pastB = {{{-4, -1}}, {{3, 1.5}}, {{5.5, 4}}};
  std::string steps = StepsOf(SegmentLesson().Evaluate(pastB, ViewAround(SegmentLesson(), pastB), NumberStyle::Readable));
  EXPECT_NE(steps.find("Clamp to [0, 1]: the numerator 79 ≥ |B − A|² = 55.25, so t = 1: P projects past B, and B is "
                       "the answer. (Decided on the numerator before dividing: Ericson's deferred division. An end "
                       "needs no division at all: the decision never uses the quotient, which core forms only to "
                       "report t_raw.)"),
            std::string::npos)
      << steps;
  const Points behind = {{{-4, 0}}, {{2, 0}}, {{-6, 1}}};
  steps = StepsOf(RayLesson().Evaluate(behind, ViewAround(RayLesson(), behind), NumberStyle::Readable));
  EXPECT_NE(steps.find("An end needs no division at all"), std::string::npos) << steps;
  EXPECT_EQ(steps.find("Only an interior t"), std::string::npos) << steps;
  const Points line = {{{-4, 0}}, {{2, 0}}, {{7, 1}}};
  steps = StepsOf(LineLesson().Evaluate(line, ViewAround(LineLesson(), line), NumberStyle::Readable));
  EXPECT_EQ(steps.find("division"), std::string::npos) << "a line has no clamp to decide: " << steps;
}

// The interior's Clamp step tested the quotient ("t_raw is inside") and then said it was
// "decided on the numerator before dividing" (teaching review of 2026-11-28's night
// session). It compares the numerator, as the end cases do; where core compared a
// rescaled numerator (one that underflowed to 0 in double), it says so, and a t that
// reads 1 only as rounded is said to be inside.
TEST(LessonText, TheInteriorsClampComparesTheNumeratorAsTheEndsDo) {
  const Points interior = SegmentLesson().Presets()[1].points;  // "Interior: the foot"
  std::string steps =
      StepsOf(SegmentLesson().Evaluate(interior, ViewAround(SegmentLesson(), interior), NumberStyle::Readable));
  EXPECT_NE(steps.find("Clamp to [0, 1]: 0 < the numerator 31 < |B − A|² = 55.25, so t = t_raw = 0.561086: the foot "
                       "is the answer. (Decided on the numerator before dividing: Ericson's deferred division. Only an "
                       "interior t needs the quotient.)"),
            std::string::npos)
      << steps;
  const Points ahead = {{{-4, 0}}, {{2, 0}}, {{7, 1}}};
  steps = StepsOf(RayLesson().Evaluate(ahead, ViewAround(RayLesson(), ahead), NumberStyle::Readable));
  EXPECT_NE(steps.find("Clamp to [0, ∞): the numerator 66 > 0, so t = t_raw = 1.83333: the foot is the answer."),
            std::string::npos)
      << steps;
  const Points underflows = {{{0, 0}}, {{1e-160, 0}}, {{1e-170, 5}}};
  steps = StepsOf(SegmentLesson().Evaluate(underflows, ViewAround(SegmentLesson(), underflows), NumberStyle::Readable));
  EXPECT_NE(steps.find("Clamp to [0, 1]: 0 < the numerator < |B − A|² at that scale, so t = t_raw = 1e-10: the foot "
                       "is the answer. (Decided on the rescaled numerator before dividing: Ericson's deferred division. "
                       "Only an interior t needs the quotient.)"),
            std::string::npos)
      << steps;
  const Points readsOne = {{{-1e200, 1e200}}, {{0, 0}}, {{-1e140, 1e140}}};
  steps = StepsOf(SegmentLesson().Evaluate(readsOne, ViewAround(SegmentLesson(), readsOne), NumberStyle::Readable));
  EXPECT_NE(steps.find("so t = t_raw = 1 (P lies a hair before B: t reads 1 only as rounded): the foot is the answer."),
            std::string::npos)
      << steps;
  for (const Lesson* lesson : LessonTable())
    for (const Preset& preset : lesson->Presets()) {
      steps = StepsOf(lesson->Evaluate(preset.points, ViewAround(*lesson, preset.points), NumberStyle::Readable));
      EXPECT_EQ(steps.find("t_raw is inside"), std::string::npos) << lesson->Id() << " " << preset.name << "\n" << steps;
    }
}

// Teaching review of 2026-11-28's night session: the box's last step had no "Evaluate:"
// and called a P on the boundary "inside" unexplained; the flat box's note said some of
// its nine regions were empty (none is: three have zero area); the line's A was an
// "endpoint" of a shape with no ends.
TEST(LessonText, TheBoxAndPointWordsSayWhatTheShapeIs) {
  const std::vector<Preset> presets = BoxLesson().Presets();
  std::string steps = StepsOf(BoxLesson().Evaluate(presets[0].points, k_view, NumberStyle::Readable));
  EXPECT_NE(steps.find("Evaluate: 2 axes clamped: the region is vertex (top-right), and closest = (2, 1.5)."),
            std::string::npos)
      << steps;
  steps = StepsOf(BoxLesson().Evaluate(presets[1].points, k_view, NumberStyle::Readable));
  EXPECT_NE(steps.find("Evaluate: 1 axis clamped: the region is edge (right), and closest = (2, 0.5)."),
            std::string::npos)
      << steps;
  const Points onCorner = {{{-2, -1.5}}, {{2, 1.5}}, {{2, 1.5}}};
  steps = StepsOf(BoxLesson().Evaluate(onCorner, k_view, NumberStyle::Readable));
  EXPECT_NE(steps.find("Evaluate: no axis clamped: P is in the box (its boundary included), its own closest point: "
                       "closest = P = (2, 1.5)."),
            std::string::npos)
      << steps;
  EXPECT_EQ(presets[3].name, "Flat box");
  EXPECT_NE(presets[3].note.find("three of them (inside and the left and right edges) of zero area"),
            std::string::npos)
      << presets[3].note;
  EXPECT_EQ(presets[3].note.find("empty"), std::string::npos) << presets[3].note;
  EXPECT_EQ(LineLesson().PointSpecs()[0].description, "point A (t = 0)");
  EXPECT_EQ(RayLesson().PointSpecs()[0].description, "start A (t = 0)");
  EXPECT_EQ(SegmentLesson().PointSpecs()[0].description, "endpoint A (t = 0)");
  EXPECT_EQ(SegmentLesson().PointSpecs()[1].description, "endpoint B (t = 1)");
  // A line's t is not clamped (its step says "No clamp"); the foot's help says what the
  // carrier line is.
  const Points line = LineLesson().Presets()[0].points;
  // A ray's A is its start, in the steps as in the summary; a degenerate segment's
  // Distance step gives the square as every other one does; the long normal's note says
  // which answer it repeats.
  const Points behind = RayLesson().Presets()[0].points;
  steps = StepsOf(RayLesson().Evaluate(behind, k_view, NumberStyle::Readable));
  EXPECT_NE(steps.find(", the start A itself."), std::string::npos) << steps;
  const Points degenerate = {{{1, 1}}, {{1, 1}}, {{4, 5}}};
  steps = StepsOf(SegmentLesson().Evaluate(degenerate, k_view, NumberStyle::Readable));
  EXPECT_NE(steps.find("Distance: |P − A| = 5 (squared: 25)."), std::string::npos) << steps;
  const std::vector<Preset> planes = PlaneLesson().Presets();
  EXPECT_NE(planes[2].note.find("\"Behind the plane\""), std::string::npos) << planes[2].note;
  EXPECT_NE(planes[2].note.find("3 times shorter"), std::string::npos) << planes[2].note;
  for (int k = 0; k < 2; ++k)
    EXPECT_DOUBLE_EQ(planes[2].points[1][k] - planes[2].points[0][k], 3 * (planes[0].points[1][k] - planes[0].points[0][k]));
  EXPECT_EQ(PlaneLesson().Evaluate(planes[2].points, k_view, NumberStyle::Readable).values.at(0).text,
            PlaneLesson().Evaluate(planes[0].points, k_view, NumberStyle::Readable).values.at(0).text);
  std::map<std::string, std::string> help;
  for (const InspectorValue& value : LineLesson().Evaluate(line, k_view, NumberStyle::Readable).values)
    help[value.label] = value.help;
  EXPECT_EQ(help["t"], "t_raw itself (a line has no clamp): closest = A + t(B − A)");
  EXPECT_EQ(help["foot"], "the projection onto the line through A and B (the carrier line), A + t_raw(B − A)");
}

// The plane's Evaluate step used n̂ without saying what it is (teaching review of
// 2026-11-28's night session): it gives n̂ = n / |n| with its numbers.
TEST(LessonText, ThePlanesEvaluateStepSaysWhatNHatIs) {
  const Points behind = PlaneLesson().Presets()[0].points;
  const std::string steps = StepsOf(PlaneLesson().Evaluate(behind, k_view, NumberStyle::Readable));
  EXPECT_NE(steps.find("Evaluate: closest = P − s n̂ = (3.27586, -1.31034), with n̂ = n / |n| = (0.371391, "
                       "0.928477) (P is behind)."),
            std::string::npos)
      << steps;
}

// The contact's closest point on the wire is Q everywhere else (canvas, summary, the
// Distance step), but its Evaluate step wrote "closest = A + t(B − A)" and "C lies on the
// segment" next to "C lies on the wire" (teaching review of 2026-11-28's night session).
TEST(LessonText, TheContactsEvaluateStepNamesQAndTheWire) {
  for (const Preset& preset : ContactLesson().Presets()) {
    const std::string steps = StepsOf(ContactLesson().Evaluate(preset.points, k_view, NumberStyle::Readable));
    EXPECT_EQ(steps.find("closest ="), std::string::npos) << preset.name << "\n" << steps;
    EXPECT_EQ(steps.find("segment"), std::string::npos) << preset.name << "\n" << steps;
    EXPECT_NE(steps.find("Evaluate: Q = "), std::string::npos) << preset.name << "\n" << steps;
  }
  const std::string onWire =
      StepsOf(ContactLesson().Evaluate(ContactLesson().Presets()[4].points, k_view, NumberStyle::Readable));
  EXPECT_NE(onWire.find("Evaluate: Q = C = (1, 0) itself: C lies on the wire (at distance exactly 0)"),
            std::string::npos)
      << onWire;
  const std::string pastEnd =
      StepsOf(ContactLesson().Evaluate(ContactLesson().Presets()[0].points, k_view, NumberStyle::Readable));
  EXPECT_NE(pastEnd.find("Evaluate: Q = A + t(B − A) = (2, 0), the vertex B itself."), std::string::npos) << pastEnd;
}

// "P lies on the segment (at distance exactly 0)" only where it does, exactly: a point
// 1.6e-325 off the segment (0, 0)-(1, 3) has a distance that rounds to 0 and a foot that
// rounds to P itself, yet lies off it; the words said it lay on it (and in the contact
// lesson beside "C's distance across the wire from the exact cross product"). Review.
TEST(LessonText, APointAHairOffTheShapeIsNotSaidToLieOnIt) {
  const Points hairOff = {{{0, 0}}, {{1, 3}}, {{4.9406564584e-314, 1.48219693757e-313}}};  // (k, 3k + 1) x 2^-1074
  std::string steps =
      StepsOf(SegmentLesson().Evaluate(hairOff, ViewAround(SegmentLesson(), hairOff), NumberStyle::Exact));
  EXPECT_EQ(steps.find("lies on the segment"), std::string::npos) << steps;
  steps = StepsOf(LineLesson().Evaluate(hairOff, ViewAround(LineLesson(), hairOff), NumberStyle::Exact));
  EXPECT_EQ(steps.find("lies on the line"), std::string::npos) << steps;
  const LessonFrame contact = ContactLesson().Evaluate({hairOff[0], hairOff[1], hairOff[2], {{1, 0}}}, k_view,
                                                       NumberStyle::Exact);
  steps = StepsOf(contact);
  EXPECT_EQ(steps.find("C lies on the segment"), std::string::npos) << steps;
}

// Where the rounded numerator takes another side than P's exact projection, the clamp step
// says so: P = (-2e16, 1e16) lies exactly on the perpendicular through A = 0 of the segment
// to B = (0.1, 0.2), and read "t = 1: P projects past B, and B is the answer" (audit).
TEST(LessonText, ARoundedSideThatTheExactProjectionContradictsIsSaidToBeRounded) {
  if (!CQ_MULADD_FUSED) GTEST_SKIP() << "the examples' rounded sides are an FMA's (two roundings cancel)";
  const Points points = {{{0, 0}}, {{0.1, 0.2}}, {{-2e16, 1e16}}};
  ASSERT_EQ(cq::ClosestPointOnSegment(points[2], points[0], points[1])->region, cq::LinearRegion::VertexB)
      << "precondition";
  std::string steps = StepsOf(SegmentLesson().Evaluate(points, ViewAround(SegmentLesson(), points), NumberStyle::Readable));
  EXPECT_NE(steps.find("As rounded, though: exactly, P projects onto A; here the rounding of (P − A)·(B − A) and "
                       "|B − A|² is larger than the margin that decides the side, and the answer is right to within "
                       "the rounding of the scene's size."),
            std::string::npos)
      << steps;
  steps = StepsOf(RayLesson().Evaluate(points, ViewAround(RayLesson(), points), NumberStyle::Readable));
  EXPECT_NE(steps.find("As rounded, though: exactly, P projects onto A;"), std::string::npos) << steps;
  // Ordinary scenes, and a ray's P far past B, carry no such note.
  for (const Points& plain : {Points{{{0, 0}}, {{5, 0}}, {{7, 1.5}}}, Points{{{0, 0}}, {{5, 0}}, {{3, -2}}},
                              Points{{{0.1, 0.3}}, {{0.3, 0.1}}, {{0.3, 0.1}}}}) {
    EXPECT_EQ(StepsOf(SegmentLesson().Evaluate(plain, ViewAround(SegmentLesson(), plain), NumberStyle::Readable))
                  .find("As rounded, though"),
              std::string::npos);
    EXPECT_EQ(StepsOf(RayLesson().Evaluate(plain, ViewAround(RayLesson(), plain), NumberStyle::Readable))
                  .find("As rounded, though"),
              std::string::npos);
  }
}

// The plane's foot written as P − s n̂ where that formula, with s rounded, is another
// point: O = (1, 0), N = (0, 0), P = (1e300, 5) has s = -1e300 (rounded from -(1e300 - 1)),
// and P − s n̂ is then (0, 5), beside the foot (1, 5) that core gives (review).
TEST(LessonText, APlaneFootIsNotWrittenAsPMinusSNWhereTheRoundedSGivesAnotherPoint) {
  const Points points = {{{1, 0}}, {{0, 0}}, {{1e300, 5}}};
  std::string steps = StepsOf(PlaneLesson().Evaluate(points, ViewAround(PlaneLesson(), points), NumberStyle::Readable));
  EXPECT_EQ(steps.find("closest = P − s n̂ = (1, 5)"), std::string::npos) << steps;
  EXPECT_NE(steps.find("Evaluate: closest = (1, 5), the foot of the perpendicular (P is behind): s is rounded to a "
                       "double, and P − s n̂ with that s is exactly (0, 5); core forms the foot without that "
                       "rounding."),
            std::string::npos)
      << steps;
  // Ordinary scenes keep the formula, also where the formula's own rounding leaves a last
  // bit beside a foot at 0 (review: O = 0, N = (1, 1), P = (3, 3) read "would be
  // (4.44089e-16, 4.44089e-16)"), and where s itself is beyond the range.
  for (const Points& plain : {Points{{{0, 0}}, {{0, 1}}, {{3, 2}}}, Points{{{0, 0}}, {{1, 1}}, {{3, 3}}},
                              Points{{{1, 0}}, {{2, 1}}, {{-3, -2}}}, Points{{{0, 0}}, {{1, -1}}, {{3, -3}}},
                              Points{{{0, 0}}, {{1, 1}}, {{0.1, 0.1}}}, Points{{{1, 0.1}}, {{1, -1}}, {{-3, 3}}},
                              Points{{{-1.7e308, 0}}, {{-1.6e308, 0}}, {{1.7e308, 5}}}}) {
    steps = StepsOf(PlaneLesson().Evaluate(plain, ViewAround(PlaneLesson(), plain), NumberStyle::Readable));
    EXPECT_NE(steps.find("Evaluate: closest = P − s n̂ = "), std::string::npos) << steps;
    EXPECT_EQ(steps.find("s is rounded"), std::string::npos) << steps;
  }
}

// No text of any lesson reads "inf" or "nan": the plane's "distance²" read inf for
// P = (0, 1.5e155) (review s30 #6), and the steps and canvas labels still did where the
// distance itself overflows: "Distance: |P − closest| = inf (squared: > 1.8e308 …; the
// distance itself is not)" and "d = inf" (review s34). Every preset of every lesson at
// scales up to 1e300, and a scene per lesson whose distance is beyond the double range.
void ExpectNoRawInfOrNan(const LessonFrame& frame, const std::string& what) {
  std::vector<std::pair<std::string, std::string>> texts;
  for (const InspectorValue& v : frame.values) texts.push_back({v.label, v.text});
  for (const std::string& step : frame.steps) texts.push_back({"step", step});
  texts.push_back({"distance label", frame.distanceText});
  texts.push_back({"push-out label", frame.pushOutText});
  for (const auto& [label, text] : texts) {
    EXPECT_EQ(text.find("inf"), std::string::npos) << what << ": " << label << " = " << text;
    EXPECT_EQ(text.find("nan"), std::string::npos) << what << ": " << label << " = " << text;
  }
}

TEST(LessonTable, NoTextReadsInfOrNan) {
  int checked = 0;
  for (const Lesson* lesson : LessonTable())
    for (const Preset& preset : lesson->Presets())
      for (const double scale : {1.0, 1e154, 1.5e155, 1e300, 1e-300}) {
        Points points = preset.points;
        for (cq::Vec2d& p : points) p = scale * p;
        const LessonFrame frame = lesson->Evaluate(points, k_view, NumberStyle::Readable);
        if (frame.error) continue;
        ++checked;
        ExpectNoRawInfOrNan(
            frame, std::string(lesson->Id()) + " " + preset.name + " x" + FormatNumber(scale, NumberStyle::Readable));
      }
  EXPECT_GT(checked, 60);
  constexpr double big = 1.7e308;
  const SegmentLesson segmentLesson;
  const PlaneLesson planeLesson;
  const BoxLesson boxLesson;
  const ContactLesson contactLesson;
  const std::vector<std::pair<const Lesson*, Points>> far = {
      {&segmentLesson, {{{-big, -big}}, {{-1.6e308, -big}}, {{big, big}}}},
      {&planeLesson, {{{-big, 0}}, {{-1.6e308, 0}}, {{big, 0}}}},
      {&boxLesson, {{{-big, -big}}, {{-1.6e308, -1.6e308}}, {{big, big}}}},
      {&contactLesson, {{{-big, 0}}, {{-1.6e308, 0}}, {{big, big}}, {{-1e308, 0}}}},
  };
  for (const auto& [lesson, points] : far) {
    const LessonFrame frame = lesson->Evaluate(points, k_view, NumberStyle::Readable);
    ASSERT_FALSE(frame.error) << lesson->Id() << ": " << frame.errorText;
    ExpectNoRawInfOrNan(frame, std::string(lesson->Id()) + " far");
    for (const std::string& step : frame.steps)  // the distance is beyond the range too
      EXPECT_EQ(step.find("the distance itself is not"), std::string::npos) << step;
  }
  // The review's own scene.
  const LessonFrame plane = PlaneLesson().Evaluate({{{0, 0}}, {{0, 1}}, {{0, 1.5e155}}}, k_view, NumberStyle::Readable);
  ASSERT_FALSE(plane.error);
  EXPECT_EQ(ValuesByLabel(plane)["distance²"], "> 1.8e308 (beyond the double range)");
}

// The strong interval of a number line is core's answer's, also on a boundary, where the raw
// value lies in two: "Touching" (d = r, not penetrating) drew the "sunk in" band strong, and
// the ray's t_raw = 0 both region A and the interior (review s30 #4).
/// The contact lesson's d line in `frame`.
const NumberLine& DistanceLine(const LessonFrame& frame) {
  for (const NumberLine& line : frame.numberLines)
    if (line.name == "d") return line;
  ADD_FAILURE() << "no d line";
  return frame.numberLines.front();
}

// Dragging the contact's d marker as the app does: every step re-evaluates the scene and
// moves C by (target - d) along the normal the drag began with. Past 0 it took the ball
// through the wire, so that d grew again on the far side, and a drag in five steps from
// "Past an end" (region B) left C in the interior's region (review s30 #3). Now d stops
// at 0 with C on core's closest point, and dragging back returns C to its side.
TEST(NumberLineDrag, ContactDistanceStopsAtTheWireAndComesBackOnItsSide) {
  const ContactLesson lesson;
  for (const Preset& preset : lesson.Presets()) {
    SCOPED_TRACE(preset.name);
    Points points = preset.points;
    const LessonFrame start = lesson.Evaluate(points, k_view, NumberStyle::Readable);
    if (start.error) continue;
    const NumberLine& first = DistanceLine(start);
    const double d0 = first.raw;
    if (!(d0 > 0)) continue;  // already on the wire
    ASSERT_TRUE(first.dragDirection.has_value());
    const cq::Vec2d direction = *first.dragDirection;
    const cq::Vec2d q0 = std::get<cq::ContactResult<double, 2>>(start.result).closest;
    const cq::Vec2d c0 = points[2];
    const int k_steps = 7;
    double previous = d0;
    for (int step = 1; step <= k_steps; ++step) {  // from d0 down to -d0, past the wire
      const double target = d0 - 2 * d0 * step / k_steps;
      const LessonFrame frame = lesson.Evaluate(points, k_view, NumberStyle::Readable);
      const auto moved = DraggedQueryPoint(DistanceLine(frame), points[2], target, direction);
      ASSERT_TRUE(moved.has_value());
      points[2] = *moved;
      const LessonFrame after = lesson.Evaluate(points, k_view, NumberStyle::Readable);
      const auto& contact = std::get<cq::ContactResult<double, 2>>(after.result);
      EXPECT_LE(contact.distance, previous) << "step " << step;
      EXPECT_NEAR(contact.distance, std::max(target, 0.0), 1e-12 * (1 + d0)) << "step " << step;
      // Towards the wire along the normal, C keeps its closest point.
      EXPECT_LE(cq::Distance(contact.closest, q0).value_or(1e300), 1e-12 * (1 + d0)) << "step " << step;
      previous = contact.distance;
    }
    EXPECT_EQ(points[2], q0);  // on the wire, exactly where core put the closest point
    EXPECT_EQ(DistanceLine(lesson.Evaluate(points, k_view, NumberStyle::Readable)).raw, 0.0);
    for (int step = 1; step <= k_steps; ++step) {  // and back up to d0
      const double target = d0 * step / k_steps;
      const LessonFrame frame = lesson.Evaluate(points, k_view, NumberStyle::Readable);
      const auto moved = DraggedQueryPoint(DistanceLine(frame), points[2], target, direction);
      ASSERT_TRUE(moved.has_value());
      points[2] = *moved;
    }
    EXPECT_LE(cq::Distance(points[2], c0).value_or(1e300), 1e-12 * (1 + d0 + std::sqrt(cq::LengthSquared(c0))));
  }
}

// Every number line of every lesson, from every preset: dragging its raw marker by Δ moves
// the query point so that the line's raw value moves by Δ (the app moves it by Δ along
// the line's dragDirection), and a box's other axis stays put. Only the contact's d line
// and the segment's t line were exercised: a reversed, non-unit plane normal (s moved by
// -2.15 for +1) or the box's other axis (P.y moved for the x line) went unseen (review s32).
TEST(NumberLineDrag, EveryLineMovesItsRawValueByTheDrag) {
  int dragged = 0;
  int undraggable = 0;
  for (const Lesson* lesson : LessonTable()) {
    for (const Preset& preset : lesson->Presets()) {
      SCOPED_TRACE(std::string(lesson->Id()) + ": " + preset.name);
      const WorldRect view = ViewAround(*lesson, preset.points);
      const LessonFrame start = lesson->Evaluate(preset.points, view, NumberStyle::Readable);
      if (start.error) continue;
      double scale = 1;
      for (const cq::Vec2d& p : preset.points) scale = std::max({scale, std::abs(p.x()), std::abs(p.y())});
      const size_t q = size_t(lesson->QueryPointIndex());
      for (size_t i = 0; i < start.numberLines.size(); ++i) {
        const NumberLine& line = start.numberLines[i];
        if (!std::isfinite(line.raw)) continue;
        // Only a t line whose A == B has no direction (t stays 0 wherever P goes).
        const bool degenerate = line.name == "t" && preset.points[0] == preset.points[1];
        EXPECT_EQ(line.dragDirection.has_value(), !degenerate) << "line " << line.name;
        if (!line.dragDirection) {
          ++undraggable;
          continue;
        }
        const cq::Vec2d direction = *line.dragDirection;
        const double length = std::hypot(direction.x(), direction.y());
        for (const double delta : {0.5, -0.25}) {
          const double target = line.raw + delta;
          if (line.dragFloor && target <= *line.dragFloor) continue;
          const auto moved = DraggedQueryPoint(line, preset.points[q], target, direction);
          ASSERT_TRUE(moved.has_value());
          Points points = preset.points;
          points[q] = *moved;
          const LessonFrame after = lesson->Evaluate(points, view, NumberStyle::Readable);
          ASSERT_FALSE(after.error);
          ++dragged;
          // The point moved by about |Δ| |direction|; its rounding, in the line's units.
          const double tolerance = 1e-12 * (1 + std::abs(target)) + 1e-14 * scale / length;
          EXPECT_NEAR(after.numberLines.at(i).raw, target, tolerance) << "line " << line.name << ", Δ " << delta;
          if (lesson->Id() == "box") {
            EXPECT_EQ(after.numberLines.at(1 - i).raw, start.numberLines.at(1 - i).raw) << "line " << line.name;
          }
        }
      }
    }
  }
  EXPECT_GE(dragged, 40);
  EXPECT_GE(undraggable, 1);
}

TEST(LessonTable, EachNumberLineMarksTheIntervalOfCoresAnswer) {
  const auto active = [](const LessonFrame& frame, size_t i) {
    const NumberLine& line = frame.numberLines.at(i);
    return line.active >= 0 ? line.intervals.at(size_t(line.active)).tone : Tone::Interior;
  };
  // Touching: the ball's rim on the wire.
  const LessonFrame touching = ContactLesson().Evaluate({{{-4, 0}}, {{2, 0}}, {{0, 2}}, {{0, 2}}}, k_view, NumberStyle::Readable);
  ASSERT_FALSE(touching.error);
  const auto& contact = std::get<cq::ContactResult<double, 2>>(touching.result);
  ASSERT_FALSE(contact.penetrating);
  EXPECT_EQ(touching.numberLines.at(1).raw, 2.0);
  EXPECT_EQ(active(touching, 1), Tone::Clear);
  // t_raw exactly 0 on a ray and a segment: region A, as core says; exactly 1: region B.
  for (const Lesson* lesson : {LessonTable()[0], LessonTable()[1]}) {
    const LessonFrame atA = lesson->Evaluate({{{0, 0}}, {{4, 0}}, {{0, 3}}}, k_view, NumberStyle::Readable);
    EXPECT_EQ(atA.numberLines.at(0).raw, 0.0);
    EXPECT_EQ(active(atA, 0), Tone::VertexA) << lesson->Id();
  }
  EXPECT_EQ(active(SegmentLesson().Evaluate({{{0, 0}}, {{4, 0}}, {{4, 3}}}, k_view, NumberStyle::Readable), 0), Tone::VertexB);
  EXPECT_EQ(active(LineLesson().Evaluate({{{0, 0}}, {{4, 0}}, {{9, 3}}}, k_view, NumberStyle::Readable), 0), Tone::Interior);
  // The box's x line: P.x exactly on max.x is kept (inside the slab), not clamped.
  const LessonFrame box = BoxLesson().Evaluate({{{-2, -1}}, {{2, 1}}, {{2, 3}}}, k_view, NumberStyle::Readable);
  EXPECT_EQ(box.numberLines.at(0).active, 1);
  EXPECT_EQ(box.numberLines.at(1).active, 2);
  // P on the plane: neither side.
  const LessonFrame on = PlaneLesson().Evaluate({{{0, 0}}, {{0, 1}}, {{3, 0}}}, k_view, NumberStyle::Readable);
  EXPECT_EQ(on.numberLines.at(0).active, -1);
  const LessonFrame back = PlaneLesson().Evaluate({{{0, 0}}, {{0, 1}}, {{3, -1}}}, k_view, NumberStyle::Readable);
  EXPECT_EQ(active(back, 0), Tone::Back);
}

TEST(Format, InfinitiesAreSaidAsBeyondTheRange) {
  EXPECT_EQ(ValueText(0.6, NumberStyle::Readable), "0.6");
  EXPECT_EQ(ValueText(HUGE_VAL, NumberStyle::Exact), "> 1.8e308 (beyond the double range)");
  EXPECT_EQ(ValueText(-HUGE_VAL, NumberStyle::Readable), "< -1.8e308 (beyond the double range)");
  EXPECT_EQ(EqualsText(2, NumberStyle::Readable), " = 2");
  EXPECT_EQ(EqualsText(-HUGE_VAL, NumberStyle::Readable), ", beyond the double range (< -1.8e308)");
  EXPECT_EQ(NameEquals("t_raw", 0.25, NumberStyle::Readable), "t_raw = 0.25");
  EXPECT_EQ(NameEquals("t_raw", HUGE_VAL, NumberStyle::Readable), "t_raw > 1.8e308");
  // The largest double itself is a number, shown as one.
  EXPECT_EQ(ValueText(1.7976931348623157e308, NumberStyle::Readable), "1.79769e+308");
}

// At 1e16 the doubles are 2 apart, and the foot rounds to that grid: P = (1e16 + 2, 4)
// over the segment from (1e16, 0) to (1e16 + 6, 2) read d = 3.60555 = |P − rounded foot|,
// where the exact foot (1e16 + 3, 1) is √10 = 3.16228 away (words audit). Each linear
// lesson says d from the exact foot, and why |P − closest| reads otherwise.
TEST(LinearLessons, FarFromTheOriginDIsFromTheExactFoot) {
  const Points points{{{1e16, 0}}, {{10000000000000006.0, 2}}, {{10000000000000002.0, 4}}};
  const SegmentLesson segment;
  const RayLesson ray;
  const LineLesson line;
  for (const Lesson* lesson : std::initializer_list<const Lesson*>{&segment, &ray, &line}) {
    const LessonFrame frame = lesson->Evaluate(points, ViewAround(*lesson, points), NumberStyle::Readable);
    ASSERT_FALSE(frame.error);
    std::string distance;
    for (const std::string& step : frame.steps)
      if (step.rfind("Distance:", 0) == 0) distance = step;
    EXPECT_EQ(distance,
              "Distance: d = 3.16228, from the exact closest point: the one shown is rounded, and at this scale d is "
              "as small as its rounding (|P − closest| would read 3.60555).")
        << lesson->Id();
  }
}

// The rounded numerator's products can cancel to less than their rounding, and its digits
// are then noise: 1.85651e-16 where it is exactly 1.01572e-15, and 1.62261e-17 for a P
// exactly on the perpendicular through A in the line lesson, which said nothing (words
// audit). The Project step gives the exact value; an ordinary scene says nothing of it.
TEST(LinearLessons, ACancelledNumeratorSaysItsExactValue) {
  const LessonFrame cancelled = SegmentLesson().Evaluate(
      {{{3.48, 4.188}}, {{-3.4, 3}}, {{0.03480000000000105, 24.139999999999997}}}, k_view, NumberStyle::Readable);
  ASSERT_FALSE(cancelled.error);
  EXPECT_EQ(cancelled.steps.at(0),
            "Project: t_raw = (P − A)·(B − A) / |B − A|² = 1.85651e-16 / 48.7457 = 3.80855e-18. (The numerator as "
            "rounded: its products cancel to less than their rounding. Exactly, (P − A)·(B − A) = 1.01572e-15, and "
            "the exact t_raw is about 2.08371e-17.)");
  const LessonFrame onPerpendicular = LineLesson().Evaluate(
      {{{0, 3.2204858820318893}}, {{-1.6241332380588567, 3.8}}, {{0.5795141179681105, 4.844619120090746}}}, k_view,
      NumberStyle::Readable);
  ASSERT_FALSE(onPerpendicular.error);
  EXPECT_NE(onPerpendicular.steps.at(0).find("Exactly, (P − A)·(B − A) = 0: P projects onto A, and the exact t_raw is 0.)"),
            std::string::npos)
      << onPerpendicular.steps.at(0);
  const LessonFrame seed = SegmentLesson().Evaluate({{{0, 0}}, {{5, 0}}, {{3, -2}}}, k_view, NumberStyle::Readable);
  EXPECT_EQ(seed.steps.at(0), "Project: t_raw = (P − A)·(B − A) / |B − A|² = 15 / 25 = 0.6.");
}

}  // namespace
}  // namespace cq::app
