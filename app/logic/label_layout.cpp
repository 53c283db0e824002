#include "logic/label_layout.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <utility>

#include "cq/linear.hpp"
#include "cq/normalize.hpp"
#include "cq/regions2d.hpp"

namespace cq::app {
namespace {

cq::Vec2d Rotate(const cq::Vec2d& v, double radians) {
  const double c = std::cos(radians);
  const double s = std::sin(radians);
  return {{c * v.x() - s * v.y(), s * v.x() + c * v.y()}};
}

/// The label box whose edge is `gap` from the anchor along unit direction u.
ScreenBox BoxAlong(const cq::Vec2d& anchor, const cq::Vec2d& size, double gap, const cq::Vec2d& u) {
  // Distance from the box centre to its edge along u, for a box centred on the ray.
  const double reach = 0.5 * std::min(std::abs(u.x()) > 1e-9 ? size.x() / std::abs(u.x()) : 1e300,
                                      std::abs(u.y()) > 1e-9 ? size.y() / std::abs(u.y()) : 1e300);
  const cq::Vec2d center = anchor + (gap + reach) * u;
  return {center - 0.5 * size, center + 0.5 * size};
}

}  // namespace

bool Overlaps(const ScreenBox& box, const ScreenCircle& circle) {
  const double x = std::clamp(circle.center.x(), box.min.x(), box.max.x());
  const double y = std::clamp(circle.center.y(), box.min.y(), box.max.y());
  const double dx = circle.center.x() - x;
  const double dy = circle.center.y() - y;
  return dx * dx + dy * dy < circle.radius * circle.radius;
}

bool Overlaps(const ScreenBox& a, const ScreenBox& b) {
  return a.min.x() < b.max.x() && b.min.x() < a.max.x() && a.min.y() < b.max.y() && b.min.y() < a.max.y();
}

bool Inside(const ScreenBox& box, const ScreenBox& area) {
  return box.min.x() >= area.min.x() && box.max.x() <= area.max.x() && box.min.y() >= area.min.y() &&
         box.max.y() <= area.max.y();
}

double DistanceToBox(const ScreenBox& box, const cq::Vec2d& point) {
  const double dx = std::max({box.min.x() - point.x(), 0.0, point.x() - box.max.x()});
  const double dy = std::max({box.min.y() - point.y(), 0.0, point.y() - box.max.y()});
  return std::hypot(dx, dy);
}

double RivalLead(const ScreenBox& box, const cq::Vec2d& anchor, const std::vector<cq::Vec2d>& rivals) {
  const double own = DistanceToBox(box, anchor);
  double lead = -std::numeric_limits<double>::infinity();
  for (const cq::Vec2d& other : rivals) lead = std::max(lead, own - DistanceToBox(box, other));
  return lead;
}

cq::Vec2d NearestPointOfBox(const ScreenBox& box, const cq::Vec2d& point) {
  return {{std::clamp(point.x(), box.min.x(), box.max.x()), std::clamp(point.y(), box.min.y(), box.max.y())}};
}

bool NearItsAnchor(const ScreenBox& box, const cq::Vec2d& a, const cq::Vec2d& b, double gap, double labelHeight) {
  // PlaceLabel's rings are a label height and 2 pixels apart; half a pixel for rounding.
  return DistanceToBox(box, a, b) <= gap + k_nearRings * (labelHeight + 2) + 0.5;
}

bool PlaceIsFree(const ScreenBox& box, const cq::Vec2d& anchor, const std::vector<ScreenCircle>& circles,
                 const std::vector<ScreenBox>& boxes, const std::optional<ScreenBox>& area,
                 const std::vector<cq::Vec2d>& rivals) {
  return (!area || Inside(box, *area)) &&
         std::none_of(circles.begin(), circles.end(), [&](const ScreenCircle& c) { return Overlaps(box, c); }) &&
         std::none_of(boxes.begin(), boxes.end(), [&](const ScreenBox& b) { return Overlaps(box, b); }) &&
         std::none_of(rivals.begin(), rivals.end(),
                      [&](const cq::Vec2d& other) { return DistanceToBox(box, other) <= DistanceToBox(box, anchor); });
}

ScreenBox PlaceLabelSteady(const std::optional<ScreenBox>& previous, const cq::Vec2d& anchor, const cq::Vec2d& size,
                           double gap, const cq::Vec2d& preferred, const std::vector<ScreenCircle>& circles,
                           const std::vector<ScreenBox>& boxes, const std::optional<ScreenBox>& area,
                           const std::vector<cq::Vec2d>& rivals, const std::vector<ScreenCircle>& soft) {
  if (previous && PlaceIsFree(*previous, anchor, circles, boxes, area, rivals) &&
      std::none_of(soft.begin(), soft.end(), [&](const ScreenCircle& c) { return Overlaps(*previous, c); }) &&
      NearItsAnchor(*previous, anchor, anchor, gap, size.y()))
    return *previous;
  return PlaceLabel(anchor, size, gap, preferred, circles, boxes, area, rivals, soft);
}

ScreenBox PlaceLabel(const cq::Vec2d& anchor, const cq::Vec2d& size, double gap, const cq::Vec2d& preferred,
                     const std::vector<ScreenCircle>& circles, const std::vector<ScreenBox>& boxes,
                     const std::optional<ScreenBox>& area, const std::vector<cq::Vec2d>& rivals,
                     const std::vector<ScreenCircle>& soft) {
  const cq::Vec2d start = cq::Normalize(preferred).value_or(cq::Vec2d{{1, 0}});
  constexpr double k_step = 3.14159265358979323846 / 4;
  const int order[8] = {0, 1, -1, 2, -2, 3, -3, 4};
  auto place = [&](int ring, int turn) {
    return BoxAlong(anchor, size, gap + ring * (size.y() + 2), Rotate(start, turn * k_step));
  };
  auto free = [&](const ScreenBox& box) { return PlaceIsFree(box, anchor, circles, boxes, area, rivals); };
  const double step = std::max(1.0, size.y() / 10);
  // Within the first k_softRings rings: a free place off the drawn lines too, else the
  // free place that crosses the fewest of them, each ring out counting as two discs
  // crossed (the first such in that order). Without lines, the first free place in the
  // first two rings. Either one a ring out at most: by the anchor (NearItsAnchor).
  std::optional<ScreenBox> softBest;
  if (!soft.empty()) {
    std::ptrdiff_t bestScore = 0;
    int bestRing = 0;
    for (int ring = 0; ring < k_softRings; ++ring)
      for (int turn : order) {
        const ScreenBox box = place(ring, turn);
        if (!free(box)) continue;
        const std::ptrdiff_t score =
            std::count_if(soft.begin(), soft.end(), [&](const ScreenCircle& c) { return Overlaps(box, c); }) + 2 * ring;
        if (score == 0) return box;
        if (!softBest || score < bestScore) {
          softBest = box;
          bestScore = score;
          bestRing = ring;
        }
      }
    if (softBest && bestRing <= 1) return *softBest;
  } else {
    for (int ring = 0; ring <= 1; ++ring)
      for (int turn : order)
        if (const ScreenBox box = place(ring, turn); free(box)) return box;
  }
  // None of those by the anchor: the free place nearest it between the eight directions,
  // as near as NearItsAnchor allows, before one farther out (at 800x600 the contact
  // lesson's "C′" had a free place only in the third ring, too far to be drawn, where one
  // between the directions lay 7 pixels from C′).
  if (const auto between = NearestFreePlace(anchor, anchor, size, gap, gap + k_nearRings * (size.y() + 2), start,
                                            circles, boxes, area, rivals, soft, step))
    return *between;
  if (softBest) return *softBest;
  // Eight directions farther out, a label height at a time. The first free place wins.
  // While none is, the place moved inside the area that the others cover least is kept,
  // of those with no rival nearer than the anchor where there are such (the first such in
  // that order).
  std::optional<ScreenBox> leastCovered;
  double leastCover = 0;
  bool leastRivalNearer = false;
  for (int ring = 0; ring < k_rings; ++ring) {
    for (int turn : order) {
      const ScreenBox box = place(ring, turn);
      if (free(box)) return box;
      const ScreenBox moved = area ? KeepInside(box, *area) : box;
      const bool rivalNearer = RivalLead(moved, anchor, rivals) > 0;
      const double cover = CoveredArea(moved, circles, boxes);
      // (Less by more than rounding: a diagonal place's box, its corners computed from its
      // centre, can cover a part of a square pixel less than an equal one before it.)
      if (!leastCovered || (leastRivalNearer && !rivalNearer) ||
          (leastRivalNearer == rivalNearer && cover < leastCover - 1e-6)) {
        leastCovered = moved;
        leastCover = cover;
        leastRivalNearer = rivalNearer;
      }
    }
  }
  // Between those places: the free one nearest the anchor, anywhere within the rings (at
  // 640x400 C's name had none in the eight directions, with the raw foot 9 pixels below C,
  // C′ 15 to its right and R above, and the place covered least was by C′). Where the
  // points lie closer together than a name is wide, none is nearer the anchor than every
  // rival: then the free place nearest the anchor all the same (the caller draws a leader
  // from it to the anchor), rather than one a handle covers.
  const double reach = gap + (k_rings - 1) * (size.y() + 2);
  if (const auto between = NearestFreePlace(anchor, anchor, size, gap, reach, start, circles, boxes, area, rivals, soft, step))
    return *between;
  if (!rivals.empty())
    if (const auto led = NearestFreePlace(anchor, anchor, size, gap, reach, start, circles, boxes, area, {}, soft, step))
      return *led;
  return *leastCovered;
}

LineLabelPlace PlaceLineLabel(const cq::Vec2d& a, const cq::Vec2d& b, const cq::Vec2d& anchor, const cq::Vec2d& size,
                              double gap, const cq::Vec2d& preferred, const std::vector<ScreenCircle>& circles,
                              const std::vector<ScreenBox>& boxes, const ScreenBox& area,
                              const std::vector<ScreenCircle>& soft) {
  auto clear = [&](const ScreenBox& box) {
    return Inside(box, area) &&
           std::none_of(circles.begin(), circles.end(), [&](const ScreenCircle& c) { return Overlaps(box, c); }) &&
           std::none_of(boxes.begin(), boxes.end(), [&](const ScreenBox& other) { return Overlaps(box, other); });
  };
  auto byTheLine = [&](const ScreenBox& box) { return NearItsAnchor(box, a, b, gap, size.y()); };
  // A leader from the box to the point of the line nearest the box's centre.
  auto leaderFor = [&](const ScreenBox& box) {
    const cq::Vec2d centre = 0.5 * box.min + 0.5 * box.max;
    const auto q = cq::ClosestPointOnSegment(centre, a, b);
    const cq::Vec2d on = q ? q->closest : anchor;
    return std::pair{NearestPointOfBox(box, on), on};
  };
  const ScreenBox ringed = KeepInside(PlaceLabel(anchor, size, gap, preferred, circles, boxes, area, {}, soft), area);
  if (clear(ringed) && byTheLine(ringed)) return {ringed, std::nullopt};
  const double step = std::max(1.0, size.y() / 10);
  // By the line: within the reach NearItsAnchor allows (half a pixel short of it, for its
  // rounding).
  const double near = gap + k_nearRings * (size.y() + 2);
  if (const auto beside = NearestFreePlace(a, b, size, gap, near, preferred, circles, boxes, area, {}, soft, step))
    return {*beside, std::nullopt};
  // Anywhere on the canvas, nearest the line first.
  const double across = std::hypot(area.max.x() - area.min.x(), area.max.y() - area.min.y());
  if (const auto elsewhere = NearestFreePlace(a, b, size, gap, std::max(near, across), preferred, circles, boxes, area,
                                              {}, soft, step))
    return {*elsewhere, leaderFor(*elsewhere)};
  return {ringed, byTheLine(ringed) ? std::nullopt : std::optional{leaderFor(ringed)}};
}

std::optional<ScreenBox> NearestFreePlace(const cq::Vec2d& a, const cq::Vec2d& b, const cq::Vec2d& size, double gap,
                                          double reach, const cq::Vec2d& preferred,
                                          const std::vector<ScreenCircle>& circles, const std::vector<ScreenBox>& boxes,
                                          const std::optional<ScreenBox>& area, const std::vector<cq::Vec2d>& rivals,
                                          const std::vector<ScreenCircle>& soft, double step) {
  if (!cq::IsFinite(a) || !cq::IsFinite(b) || !(step > 0) || !(reach >= gap)) return std::nullopt;
  // The labels' top-left corners to try: every `step` pixels over the segment's bounding
  // box grown by `reach` (and the label's size), cut to the area.
  cq::Vec2d low{{std::min(a.x(), b.x()) - reach - size.x(), std::min(a.y(), b.y()) - reach - size.y()}};
  cq::Vec2d high{{std::max(a.x(), b.x()) + reach, std::max(a.y(), b.y()) + reach}};
  if (area) {
    low = {{std::max(low.x(), area->min.x()), std::max(low.y(), area->min.y())}};
    high = {{std::min(high.x(), area->max.x() - size.x()), std::min(high.y(), area->max.y() - size.y())}};
  }
  if (!(low.x() <= high.x() && low.y() <= high.y())) return std::nullopt;
  // At most about 40000 places: a coarser step over a large reach (a whole canvas).
  const double cells = ((high.x() - low.x()) / step + 1) * ((high.y() - low.y()) / step + 1);
  if (cells > 40000) step *= std::sqrt(cells / 40000);
  const cq::Vec2d middle = 0.5 * a + 0.5 * b;
  const cq::Vec2d toward = cq::Normalize(preferred).value_or(cq::Vec2d{{1, 0}});
  // A ring out (a label height and 2 pixels) costs as much as two of the drawn lines' discs
  // crossed, as in PlaceLabel.
  const double perCrossing = (size.y() + 2) / 2;
  std::optional<ScreenBox> best;
  double bestCost = 0;
  double bestAlong = 0;
  for (double y = low.y(); y <= high.y(); y += step) {
    for (double x = low.x(); x <= high.x(); x += step) {
      const ScreenBox box{{{x, y}}, {{x + size.x(), y + size.y()}}};
      const double d = DistanceToBox(box, a, b);
      if (d < gap || d > reach || (best && d > bestCost)) continue;
      if (std::any_of(circles.begin(), circles.end(), [&](const ScreenCircle& c) { return Overlaps(box, c); }) ||
          std::any_of(boxes.begin(), boxes.end(), [&](const ScreenBox& other) { return Overlaps(box, other); }) ||
          std::any_of(rivals.begin(), rivals.end(),
                      [&](const cq::Vec2d& other) { return DistanceToBox(box, other) <= DistanceToBox(box, a); }))
        continue;
      const double cost =
          d + perCrossing * double(std::count_if(soft.begin(), soft.end(),
                                                 [&](const ScreenCircle& c) { return Overlaps(box, c); }));
      const double along = cq::Dot(cq::Normalize(0.5 * (box.min + box.max) - middle).value_or(toward), toward);
      if (!best || cost < bestCost - 1e-9 || (cost <= bestCost + 1e-9 && along > bestAlong)) {
        best = box;
        bestCost = cost;
        bestAlong = along;
      }
    }
  }
  return best;
}

double CoveredArea(const ScreenBox& box, const std::vector<ScreenCircle>& circles, const std::vector<ScreenBox>& boxes) {
  auto overlap = [&](const cq::Vec2d& min, const cq::Vec2d& max) {
    const double w = std::min(box.max.x(), max.x()) - std::max(box.min.x(), min.x());
    const double h = std::min(box.max.y(), max.y()) - std::max(box.min.y(), min.y());
    return w > 0 && h > 0 ? w * h : 0.0;
  };
  double cover = 0;
  for (const ScreenBox& b : boxes) cover += overlap(b.min, b.max);
  // A disc is a handle or marker, drawn over the text: what it hides counts four times.
  for (const ScreenCircle& c : circles) {
    const cq::Vec2d r = cq::Vec2d::Splat(c.radius);
    cover += 4 * overlap(c.center - r, c.center + r);
  }
  return cover;
}

ScreenBox KeepInside(const ScreenBox& box, const ScreenBox& area) {
  cq::Vec2d shift{{0, 0}};
  for (int k = 0; k < 2; ++k) {
    if (box.max.v[k] > area.max.v[k]) shift.v[k] = area.max.v[k] - box.max.v[k];
    if (box.min.v[k] + shift.v[k] < area.min.v[k]) shift.v[k] = area.min.v[k] - box.min.v[k];
  }
  return {box.min + shift, box.max + shift};
}

namespace {

/// The part of segment ab inside `area` (a point when a == b), by core's clip; nothing for
/// a segment that misses the area or has a non-finite end.
std::optional<std::pair<cq::Vec2d, cq::Vec2d>> VisiblePart(const cq::Vec2d& a, const cq::Vec2d& b,
                                                            const ScreenBox& area) {
  if (!cq::IsFinite(a) || !cq::IsFinite(b)) return std::nullopt;
  if (a == b) {  // a point: core's clip wants a direction
    if (!Inside({a, a}, area)) return std::nullopt;
    return std::pair{a, a};
  }
  const auto part = cq::ClipThroughPointsToRect(a, b, b - a, 0.0, 1.0, cq::Rect2<double>{area.min, area.max});
  if (!part) return std::nullopt;
  return std::pair{part->p0, part->p1};
}

}  // namespace

double DistanceToBox(const ScreenBox& box, const cq::Vec2d& a, const cq::Vec2d& b) {
  if (VisiblePart(a, b, box)) return 0;  // the segment meets the box
  // Apart, the nearest pair of two convex shapes has a vertex of one of them: an end of the
  // segment, or a corner of the box (its nearest point on the segment by core's query).
  double nearest = std::min(DistanceToBox(box, a), DistanceToBox(box, b));
  for (const cq::Vec2d& corner : {box.min, cq::Vec2d{{box.max.x(), box.min.y()}}, box.max, cq::Vec2d{{box.min.x(), box.max.y()}}})
    if (const auto q = cq::ClosestPointOnSegment(corner, a, b)) nearest = std::min(nearest, q->distance);
  return nearest;
}

std::vector<ScreenCircle> CirclesAlong(const cq::Vec2d& a, const cq::Vec2d& b, double radius, double spacing,
                                       const ScreenBox& area) {
  const auto part = VisiblePart(a, b, area);
  if (!part || !(spacing > 0)) return {};
  const auto [from, to] = *part;
  const double length = std::hypot(to.x() - from.x(), to.y() - from.y());
  const int steps = int(std::ceil(length / spacing));
  std::vector<ScreenCircle> circles;
  for (int i = 0; i <= steps; ++i) {
    const double s = steps == 0 ? 0 : double(i) / steps;
    circles.push_back({from + s * (to - from), radius});
  }
  return circles;
}

std::optional<cq::Vec2d> VisibleMiddle(const cq::Vec2d& a, const cq::Vec2d& b, const ScreenBox& area) {
  const auto part = VisiblePart(a, b, area);
  if (!part) return std::nullopt;
  return 0.5 * (part->first + part->second);
}

std::vector<cq::Vec2d> ClipToBox(const std::vector<cq::Vec2d>& polygon, const ScreenBox& area) {
  std::vector<cq::Vec2d> out = polygon;
  // One half-plane at a time: x >= min.x, x <= max.x, y >= min.y, y <= max.y.
  for (int edge = 0; edge < 4 && !out.empty(); ++edge) {
    const int k = edge / 2;
    const bool isMin = edge % 2 == 0;
    const double bound = isMin ? area.min.v[k] : area.max.v[k];
    auto inside = [&](const cq::Vec2d& p) { return isMin ? p.v[k] >= bound : p.v[k] <= bound; };
    std::vector<cq::Vec2d> next;
    for (std::size_t i = 0; i < out.size(); ++i) {
      const cq::Vec2d& p = out[i];
      const cq::Vec2d& q = out[(i + 1) % out.size()];
      if (inside(p)) next.push_back(p);
      if (inside(p) != inside(q)) {
        const double s = (bound - p.v[k]) / (q.v[k] - p.v[k]);
        cq::Vec2d x = p + s * (q - p);
        x.v[k] = bound;
        next.push_back(x);
      }
    }
    out = std::move(next);
  }
  return out;
}

namespace {

/// Twice the signed area of a polygon (positive for counter-clockwise in y-up axes).
double TwiceSignedArea(const std::vector<cq::Vec2d>& polygon) {
  double twice = 0;
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    const cq::Vec2d& p = polygon[i];
    const cq::Vec2d& q = polygon[(i + 1) % polygon.size()];
    twice += p.x() * q.y() - q.x() * p.y();
  }
  return twice;
}

}  // namespace

double PolygonArea(const std::vector<cq::Vec2d>& polygon) { return std::abs(TwiceSignedArea(polygon)) / 2; }

bool InsideConvex(const ScreenBox& box, const std::vector<cq::Vec2d>& region) {
  if (region.size() < 3) return false;
  // The orientation from the signed area; a corner is inside when it is on the inner side
  // of (or on) every edge.
  const double orientation = TwiceSignedArea(region) >= 0 ? 1.0 : -1.0;
  const cq::Vec2d corners[] = {box.min, {{box.max.x(), box.min.y()}}, box.max, {{box.min.x(), box.max.y()}}};
  for (std::size_t i = 0; i < region.size(); ++i) {
    const cq::Vec2d& p = region[i];
    const cq::Vec2d edge = region[(i + 1) % region.size()] - p;
    for (const cq::Vec2d& c : corners)
      if (orientation * cq::Cross(edge, c - p) < 0) return false;
  }
  return true;
}

std::optional<ScreenBox> PlaceInsideRegion(const std::vector<cq::Vec2d>& region, const cq::Vec2d& preferred,
                                           const cq::Vec2d& size, double step, const std::vector<ScreenCircle>& discs,
                                           const std::vector<ScreenBox>& taken) {
  if (region.size() < 3 || !(step > 0)) return std::nullopt;
  cq::Vec2d low = region.front();
  cq::Vec2d high = region.front();
  for (const cq::Vec2d& v : region)
    for (int k = 0; k < 2; ++k) {
      low.v[k] = std::min(low.v[k], v.v[k]);
      high.v[k] = std::max(high.v[k], v.v[k]);
    }
  // Candidate centres: the preferred one, then a grid over the region's bounding box,
  // nearest first (at most about 4096 of them: a coarser grid on a huge region).
  const cq::Vec2d extent = high - low;
  const double cells = (extent.x() / step + 1) * (extent.y() / step + 1);
  const double spacing = cells > 4096 ? step * std::sqrt(cells / 4096) : step;
  std::vector<cq::Vec2d> centres{preferred};
  for (double y = low.y() + size.y() / 2; y <= high.y() - size.y() / 2; y += spacing)
    for (double x = low.x() + size.x() / 2; x <= high.x() - size.x() / 2; x += spacing) centres.push_back({{x, y}});
  std::stable_sort(centres.begin() + 1, centres.end(), [&](const cq::Vec2d& a, const cq::Vec2d& b) {
    return cq::LengthSquared(a - preferred) < cq::LengthSquared(b - preferred);
  });
  const cq::Vec2d half = 0.5 * size;
  for (const cq::Vec2d& c : centres) {
    const ScreenBox box{c - half, c + half};
    if (!InsideConvex(box, region)) continue;
    if (std::any_of(taken.begin(), taken.end(), [&](const ScreenBox& t) { return Overlaps(box, t); })) continue;
    if (std::any_of(discs.begin(), discs.end(), [&](const ScreenCircle& d) { return Overlaps(box, d); })) continue;
    return box;
  }
  return std::nullopt;
}

bool GridLabelFits(const ScreenBox& box, const ScreenBox& area, const std::vector<ScreenBox>& taken,
                   const std::vector<ScreenCircle>& handles) {
  if (!Inside(box, area)) return false;
  for (const ScreenBox& other : taken)
    if (Overlaps(box, other)) return false;
  for (const ScreenCircle& handle : handles)
    if (Overlaps(box, handle)) return false;
  return true;
}

}  // namespace cq::app
