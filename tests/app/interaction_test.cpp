#include "logic/interaction.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>

#include "lessons/lessons.hpp"
#include "logic/grid.hpp"

namespace cq::app {
namespace {

Camera UnitCamera() {
  // 10 pixels per unit, world origin at screen (400, 300).
  Camera camera;
  camera.SetViewport({{{0, 0}}, {{800, 600}}});
  camera.SetCenter({{0, 0}});
  camera.SetZoom(10);
  return camera;
}

std::vector<DragHandle> ThreeHandles() {
  return {{0, "P", {{0, 0}}, HandleShape::QueryPoint, std::nullopt, {}},
          {1, "A", {{2, 0}}, HandleShape::Point, std::nullopt, {}},
          {2, "B", {{-2, 0}}, HandleShape::Point, std::nullopt, {}}};
}

TEST(HitTest, NearestHandleWins) {
  const Camera camera = UnitCamera();
  // 14 px from A, 6 px from P (both within the 18 px radius): P is nearer.
  const auto hit = HitTest(ThreeHandles(), camera, {{406, 300}}, 18);
  ASSERT_TRUE(hit);
  EXPECT_EQ(*hit, 0u);
  const auto hitA = HitTest(ThreeHandles(), camera, {{414, 300}}, 18);
  ASSERT_TRUE(hitA);
  EXPECT_EQ(*hitA, 1u);
}

TEST(HitTest, ExactTieGoesToTheFirstListed) {
  const Camera camera = UnitCamera();
  // Exactly between P (400) and A (420): 10 px from each.
  const auto hit = HitTest(ThreeHandles(), camera, {{410, 300}}, 18);
  ASSERT_TRUE(hit);
  EXPECT_EQ(*hit, 0u);
  // Two handles on the same spot: the first listed (P, by Lesson::Handles' order) wins.
  std::vector<DragHandle> stacked = ThreeHandles();
  stacked[1].position = stacked[0].position;
  EXPECT_EQ(*HitTest(stacked, camera, {{401, 301}}, 18), 0u);
}

TEST(HitTest, NothingOutsideTheRadius) {
  const Camera camera = UnitCamera();
  EXPECT_FALSE(HitTest(ThreeHandles(), camera, {{400, 330}}, 18));  // 30 px below P
  EXPECT_TRUE(HitTest(ThreeHandles(), camera, {{400, 318}}, 18));   // exactly on the radius
}

TEST(HitTest, BodyIsGrabbedOnlyWhereNoPointHandleIs) {
  const Camera camera = UnitCamera();
  std::vector<DragHandle> handles = ThreeHandles();
  handles.push_back({20, "", {{-5, -5}}, HandleShape::Body, WorldRect{{{-5, -5}}, {{5, 5}}}, {}});
  EXPECT_EQ(*HitTest(handles, camera, {{402, 300}}, 18), 0u);  // on P
  EXPECT_EQ(*HitTest(handles, camera, {{400, 340}}, 18), 3u);  // inside the body, 4 units below P
  EXPECT_FALSE(HitTest(handles, camera, {{400, 390}}, 18));    // below the body
}

// A mutation run found the body's edges untested: a press exactly on the box's right edge
// missed the body, though its left edge, top and bottom took it.
TEST(HitTest, TheBodyIsGrabbedOnEveryEdge) {
  const Camera camera = UnitCamera();
  const std::vector<DragHandle> handles = {{20, "", {{-5, -5}}, HandleShape::Body, WorldRect{{{-5, -5}}, {{5, 5}}}, {}}};
  for (const cq::Vec2d& edge : {cq::Vec2d{{5, 0}}, cq::Vec2d{{-5, 0}}, cq::Vec2d{{0, 5}}, cq::Vec2d{{0, -5}}}) {
    const cq::Vec2d screen = camera.WorldToScreen(edge);
    ASSERT_EQ(camera.ScreenToWorld(screen), edge) << "precondition: the press is on the edge exactly";
    EXPECT_EQ(HitTest(handles, camera, screen, 18), std::optional<size_t>(0)) << edge.x() << "," << edge.y();
  }
  EXPECT_FALSE(HitTest(handles, camera, camera.WorldToScreen({{5.5, 0}}), 18));  // just right of it
}

constexpr DecimalStep k_half{5, -1};
constexpr DecimalStep k_fifth{2, -1};

TEST(SnapToGrid, RoundsEachAxisToTheStep) {
  const cq::Vec2d s = SnapToGrid({{1.26, -0.74}}, DecimalSteps{k_half, k_half});
  EXPECT_EQ(s.x(), 1.5);
  EXPECT_EQ(s.y(), -0.5);
  const cq::Vec2d unchanged = SnapToGrid({{1.26, -0.74}}, DecimalSteps{DecimalStep{0, 0}, k_half});
  EXPECT_EQ(unchanged.x(), 1.26);
}

// Snapped values are the grid lines' decimal values read as doubles: 3 x 0.2 in doubles is
// 0.6000000000000001, which a field in exact mode showed.
TEST(SnapToGrid, LandsOnTheDoubleNearestTheLinesDecimalValue) {
  for (int k = -50; k <= 50; ++k) {
    const double snapped = SnapToGrid({{k * 0.2 + 0.03, 0}}, DecimalSteps{k_fifth, k_fifth}).x();
    EXPECT_EQ(snapped, std::strtod((std::to_string(2 * k) + "e-1").c_str(), nullptr)) << k;
  }
  EXPECT_EQ(SnapToGrid({{0.61, 0}}, DecimalSteps{k_fifth, k_fifth}).x(), 0.6);
  EXPECT_EQ(SnapToGrid({{0.07, 0}}, DecimalSteps{DecimalStep{1, -2}, k_fifth}).x(), 0.07);
}

TEST(SnapToGrid, NeverGivesMinusZeroOrInfinity) {
  // Just below zero rounds to the grid line at 0, which must be +0: a field shows -0 as "-0".
  const cq::Vec2d s = SnapToGrid({{-0.1, -1e-300}}, DecimalSteps{k_half, k_half});
  EXPECT_FALSE(std::signbit(s.x()));
  EXPECT_FALSE(std::signbit(s.y()));
  EXPECT_EQ(s.x(), 0.0);
  // world / step overflows: the coordinate keeps its value instead of snapping to infinity.
  const cq::Vec2d far = SnapToGrid({{1e300, -3.0}}, DecimalSteps{DecimalStep{1, -310}, k_half});
  EXPECT_EQ(far.x(), 1e300);
  EXPECT_EQ(far.y(), -3.0);
}

TEST(Drag, HandleMovesByExactlyTheMouseMotion) {
  const SegmentLesson lesson;
  Points points = lesson.Presets().front().points;
  const cq::Vec2d b = points[1];
  const DragHandle handle{1, "B", b, HandleShape::Point, std::nullopt, {}};
  // Grab B slightly off-centre: it must not jump to the cursor.
  const cq::Vec2d grab = b + cq::Vec2d{{0.1, -0.05}};
  DragState drag = BeginDrag(handle, grab);
  DragTo(lesson, points, drag, grab + cq::Vec2d{{2, 1}}, std::nullopt);
  EXPECT_DOUBLE_EQ(points[1].x(), b.x() + 2);
  EXPECT_DOUBLE_EQ(points[1].y(), b.y() + 1);
  EXPECT_EQ(drag.handleId, 1);
}

// The contact lesson's "A point-sized ball" (r = 0): the rim handle R sits on C. A press
// there took C (the first listed), and dragging C carried R along, so r stayed 0 and the
// preset's note ("Drag C away to reach R") could not be done. Now the press takes R, and
// dragging out from the centre grows the radius while C stays put.
TEST(Drag, APressOnAPointSizedBallTakesItsRimAndGrowsTheRadius) {
  const ContactLesson lesson;
  const std::vector<Preset> presets = lesson.Presets();
  ASSERT_GE(presets.size(), 6u);
  ASSERT_EQ(presets[5].name, "A point-sized ball");
  Points points = presets[5].points;
  ASSERT_EQ(points[3], cq::Vec2d{});  // r = 0
  const cq::Vec2d c = points[2];
  Camera camera = UnitCamera();
  camera.SetCenter(c);
  const std::vector<DragHandle> handles = lesson.Handles(points);
  const auto hit = HitTest(handles, camera, camera.WorldToScreen(c), 18);
  ASSERT_TRUE(hit);
  EXPECT_EQ(handles[*hit].label, "R");
  DragState drag = BeginDrag(handles[*hit], c);
  DragTo(lesson, points, drag, c + cq::Vec2d{{1.5, 2}}, std::nullopt);
  EXPECT_EQ(points[2], c);  // C stays
  EXPECT_EQ(points[3], (cq::Vec2d{{1.5, 2}}));
  EXPECT_EQ(std::hypot(points[3].x(), points[3].y()), 2.5);  // r = 2.5
  // The note says what works, not "Drag C away".
  EXPECT_EQ(presets[5].note.find("Drag C away"), std::string::npos) << presets[5].note;
  EXPECT_NE(presets[5].note.find("Drag out from C"), std::string::npos) << presets[5].note;

  // With a radius, C is first again: a press on C takes C and keeps r.
  const std::vector<DragHandle> ball = lesson.Handles(points);
  const auto onC = HitTest(ball, camera, camera.WorldToScreen(c), 18);
  ASSERT_TRUE(onC);
  EXPECT_EQ(ball[*onC].label, "C");
  EXPECT_EQ(ball.front().label, "C");
}

TEST(Drag, SnappingPutsTheHandleOnTheGrid) {
  const SegmentLesson lesson;
  Points points = lesson.Presets().front().points;
  const DragHandle handle{2, "P", points[2], HandleShape::QueryPoint, std::nullopt, {}};
  DragState drag = BeginDrag(handle, points[2]);
  DragTo(lesson, points, drag, {{1.13, 0.61}}, DecimalSteps{DecimalStep{5, -1}, DecimalStep{2, -1}});
  EXPECT_EQ(points[2].x(), 1.0);
  EXPECT_EQ(points[2].y(), 0.6);  // the double nearest 0.6, not 3 x 0.2 = 0.6000000000000001
}

TEST(Drag, BoxCornerDraggedPastTheOppositeSideBecomesTheOtherCorner) {
  const BoxLesson lesson;
  Points points = {{{-2, -1}}, {{2, 1}}, {{3, 3}}};
  // The max-x, max-y corner (id base + 1 + 2), dragged to the left of min.x.
  DragState drag{BoxLesson::k_cornerBase + 3, {{0, 0}}, std::nullopt, {{2, 1}}, {{2, 1}}, std::nullopt};
  DragTo(lesson, points, drag, {{-3, 2}}, std::nullopt);
  EXPECT_EQ(points[0], (cq::Vec2d{{-3, -1}}));
  EXPECT_EQ(points[1], (cq::Vec2d{{-2, 2}}));
  EXPECT_EQ(drag.handleId, BoxLesson::k_cornerBase + 0 + 2);  // now the min-x, max-y corner
  // Keep dragging: the same physical corner follows the mouse.
  DragTo(lesson, points, drag, {{-4, 2.5}}, std::nullopt);
  EXPECT_EQ(points[0], (cq::Vec2d{{-4, -1}}));
  EXPECT_EQ(points[1], (cq::Vec2d{{-2, 2.5}}));
}

TEST(Drag, BoxBodyMovesBothCorners) {
  const BoxLesson lesson;
  Points points = {{{-2, -1}}, {{2, 1}}, {{3, 3}}};
  const std::vector<DragHandle> handles = lesson.Handles(points);
  const DragHandle& body = handles.back();
  ASSERT_EQ(body.shape, HandleShape::Body);
  DragState drag = BeginDrag(body, {{0.5, 0.5}});
  DragTo(lesson, points, drag, {{1.5, -0.5}}, std::nullopt);
  EXPECT_EQ(points[0], (cq::Vec2d{{-1, -2}}));
  EXPECT_EQ(points[1], (cq::Vec2d{{3, 0}}));
  EXPECT_EQ(points[2], (cq::Vec2d{{3, 3}}));
}

TEST(Drag, AnEditDuringTheDragIsKeptAndCarriedOn) {
  // Review s34 GUI #1: a value typed into P.x is applied when a press on the canvas takes
  // the focus from the field, which is after the press has begun dragging P. The drag
  // then put P back where it was at the press (held without moving, or moved), and the
  // typed value was left only as an undo step.
  const SegmentLesson lesson;
  Points points = lesson.Presets().front().points;
  const DragHandle handle{2, "P", points[2], HandleShape::QueryPoint, std::nullopt, {}};
  const cq::Vec2d press = points[2] + cq::Vec2d{{0.03, -0.02}};
  DragState drag = BeginDrag(handle, press);
  points[2].v[0] = 0;  // the typed P.x, applied after the press
  const cq::Vec2d typed = points[2];
  DragTo(lesson, points, drag, press, std::nullopt);  // held, not moved
  EXPECT_EQ(points[2], typed);
  DragTo(lesson, points, drag, press + cq::Vec2d{{1, 0.5}}, std::nullopt);
  EXPECT_DOUBLE_EQ(points[2].x(), typed.x() + 1);
  EXPECT_DOUBLE_EQ(points[2].y(), typed.y() + 0.5);
  DragTo(lesson, points, drag, press, std::nullopt);  // back to where it was pressed
  EXPECT_NEAR(points[2].x(), typed.x(), 1e-15);
  EXPECT_NEAR(points[2].y(), typed.y(), 1e-15);
  // The whole box: a corner typed during the drag keeps the box's new size.
  const BoxLesson box;
  Points corners = {{{-2, -1}}, {{2, 1}}, {{3, 3}}};
  const DragHandle body = box.Handles(corners).back();
  ASSERT_EQ(body.shape, HandleShape::Body);
  DragState boxDrag = BeginDrag(body, {{0, 0}});
  corners[1].v[0] = 4;  // Max.x typed: the box is 6 wide now
  DragTo(box, corners, boxDrag, {{0, 0}}, std::nullopt);
  EXPECT_EQ(corners[0], (cq::Vec2d{{-2, -1}}));
  EXPECT_EQ(corners[1], (cq::Vec2d{{4, 1}}));
  DragTo(box, corners, boxDrag, {{1, 1}}, std::nullopt);
  EXPECT_EQ(corners[0], (cq::Vec2d{{-1, 0}}));
  EXPECT_EQ(corners[1], (cq::Vec2d{{5, 2}}));
}

TEST(Drag, APressWithoutMotionMovesNothing) {
  // A press and hold that does not move the mouse leaves the handle's bits alone, also
  // where mouse + (handle - mouse) rounds (a handle at 0.1 grabbed at 1e10).
  const SegmentLesson lesson;
  Points points = lesson.Presets().front().points;
  points[2] = {{0.1, 0.7}};
  const DragHandle handle{2, "P", points[2], HandleShape::QueryPoint, std::nullopt, {}};
  DragState drag = BeginDrag(handle, {{1e10, -3e9}});
  DragTo(lesson, points, drag, {{1e10, -3e9}}, DecimalSteps{DecimalStep{5, -1}, DecimalStep{5, -1}});
  EXPECT_EQ(points[2], (cq::Vec2d{{0.1, 0.7}}));
}

TEST(Drag, AMoveBeyondTheDoubleRangeLeavesTheHandleWhereItIs) {
  // Review s34: a box from -1e308 to 1e308 dragged by 1e300 got Max = (inf, 1), and the
  // box was refused.
  const BoxLesson lesson;
  Points points = {{{-1e308, -1}}, {{1e308, 1}}, {{3, 3}}};
  const Points start = points;
  const DragHandle body = lesson.Handles(points).back();
  ASSERT_EQ(body.shape, HandleShape::Body);
  DragState drag = BeginDrag(body, {{0, 0}});
  DragTo(lesson, points, drag, {{1e300, 0}}, std::nullopt);
  EXPECT_EQ(points, start);
  // A point handle taken past the range stays too.
  const SegmentLesson segment;
  Points abp = {{{0, 0}}, {{1, 0}}, {{1.7e308, 2}}};
  DragState pDrag = BeginDrag(DragHandle{2, "P", abp[2], HandleShape::QueryPoint, std::nullopt, {}}, {{1e308, 2}});
  DragTo(segment, abp, pDrag, {{1.7e308, 2}}, std::nullopt);
  EXPECT_EQ(abp[2], (cq::Vec2d{{1.7e308, 2}}));
}

TEST(Nudge, MovesTheHandleByOneMinorStepPerAxis) {
  const SegmentLesson lesson;
  Points points = lesson.Presets().front().points;
  points[0] = {{1, 2}};
  EXPECT_EQ(Nudge(lesson, points, 0, NudgeKey{{{1, -1}}}, DecimalSteps{k_half, DecimalStep{25, -2}}), 0);
  EXPECT_EQ(points[0].x(), 1.5);
  EXPECT_EQ(points[0].y(), 1.75);
  EXPECT_EQ(Nudge(lesson, points, 99, NudgeKey{{{1, 1}}}, DecimalSteps{k_half, k_half}), -1);  // no such handle
}

TEST(Nudge, StopsAtTheLargestDouble) {
  const SegmentLesson lesson;
  Points points = lesson.Presets().front().points;
  constexpr double k_max = std::numeric_limits<double>::max();
  points[0] = {{k_max, -k_max}};
  const DecimalSteps unit{DecimalStep{1, 0}, DecimalStep{1, 0}};
  Nudge(lesson, points, 0, NudgeKey{{{1, -1}}}, unit);
  EXPECT_EQ(points[0].x(), k_max);  // not inf
  EXPECT_EQ(points[0].y(), -k_max);
  Nudge(lesson, points, 0, NudgeKey{{{-1, 0}}}, unit);
  EXPECT_LT(points[0].x(), k_max);  // and back down
}

TEST(Nudge, StepIsOneMinorGridStepShiftTimesTenAltTimesATenth) {
  EXPECT_EQ(NudgeCoordinate(1, 1, k_fifth, false, false), 1.2);
  EXPECT_EQ(NudgeCoordinate(1, 1, k_fifth, true, false), 3.0);
  EXPECT_EQ(NudgeCoordinate(1, 1, k_fifth, false, true), 1.02);
  EXPECT_EQ(NudgeCoordinate(1, -1, k_fifth, false, true), 0.98);
  EXPECT_EQ(NudgeCoordinate(1, 0, k_fifth, true, true), 1.0);
  // At 1e15 (doubles 0.125 apart) a 0.02 step, or Alt on a 0.5 one, would not move the
  // handle at all: it moves to the next double.
  EXPECT_EQ(NudgeCoordinate(1e15, 1, DecimalStep{2, -2}, false, false), 1e15 + 0.125);
  EXPECT_EQ(NudgeCoordinate(1e15, -1, k_half, false, true), 1e15 - 0.125);
  EXPECT_EQ(NudgeCoordinate(1e15, 1, k_half, false, false), 1e15 + 0.5);
}

// Nudges add decimals: summing the doubles drifted (0.8 less four steps of 0.2 was
// 5.55e-17, so a plane normal nudged onto its origin was tilted, not refused; -5.5 plus
// seven steps was -4.099999999999999).
TEST(Nudge, StepsAddUpExactlyInDecimal) {
  double x = 0.8;
  for (int i = 0; i < 4; ++i) x = NudgeCoordinate(x, -1, k_fifth, false, false);
  EXPECT_EQ(x, 0.0);
  EXPECT_FALSE(std::signbit(x));
  double y = 2;
  for (int i = 0; i < 10; ++i) y = NudgeCoordinate(y, -1, k_fifth, false, false);
  EXPECT_EQ(y, 0.0);
  double p = -5.5;
  for (int i = 0; i < 7; ++i) p = NudgeCoordinate(p, 1, k_fifth, false, false);
  EXPECT_EQ(p, -4.1);
  for (int i = 0; i < 3; ++i) p = NudgeCoordinate(p, 1, k_fifth, false, true);
  EXPECT_EQ(p, -4.04);
  // Many steps each way come back to the start, bit for bit.
  double q = 0.1;
  for (int i = 0; i < 1000; ++i) q = NudgeCoordinate(q, 1, DecimalStep{1, -2}, false, false);
  EXPECT_EQ(q, 10.1);
  for (int i = 0; i < 1000; ++i) q = NudgeCoordinate(q, -1, DecimalStep{1, -2}, false, false);
  EXPECT_EQ(q, 0.1);
}

// The whole box (Tab, then the arrows) moves both corners in decimal: re-adding its size in
// doubles made Max.x 0.40000000000000002, then 0.60000000000000009 (review s32).
TEST(Nudge, TheWholeBoxMovesBothCornersInDecimal) {
  const BoxLesson lesson;
  Points points = {{{0.1, 0.7}}, {{0.3, 1.1}}, {{3, 3}}};
  const Points start = points;
  const DecimalSteps tenth{DecimalStep{1, -1}, DecimalStep{1, -1}};
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(Nudge(lesson, points, BoxLesson::k_body, NudgeKey{{{1, 1}}}, tenth), BoxLesson::k_body);
  EXPECT_EQ(points[0], (cq::Vec2d{{0.4, 1.0}}));
  EXPECT_EQ(points[1], (cq::Vec2d{{0.6, 1.4}}));
  for (int i = 0; i < 3; ++i) Nudge(lesson, points, BoxLesson::k_body, NudgeKey{{{-1, -1}}}, tenth);
  for (int i = 0; i < 10; ++i) Nudge(lesson, points, BoxLesson::k_body, NudgeKey{{{1, 0}}}, tenth);
  for (int i = 0; i < 10; ++i) Nudge(lesson, points, BoxLesson::k_body, NudgeKey{{{-1, 0}}}, tenth);
  EXPECT_EQ(points, start);
}

// A drag of the whole box moves it from where the drag began: its size cannot drift frame
// by frame, an axis left alone keeps its corners, and back at the start it is the start.
TEST(Drag, TheWholeBoxKeepsItsSizeAndComesBackBitForBit) {
  const BoxLesson lesson;
  Points points = {{{0.1, 0.7}}, {{0.3, 1.1}}, {{3, 3}}};
  const Points start = points;
  const DragHandle body = lesson.Handles(points).back();
  ASSERT_EQ(body.id, BoxLesson::k_body);
  const cq::Vec2d press{{0.2, 0.9}};
  DragState drag = BeginDrag(body, press);
  ASSERT_TRUE(drag.startArea);
  std::uint64_t state = 12345;
  auto next = [&] {  // a seeded walk of the mouse
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return double(state >> 11) * 0x1p-53 - 0.5;
  };
  cq::Vec2d mouse = press;
  for (int frame = 0; frame < 2000; ++frame) {
    mouse = mouse + cq::Vec2d{{next() * 0.37, next() * 0.29}};
    DragTo(lesson, points, drag, mouse, std::nullopt);
    const cq::Vec2d target = mouse + drag.grabOffset;
    ASSERT_EQ(points[0], target);
    ASSERT_EQ(points[1].x(), target.x() + (0.3 - 0.1)) << frame;  // one rounding from the start
    ASSERT_EQ(points[1].y(), target.y() + (1.1 - 0.7)) << frame;
  }
  DragTo(lesson, points, drag, {{press.x() + 5, press.y()}}, std::nullopt);  // only along x
  EXPECT_EQ(points[0].y(), 0.7);
  EXPECT_EQ(points[1].y(), 1.1);
  DragTo(lesson, points, drag, press, std::nullopt);
  EXPECT_EQ(points, start);
  // Snapped, a box on the grid lands with both corners on it: 0.1 + 0.2 is not 0.3 in doubles.
  DragState snapped = BeginDrag(body, press);
  DragTo(lesson, points, snapped, {{press.x() + 0.1, press.y() + 0.2}}, DecimalSteps{DecimalStep{1, -1}, DecimalStep{1, -1}});
  EXPECT_EQ(points[0], (cq::Vec2d{{0.2, 0.9}}));
  EXPECT_EQ(points[1], (cq::Vec2d{{0.4, 1.3}}));
}

TEST(AddDecimalSteps, IsTheDecimalSumRoundedOnce) {
  EXPECT_EQ(AddDecimalSteps(0.1, 2, DecimalStep{1, -1}), 0.3);  // 0.1 + 0.1 + 0.1 in doubles is 0.30000000000000004
  EXPECT_EQ(AddDecimalSteps(1e20, 1, DecimalStep{5, 3}), 1.00000000000000005e20);
  EXPECT_EQ(AddDecimalSteps(-0.0, 0, DecimalStep{1, 0}), 0.0);
  EXPECT_FALSE(std::signbit(AddDecimalSteps(0.2, -1, DecimalStep{2, -1})));
  // Too many digits for 64 bits: the doubles' sum, which the larger term decides.
  EXPECT_EQ(AddDecimalSteps(1e300, 1, DecimalStep{2, -1}), 1e300);
  EXPECT_EQ(AddDecimalSteps(1e-300, 1, DecimalStep{2, -1}), 0.2);
  EXPECT_EQ(AddDecimalSteps(std::numeric_limits<double>::max(), 1, DecimalStep{1, 308}),
            std::numeric_limits<double>::infinity());
}

}  // namespace
}  // namespace cq::app
