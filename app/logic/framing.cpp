#include "logic/framing.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

namespace cq::app {

Framing FramingFor(const Lesson& lesson, const Points& points, const Camera& camera, double marginPixels) {
  const WorldRect whole = lesson.Extent(points);
  if (camera.CanFrame(whole, marginPixels)) return {whole, true, {}};
  const std::vector<DragHandle> handles = lesson.Handles(points);
  // The answer: core's closest point as the lesson draws it.
  const LessonFrame frame = lesson.Evaluate(points, whole, NumberStyle::Readable);
  std::optional<cq::Vec2d> focus;
  std::string focusName = "the closest point";
  for (const MarkerPoint& m : frame.markers)
    if (m.marker == Marker::Closest) focus = m.position;
  if (!focus) {
    for (const DragHandle& h : handles)
      if (h.id == lesson.QueryPointIndex()) {
        focus = h.position;
        focusName = h.label;
      }
  }
  if (!focus) {
    focus = handles.empty() ? cq::Vec2d{} : handles.front().position;
    focusName = handles.empty() ? "the origin" : handles.front().label;
  }
  // Handles nearest the focus first; a distance past the double range sorts last.
  std::vector<std::pair<double, const DragHandle*>> byDistance;
  for (const DragHandle& h : handles) {
    if (h.shape == HandleShape::Body) continue;
    const cq::Vec2d d = 0.5 * h.position - 0.5 * *focus;  // halves: no overflow
    byDistance.push_back({std::hypot(d.x(), d.y()), &h});
  }
  std::stable_sort(byDistance.begin(), byDistance.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  Framing framing{{*focus, *focus}, false, {}, focusName};
  for (const auto& [distance, h] : byDistance) {
    const WorldRect grown = Enclose(framing.rect, h->position);
    if (camera.CanFrame(grown, marginPixels)) {
      framing.rect = grown;
    } else if (!h->label.empty()) {
      framing.left.push_back(h->label);
    }
  }
  return framing;
}

std::vector<std::string> NamedHandlesOffCanvas(const Lesson& lesson, const Points& points, const Camera& camera,
                                               const ScreenRect& canvas) {
  std::vector<std::string> off;
  for (const DragHandle& h : lesson.Handles(points))
    if (!h.label.empty() && h.shape != HandleShape::Body && !canvas.Contains(camera.WorldToScreen(h.position)))
      off.push_back(h.label);
  return off;
}

}  // namespace cq::app
