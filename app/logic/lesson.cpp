#include "logic/lesson.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

namespace cq::app {
namespace {

bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

std::vector<DragHandle> Lesson::Handles(const Points& points) const {
  const std::vector<PointSpec> specs = PointSpecs();
  std::vector<DragHandle> handles;
  // The query point first: on an exact tie in hit testing the first handle wins, and it
  // is the one a person means to drag when it sits on top of a shape handle.
  const int p = QueryPointIndex();
  if (p >= 0) handles.push_back({p, specs[size_t(p)].name, points[size_t(p)], HandleShape::QueryPoint, std::nullopt, {}});
  for (size_t i = 0; i < specs.size(); ++i)
    if (int(i) != p) handles.push_back({int(i), specs[i].name, points[i], HandleShape::Point, std::nullopt, {}});
  return handles;
}

int Lesson::MoveHandle(Points& points, int handleId, const cq::Vec2d& target) const {
  if (handleId >= 0 && size_t(handleId) < points.size()) points[size_t(handleId)] = target;
  return handleId;
}

void Lesson::MoveArea(Points& points, int handleId, const WorldRect& area) const {
  MoveHandle(points, handleId, area.min);
}

std::optional<cq::Vec2d> DraggedQueryPoint(const NumberLine& line, const cq::Vec2d& point, double target,
                                           const cq::Vec2d& direction) {
  if (!std::isfinite(line.raw) || !std::isfinite(target)) return std::nullopt;
  if (line.dragFloor && target <= *line.dragFloor) return line.floorPoint;
  // A point the drag would take beyond the double range stays where it is (P became
  // (inf, 1) and the scene was refused as "not a finite number").
  const cq::Vec2d moved = point + (target - line.raw) * direction;
  if (!cq::IsFinite(moved)) return std::nullopt;
  return moved;
}

WorldRect Enclose(const WorldRect& rect, const cq::Vec2d& point) {
  WorldRect r = rect;
  for (int i = 0; i < 2; ++i) {
    r.min.v[i] = std::min(r.min.v[i], point.v[i]);
    r.max.v[i] = std::max(r.max.v[i], point.v[i]);
  }
  return r;
}

WorldRect LocalView(const WorldRect& view, const cq::Vec2d& origin) {
  double far = 0;
  for (const cq::Vec2d& corner : {view.min, view.max})
    for (int k = 0; k < 2; ++k) far = std::max(far, std::abs(corner.v[k]));
  const double step = std::nextafter(far, std::numeric_limits<double>::infinity()) - far;
  const cq::Vec2d grow = cq::Vec2d::Splat(std::isfinite(step) ? 2 * step : 0.0);
  const WorldRect local = Translated(view, origin);
  return {local.min - grow, local.max + grow};
}

WorldRect Lesson::Extent(const Points& points) const {
  WorldRect r{points.front(), points.front()};
  for (const cq::Vec2d& p : points) r = Enclose(r, p);
  return r;
}

int Lesson::PointIndex(std::string_view name) const {
  const std::vector<PointSpec> specs = PointSpecs();
  for (size_t i = 0; i < specs.size(); ++i)
    if (EqualsIgnoringCase(specs[i].name, name)) return int(i);
  return -1;
}

const Lesson* FindLesson(std::string_view name) {
  for (const Lesson* lesson : LessonTable())
    if (EqualsIgnoringCase(lesson->Id(), name) || EqualsIgnoringCase(lesson->Title(), name)) return lesson;
  return nullptr;
}

std::string LessonIdList() {
  std::string list;
  for (const Lesson* lesson : LessonTable()) {
    if (!list.empty()) list += ", ";
    list += lesson->Id();
  }
  return list;
}

}  // namespace cq::app
