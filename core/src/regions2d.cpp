// Feature regions of 2D shapes as clipped polygons and boundary lines. See cq/regions2d.hpp.
#include "cq/regions2d.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "cq/detail/validate.hpp"

namespace cq {
namespace {

template <Real T>
void AddPiece(RegionMap2<T>& map, int region, const ConvexPolygon2<T>& polygon) {
  if (polygon.count < 3) return;  // empty or degenerate: nothing to shade
  map.pieces[map.pieceCount++] = {region, polygon};
}

template <Real T>
void AddBoundary(RegionMap2<T>& map, const std::optional<Segment2<T>>& line) {
  if (line) map.boundaries[map.boundaryCount++] = *line;
}

template <Real T>
std::optional<QueryError> CheckRect(const Rect2<T>& rect) {
  return detail::CheckBox(rect);
}

/// ClipParametricToRect after the rescaling: Liang-Barsky.
template <Real T>
std::optional<Segment2<T>> ClipScaled(const Vec<T, 2>& point, const Vec<T, 2>& direction, T tMin, T tMax,
                                      const Rect2<T>& rect) {
  // An end cut by a side of the rect is put on that side exactly: computed as point +
  // t direction it keeps the point's spacing, which for a point far off (a box corner at
  // x = -1e20, 16384 apart there) moved the ends of a slab line across the whole view,
  // onto each other even, and the line was not drawn.
  int axisMin = -1;
  int axisMax = -1;
  T sideMin = T(0);
  T sideMax = T(0);
  for (int i = 0; i < 2; ++i) {
    if (direction.v[i] == T(0)) {
      if (point.v[i] < rect.min.v[i] || point.v[i] > rect.max.v[i]) return std::nullopt;
      continue;
    }
    const bool increasing = direction.v[i] > T(0);
    const T enter = increasing ? rect.min.v[i] : rect.max.v[i];
    const T leave = increasing ? rect.max.v[i] : rect.min.v[i];
    const T t0 = (enter - point.v[i]) / direction.v[i];
    const T t1 = (leave - point.v[i]) / direction.v[i];
    if (t0 > tMin) {
      tMin = t0;
      axisMin = i;
      sideMin = enter;
    }
    if (t1 < tMax) {
      tMax = t1;
      axisMax = i;
      sideMax = leave;
    }
  }
  if (!(tMin <= tMax)) return std::nullopt;
  Segment2<T> segment{point + tMin * direction, point + tMax * direction};
  if (axisMin >= 0) segment.p0.v[axisMin] = sideMin;
  if (axisMax >= 0) segment.p1.v[axisMax] = sideMax;
  return segment;
}

}  // namespace

template <Real T>
ConvexPolygon2<T> PolygonFromRect(const Rect2<T>& rect) {
  ConvexPolygon2<T> polygon;
  polygon.vertices[0] = {{rect.min.v[0], rect.min.v[1]}};
  polygon.vertices[1] = {{rect.max.v[0], rect.min.v[1]}};
  polygon.vertices[2] = {{rect.max.v[0], rect.max.v[1]}};
  polygon.vertices[3] = {{rect.min.v[0], rect.max.v[1]}};
  polygon.count = 4;
  return polygon;
}

template <Real T>
ConvexPolygon2<T> ClipPolygon(const ConvexPolygon2<T>& polygon, const HalfPlane2<T>& halfPlane) {
  ConvexPolygon2<T> out;
  auto side = [&](const Vec<T, 2>& x) { return Dot(halfPlane.normal, x) - halfPlane.offset; };
  for (int i = 0; i < polygon.count; ++i) {
    const Vec<T, 2>& cur = polygon.vertices[i];
    const Vec<T, 2>& next = polygon.vertices[(i + 1) % polygon.count];
    const T sCur = side(cur);
    const T sNext = side(next);
    if (sCur <= T(0) && out.count < ConvexPolygon2<T>::k_capacity) out.vertices[out.count++] = cur;
    if ((sCur < T(0) && sNext > T(0)) || (sCur > T(0) && sNext < T(0))) {
      const T f = sCur / (sCur - sNext);  // in (0, 1): the signs differ
      if (out.count < ConvexPolygon2<T>::k_capacity) out.vertices[out.count++] = cur + f * (next - cur);
    }
  }
  return out;
}

template <Real T>
std::optional<Segment2<T>> ClipParametricToRect(const Vec<T, 2>& point, const Vec<T, 2>& direction, T tMin, T tMax,
                                                const Rect2<T>& rect) {
  if (direction == Vec<T, 2>{}) return std::nullopt;
  // Scale the direction to a largest component in [0.5, 1) and t the other way, by the
  // same power of two: (rect - point) / direction then overflows for a subnormal
  // direction only if rect - point does, and t * direction is the same product, so the
  // ends are what they were wherever nothing over- or underflowed.
  int exponent = 0;
  std::frexp(std::max(std::abs(direction.v[0]), std::abs(direction.v[1])), &exponent);
  const Vec<T, 2> scaled{{std::ldexp(direction.v[0], -exponent), std::ldexp(direction.v[1], -exponent)}};
  return ClipScaled(point, scaled, std::ldexp(tMin, exponent), std::ldexp(tMax, exponent), rect);
}

template <Real T>
std::optional<Segment2<T>> ClipThroughPointsToRect(const Vec<T, 2>& a, const Vec<T, 2>& b, const Vec<T, 2>& direction,
                                                   T tMin, T tMax, const Rect2<T>& rect) {
  const Vec<T, 2> center = T(0.5) * rect.min + T(0.5) * rect.max;
  if (!(MaxAbs(b - center) < MaxAbs(a - center))) return ClipParametricToRect(a, direction, tMin, tMax, rect);
  // From B: A + t direction = B + (t - 1) direction.
  return ClipParametricToRect(b, direction, tMin - T(1), tMax - T(1), rect);
}

template <Real T>
std::optional<Segment2<T>> ClipLineToRect(const Vec<T, 2>& point, const Vec<T, 2>& direction, const Rect2<T>& rect) {
  const T inf = std::numeric_limits<T>::infinity();
  return ClipParametricToRect(point, direction, -inf, inf, rect);
}

namespace {

/// The region map of a segment, ray or line through A and B with unit direction u
/// (arguments already checked): u.x <= u.A is region A, exactly the query's
/// (X - A).(B - A) <= 0 up to rounding, and u.A cannot overflow.
template <Real T>
RegionMap2<T> LinearRegionsAlong(LinearKind kind, const Vec<T, 2>& a, const Vec<T, 2>& b, const Vec<T, 2>& u,
                                 const Rect2<T>& rect) {
  RegionMap2<T> map;
  const ConvexPolygon2<T> all = PolygonFromRect(rect);
  if (kind == LinearKind::Line) {
    AddPiece(map, int(LinearRegion::Interior), all);
    return map;
  }
  const HalfPlane2<T> beforeA{u, Dot(u, a)};
  const HalfPlane2<T> afterA{-u, -Dot(u, a)};
  AddPiece(map, int(LinearRegion::VertexA), ClipPolygon(all, beforeA));
  AddBoundary(map, ClipLineToRect(a, PerpLeft(u), rect));
  if (kind == LinearKind::Ray) {
    AddPiece(map, int(LinearRegion::Interior), ClipPolygon(all, afterA));
    return map;
  }
  const HalfPlane2<T> beforeB{u, Dot(u, b)};
  const HalfPlane2<T> afterB{-u, -Dot(u, b)};
  AddPiece(map, int(LinearRegion::Interior), ClipPolygon(ClipPolygon(all, afterA), beforeB));
  AddPiece(map, int(LinearRegion::VertexB), ClipPolygon(all, afterB));
  AddBoundary(map, ClipLineToRect(b, PerpLeft(u), rect));
  return map;
}

}  // namespace

template <Real T>
Checked<RegionMap2<T>> LinearRegions(LinearKind kind, const Vec<T, 2>& a, const Vec<T, 2>& b, const Rect2<T>& rect) {
  if (auto error = detail::CheckFinite(a, Field::A)) return *error;
  if (auto error = detail::CheckFinite(b, Field::B)) return *error;
  if (auto error = CheckRect(rect)) return *error;
  if (a == b) {  // the point A: everything is closest to A
    RegionMap2<T> map;
    AddPiece(map, int(LinearRegion::VertexA), PolygonFromRect(rect));
    return map;
  }
  // B - A overflows when A and B are near opposite ends of the range; the difference of
  // the halves (exact halving) has the same direction and cannot.
  const Vec<T, 2> ab = b - a;
  return LinearRegionsAlong(kind, a, b, detail::NormalizeNonZero(IsFinite(ab) ? ab : T(0.5) * b - T(0.5) * a), rect);
}

template <Real T>
Checked<RegionMap2<T>> LinearRegions(LinearKind kind, const Vec<T, 2>& a, const Vec<T, 2>& b,
                                     const Vec<T, 2>& direction, const Rect2<T>& rect) {
  if (!IsFinite(direction) || direction == Vec<T, 2>{}) return LinearRegions(kind, a, b, rect);
  if (auto error = detail::CheckFinite(a, Field::A)) return *error;
  if (auto error = detail::CheckFinite(b, Field::B)) return *error;
  if (auto error = CheckRect(rect)) return *error;
  return LinearRegionsAlong(kind, a, b, detail::NormalizeNonZero(direction), rect);
}

namespace {

/// The two sides of the plane with normal `normal` whose point nearest the rect's centre
/// is `foot`: a well-conditioned point of the line, and the query that found it has
/// validated the plane (zero normal, NaN) for us.
template <Real T>
Checked<RegionMap2<T>> PlaneRegionsFromFoot(const Vec<T, 2>& normal, const Checked<PlaneResult<T, 2>>& foot,
                                            const Rect2<T>& rect) {
  if (!foot) return foot.error();
  const Vec<T, 2> u = detail::NormalizeNonZero(normal);
  const T offset = Dot(u, foot->closest);
  const ConvexPolygon2<T> all = PolygonFromRect(rect);
  RegionMap2<T> map;
  AddPiece(map, int(PlaneRegion::Back), ClipPolygon(all, HalfPlane2<T>{u, offset}));
  AddPiece(map, int(PlaneRegion::Front), ClipPolygon(all, HalfPlane2<T>{-u, -offset}));
  AddBoundary(map, ClipLineToRect(foot->closest, PerpLeft(u), rect));
  return map;
}

template <Real T>
Vec<T, 2> CenterOf(const Rect2<T>& rect) {
  return T(0.5) * rect.min + T(0.5) * rect.max;
}

}  // namespace

template <Real T>
Checked<RegionMap2<T>> PlaneRegions(const Plane<T, 2>& plane, const Rect2<T>& rect) {
  if (auto error = CheckRect(rect)) return *error;
  return PlaneRegionsFromFoot(plane.normal, ClosestPointOnPlane(CenterOf(rect), plane), rect);
}

template <Real T>
Checked<RegionMap2<T>> PlaneRegionsThroughPoint(const Vec<T, 2>& normal, const Vec<T, 2>& point, const Rect2<T>& rect) {
  if (auto error = CheckRect(rect)) return *error;
  return PlaneRegionsFromFoot(normal, ClosestPointOnPlaneThroughPoint(CenterOf(rect), normal, point), rect);
}

template <Real T>
Checked<RegionMap2<T>> BoxRegions(const Aabb<T, 2>& box, const Rect2<T>& rect) {
  if (auto error = detail::CheckBox(box)) return *error;
  if (auto error = CheckRect(rect)) return *error;
  RegionMap2<T> map;
  // Per axis, the three slabs below / within / above the box, cut to the rect.
  T lo[2][3];
  T hi[2][3];
  for (int i = 0; i < 2; ++i) {
    lo[i][0] = rect.min.v[i];
    hi[i][0] = std::min(box.min.v[i], rect.max.v[i]);
    lo[i][1] = std::max(box.min.v[i], rect.min.v[i]);
    hi[i][1] = std::min(box.max.v[i], rect.max.v[i]);
    lo[i][2] = std::max(box.max.v[i], rect.min.v[i]);
    hi[i][2] = rect.max.v[i];
  }
  for (int sy = 0; sy < 3; ++sy) {
    for (int sx = 0; sx < 3; ++sx) {
      if (!(lo[0][sx] < hi[0][sx]) || !(lo[1][sy] < hi[1][sy])) continue;  // empty or flat slab
      const Rect2<T> cell{{{lo[0][sx], lo[1][sy]}}, {{hi[0][sx], hi[1][sy]}}};
      AddPiece(map, sx + 3 * sy, PolygonFromRect(cell));
    }
  }
  AddBoundary(map, ClipLineToRect(box.min, Vec<T, 2>{{0, 1}}, rect));
  AddBoundary(map, ClipLineToRect(box.max, Vec<T, 2>{{0, 1}}, rect));
  AddBoundary(map, ClipLineToRect(box.min, Vec<T, 2>{{1, 0}}, rect));
  AddBoundary(map, ClipLineToRect(box.max, Vec<T, 2>{{1, 0}}, rect));
  return map;
}

#define CQ_INSTANTIATE_REGIONS(T)                                                                           \
  template ConvexPolygon2<T> PolygonFromRect(const Rect2<T>&);                                              \
  template ConvexPolygon2<T> ClipPolygon(const ConvexPolygon2<T>&, const HalfPlane2<T>&);                   \
  template std::optional<Segment2<T>> ClipParametricToRect(const Vec<T, 2>&, const Vec<T, 2>&, T, T,        \
                                                           const Rect2<T>&);                                \
  template std::optional<Segment2<T>> ClipLineToRect(const Vec<T, 2>&, const Vec<T, 2>&, const Rect2<T>&);  \
  template std::optional<Segment2<T>> ClipThroughPointsToRect(const Vec<T, 2>&, const Vec<T, 2>&,          \
                                                              const Vec<T, 2>&, T, T, const Rect2<T>&);      \
  template Checked<RegionMap2<T>> LinearRegions(LinearKind, const Vec<T, 2>&, const Vec<T, 2>&,             \
                                                const Rect2<T>&);                                           \
  template Checked<RegionMap2<T>> LinearRegions(LinearKind, const Vec<T, 2>&, const Vec<T, 2>&,             \
                                                const Vec<T, 2>&, const Rect2<T>&);                         \
  template Checked<RegionMap2<T>> PlaneRegions(const Plane<T, 2>&, const Rect2<T>&);                        \
  template Checked<RegionMap2<T>> PlaneRegionsThroughPoint(const Vec<T, 2>&, const Vec<T, 2>&, const Rect2<T>&);   \
  template Checked<RegionMap2<T>> BoxRegions(const Aabb<T, 2>&, const Rect2<T>&);
CQ_INSTANTIATE_REGIONS(float)
CQ_INSTANTIATE_REGIONS(double)

}  // namespace cq
