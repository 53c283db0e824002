// Feature regions of 2D shapes as clipped polygons and boundary lines. See cq/regions2d.hpp.
#include "cq/regions2d.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

#include "cq/detail/scale.hpp"
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

/// A rect that is not finite or is inverted, named as the rect's (Field::RectMin, RectMax),
/// not as a box's min or max: BoxRegions has both (core audit of 2026-11-29).
template <Real T>
std::optional<QueryError> CheckRect(const Rect2<T>& rect) {
  std::optional<QueryError> error = detail::CheckBox(rect);
  if (error) error->field = error->field == Field::Max ? Field::RectMax : Field::RectMin;
  return error;
}

// Scenes near the top of the range are clipped at a scale of 2^-k_headroom. Below
// 2^(max_exponent - k_headroom) no difference of two coordinates, no dot product with a
// unit vector, no clip parameter t (a difference over the direction's largest coordinate,
// in [0.5, 1)) and no end point + t direction can overflow; above it they did: a rect of +-9e307 made the
// boundary lines NaN, and a segment at 1.5e308 had no pieces at all (u.A overflowed).
// Powers of two are exact, but for coordinates some 2^-1000 below the scene's size,
// which underflow and come back as 0 or rounded: far below the scene's rounding.
constexpr int k_headroom = 6;

/// k_headroom when a scene of this size must be scaled down, else 0.
template <Real T>
int DownscaleFor(T magnitude) {
  return magnitude >= std::ldexp(T(1), std::numeric_limits<T>::max_exponent - k_headroom) ? k_headroom : 0;
}

template <Real T>
T MagnitudeOf(const Rect2<T>& rect) {
  return std::max(MaxAbs(rect.min), MaxAbs(rect.max));
}

template <Real T>
Rect2<T> ScaleRect(const Rect2<T>& rect, int exponent) {
  return {detail::ScaleByPowerOfTwo(rect.min, exponent), detail::ScaleByPowerOfTwo(rect.max, exponent)};
}

template <Real T>
ConvexPolygon2<T> ScalePolygon(ConvexPolygon2<T> polygon, int exponent) {
  for (int i = 0; i < polygon.count; ++i)
    polygon.vertices[i] = detail::ScaleByPowerOfTwo(polygon.vertices[i], exponent);
  return polygon;
}

template <Real T>
Segment2<T> ScaleSegment(const Segment2<T>& segment, int exponent) {
  return {detail::ScaleByPowerOfTwo(segment.p0, exponent), detail::ScaleByPowerOfTwo(segment.p1, exponent)};
}

template <Real T>
RegionMap2<T> ScaleMap(RegionMap2<T> map, int exponent) {
  for (int i = 0; i < map.pieceCount; ++i) map.pieces[i].polygon = ScalePolygon(map.pieces[i].polygon, exponent);
  for (int i = 0; i < map.boundaryCount; ++i) map.boundaries[i] = ScaleSegment(map.boundaries[i], exponent);
  return map;
}

/// ClipParametricToRect after the rescaling: Liang-Barsky.
template <Real T>
std::optional<Segment2<T>> ClipScaled(const Vec<T, 2>& point, const Vec<T, 2>& direction, T tMin, T tMax,
                                      const Rect2<T>& rect) {
  // An end cut by a side of the rect is put on that side exactly: computed as point +
  // t direction it keeps the point's spacing, which for a point far off (a box corner at
  // x = -1e20, 16384 apart there) moved the ends of a slab line across the whole view,
  // onto each other even, and the line was not drawn.
  // On a tie of the two axes' parameters (an end at a corner) both coordinates are put on
  // their sides: with one, a diagonal from (-5.4e21, -5.4e21) entered [0, 10]^2 at (0,
  // 393216) (found by a mutation run).
  bool snapMin[2] = {false, false};
  bool snapMax[2] = {false, false};
  T sideMin[2] = {T(0), T(0)};
  T sideMax[2] = {T(0), T(0)};
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
      snapMin[0] = snapMin[1] = false;
    }
    if (t0 == tMin) {
      snapMin[i] = true;
      sideMin[i] = enter;
    }
    if (t1 < tMax) {
      tMax = t1;
      snapMax[0] = snapMax[1] = false;
    }
    if (t1 == tMax) {
      snapMax[i] = true;
      sideMax[i] = leave;
    }
  }
  if (!(tMin <= tMax)) return std::nullopt;
  Segment2<T> segment{point + tMin * direction, point + tMax * direction};
  for (int i = 0; i < 2; ++i) {
    if (snapMin[i]) segment.p0.v[i] = sideMin[i];
    if (snapMax[i]) segment.p1.v[i] = sideMax[i];
    // And every end in the rect, where the clip's ends lie: computed from a far point, a
    // coordinate not put on a side has that point's spacing (16384 at 1e20). (Of a rect
    // whose min is not below its max there is no inside to keep them in.)
    if (rect.min.v[i] <= rect.max.v[i]) {
      segment.p0.v[i] = std::clamp(segment.p0.v[i], rect.min.v[i], rect.max.v[i]);
      segment.p1.v[i] = std::clamp(segment.p1.v[i], rect.min.v[i], rect.max.v[i]);
    }
  }
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

namespace {

/// ClipPolygon for a scene below the headroom.
template <Real T>
ConvexPolygon2<T> ClipPolygonScaled(const ConvexPolygon2<T>& polygon, const HalfPlane2<T>& halfPlane) {
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

}  // namespace

template <Real T>
ConvexPolygon2<T> ClipPolygon(const ConvexPolygon2<T>& polygon, const HalfPlane2<T>& halfPlane) {
  T magnitude = std::abs(halfPlane.offset);
  for (int i = 0; i < polygon.count; ++i) magnitude = std::max(magnitude, MaxAbs(polygon.vertices[i]));
  const int down = DownscaleFor(magnitude);
  assert(polygon.count < ConvexPolygon2<T>::k_capacity && "a cut may add a vertex: at most k_capacity - 1 in");
  if (down == 0) return ClipPolygonScaled(polygon, halfPlane);
  const HalfPlane2<T> scaled{halfPlane.normal, std::ldexp(halfPlane.offset, -down)};
  return ScalePolygon(ClipPolygonScaled(ScalePolygon(polygon, -down), scaled), down);
}

template <Real T>
std::optional<Segment2<T>> ClipParametricToRect(const Vec<T, 2>& point, const Vec<T, 2>& direction, T tMin, T tMax,
                                                const Rect2<T>& rect) {
  if (!IsFinite(direction) || direction == Vec<T, 2>{}) return std::nullopt;
  // Scale the direction to a largest component in [0.5, 1) and t the other way, by the
  // same power of two: (rect - point) / direction then overflows for a subnormal
  // direction only if rect - point does, and t * direction is the same product, so the
  // ends are what they were wherever nothing over- or underflowed ([1, 2) halves t, which
  // costs a subnormal scene's t its last bit). A scene near the top of the range is moved
  // down first (k_headroom), so that |rect - point| / 0.5 stays finite (a rect of
  // +-9e307 made t infinite, and t * 0 NaN); the parameter follows: point + t direction
  // at 2^-down is point 2^-down + (t 2^(exponent - down)) scaled.
  int exponent = 0;
  std::frexp(MaxAbs(direction), &exponent);
  const int down = DownscaleFor(std::max(MaxAbs(point), MagnitudeOf(rect)));
  const std::optional<Segment2<T>> clipped =
      ClipScaled(detail::ScaleByPowerOfTwo(point, -down), detail::ScaleByPowerOfTwo(direction, -exponent),
                 std::ldexp(tMin, exponent - down), std::ldexp(tMax, exponent - down), ScaleRect(rect, -down));
  if (!clipped || down == 0) return clipped;
  return ScaleSegment(*clipped, down);
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
/// (arguments already checked, the scene below the headroom): u.x <= u.A is region A,
/// exactly the query's (X - A).(B - A) <= 0 up to rounding.
template <Real T>
RegionMap2<T> LinearRegionsScaled(LinearKind kind, const Vec<T, 2>& a, const Vec<T, 2>& b, const Vec<T, 2>& u,
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

/// The same for any finite scene: one near the top of the range is mapped at 2^-k_headroom
/// (u.A overflowed for A = (1.5e308, 1.5e308), and the map had no pieces).
template <Real T>
RegionMap2<T> LinearRegionsAlong(LinearKind kind, const Vec<T, 2>& a, const Vec<T, 2>& b, const Vec<T, 2>& u,
                                 const Rect2<T>& rect) {
  const int down = DownscaleFor(std::max({MaxAbs(a), MaxAbs(b), MagnitudeOf(rect)}));
  if (down == 0) return LinearRegionsScaled(kind, a, b, u, rect);
  return ScaleMap(LinearRegionsScaled(kind, detail::ScaleByPowerOfTwo(a, -down), detail::ScaleByPowerOfTwo(b, -down), u,
                                      ScaleRect(rect, -down)),
                  down);
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
  // At 2^-k_headroom near the top of the range, where u.foot overflowed (n = (1, 1)
  // through (1.3e308, 1.3e308) had no pieces).
  const int down = DownscaleFor(std::max(MaxAbs(foot->closest), MagnitudeOf(rect)));
  const Vec<T, 2> point = detail::ScaleByPowerOfTwo(foot->closest, -down);
  const Rect2<T> scaledRect = ScaleRect(rect, -down);
  const T offset = Dot(u, point);
  const ConvexPolygon2<T> all = PolygonFromRect(scaledRect);
  RegionMap2<T> map;
  AddPiece(map, int(PlaneRegion::Back), ClipPolygon(all, HalfPlane2<T>{u, offset}));
  AddPiece(map, int(PlaneRegion::Front), ClipPolygon(all, HalfPlane2<T>{-u, -offset}));
  AddBoundary(map, ClipLineToRect(point, PerpLeft(u), scaledRect));
  return down == 0 ? map : ScaleMap(map, down);
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
