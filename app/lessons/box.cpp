// Lesson: closest point on an axis-aligned box. Clamp each coordinate on its own.
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "cq/aabb.hpp"
#include "cq/regions2d.hpp"
#include "lessons/lesson_kit.hpp"
#include "lessons/lessons.hpp"

namespace cq::app {
namespace {

constexpr int k_min = 0;
constexpr int k_max = 1;
constexpr int k_query = 2;

/// The tone of a box region: the feature core says a point there reaches.
Tone ToneOf(int regionIndex) {
  switch (cq::FeatureOfRegion<2>(regionIndex)) {
    case cq::BoxFeature::Inside: return Tone::BoxInside;
    case cq::BoxFeature::Face:  // no faces in 2D: a clamped axis reaches an edge
    case cq::BoxFeature::Edge: return Tone::BoxEdge;
    case cq::BoxFeature::Vertex: return Tone::BoxVertex;
  }
  return Tone::BoxInside;
}

/// "right", "top-left", ... for the feature the sides name (world y is up).
std::string FeatureWhere(const std::array<std::int8_t, 2>& side) {
  const char* x = side[0] < 0 ? "left" : (side[0] > 0 ? "right" : "");
  const char* y = side[1] < 0 ? "bottom" : (side[1] > 0 ? "top" : "");
  if (*x && *y) return std::string(y) + "-" + x;
  return std::string(*x ? x : y);
}

/// Half of hi - lo, by halves (1e308 - -1e308 overflows), and hi - lo itself where the
/// halves round to 0 (a side of one subnormal step, 5e-324).
double HalfSide(double lo, double hi) {
  const double half = 0.5 * hi - 0.5 * lo;
  return half == 0 && hi > lo ? hi - lo : half;
}

/// The size a box scene is drawn to where an axis has none of its own (a flat box with P
/// on it): the box's largest side, else P's distance to it, else the box's distance from
/// the origin (1 at the origin). Halves, added: a side of 1e308 - -1e308 overflows.
double SceneHalfSize(const cq::Aabb<double, 2>& box, const cq::BoxResult<double, 2>& q) {
  double half = 0;
  for (int k = 0; k < 2; ++k) half = std::max(half, HalfSide(box.min.v[k], box.max.v[k]));
  if (half == 0) half = 0.5 * q.distance > 0 ? 0.5 * q.distance : q.distance;  // 5e-324 halves to 0
  if (half == 0) half = 0.5 * std::max(std::abs(box.min.x()), std::abs(box.min.y()));  // a point box, P on it
  return half > 0 ? half : 0.5;
}

NumberLine MakeAxisLine(int axis, const cq::Aabb<double, 2>& box, const cq::Vec2d& p,
                        const cq::BoxResult<double, 2>& q) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  const char* name = axis == 0 ? "x" : "y";
  NumberLine line;
  line.name = name;
  line.caption = std::string(name) + ": P." + name + " clamped into [min." + name + ", max." + name + "]";
  const double lo = box.min.v[axis];
  const double hi = box.max.v[axis];
  line.intervals = {{-inf, lo, Tone::BoxEdge}, {lo, hi, Tone::BoxInside}, {hi, inf, Tone::BoxEdge}};
  line.active = q.side[axis] + 1;  // clamped to min, kept, clamped to max
  line.ticks = {lo, hi};
  line.raw = p.v[axis];
  line.rawName = std::string("P.") + name;
  line.clamped = q.closest.v[axis];
  line.clampedName = std::string("closest.") + name;
  line.coordinates = true;
  line.dragDirection = cq::Vec2d::Axis(axis);
  // Padded by half the axis's own side, else by half the scene's size: a pad of at least
  // 0.5 (an absolute unit) put P.x = 2e-4 on closest.x = 1e-4 for a box 1e-4 wide (lesson
  // audit). A scene scaled by any factor draws the same line.
  const double ownHalf = HalfSide(lo, hi);
  const double pad = ownHalf > 0 ? ownHalf : SceneHalfSize(box, q);
  FitNumberLine(line, lo - pad, hi + pad);
  return line;
}

}  // namespace

std::string_view BoxLesson::Summary() const {
  return "A box is a product of intervals, so clamp each coordinate of P into [min, max] on its own. "
         "Zero clamped axes: P is inside. One: the answer is on an edge. Two: a vertex. Nine regions.";
}

std::vector<PointSpec> BoxLesson::PointSpecs() const {
  return {{"Min", "corner with the smallest x and y"}, {"Max", "corner with the largest x and y"}, {"P", "query point"}};
}

std::vector<Preset> BoxLesson::Presets() const {
  return {
      {"Vertex region", "Both coordinates clamped: the answer is a vertex, a corner of the box.", {{{-2, -1.5}}, {{2, 1.5}}, {{4, 3.5}}}},
      {"Edge region", "Only x is clamped: the answer is on the right edge, level with P.",
       {{{-2, -1.5}}, {{2, 1.5}}, {{4.5, 0.5}}}},
      {"Inside", "Nothing is clamped: P is its own closest point, distance 0.", {{{-2, -1.5}}, {{2, 1.5}}, {{0.7, 0.4}}}},
      {"Flat box", "min.y = max.y: a flat box is still valid, a segment-like box with nine regions, three of "
       "them (inside and the left and right edges) of zero area.",
       {{{-2, 0}}, {{2, 0}}, {{3, 2}}}},
  };
}

std::vector<DragHandle> BoxLesson::Handles(const Points& points) const {
  const cq::Vec2d& lo = points[k_min];
  const cq::Vec2d& hi = points[k_max];
  std::vector<DragHandle> handles;
  handles.push_back({k_query, "P", points[k_query], HandleShape::QueryPoint, std::nullopt, {}});
  for (int sy = 0; sy < 2; ++sy) {
    for (int sx = 0; sx < 2; ++sx) {
      const cq::Vec2d corner{{sx ? hi.x() : lo.x(), sy ? hi.y() : lo.y()}};
      std::string label = (sx == 0 && sy == 0) ? "Min" : ((sx == 1 && sy == 1) ? "Max" : "");
      const std::string name = label.empty() ? std::string(sx ? "(Max.x, " : "(Min.x, ") + (sy ? "Max.y)" : "Min.y)")
                                             : label;
      handles.push_back({k_cornerBase + sx + 2 * sy, label, corner, HandleShape::Corner, std::nullopt, name});
    }
  }
  if (lo.x() <= hi.x() && lo.y() <= hi.y())
    handles.push_back({k_body, "", lo, HandleShape::Body, WorldRect{lo, hi}, {}});
  return handles;
}

int BoxLesson::MoveHandle(Points& points, int handleId, const cq::Vec2d& target) const {
  cq::Vec2d& lo = points[k_min];
  cq::Vec2d& hi = points[k_max];
  // The body moves only as an area (MoveArea: both corners given); re-adding its size to
  // one corner here would round a far box's far corner (review s32). An inverted area,
  // which no drag or nudge makes, moves nothing.
  if (handleId == k_body) return handleId;
  if (handleId < k_cornerBase || handleId >= k_cornerBase + 4) return Lesson::MoveHandle(points, handleId, target);
  int sx = (handleId - k_cornerBase) & 1;
  int sy = (handleId - k_cornerBase) >> 1;
  (sx ? hi : lo).v[0] = target.x();
  (sy ? hi : lo).v[1] = target.y();
  // Dragged past the opposite side: keep min <= max and keep dragging the same corner,
  // which is now the other one.
  if (lo.x() > hi.x()) {
    std::swap(lo.v[0], hi.v[0]);
    sx = 1 - sx;
  }
  if (lo.y() > hi.y()) {
    std::swap(lo.v[1], hi.v[1]);
    sy = 1 - sy;
  }
  return k_cornerBase + sx + 2 * sy;
}

void BoxLesson::MoveArea(Points& points, int handleId, const WorldRect& area) const {
  if (handleId != k_body || !(area.min.x() <= area.max.x() && area.min.y() <= area.max.y())) {
    Lesson::MoveArea(points, handleId, area);
    return;
  }
  points[k_min] = area.min;
  points[k_max] = area.max;
}

LessonFrame BoxLesson::Evaluate(const Points& points, const WorldRect& view, NumberStyle style) const {
  const cq::Aabb<double, 2> box{points[k_min], points[k_max]};
  const cq::Vec2d& p = points[k_query];
  LessonFrame frame;
  frame.origin = ViewOrigin(view);
  const auto q = cq::ClosestPointOnBox(p, box);
  if (!q) {
    SetError(frame, q.error());
    // Core says "min/max coordinate 0"; here the points have names and the axes letters.
    // Core names the first inverted axis only; every other one is named too, so that a box
    // inverted on both axes is not refused a second time once x is fixed (review). The
    // others are core's own findings: the box asked again with each named axis made flat.
    if (q.error().code == cq::ErrorCode::InvertedBox) {
      std::string inverted;
      int count = 0;
      cq::Aabb<double, 2> rest = box;
      for (auto again = q; !again && again.error().code == cq::ErrorCode::InvertedBox;
           again = cq::ClosestPointOnBox(p, rest)) {
        const int k = again.error().axis;
        if (k != 0 && k != 1) break;
        const std::string axis = k == 0 ? ".x" : ".y";
        // Each as its field writes it, apart from the other: Min.x = 2.00000000000001 read
        // "Min.x (2) is greater than Max.x (2)".
        inverted += std::string(count++ == 0 ? "" : ", and ") + "Min" + axis + " (" +
                    FormatApart(box.min.v[k], {box.max.v[k]}, style, true) + ") is greater than Max" + axis + " (" +
                    FormatApart(box.max.v[k], {box.min.v[k]}, style, true) + ")";
        rest.min.v[k] = rest.max.v[k];  // flat on that axis: valid there
      }
      if (count > 0)
        frame.errorText = inverted +
                          ": a box needs min ≤ max on each axis (min = max, a flat box, is valid). Type " +
                          (count == 1 ? "a value" : "values") +
                          " on the other side, drag a corner, or undo (Ctrl+Z).";
    }
    return frame;
  }
  frame.result = *q;
  frame.regionName = cq::ToString(q->feature);
  const std::string where = FeatureWhere(q->side);
  if (!where.empty()) frame.regionName += " (" + where + ")";

  const cq::Aabb<double, 2> localBox{box.min - frame.origin, box.max - frame.origin};
  if (const auto map = cq::BoxRegions(localBox, LocalView(view, frame.origin)))
    AddRegionMap(frame, *map, q->RegionIndex(), ToneOf);
  const cq::Vec2d corners[4] = {box.min, {{box.max.x(), box.min.y()}}, box.max, {{box.min.x(), box.max.y()}}};
  for (int i = 0; i < 4; ++i) AddStroke(frame, corners[i], corners[(i + 1) % 4], Stroke::Shape);

  // The clamp, one axis at a time: first x, then y, each an axis-parallel move.
  const cq::Vec2d afterX{{q->closest.x(), p.y()}};
  if (q->side[0] != 0) AddStroke(frame, p, afterX, Stroke::ClampMove);
  if (q->side[1] != 0) AddStroke(frame, afterX, q->closest, Stroke::ClampMove);
  frame.markers.push_back({q->closest, Marker::Closest, "closest"});
  frame.distance = StrokeLine{p, q->closest, Stroke::Distance};
  frame.distanceText = NameEquals("d", q->distance, style);
  frame.numberLines.push_back(MakeAxisLine(0, box, p, *q));
  frame.numberLines.push_back(MakeAxisLine(1, box, p, *q));

  auto sideName = [](int s) { return s < 0 ? "clamped to min" : (s > 0 ? "clamped to max" : "kept"); };
  // "region", as the other lessons, the steps ("the region is edge (right)") and
  // closest-query name it (it read "feature" here alone: teaching audit).
  AddValue(frame, "region", frame.regionName,
           "the Voronoi region of P: inside (the box includes its boundary), or the edge or vertex P is clamped onto");
  AddValue(frame, "x", sideName(q->side[0]), "what the clamp did to P.x");
  AddValue(frame, "y", sideName(q->side[1]), "what the clamp did to P.y");
  AddValue(frame, "distance", ValueText(q->distance, style), "|P − closest| (0 inside)");
  AddValue(frame, "distance²", SquareText(q->distanceSq, q->distance, style, "d"), "|P − closest|²");
  // Apart from the corners: P.x = 1.99999999999999 in [0, 2] read "closest = (2, 2)" beside
  // "inside" and "kept" (audit).
  const PointsApart bounds = {box.min, box.max};
  AddValue(frame, "closest", FormatPoint(q->closest, style, bounds), "P with each coordinate clamped into the box");
  AddValue(frame, "region index", std::to_string(q->RegionIndex()), "0..8: (side x + 1) + 3 (side y + 1); inside is 4");

  const char* axisNames[2] = {"x", "y"};
  // Coordinates as their fields write them: P.x = 1000005 clamped to 1000000 read "P.x =
  // 1e+06 into [-1e+06, 1e+06] gives 1e+06".
  // Each apart from the others (FormatApart): P.x = 2.00000000000001 read "2 into [0, 2]".
  auto c = [&](double v, const Apart& apart) { return FormatApart(v, apart, style, true); };
  // The lesson's first move, as every other lesson shows it (the box's steps began at
  // "Clamp x", and project, clamp, evaluate could not be seen: teaching audit).
  frame.steps.push_back("Project: a box is one interval per axis, [min, max], so P's projection onto each axis is "
                        "its own coordinate, the parameter to clamp.");
  for (int i = 0; i < 2; ++i) {
    const double x = p.v[i];
    const double lo = box.min.v[i];
    const double hi = box.max.v[i];
    frame.steps.push_back(std::string("Clamp ") + axisNames[i] + ": P." + axisNames[i] + " = " + c(x, {lo, hi}) +
                          " into [" + c(lo, {x, hi}) + ", " + c(hi, {x, lo}) + "] gives " + c(q->closest.v[i], {x, lo, hi}) +
                          " (" + sideName(q->side[i]) + ").");
  }
  const int clampedAxes = (q->side[0] != 0) + (q->side[1] != 0);
  // A P on the boundary is inside: the box is closed (review: "inside" read as wrong for
  // a P on a corner, with no word of why).
  if (clampedAxes == 0)
    frame.steps.push_back("Evaluate: no axis clamped: P is in the box (its boundary included), its own closest point: "
                          "closest = P = " + FormatPoint(q->closest, style, bounds) + OriginWords(q->closest) + ".");
  else
    frame.steps.push_back("Evaluate: " + std::to_string(clampedAxes) + (clampedAxes == 1 ? " axis" : " axes") +
                          " clamped: the region is " + frame.regionName + ", and closest = " +
                          FormatPoint(q->closest, style, bounds) + OriginWords(q->closest) + ".");
  // Beyond the range in the contact's words: "|P − closest| = > 1.8e308" (teaching audit).
  frame.steps.push_back("Distance: |P − closest|" + EqualsText(q->distance, style) + ".");
  return frame;
}

Lesson::QueryCommand BoxLesson::ClosestQueryCommand(const Points& points) const {
  const auto at = [&](std::string_view name) { return CommandLinePoint(points[size_t(PointIndex(name))]); };
  return {"closest-query aabb --min=" + at("Min") + " --max=" + at("Max") + " --p=" + at("P"), {}};
}

}  // namespace cq::app
