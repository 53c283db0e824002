// app/logic/off_canvas_note.hpp: what the status line says when a move takes a point off
// the canvas. One rule for every way a point moves (a drag of its handle, a drag on a number
// line, a nudge with the arrow keys, a typed value, an undo or a redo): only the handle's
// drag said so, and a point typed or nudged out of the view went without a word (app audit
// of 2026-11-28).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "logic/camera.hpp"
#include "logic/lesson.hpp"

namespace cq::app {

/// How the points were moved: the note names the way back from it.
enum class PointMove : std::uint8_t {
  HandleDrag,      ///< a handle dragged on the canvas
  NumberLineDrag,  ///< a drag on a number line (moves the query point)
  Nudge,           ///< an arrow key on the selected handle
  TypedValue,      ///< a coordinate typed into its field
  Undo,            ///< Ctrl+Z of a step that does not reframe the view
  Redo,            ///< Ctrl+Y of a step that does not reframe the view
};

/// "Some points are off the canvas", and the move that put them there.
struct OffCanvasNote {
  std::vector<int> handleIds;  ///< the handles it is about, in the lesson's order
  PointMove move = PointMove::HandleDrag;
  Points after;  ///< the scene the move left: the way back is offered only while it is the scene
  std::uint64_t step = 0;  ///< and the undo step it left (Scene::StepId): the same points reached otherwise are not
};

/// The named point handles (not a box's body, not an unnamed corner) that the move from
/// `before` to `after` took off `canvas`: on it before and off it after, both through
/// `camera` (a point that was already out of view is not news, and undoing the move would
/// not bring it back). Nothing when the move took none off.
std::optional<OffCanvasNote> NoteMoveOffCanvas(const Lesson& lesson, const Points& before, const Points& after,
                                               PointMove move, const Camera& camera, const ScreenRect& canvas);

/// The status text of `note` for the scene `points` as `camera` shows it on `canvas` now:
/// the note's handles still off the canvas, then the way back ("P is off the canvas: press F
/// to frame the scene (or Ctrl+Z to undo the drag)."; "C and R are off the canvas: …"). The
/// undo or redo is offered only while `points` is the scene the move left (after another
/// edit Ctrl+Z undoes that edit instead), at the undo step `step` it left (note.step: a
/// nudge right and one back left give the same points at another step, where Ctrl+Z undoes
/// the last nudge). Empty once none of them is off the canvas (F, an undo, a pan or a zoom
/// brought them back): the note no longer holds.
std::string OffCanvasNoteText(const Lesson& lesson, const Points& points, const OffCanvasNote& note,
                              const Camera& camera, const ScreenRect& canvas, std::uint64_t step = 0);

}  // namespace cq::app
