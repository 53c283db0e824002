// app/logic/interaction.hpp: what the mouse and the arrow keys do to the scene, without
// ImGui or GL: hit testing in screen pixels, dragging in world units, grid snapping,
// nudging.
#pragma once

#include <optional>
#include <vector>

#include "logic/camera.hpp"
#include "logic/grid.hpp"
#include "logic/lesson.hpp"

namespace cq::app {

/// The handle under the mouse: the point-like handle nearest to `mouseScreen` within
/// `radiusPixels` (an exact tie goes to the one listed first); failing that, the first
/// Body whose area contains the mouse; else nothing. Returns an index into `handles`.
std::optional<size_t> HitTest(const std::vector<DragHandle>& handles, const Camera& camera,
                              const cq::Vec2d& mouseScreen, double radiusPixels);

/// The nearest grid line on each axis (its own step per axis; a step that is not positive
/// leaves that axis alone), its value computed in decimal (AddDecimalSteps: three steps of
/// 0.2 are 0.6, not 0.6000000000000001): +0, never -0, at zero; a coordinate too far out
/// for world / step to be finite keeps its value.
cq::Vec2d SnapToGrid(const cq::Vec2d& world, const DecimalSteps& steps);

/// A drag in progress: which handle, and where on it the mouse took hold, so the handle
/// moves by exactly the mouse's motion rather than jumping to the cursor.
struct DragState {
  int handleId = -1;
  cq::Vec2d grabOffset{};  ///< handle position minus mouse position at the press (world)
  /// A Body's area at the press: every frame of the drag moves it from there (re-adding the
  /// size frame after frame let the box's size drift), both corners onto the grid when
  /// snapping a box whose corners were on it.
  std::optional<WorldRect> startArea;
  /// Where the drag last left the handle (at the press: where it was). A handle found
  /// elsewhere at the next move was moved by another edit in between, which the drag then
  /// carries on from (see DragTo).
  cq::Vec2d placed{};
  cq::Vec2d mouse{};                    ///< the mouse (world) at the press, then at the last move
  std::optional<WorldRect> placedArea;  ///< a Body's area where the drag last left it
};

DragState BeginDrag(const DragHandle& handle, const cq::Vec2d& mouseWorld);

/// Moves the dragged handle to follow the mouse; with `snapStep` (x, y: each axis's minor
/// grid step), the handle's position lands on the grid. A mouse that has not moved since
/// the press or the last move moves nothing: the handle keeps its bits. Where another
/// edit moved the handle since the drag last placed it (a coordinate typed into its field
/// is applied when the press on the canvas takes the focus from the field, after the
/// press began the drag), the drag moves it on from there by the mouse's motion.
void DragTo(const Lesson& lesson, Points& points, DragState& drag, const cq::Vec2d& mouseWorld,
            std::optional<DecimalSteps> snapStep);

/// One press of an arrow key: `direction` (each axis -1, 0 or +1), Shift for ten grid
/// steps, Alt for a tenth of one.
struct NudgeKey {
  cq::Vec2d direction{};
  bool shift = false;
  bool alt = false;
};

/// Where one press moves coordinate `value` along one axis: `direction` times the minor
/// grid step (x10 Shift, x0.1 Alt), added in decimal (AddDecimalSteps: 0.8 nudged down
/// four times by 0.2 is exactly 0). Where that step is below the doubles' spacing at
/// `value` (a handle at 1e15 nudged from a view near the origin, or with Alt) it would
/// leave the handle where it is: the handle moves to the next double instead. It stops at
/// the largest finite double (a nudge at 1.7976931348623157e308 made P infinite).
double NudgeCoordinate(double value, double direction, const DecimalStep& minorStep, bool shift, bool alt);

/// Moves handle `handleId` by one press of `key`, each axis by its own minor grid step
/// (NudgeCoordinate). Returns the handle's id afterwards (see Lesson::MoveHandle), or -1
/// if there is no such handle.
int Nudge(const Lesson& lesson, Points& points, int handleId, const NudgeKey& key, const DecimalSteps& minorSteps);

}  // namespace cq::app
