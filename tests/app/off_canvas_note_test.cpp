// The status note for a point moved off the canvas (app/logic/off_canvas_note.hpp): one rule
// for every way of moving a point. The app audit of 2026-11-28 found that only a handle's
// drag said "P is off the canvas"; a point moved out of view by a number line, a nudge or a
// typed value went without a word.
#include "logic/off_canvas_note.hpp"

#include <gtest/gtest.h>

#include <string>

#include "lessons/lessons.hpp"

namespace cq::app {
namespace {

/// 10 pixels per unit on an 800x600 canvas: the world from (-40, -30) to (40, 30).
Camera TenPixelsPerUnit() {
  Camera camera;
  camera.SetViewport({{{0, 0}}, {{800, 600}}});
  camera.SetCenter({{0, 0}});
  camera.SetZoom(10);
  return camera;
}

const ScreenRect k_canvas{{{0, 0}}, {{800, 600}}};

const Lesson& Segment() { return *FindLesson("segment"); }
const Lesson& Contact() { return *FindLesson("contact"); }
const Lesson& Box() { return *FindLesson("box"); }

// Segment points: A, B, P.
const Points k_segment{{{-4, 0}}, {{2, 0}}, {{1, 2}}};

TEST(OffCanvasNote, EveryWayOfMovingSaysTheSameWithItsOwnWayBack) {
  const Camera camera = TenPixelsPerUnit();
  Points after = k_segment;
  after[2] = {{100, 2}};  // P typed, nudged or dragged to x = 100: 600 px past the right edge
  const struct {
    PointMove move;
    const char* text;
  } cases[] = {
      {PointMove::HandleDrag, "P is off the canvas: press F to frame the scene (or Ctrl+Z to undo the drag)."},
      {PointMove::NumberLineDrag, "P is off the canvas: press F to frame the scene (or Ctrl+Z to undo the drag)."},
      {PointMove::Nudge, "P is off the canvas: press F to frame the scene (or Ctrl+Z to undo the nudge)."},
      {PointMove::TypedValue, "P is off the canvas: press F to frame the scene (or Ctrl+Z to undo the edit)."},
      {PointMove::Undo, "P is off the canvas: press F to frame the scene (or Ctrl+Y to redo)."},
      {PointMove::Redo, "P is off the canvas: press F to frame the scene (or Ctrl+Z to undo the redo)."},
  };
  for (const auto& c : cases) {
    const auto note = NoteMoveOffCanvas(Segment(), k_segment, after, c.move, camera, k_canvas);
    ASSERT_TRUE(note) << c.text;
    EXPECT_EQ(OffCanvasNoteText(Segment(), after, *note, camera, k_canvas), c.text);
  }
  // The same points at another undo step (the move's points reached again by other edits):
  // no way back is offered, since Ctrl+Z would undo the last of those edits.
  auto note = NoteMoveOffCanvas(Segment(), k_segment, after, PointMove::Nudge, camera, k_canvas);
  ASSERT_TRUE(note);
  note->step = 7;
  EXPECT_EQ(OffCanvasNoteText(Segment(), after, *note, camera, k_canvas, 7),
            "P is off the canvas: press F to frame the scene (or Ctrl+Z to undo the nudge).");
  EXPECT_EQ(OffCanvasNoteText(Segment(), after, *note, camera, k_canvas, 9),
            "P is off the canvas: press F to frame the scene.");
}

TEST(OffCanvasNote, NothingWhenTheMoveStaysOnTheCanvas) {
  const Camera camera = TenPixelsPerUnit();
  Points after = k_segment;
  after[2] = {{39, -29}};  // 10 px inside the bottom-right corner
  EXPECT_FALSE(NoteMoveOffCanvas(Segment(), k_segment, after, PointMove::Nudge, camera, k_canvas));
  EXPECT_FALSE(NoteMoveOffCanvas(Segment(), k_segment, k_segment, PointMove::TypedValue, camera, k_canvas));
}

// A point already out of view and moved further out is not news, and undoing the move would
// not bring it back: "Ctrl+Z to undo the nudge" would promise what it does not do.
TEST(OffCanvasNote, NothingForAPointThatWasAlreadyOffTheCanvas) {
  const Camera camera = TenPixelsPerUnit();
  Points before = k_segment;
  before[2] = {{100, 2}};
  Points after = before;
  after[2] = {{101, 2}};
  EXPECT_FALSE(NoteMoveOffCanvas(Segment(), before, after, PointMove::Nudge, camera, k_canvas));
}

// The canvas's edges as ScreenRect::Contains has them: the top and left edges are on it,
// the bottom and right edges are not.
TEST(OffCanvasNote, TheEdgesAsTheCanvasHasThem) {
  const Camera camera = TenPixelsPerUnit();
  Points right = k_segment;
  right[2] = {{40, 0}};  // exactly x = 800: off
  EXPECT_TRUE(NoteMoveOffCanvas(Segment(), k_segment, right, PointMove::TypedValue, camera, k_canvas));
  Points top = k_segment;
  top[2] = {{0, 30}};  // exactly y = 0: on
  EXPECT_FALSE(NoteMoveOffCanvas(Segment(), k_segment, top, PointMove::TypedValue, camera, k_canvas));
}

// The contact lesson's rim handle sits at C + R: a typed C takes both handles out of view,
// and both are named.
TEST(OffCanvasNote, EveryHandleTheMoveTookOutIsNamed) {
  const Camera camera = TenPixelsPerUnit();
  const Points before = Contact().Presets().front().points;  // A, B, C, R
  Points after = before;
  after[2] = {{-500, 0}};
  const auto note = NoteMoveOffCanvas(Contact(), before, after, PointMove::TypedValue, camera, k_canvas);
  ASSERT_TRUE(note);
  EXPECT_EQ(OffCanvasNoteText(Contact(), after, *note, camera, k_canvas),
            "C and R are off the canvas: press F to frame the scene (or Ctrl+Z to undo the edit).");
  // Three, in the handles' order (the query point first): "P, A and B".
  Points all = k_segment;
  for (cq::Vec2d& p : all) p = p + cq::Vec2d{{0, 1000}};
  const auto three = NoteMoveOffCanvas(Segment(), k_segment, all, PointMove::Undo, camera, k_canvas);
  ASSERT_TRUE(three);
  EXPECT_EQ(OffCanvasNoteText(Segment(), all, *three, camera, k_canvas),
            "P, A and B are off the canvas: press F to frame the scene (or Ctrl+Y to redo).");
}

// A box's unnamed corners and its body are not named (the named corners Min and Max carry
// the same coordinates, and are named when they go).
TEST(OffCanvasNote, TheBoxNamesOnlyItsNamedCorners) {
  const Camera camera = TenPixelsPerUnit();
  const Points before = Box().Presets().front().points;  // Min, Max, P
  Points after = before;
  after[1] = {{100, before[1].y()}};  // Max.x typed far right: Max and the lower right corner go
  const auto note = NoteMoveOffCanvas(Box(), before, after, PointMove::TypedValue, camera, k_canvas);
  ASSERT_TRUE(note);
  EXPECT_EQ(OffCanvasNoteText(Box(), after, *note, camera, k_canvas),
            "Max is off the canvas: press F to frame the scene (or Ctrl+Z to undo the edit).");
}

// The note follows the view: it names only what is still off the canvas, and is empty
// (the caller drops it) once everything is back in view; the way back is offered only
// while the scene is the one the move left.
TEST(OffCanvasNote, TheTextFollowsTheViewAndTheScene) {
  Camera camera = TenPixelsPerUnit();
  const Points before = Contact().Presets().front().points;
  Points after = before;
  after[2] = {{50, 0}};  // C at 900 px, R's rim at 50 + R.x
  const auto note = NoteMoveOffCanvas(Contact(), before, after, PointMove::Nudge, camera, k_canvas);
  ASSERT_TRUE(note);
  // Another edit since (A nudged): the undo would undo that, so it is not offered.
  Points edited = after;
  edited[0] = edited[0] + cq::Vec2d{{0.5, 0}};
  EXPECT_EQ(OffCanvasNoteText(Contact(), edited, *note, camera, k_canvas),
            "C and R are off the canvas: press F to frame the scene.");
  // Panned so that C is back on the canvas, 10 px under its top edge, and R (the rim, 2
  // units = 20 px above C in this preset) is not: R only.
  ASSERT_EQ(after[3], (cq::Vec2d{{0, 2}}));
  camera.SetCenter({{50, -29}});
  ASSERT_EQ(camera.WorldToScreen(after[2]), (cq::Vec2d{{400, 10}}));
  EXPECT_EQ(OffCanvasNoteText(Contact(), after, *note, camera, k_canvas),
            "R is off the canvas: press F to frame the scene (or Ctrl+Z to undo the nudge).");
  // Everything in view: nothing to say.
  camera.SetCenter(after[2]);
  EXPECT_EQ(OffCanvasNoteText(Contact(), after, *note, camera, k_canvas), "");
}

}  // namespace
}  // namespace cq::app
