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
// products and their errors exactly, in double for float and in long double for double
// where that is the x87's 80-bit type (then at every scale), else in T (double where
// long double is double, as on MSVC: then while no product's error underflows, scenes
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

#include "cq/detail/exact_sum.hpp"
#include "cq/detail/scale.hpp"
#include "cq/status.hpp"
#include "cq/vec.hpp"

namespace cq {

template <Real T, int N>
struct Plane {
  Vec<T, N> normal;  ///< n, any non-zero length; the front side is the one n points into
  T offset;          ///< d in n.x = d (for a unit n: the signed distance of the plane from the origin)
};

/// A plane through `point` with normal `normal`: offset = normal.point rounded from its
/// exact value (within an ulp; 0 exactly when the exact value is 0, and of its sign
/// otherwise, but for an exact value at or below about the smallest subnormal, which can
/// round to +-0: the sum is rounded twice there, so an exact value just above half the
/// smallest subnormal (-2^-1075 - 2^-1274, review s35) may read -0 where once-rounded it
/// is -2^-1074. n = (1e-200, 0) through (1e-200, 0) has d = 0, so to decide a
/// side use ClosestPointOnPlaneThroughPoint, which never forms d). So a d that cancels is
/// right (n = (1e19, -1e19) through (1e20, 1e20) has d = 0, where a plain dot product read
/// 6e22), and so is a d in range whose products overflow (n = (1e200, -1e200) through
/// (1e200, 1e200): 0). +-inf where the exact
/// n.point is beyond the range; NaN or inf in an input gives a non-finite d.
///
/// The products are summed exactly in WideOf<T> (double for float, the x87 long double for
/// double), where no product of two T nor its error under- or overflows, and rounded to T
/// twice (the wide sum, then T). Where long double is double (MSVC), n and the point are
/// each scaled by a power of two to order 1 first: exact unless a coordinate is below
/// 2^-1000 or so of the largest one of its vector (then it is flushed), and a subnormal d
/// is rounded twice. ClosestPointOnPlaneThroughPoint never forms d.
template <Real T, int N>
inline Plane<T, N> PlaneThroughPoint(const Vec<T, N>& normal, const Vec<T, N>& point) {
  if constexpr (detail::k_hasWide<T>) {
    using W = detail::WideOf<T>;
    detail::ExactSum<W, 2 * N> sum;
    for (int i = 0; i < N; ++i) sum.AddProduct(W(normal.v[i]), W(point.v[i]));
    return {normal, static_cast<T>(sum.Value())};
  } else {
    const T mn = MaxAbs(normal);
    const T mp = MaxAbs(point);
    if (!(mn > T(0) && mp > T(0) && mn <= detail::MaxFinite<T>() && mp <= detail::MaxFinite<T>()))
      return {normal, Dot(normal, point)};  // 0 exactly, or as non-finite as the inputs
    const int kn = detail::ExponentOf(mn);
    const int kp = detail::ExponentOf(mp);
    const Vec<T, N> n = detail::ScaleByPowerOfTwo(normal, -kn);
    const Vec<T, N> p = detail::ScaleByPowerOfTwo(point, -kp);
    detail::ExactSum<T, 2 * N> sum;
    for (int i = 0; i < N; ++i) sum.AddProduct(n.v[i], p.v[i]);
    return {normal, std::scalbn(sum.Value(), kn + kp)};
  }
}

enum class PlaneRegion : std::uint8_t { Back, On, Front };

/// "back", "on", "front".
const char* ToString(PlaneRegion region);

template <Real T, int N>
struct PlaneResult {
  Vec<T, N> closest;   ///< the foot of the perpendicular from P
  T signedDistance;    ///< (n.P - d) / |n|: positive in front, negative behind
  T planeValue;        ///< n.P - d, the numerator of the signed distance
  /// |n|, the signed distance's denominator: planeValue / normalLength is signedDistance
  /// to an ulp or two (core divides the unrounded n.P - d) where |n| is a normal number;
  /// a subnormal |n| holds few bits (2 sqrt(2) * 2^-1074 reads 3 * 2^-1074), and the
  /// signed distance, taken from the rescaled normal, is the one to use.
  T normalLength;
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

/// The plane's offset as the caller gave it: a number d (the plane n.x = d), or a point
/// O on the plane (n.x = n.O, where n.O is never rounded: the side of P is the sign of the
/// exact n.(P - O), and P == O is On).
template <Real T>
struct OffsetNumber {
  T d;
};
template <Real T, int N>
struct OffsetPoint {
  Vec<T, N> point;
};

/// How many parts an exact sum needs for the offset: 1 for d, 2 N for n.O.
template <class Offset>
inline constexpr int k_offsetParts = 1;
template <Real T, int N>
inline constexpr int k_offsetParts<OffsetPoint<T, N>> = 2 * N;

/// Adds -d, or -n.O exactly, to `sum` (in F: T, or a wider type).
template <class F, int C, Real T, int N>
inline void SubtractOffset(ExactSum<F, C>& sum, const Vec<T, N>&, const OffsetNumber<T>& offset) {
  sum.Add(-F(offset.d));
}
template <class F, int C, Real T, int N>
inline void SubtractOffset(ExactSum<F, C>& sum, const Vec<T, N>& n, const OffsetPoint<T, N>& offset) {
  for (int j = 0; j < N; ++j) sum.AddProduct(-F(n.v[j]), F(offset.point.v[j]));
}

/// Adds n_i d, or n_i (n.O) exactly (each n_i n_j split into its rounded value and error),
/// in F (T, or a wider type).
template <class F, int C, Real T, int N>
inline void AddNormalTimesOffset(ExactSum<F, C>& sum, const Vec<T, N>& n, int i, const OffsetNumber<T>& offset) {
  sum.AddProduct(F(n.v[i]), F(offset.d));
}
template <class F, int C, Real T, int N>
inline void AddNormalTimesOffset(ExactSum<F, C>& sum, const Vec<T, N>& n, int i, const OffsetPoint<T, N>& offset) {
  for (int j = 0; j < N; ++j) {
    const F cross = F(n.v[i]) * F(n.v[j]);
    const F crossError = std::fma(F(n.v[i]), F(n.v[j]), -cross);
    sum.AddProduct(cross, F(offset.point.v[j]));
    sum.AddProduct(crossError, F(offset.point.v[j]));
  }
}

/// |d|, or sum |n_j O_j|: the offset's share of the bound on w's rounding error.
template <Real T, int N>
inline T OffsetMagnitude(const Vec<T, N>&, const OffsetNumber<T>& offset) {
  return std::abs(offset.d);
}
template <Real T, int N>
inline T OffsetMagnitude(const Vec<T, N>& n, const OffsetPoint<T, N>& offset) {
  T magnitude = T(0);
  for (int j = 0; j < N; ++j) magnitude += std::abs(n.v[j] * offset.point.v[j]);
  return magnitude;
}

template <Real T, int N, class Offset>
Checked<PlaneResult<T, N>> ClosestPointOnPlaneSlow(const Vec<T, N>& p, const Vec<T, N>& normal, const Offset& offset);

/// n.P - d (or n.P - n.O) summed exactly (each product split by a fused multiply-add), as
/// hi + lo: hi its value rounded (exact in sign, within an ulp), lo what hi leaves out,
/// rounded. Exact unless a product's error underflows.
template <Real T, int N, class Offset>
inline TwoParts<T> PlaneValueParts(const Vec<T, N>& n, const Vec<T, N>& p, const Offset& offset) {
  ExactSum<T, 2 * N + k_offsetParts<Offset> + 1> sum;
  SubtractOffset(sum, n, offset);
  for (int i = 0; i < N; ++i) sum.AddProduct(n.v[i], p.v[i]);
  const T hi = sum.Value();
  sum.Add(-hi);
  return {hi, sum.Value()};
}

/// (hi + lo) / length with one correction step: the remainder hi - q length is exact (a
/// fused multiply-add), so q comes out within about an ulp of the exact quotient. For
/// n = (3, 0), P = (0.1, 5) the plain w / |n| read 0.10000000000000002; this reads 0.1.
template <Real T>
inline T DivideParts(const TwoParts<T>& w, T length) {
  const T q = w.hi / length;
  const T remainder = std::fma(-q, length, w.hi) + w.lo;
  return q + remainder / length;
}

/// The foot's coordinate i, P_i - w n_i / |n|^2, from its numerator summed exactly,
/// P_i |n|^2 - n_i w = sum over j != i of (n_j^2 P_i - n_i n_j P_j) + n_i d (or n_i n.O), and divided
/// by the exact |n|^2 with one correction step (the quotient q by nn, |n|^2 rounded, then
/// the remainder numerator - q |n|^2, summed exactly too, divided by nn and added): good
/// to about an ulp of the coordinate itself, however much of P_i the correction cancels
/// (P = (0.1, 5) against the plane x = 0 had its foot at x = -1.4e-17; P = (1e300, 1e300)
/// against n = (1e-300, 0) at x = 1.5e284), and exact where the foot is a number of F:
/// the plane through O = (1.7e308, 0) with n = (-1.7e308, 0) took P = 0 to O_x + 1 ulp,
/// divided by the rounded |n|^2 alone. In F: T (then exact unless a product's error
/// underflows: the slow path scales the scene first), or T's wide type, where no product
/// of two T nor its error can under- or overflow (then at every scale, unscaled).
template <class F, Real T, int N, class Offset>
inline F FootCoordinateIn(const Vec<T, N>& n, const Vec<T, N>& p, const Offset& offset, int i, F nn) {
  ExactSum<F, 8 * (N - 1) + 2 * k_offsetParts<Offset> + 4 * N> sum;
  for (int j = 0; j < N; ++j) {
    if (j == i) continue;
    const F nj = F(n.v[j]);
    const F square = nj * nj;  // n_j^2 = square + squareError, exactly
    const F squareError = std::fma(nj, nj, -square);
    const F cross = nj * F(n.v[i]);  // n_j n_i = cross + crossError, exactly
    const F crossError = std::fma(nj, F(n.v[i]), -cross);
    sum.AddProduct(square, F(p.v[i]));
    sum.AddProduct(squareError, F(p.v[i]));
    sum.AddProduct(-cross, F(p.v[j]));
    sum.AddProduct(-crossError, F(p.v[j]));
  }
  AddNormalTimesOffset(sum, n, i, offset);
  const F q = sum.Value() / nn;
  for (int j = 0; j < N; ++j) {  // less q |n|^2, exactly: q (n_j^2 rounded) + q (its error)
    const F nj = F(n.v[j]);
    const F square = nj * nj;
    sum.AddProduct(-q, square);
    sum.AddProduct(-q, std::fma(nj, nj, -square));
  }
  return q + sum.Value() / nn;
}

/// The foot P - (w / |n|^2) n: per coordinate P_i less the correction (s n_i) / |n| where
/// the correction is small next to what is left (within about half an ulp of the
/// coordinate, and exact where it is 0: a normal along an axis keeps the other coordinates
/// bit for bit). A correction that underflows leaves P's coordinate as it is, off by that
/// subnormal amount: well within the scene's bound, but many ulps of a coordinate that is
/// itself tiny (review s35: -0 for an exact 1.9e-33 in float, P.x = -0 in a scene of 1e-7). Where it is not, the coordinate is FootCoordinate's when `exact` (the
/// slow path, whose scene is scaled so that its products neither under- nor overflow),
/// else `cancelled` is set (the fast path hands the query to the slow one). (s n_i) / |n|
/// rather than (w n_i) / |n|^2: s is of the scene's size, where w n_i underflows for a
/// tiny normal.
template <Real T, int N, class Offset>
inline Vec<T, N> PlaneFoot(const Vec<T, N>& n, const Vec<T, N>& p, const Offset& offset, T s, T length, T nn,
                           bool exact, bool& cancelled) {
  Vec<T, N> foot;
  cancelled = false;
  for (int i = 0; i < N; ++i) {
    const T correction = (s * n.v[i]) / length;
    // No correction keeps P_i itself, a -0 too: -0 - (+0) is -0 but -0 - (-0) is +0, so
    // P = (10, -0) kept its -0 in front of the plane x = 9 and lost it behind x = 11.
    foot.v[i] = correction == T(0) ? p.v[i] : p.v[i] - correction;
    if (std::abs(correction) * T(8) > std::abs(foot.v[i])) {
      cancelled = true;
      if (exact) foot.v[i] = FootCoordinateIn<T>(n, p, offset, i, nn);
    }
  }
  return foot;
}

template <Real T, int N, class Offset>
inline PlaneResult<T, N> ClosestPointOnPlaneFast(const Vec<T, N>& p, const Vec<T, N>& n, const Offset& offset,
                                                 bool& inRange) {
  const T nn = Dot(n, n);
  // w rounded once from its exact value, so that s is good to an ulp or two of itself:
  // the plain dot product lost digits to cancellation, up to 8e8 ulps of s for a point
  // near the plane far from the origin (s = -0.23531935906958895 for -0.2353193374775818).
  const TwoParts<T> wParts = PlaneValueParts(n, p, offset);
  const T w = wParts.hi;
  const T length = std::sqrt(nn);
  const T s = DivideParts(wParts, length);
  PlaneResult<T, N> r;
  bool cancelled;
  r.closest = PlaneFoot(n, p, offset, s, length, nn, false, cancelled);
  r.signedDistance = s;
  r.planeValue = w;
  r.normalLength = length;
  r.distanceSq = s * s;
  r.distance = std::abs(s);
  r.region = SideOf(w);
  // w's sign is certain only beyond its rounding error, at most (N + 1) eps times
  // sum |n_i P_i| + |d| (N products and N sums, each rounded once; the bound itself is
  // taken with a margin; with a point O, |d| is sum |n_i O_i| and 2N products, and w is
  // exact all the same). Within it, the slow path decides exactly.
  T magnitude = OffsetMagnitude(n, offset);
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
            (magnitudes <= MaxFinite<T>()) & signCertain & !cancelled;
  return r;
}

}  // namespace detail

template <Real T, int N>
inline Checked<PlaneResult<T, N>> ClosestPointOnPlane(const Vec<T, N>& p, const Plane<T, N>& plane) {
  bool inRange;
  const detail::OffsetNumber<T> offset{plane.offset};
  const PlaneResult<T, N> r = detail::ClosestPointOnPlaneFast(p, plane.normal, offset, inRange);
  if (inRange) [[likely]]
    return r;
  return detail::ClosestPointOnPlaneSlow(p, plane.normal, offset);
}

/// The same query for the plane through `point` with normal `normal`: n.x = n.point, for
/// a plane given as a point and a normal (the app's plane through O, normal N - O).
///
/// The offset n.point is never rounded: w = n.P - n.point is summed exactly, so the side
/// is the sign of the exact n.(P - point), and P == point is On with closest == P. (Through
/// PlaneThroughPoint, whose d is n.point rounded, O = (0.7, 0.9) with n = (0.1, 0.3) reads
/// Front for P = O, 8.6e-17 off the plane.) Where n.point is exact, this is ClosestPointOnPlane(p,
/// PlaneThroughPoint(normal, point)). Where it would overflow (|n| |point| beyond the
/// range: n = (1e200, 1e200) through (1e200, 1e200) has n.point = 2e400) the plane is
/// still well defined, and it is answered as any other, at an exact power-of-two scale.
///
/// Errors: NaN or inf in p, normal or point: NonFinite (field "p", "n" or "point"); a
/// zero normal: ZeroNormal; a foot beyond the range: Overflow (field "d", as for the
/// plane n.x = d it stands for). planeValue, the exact n.P - n.point rounded to T, may
/// overflow to +-inf, as distanceSq may.
template <Real T, int N>
inline Checked<PlaneResult<T, N>> ClosestPointOnPlaneThroughPoint(const Vec<T, N>& p, const Vec<T, N>& normal,
                                                                  const Vec<T, N>& point) {
  bool inRange;
  const detail::OffsetPoint<T, N> offset{point};
  const PlaneResult<T, N> r = detail::ClosestPointOnPlaneFast(p, normal, offset, inRange);
  if (inRange) [[likely]]
    return r;
  return detail::ClosestPointOnPlaneSlow(p, normal, offset);
}

}  // namespace cq
