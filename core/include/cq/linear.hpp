// cq/linear.hpp: closest point on a line, a ray or a segment: project, clamp, evaluate.
//
// Parameterisation, shared by all three (Ericson, Real-Time Collision Detection 5.1.2;
// Eberly, "Distance Between Point and Line, Ray, or Line Segment"):
//
//     P(t) = A + t (B - A)
//
// A line keeps t unbounded, a ray clamps it to [0, inf), a segment to [0, 1]. For a query
// point P the projection onto the carrier line is
//
//     t_raw = numerator / denominator,  numerator = (P - A).(B - A),  denominator = |B - A|^2
//
// and the closest point is P(t) with t = clamp(t_raw). The clamp is decided on the
// numerator and the denominator, before and independently of the division (Ericson's
// deferred division): numerator <= 0 is region A, numerator >= denominator is region B.
// So the region never depends on how the division rounds, and a clamped answer is the
// input vertex itself, bit for bit (never A + 1 * (B - A)). The one division then yields
// t_raw, which the result reports in every region.
//
// The answer is unique: the distance is a strictly convex function of t on a
// non-degenerate carrier.
//
// Defined for every input:
// - A == B (a degenerate segment, ray or line is the point A): closest = A, t_raw = t = 0,
//   region VertexA, numerator = denominator = 0. Never NaN.
// - Any NaN or infinite coordinate: ErrorCode::NonFinite naming p, a or b.
// - Any finite coordinates, tiny or huge: no absolute epsilon anywhere. Ordinary scenes
//   take the branch-free fast path; when a square under- or overflows the query redoes
//   the work with exact power-of-two rescaling (see detail/scale.hpp). In double the
//   closest point and distance stay within 1e-12 of the scene's size for coordinates
//   from 1e-300 to 1e300.
// - Values that exceed the type's range in exact arithmetic are rounded as IEEE does:
//   t_raw of a point 1e300 away from a segment 1e-300 long is +inf (t is still exact,
//   the clamp happened on the numerator), and distanceSq overflows to +inf while
//   distance stays finite. In the slow path numerator and denominator are the true
//   values rounded to T, so they may read 0 or inf when t_raw does not.
#pragma once

#include <cmath>
#include <cstdint>

#include "cq/detail/scale.hpp"
#include "cq/status.hpp"
#include "cq/vec.hpp"

namespace cq {

enum class LinearKind : std::uint8_t { Line, Ray, Segment };

/// The Voronoi (feature) region of the query point: which feature is closest.
/// A segment has all three, a ray VertexA and Interior, a line Interior only (except a
/// degenerate one, which is the point A: VertexA).
enum class LinearRegion : std::uint8_t { VertexA, Interior, VertexB };

/// "A", "interior", "B" (the closest-query tool's spelling).
const char* ToString(LinearRegion region);
/// "line", "ray", "segment".
const char* ToString(LinearKind kind);

template <Real T, int N>
struct LinearResult {
  Vec<T, N> closest;    ///< the closest point of the shape, P(t)
  Vec<T, N> foot;       ///< the projection onto the carrier line, P(t_raw) (== closest unless clamped)
  T tRaw;               ///< parameter of the projection onto the carrier line, unclamped
  T t;                  ///< the clamped parameter: closest == P(t)
  T numerator;          ///< (P - A).(B - A), the deferred-division numerator
  T denominator;        ///< |B - A|^2; t_raw = numerator / denominator
  T distanceSq;         ///< |P - closest|^2
  T distance;           ///< |P - closest|
  LinearRegion region;  ///< the feature the closest point lies on
};

namespace detail {

/// The exact, rescaled path: validation, degenerate A == B, and scenes whose squares
/// leave the safe range. Defined in linear.cpp for float/double x 2D/3D x every kind.
template <LinearKind K, Real T, int N>
Checked<LinearResult<T, N>> ClosestPointOnLinearSlow(const Vec<T, N>& p, const Vec<T, N>& a,
                                                     const Vec<T, N>& b);

/// The fast path: branch-free project-clamp-evaluate. Sets `inRange` false when the
/// scene left the range in which the fast path is exact (or an input was not finite);
/// the returned value is then meaningless and the caller must take the slow path.
/// Exposed for the benchmark, which measures what the range guard costs.
template <LinearKind K, Real T, int N>
inline LinearResult<T, N> ClosestPointOnLinearFast(const Vec<T, N>& p, const Vec<T, N>& a,
                                                   const Vec<T, N>& b, bool& inRange) {
  const Vec<T, N> d = b - a;
  const Vec<T, N> e = p - a;
  const T num = Dot(e, d);
  const T den = Dot(d, d);
  const T tRaw = num / den;

  // Clamp on the numerator: Ericson's deferred-division tests.
  bool beforeA = false;
  bool pastB = false;
  if constexpr (K != LinearKind::Line) beforeA = num <= T(0);
  if constexpr (K == LinearKind::Segment) pastB = num >= den;
  const T t = beforeA ? T(0) : (pastB ? T(1) : tRaw);

  LinearResult<T, N> r;
  for (int i = 0; i < N; ++i) {
    r.foot.v[i] = a.v[i] + tRaw * d.v[i];
    r.closest.v[i] = beforeA ? a.v[i] : (pastB ? b.v[i] : r.foot.v[i]);
  }
  const Vec<T, N> diff = p - r.closest;
  const T distSq = Dot(diff, diff);

  r.tRaw = tRaw;
  r.t = t;
  r.numerator = num;
  r.denominator = den;
  r.distanceSq = distSq;
  r.distance = std::sqrt(distSq);
  r.region = beforeA ? LinearRegion::VertexA : (pastB ? LinearRegion::VertexB : LinearRegion::Interior);

  // The range guard: the squared length is not below the safe range, and den, t_raw,
  // distSq and the foot are all finite. A sum of non-negative terms is finite only if
  // each term is (if the sum itself overflows, the slow path runs, which is merely
  // slower), and NaN propagates through it, so a NaN or infinite input (which always
  // reaches den, t_raw or distSq) fails too. Two comparisons, one well-predicted branch.
  const T magnitudes = den + std::abs(tRaw) + distSq + SumAbs(r.foot);
  inRange = (den >= Range<T>::k_minSafeSquare) & (magnitudes <= MaxFinite<T>());
  return r;
}

}  // namespace detail

/// Closest point on the line, ray or segment (per K) through A and B to P.
template <LinearKind K, Real T, int N>
inline Checked<LinearResult<T, N>> ClosestPointOnLinear(const Vec<T, N>& p, const Vec<T, N>& a,
                                                        const Vec<T, N>& b) {
  bool inRange;
  const LinearResult<T, N> r = detail::ClosestPointOnLinearFast<K>(p, a, b, inRange);
  if (inRange) [[likely]]
    return r;
  return detail::ClosestPointOnLinearSlow<K>(p, a, b);
}

/// Closest point on segment AB (t clamped to [0, 1]) to P.
template <Real T, int N>
inline Checked<LinearResult<T, N>> ClosestPointOnSegment(const Vec<T, N>& p, const Vec<T, N>& a,
                                                         const Vec<T, N>& b) {
  return ClosestPointOnLinear<LinearKind::Segment>(p, a, b);
}

/// Closest point on the ray from A through B (t clamped to [0, inf)) to P.
template <Real T, int N>
inline Checked<LinearResult<T, N>> ClosestPointOnRay(const Vec<T, N>& p, const Vec<T, N>& a,
                                                     const Vec<T, N>& b) {
  return ClosestPointOnLinear<LinearKind::Ray>(p, a, b);
}

/// Closest point on the line through A and B (t unbounded) to P.
template <Real T, int N>
inline Checked<LinearResult<T, N>> ClosestPointOnLine(const Vec<T, N>& p, const Vec<T, N>& a,
                                                      const Vec<T, N>& b) {
  return ClosestPointOnLinear<LinearKind::Line>(p, a, b);
}

/// Run-time choice of kind, for code (the app, the tool) that holds the kind as data.
template <Real T, int N>
inline Checked<LinearResult<T, N>> ClosestPointOnLinear(LinearKind kind, const Vec<T, N>& p,
                                                        const Vec<T, N>& a, const Vec<T, N>& b) {
  switch (kind) {
    case LinearKind::Line: return ClosestPointOnLine(p, a, b);
    case LinearKind::Ray: return ClosestPointOnRay(p, a, b);
    case LinearKind::Segment: break;
  }
  return ClosestPointOnSegment(p, a, b);
}

}  // namespace cq
