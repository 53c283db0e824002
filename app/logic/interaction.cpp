#include "logic/interaction.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cq::app {

std::optional<size_t> HitTest(const std::vector<DragHandle>& handles, const Camera& camera,
                              const cq::Vec2d& mouseScreen, double radiusPixels) {
  std::optional<size_t> best;
  double bestDistSq = radiusPixels * radiusPixels;
  for (size_t i = 0; i < handles.size(); ++i) {
    if (handles[i].shape == HandleShape::Body) continue;
    const cq::Vec2d d = camera.WorldToScreen(handles[i].position) - mouseScreen;
    const double distSq = cq::Dot(d, d);
    if (distSq <= bestDistSq && (!best || distSq < bestDistSq)) {
      best = i;
      bestDistSq = distSq;
    }
  }
  if (best) return best;
  const cq::Vec2d mouseWorld = camera.ScreenToWorld(mouseScreen);
  for (size_t i = 0; i < handles.size(); ++i) {
    const auto& area = handles[i].area;
    if (handles[i].shape == HandleShape::Body && area && mouseWorld.x() >= area->min.x() &&
        mouseWorld.x() <= area->max.x() && mouseWorld.y() >= area->min.y() && mouseWorld.y() <= area->max.y())
      return i;
  }
  return std::nullopt;
}

cq::Vec2d SnapToGrid(const cq::Vec2d& world, const DecimalSteps& steps) {
  cq::Vec2d snapped = world;
  for (int k = 0; k < 2; ++k) {
    const DecimalStep& step = steps[std::size_t(k)];
    if (step.mantissa <= 0) continue;
    const double lines = std::round(world.v[k] / step.Value());
    // A coordinate so far out that world / step overflows stays where it is (no grid line
    // is nearer than its own rounding there).
    if (!std::isfinite(lines)) continue;
    // + 0.0: a coordinate just below zero rounds to -0, which a field would show as "-0".
    const double value = AddDecimalSteps(0.0, lines, step) + 0.0;
    if (std::isfinite(value)) snapped.v[k] = value;
  }
  return snapped;
}

DragState BeginDrag(const DragHandle& handle, const cq::Vec2d& mouseWorld) {
  DragState drag{handle.id, handle.position - mouseWorld, std::nullopt, handle.position, mouseWorld, handle.area};
  if (handle.shape == HandleShape::Body) drag.startArea = handle.area;
  return drag;
}

namespace {

/// Handle `id` as the lesson shows it for these points, if it has one.
std::optional<DragHandle> FindHandle(const Lesson& lesson, const Points& points, int id) {
  for (DragHandle& handle : lesson.Handles(points))
    if (handle.id == id) return handle;
  return std::nullopt;
}

bool SameArea(const std::optional<WorldRect>& x, const std::optional<WorldRect>& y) {
  return x.has_value() == y.has_value() && (!x || (x->min == y->min && x->max == y->max));
}

/// Moves the handle (a Body: the whole area) to `target`, as the drag's start gives it.
void MoveDragged(const Lesson& lesson, Points& points, DragState& drag, const cq::Vec2d& target,
                 const std::optional<DecimalSteps>& snapStep);

}  // namespace

void DragTo(const Lesson& lesson, Points& points, DragState& drag, const cq::Vec2d& mouseWorld,
            std::optional<DecimalSteps> snapStep) {
  // Moved by another edit since the drag placed it: the grab (and a Body's start) follows,
  // so that the mouse's motion moves the handle from where the edit put it. (A value typed
  // into P.x, then a press on P held without moving, put P back where it was at the press,
  // and left the typed value only as an undo step; review s34 GUI #1.)
  const auto now = FindHandle(lesson, points, drag.handleId);
  if (now && (!(now->position == drag.placed) || !SameArea(now->area, drag.placedArea))) {
    drag.grabOffset = now->position - drag.mouse;
    if (drag.startArea && now->area) drag.startArea = now->area;
    drag.placed = now->position;
    drag.placedArea = now->area;
  }
  if (mouseWorld == drag.mouse) return;  // no motion: the handle stays, bit for bit
  drag.mouse = mouseWorld;
  cq::Vec2d target = mouseWorld + drag.grabOffset;
  if (snapStep) target = SnapToGrid(target, *snapStep);
  MoveDragged(lesson, points, drag, target, snapStep);
  if (const auto moved = FindHandle(lesson, points, drag.handleId)) {
    drag.placed = moved->position;
    drag.placedArea = moved->area;
  }
}

namespace {

void MoveDragged(const Lesson& lesson, Points& points, DragState& drag, const cq::Vec2d& target,
                 const std::optional<DecimalSteps>& snapStep) {
  if (!cq::IsFinite(target)) return;  // beyond the double range: the handle stays put
  if (!drag.startArea) {
    drag.handleId = lesson.MoveHandle(points, drag.handleId, target);
    return;
  }
  // The whole box: its far corner from where the drag began, by the box's size then. An
  // axis the drag leaves alone keeps both corners bit for bit; a snapped drag of a box on
  // the grid puts the far corner on the grid too (0.1 + 0.2 read 0.30000000000000004).
  const WorldRect& start = *drag.startArea;
  const bool onGrid = snapStep && SnapToGrid(start.min, *snapStep) == start.min &&
                      SnapToGrid(start.max, *snapStep) == start.max;
  WorldRect area{target, target};
  for (int k = 0; k < 2; ++k) {
    const double far = target.v[k] + (start.max.v[k] - start.min.v[k]);
    area.max.v[k] = target.v[k] == start.min.v[k] ? start.max.v[k] : far;
  }
  if (onGrid) {
    const cq::Vec2d snapped = SnapToGrid(area.max, *snapStep);
    for (int k = 0; k < 2; ++k)
      if (target.v[k] != start.min.v[k]) area.max.v[k] = snapped.v[k];
  }
  // A box wider than the doubles reach beyond its far corner's new place stays put (its
  // Max became infinite and the box was refused).
  if (!cq::IsFinite(area.min) || !cq::IsFinite(area.max)) return;
  lesson.MoveArea(points, drag.handleId, area);
}

}  // namespace

double NudgeCoordinate(double value, double direction, const DecimalStep& minorStep, bool shift, bool alt) {
  if (direction == 0) return value;
  const DecimalStep step{minorStep.mantissa, minorStep.exponent + (shift ? 1 : 0) - (alt ? 1 : 0)};
  constexpr double k_max = std::numeric_limits<double>::max();
  const double away = direction > 0 ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity();
  const double moved = step.Value() < DoublesSpacing(value) ? std::nextafter(value, away)
                                                            : AddDecimalSteps(value, direction > 0 ? 1 : -1, step);
  // At the ends of the double range the step would overflow: the handle stops at the
  // largest finite double instead of becoming infinite (which core refuses).
  if (std::isinf(moved)) return moved > 0 ? k_max : -k_max;
  return moved;
}

int Nudge(const Lesson& lesson, Points& points, int handleId, const NudgeKey& key, const DecimalSteps& minorSteps) {
  auto nudged = [&](cq::Vec2d p) {
    for (int k = 0; k < 2; ++k)
      p.v[k] = NudgeCoordinate(p.v[k], key.direction.v[k], minorSteps[std::size_t(k)], key.shift, key.alt);
    return p;
  };
  for (const DragHandle& handle : lesson.Handles(points))
    if (handle.id == handleId) {
      // The whole box: both corners in decimal, as each corner's own nudge would.
      if (handle.shape == HandleShape::Body && handle.area) {
        lesson.MoveArea(points, handleId, WorldRect{nudged(handle.area->min), nudged(handle.area->max)});
        return handleId;
      }
      return lesson.MoveHandle(points, handleId, nudged(handle.position));
    }
  return -1;
}

}  // namespace cq::app
