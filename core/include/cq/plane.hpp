// cq/plane.hpp: closest point on a plane (in 2D, a line with a front side): subtract the
// signed distance along the normal.
//
// The plane is { x : n.x = d } for any non-zero normal n, unit or not (Ericson 5.1.1).
// For a query point P, w = n.P - d and
//
//     signed distance s = w / |n|,   closest = P - (w / |n|^2) n.
//
// No clamp: a plane is unbounded, so the foot of the perpendicular is always the answer,
// and it is unique. The front side is the one n points into.
//
// Regions: Front when w > 0, Back when w < 0, On when w is exactly 0: the sign of the
// exact n.P - d of the given numbers, not of its rounding (n = (0.1, 0.1), d = 0 and
// P = (0.1, -0.1) are On, although n.P rounds to about 6e-18 off). The fast path keeps w
// when it lies beyond its own rounding error; closer to the plane the slow path sums the
// products and their errors exactly, in long double where that is the x87's 80-bit type
// (then at every scale), else in T (then while no product's error underflows: scenes
// whose coordinates lie within about 2^1000 of each other). On means closest == P.
//
// Defined for every input: a zero normal is ErrorCode::ZeroNormal; NaN/inf in n, d or P is
// NonFinite (field "n", "d" or "p"); a plane whose distance from the origin |d| / |n|
// exceeds the type's range (n tiny, d huge) makes the answer unrepresentable: Overflow.
// Tiny and huge normals and scenes are rescaled exactly, as in cq/linear.hpp.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "cq/detail/scale.hpp"
#include "cq/status.hpp"
#include "cq/vec.hpp"

namespace cq {

template <Real T, int N>
struct Plane {
  Vec<T, N> normal;  ///< n, any non-zero length; the front side is the one n points into
  T offset;          ///< d in n.x = d (for a unit n: the signed distance of the plane from the origin)
};

/// A plane through `point` with normal `normal`: offset = normal.point.
template <Real T, int N>
constexpr Plane<T, N> PlaneThroughPoint(const Vec<T, N>& normal, const Vec<T, N>& point) {
  return {normal, Dot(normal, point)};
}

enum class PlaneRegion : std::uint8_t { Back, On, Front };

/// "back", "on", "front".
const char* ToString(PlaneRegion region);

template <Real T, int N>
struct PlaneResult {
  Vec<T, N> closest;   ///< the foot of the perpendicular from P
  T signedDistance;    ///< (n.P - d) / |n|: positive in front, negative behind
  T planeValue;        ///< n.P - d, the numerator of the signed distance
  T normalLength;      ///< |n|, its denominator (planeValue / normalLength == signedDistance)
  T distanceSq;        ///< signedDistance^2 (may under/overflow as IEEE rounds it)
  T distance;          ///< |signedDistance|
  PlaneRegion region;  ///< which side P is on
};

namespace detail {

/// The side given by the sign of a plane value w = n.P - d (float, double or long double).
template <class F>
constexpr PlaneRegion SideOf(F w) {
  return w > F(0) ? PlaneRegion::Front : (w < F(0) ? PlaneRegion::Back : PlaneRegion::On);
}

template <Real T, int N>
Checked<PlaneResult<T, N>> ClosestPointOnPlaneSlow(const Vec<T, N>& p, const Plane<T, N>& plane);

template <Real T, int N>
inline PlaneResult<T, N> ClosestPointOnPlaneFast(const Vec<T, N>& p, const Plane<T, N>& plane,
                                                 bool& inRange) {
  const Vec<T, N>& n = plane.normal;
  const T nn = Dot(n, n);
  const T w = Dot(n, p) - plane.offset;
  const T length = std::sqrt(nn);
  const T s = w / length;
  PlaneResult<T, N> r;
  // P - (s n_i) / |n| rather than P - (w / |n|^2) n_i: as accurate, exact wherever s n_i
  // and the quotient are (small whole normals: n = (0, 7), P = (3, -0.5) gives (3, 0),
  // where w / 49 = -1/14 rounds and (3, -2.8e-17) came out), and s is of the scene's
  // size, where w / |n|^2 underflows for a huge normal. The largest |s n_i| is at least
  // |w| / sqrt(N), in the safe range below.
  for (int i = 0; i < N; ++i) r.closest.v[i] = p.v[i] - (s * n.v[i]) / length;
  r.signedDistance = s;
  r.planeValue = w;
  r.normalLength = length;
  r.distanceSq = s * s;
  r.distance = std::abs(s);
  r.region = SideOf(w);
  // w's sign is certain only beyond its rounding error, at most (N + 1) eps times
  // sum |n_i P_i| + |d| (N products and N sums, each rounded once; the bound itself is
  // taken with a margin). Within it, the slow path decides exactly.
  T magnitude = std::abs(plane.offset);
  for (int i = 0; i < N; ++i) magnitude += std::abs(n.v[i] * p.v[i]);
  const bool signCertain = std::abs(w) > T(2 * N + 4) * std::numeric_limits<T>::epsilon() * magnitude;
  // As in cq/linear.hpp: nn not below the safe range, and nn, w and the foot finite
  // (a finite sum of non-negative terms; NaN from any input propagates into it).
  // w and s = w / |n| must not be below the safe range either: the products n_i P_i
  // underflow for a tiny scene against a small normal (w may then read 0 for a point off
  // the plane), and s underflows for a huge normal against a tiny plane value; either
  // loses digits that matter relative to the scene. (So an exact w == 0, On, is
  // confirmed by the slow path, where n is rescaled and nothing underflows.)
  const T magnitudes = nn + std::abs(w) + SumAbs(r.closest);
  const T smallest = std::abs(w) < std::abs(s) ? std::abs(w) : std::abs(s);
  inRange = (nn >= Range<T>::k_minSafeSquare) & (smallest >= Range<T>::k_minSafeSquare) &
            (magnitudes <= MaxFinite<T>()) & signCertain;
  return r;
}

}  // namespace detail

template <Real T, int N>
inline Checked<PlaneResult<T, N>> ClosestPointOnPlane(const Vec<T, N>& p, const Plane<T, N>& plane) {
  bool inRange;
  const PlaneResult<T, N> r = detail::ClosestPointOnPlaneFast(p, plane, inRange);
  if (inRange) [[likely]]
    return r;
  return detail::ClosestPointOnPlaneSlow(p, plane);
}

namespace detail {
template <Real T, int N>
Checked<PlaneResult<T, N>> ClosestPointOnPlaneThroughPointSlow(const Vec<T, N>& p, const Vec<T, N>& normal,
                                                               const Vec<T, N>& point);
}  // namespace detail

/// The same query for the plane through `point` with normal `normal`: n.x = n.point, for
/// a plane given as a point and a normal (the app's plane through O, normal N - O).
///
/// Where the offset d = n.point is finite this is
/// ClosestPointOnPlane(p, PlaneThroughPoint(normal, point)). Where it
/// overflows (|n| |point| beyond the range: n = (1e200, 1e200) through (1e200, 1e200)
/// has d = 2e400) the plane is still well defined, and it is answered at an exact
/// power-of-two scale: n taken with its largest coordinate in [1, 2), P and the point
/// divided by 8 (so that the new offset is below 0.75 of the range), and the answer
/// multiplied back. Exact but for the last bits of subnormal coordinates of P or the
/// point, which only a scene that also holds a coordinate near 1e300 can lose, relative
/// to which they are below the contract's 1e-12.
///
/// Errors: NaN or inf in p, normal or point: NonFinite (field "p", "n" or "point"); a
/// zero normal: ZeroNormal; a foot beyond the range: Overflow (field "d", as for the
/// plane n.x = d it stands for). planeValue, the exact n.P - n.point rounded to T, may
/// overflow to +-inf where d does, as distanceSq may.
template <Real T, int N>
inline Checked<PlaneResult<T, N>> ClosestPointOnPlaneThroughPoint(const Vec<T, N>& p, const Vec<T, N>& normal,
                                                                  const Vec<T, N>& point) {
  const Plane<T, N> plane = PlaneThroughPoint(normal, point);
  if (std::isfinite(plane.offset)) [[likely]]
    return ClosestPointOnPlane(p, plane);
  return detail::ClosestPointOnPlaneThroughPointSlow(p, normal, point);
}

}  // namespace cq
