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
  return {handle.id, handle.position - mouseWorld};
}

void DragTo(const Lesson& lesson, Points& points, DragState& drag, const cq::Vec2d& mouseWorld,
            std::optional<DecimalSteps> snapStep) {
  cq::Vec2d target = mouseWorld + drag.grabOffset;
  if (snapStep) target = SnapToGrid(target, *snapStep);
  drag.handleId = lesson.MoveHandle(points, drag.handleId, target);
}

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
  for (const DragHandle& handle : lesson.Handles(points))
    if (handle.id == handleId) {
      cq::Vec2d target = handle.position;
      for (int k = 0; k < 2; ++k)
        target.v[k] = NudgeCoordinate(target.v[k], key.direction.v[k], minorSteps[std::size_t(k)], key.shift, key.alt);
      return lesson.MoveHandle(points, handleId, target);
    }
  return -1;
}

}  // namespace cq::app
