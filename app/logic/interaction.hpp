// app/logic/interaction.hpp: what the mouse and the arrow keys do to the scene, without
// ImGui or GL: hit testing in screen pixels, dragging in world units, grid snapping,
// nudging.
#pragma once

#include <optional>
#include <vector>

#include "logic/camera.hpp"
#include "logic/lesson.hpp"

namespace cq::app {

/// The handle under the mouse: the point-like handle nearest to `mouseScreen` within
/// `radiusPixels` (an exact tie goes to the one listed first); failing that, the first
/// Body whose area contains the mouse; else nothing. Returns an index into `handles`.
std::optional<size_t> HitTest(const std::vector<DragHandle>& handles, const Camera& camera,
                              const cq::Vec2d& mouseScreen, double radiusPixels);

/// The nearest multiple of `step` on each axis (its own step per axis; a step that is not
/// positive leaves that axis alone): +0, never -0, at zero; a coordinate too
/// far out for world / step to be finite keeps its value.
cq::Vec2d SnapToGrid(const cq::Vec2d& world, const cq::Vec2d& step);
/// The same step on both axes.
inline cq::Vec2d SnapToGrid(const cq::Vec2d& world, double step) {
  return SnapToGrid(world, cq::Vec2d{{step, step}});
}

/// A drag in progress: which handle, and where on it the mouse took hold, so the handle
/// moves by exactly the mouse's motion rather than jumping to the cursor.
struct DragState {
  int handleId = -1;
  cq::Vec2d grabOffset{};  ///< handle position minus mouse position at the press (world)
};

DragState BeginDrag(const DragHandle& handle, const cq::Vec2d& mouseWorld);

/// Moves the dragged handle to follow the mouse; with `snapStep` (x, y: each axis's minor
/// grid step), the handle's position lands on the grid.
void DragTo(const Lesson& lesson, Points& points, DragState& drag, const cq::Vec2d& mouseWorld,
            std::optional<cq::Vec2d> snapStep);

/// Moves handle `handleId` by `delta` world units (the arrow keys), stopping at the largest
/// finite double (a nudge at 1.7976931348623157e308 made P infinite). Returns the handle's
/// id afterwards (see Lesson::MoveHandle), or -1 if there is no such handle.
int Nudge(const Lesson& lesson, Points& points, int handleId, const cq::Vec2d& delta);

/// The arrow-key step: one minor grid step, x10 with Shift, x0.1 with Alt, and never less
/// than `doublesSpacing` (the doubles' spacing at the handle: a smaller step would leave it
/// where it is).
double NudgeStep(double minorGridStep, bool shift, bool alt, double doublesSpacing = 0);

}  // namespace cq::app
