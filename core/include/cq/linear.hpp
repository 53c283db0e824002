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
//   take the branch-free fast path; when a square under- or overflows (or the numerator
//   falls below the safe range, as a numerator computed as 0 does) the query redoes the
//   work with exact power-of-two rescaling (see detail/scale.hpp). The fast path's
//   numerator is one dot product of rounded differences (fused where the target has FMA),
//   so a P exactly on a region boundary may land on either side: P = (-0.3, 0.1) lies
//   exactly on the perpendicular through A = (0, 0) of the segment to B = (0.1, 0.3), and
//   with FMA (the native build on an FMA machine) its numerator reads 1.7e-18, the
//   rounding of -0.3 * 0.1 that the fused multiply-add keeps, so the region is Interior
//   with t = 1.7e-17 (the closest point within an ulp or two of A); without FMA the two
//   products round alike, the numerator is 0, and the exact path answers VertexA.
//   ProjectExactly, below, gives the side without rounding.
//   In double the closest point and distance stay within 1e-12 of the scene's size for
//   coordinates from 1e-300 to 1e300.
// - A ray's or line's closest point beyond the type's range (P near the largest value,
//   off a carrier that leaves the range there): ErrorCode::Overflow naming p, as a plane's
//   foot beyond the range is. A segment's closest point lies between A and B, in every
//   coordinate, so it never overflows. At the very top of the range (the scene halved
//   because a coordinate exceeds half the largest value) the overflow test sees the foot
//   as rounded there: a foot within a few ulps of the largest value may read Overflow, or
//   be returned as the largest value, and a distance that rounds to the largest value
//   may read +inf; there too a coordinate of B - A below two subnormal steps is lost to
//   the halving, one of a few steps is rounded by it (3 steps read 2 or 4: a line's
//   direction (0, 3, 4) steps bent to (0, 4, 4), its foot off by a third of P's distance;
//   core audit), and a segment that short next to one that huge is taken as A == B
//   (review s35; such scenes are far outside the 1e-300..1e300 promise above).
// - Values that exceed the type's range in exact arithmetic are rounded as IEEE does:
//   t_raw of a point 1e300 away from a segment 1e-300 long is +inf (t is still exact,
//   the clamp happened on the numerator), and distanceSq overflows to +inf while
//   distance stays finite. In the slow path the numerator is the exact (P - A).(B - A)
//   of the numbers given, rounded once (P exactly on the perpendicular through A reads
//   t_raw = 0), and the denominator |B - A|^2 rounded, each then brought to T's range:
//   they may read 0 or inf when t_raw does not. There a foot's distance is the exact
//   cross product's, |(B - A) x (P - A)| / |B - A|, good to a few ulps of itself, and
//   where that is the shorter leg the foot is P minus the part of P - A across the line
//   (a point exactly on the line is its own foot). Both need a type wider than T for the
//   exact sums (detail::k_hasWide: float always; double where long double is the x87's):
//   elsewhere the numerator is the fast path's fused sum on an unbounded exponent range,
//   the foot A + t_raw (B - A), and the distance |P - foot|.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <limits>
#include <utility>

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

/// How the query takes the foot of a point in the interior that lies on the line, or
/// within rounding of it (a squared distance below (32 eps)^2 |P - A|^2).
///
/// Rounded (the default, free): A + t_raw (B - A), as for every other point. It is off by
/// a few ulps of the scene, and for a point on the line that is the whole distance: P =
/// (0, 0) on the segment (-4, 0)-(2, 0) reads closest (-2.2e-16, 0), distance 2.2e-16.
/// Within the contract (ulps of the scene's size), and what the batch computes.
///
/// Across: P - w, w the part of P - A across the line from the exact cross product, so
/// that a point on the line is its own closest point at distance exactly 0, and a point a
/// hair off it has the hair as its distance (to an ulp); where T has no wider type for
/// the exact sums (double where long double is double), it is Rounded. t, t_raw, the
/// numerator, the denominator and the region are the same as Rounded's. It costs the
/// query a multiply, a max and a predicted branch on the distance, so the closest point
/// waits for the distance, and since 2026-11-29 |A|^2 + |P|^2 (far from the origin).
/// Measured on random segments and points (ns per query, Rounded against Across): reading
/// the closest point and the distance, float 9.7-10.4 against 10.2-10.5, double 11.1-11.3
/// against 12.0-12.1 (up to 8 %; with |A|^2 + |P|^2, in another harness: float 3.8
/// against 4.5, double 4.1 against 4.9, 18-20 %, where it gave 4-7 % before); reading only the closest
/// point, which Rounded gives without ever forming the distance, 6.2-7.1 against 8.9-9.3
/// in float (about 1.4x; the independent benchmark's query, 3.3 against 5.2 ns). The app
/// and the closest-query tool, which show the distance, use Across.
enum class NearLine : std::uint8_t { Rounded, Across };

/// "line", "ray", "segment".
const char* ToString(LinearKind kind);

template <Real T, int N>
struct LinearResult {
  Vec<T, N> closest;    ///< the closest point of the shape, P(t)
  Vec<T, N> foot;       ///< the projection onto the carrier line, P(t_raw) (== closest unless clamped)
  T tRaw;               ///< parameter of the projection onto the carrier line, unclamped
  T t;                  ///< the clamped parameter: closest == P(t); t_raw in the interior, but a
                        ///< segment's t_raw that rounds past 1 there (P a hair before B) reads 1
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

/// x * y + z, rounded once where the hardware fuses it (FP_FAST_FMA: there is an FMA
/// instruction) and as a product and a sum otherwise. Spelled out because the Release
/// build lets GCC contract a * b + c * d into either fma(a, b, c * d) or fma(c, d, a * b),
/// and it does not pick the same one in every function: the single query and the batch
/// would then round the same numerator differently and could disagree on the region.
/// CQ_MULADD_FUSED says which: GCC defines FP_FAST_FMA where the target has the
/// instruction; Clang never does, but contracts x * y + z into one by default
/// (-ffp-contract=on) where the target has it (__FMA__ on x86, AVX-512F included;
/// __ARM_FEATURE_FMA on Arm), so there it is std::fma by name (review of 2026-11-29: a
/// Clang build fused without saying so), and elsewhere Clang is told not to contract.
#if (defined(FP_FAST_FMA) && defined(FP_FAST_FMAF)) || \
    (defined(__clang__) && (defined(__FMA__) || defined(__ARM_FEATURE_FMA)))
#define CQ_MULADD_FUSED 1
#else
#define CQ_MULADD_FUSED 0
#endif
template <Real T>
inline T MulAdd(T x, T y, T z) {
#if CQ_MULADD_FUSED
  return std::fma(x, y, z);
#else
#if defined(__clang__)
#pragma clang fp contract(off)
#endif
  return x * y + z;  // two roundings, as CQ_MULADD_FUSED 0 says
#endif
}

/// MulAdd's choice is made where this header is compiled, and the batch's inside cq_core:
/// a program built with another choice than the library's (without -march=native against
/// a library built with it, or the reverse) would round the single query's numerator one
/// way and the batch's the other, and the two could disagree on the region (core audit of
/// 2026-11-29: 1,476 of 305,213 points). So every file that includes this header refers
/// to a tag named for its choice, and cq_core defines only the tag for its own: a
/// mismatch does not link ("undefined reference to
/// cq::detail::code_built_without_fma_needs_a_cq_core_built_without_fma", or the same
/// with "with").
/// Build code that includes cq's headers with the library's -march (the project's
/// CQ_NATIVE setting).
#if CQ_MULADD_FUSED
extern const int code_built_with_fma_needs_a_cq_core_built_with_fma;
#if defined(__GNUC__)
[[gnu::used]] static const int* const k_mulAddChoice = &code_built_with_fma_needs_a_cq_core_built_with_fma;
#endif
#else
extern const int code_built_without_fma_needs_a_cq_core_built_without_fma;
#if defined(__GNUC__)
[[gnu::used]] static const int* const k_mulAddChoice = &code_built_without_fma_needs_a_cq_core_built_without_fma;
#endif
#endif

/// u . v in one fixed order, ((u0 v0 + u1 v1) + u2 v2) with each sum fused by MulAdd. The
/// single query and the batch (cq/detail/segment_batch.hpp) both form the numerator
/// (P - A).(B - A) and the denominator |B - A|^2 with it, so they are the same bits in both.
template <Real T, int N>
inline T DotFused(const T (&u)[N], const T (&v)[N]) {
  T s = u[0] * v[0];
  for (int i = 1; i < N; ++i) s = MulAdd(u[i], v[i], s);
  return s;
}

/// Which check sends a query from the fast path to the slow one. Scale is the library's:
/// invalid input and every scene whose squares leave the exact range. FiniteOnly only
/// catches NaN and infinite input, the least any conforming build must do (invalid input
/// is reported, never turned into a number); it exists so the benchmark can price the
/// scale guard by itself. Nothing outside bench/ uses it.
enum class Guard : std::uint8_t { Scale, FiniteOnly };

/// What the fast path's cold branch gives a point within rounding of its closest point
/// (RefineNearLine).
template <Real T, int N>
struct NearLineFoot {
  Vec<T, N> foot;  ///< with moved: the foot across the line (else unset)
  T distanceSq;
  T distance;
  bool moved;  ///< the foot was taken across the line: closest and foot become `foot`
};

/// The cold branch of the fast path with NearLine::Across, out of line: for a point in the
/// interior region the foot
/// P - w, w the part of P - A across the line from the exact cross product
/// (ExactAcrossLine), a segment's kept in the box of A and B, with its distance;
/// elsewhere, or where no wider type holds the exact sums, or where P - w is not finite,
/// the fast path's own closest point, its length redone with power-of-two scaling when
/// distSq fell below the safe range (else distSq itself).
template <Real T, int N>
NearLineFoot<T, N> RefineNearLine(LinearKind kind, LinearRegion region, const Vec<T, N>& p, const Vec<T, N>& a,
                                  const Vec<T, N>& b, Vec<T, N> diff, T distSq);

/// With NearLine::Across, points whose squared distance to their closest point is below
/// (32 eps)^2 max(|P - A|^2, |A|^2 + |P|^2) take the cold branch (the foot rounds to the
/// grid of its coordinates, about eps |foot| apart, and |foot|^2 <= 8 (|A|^2 + |P|^2)). A
/// point exactly on the line has a foot A + t_raw (B - A) off by a few ulps of the scene (P = (0, 0) on the segment (-4, 0)-(2, 0) read distance 2.2e-16):
/// its own rounding in t_raw and B - A moves it by at most about 4 eps |P - A| before the
/// last rounding, which lands on P's coordinate itself unless |P| is below about 16 |P - A|,
/// so such a foot is at most about 20 eps |P - A| from P.
template <Real T>
inline constexpr T k_nearLineSq = T(32) * std::numeric_limits<T>::epsilon() * T(32) * std::numeric_limits<T>::epsilon();

/// The fast path: branch-free project-clamp-evaluate. Sets `inRange` false when the
/// scene left the range in which the fast path is exact (or an input was not finite);
/// the returned value is then meaningless and the caller must take the slow path.
/// Exposed for the benchmark, which measures what the range guard costs.
template <LinearKind K, Guard G = Guard::Scale, NearLine F = NearLine::Rounded, Real T, int N>
inline LinearResult<T, N> ClosestPointOnLinearFast(const Vec<T, N>& p, const Vec<T, N>& a,
                                                   const Vec<T, N>& b, bool& inRange) {
  const Vec<T, N> d = b - a;
  const Vec<T, N> e = p - a;
  const T num = DotFused(e.v, d.v);
  const T den = DotFused(d.v, d.v);
  const T tRaw = num / den;

  // Clamp on the numerator: Ericson's deferred-division tests, decided before and
  // independently of the division. For den > 0 at most one holds, and the region index
  // 0 / 1 / 2 is VertexA / Interior / VertexB (den == 0 or NaN: the guard below fails).
  bool beforeA = false;
  bool pastB = false;
  if constexpr (K != LinearKind::Line) beforeA = num <= T(0);
  if constexpr (K == LinearKind::Segment) pastB = num >= den;
  // Pointer-sized, as it indexes the tables below: an int would cost a sign extension.
  const std::ptrdiff_t region = 1 - std::ptrdiff_t{beforeA} + std::ptrdiff_t{pastB};

  Vec<T, N> foot;
  for (int i = 0; i < N; ++i) foot.v[i] = MulAdd(tRaw, d.v[i], a.v[i]);

  // Select by indexing, not with ?: on the region. The regions of random queries are a
  // coin toss for the branch predictor, and GCC 12 turns ?: selects that share one
  // condition back into branches (jump threading merges them); a table lookup has no
  // condition to thread. A clamped answer is the input vertex itself, bit for bit (never
  // A + 0 (B - A), which loses a -0, nor A + 1 (B - A)).
  const T tByRegion[3] = {T(0), tRaw, T(1)};
  const Vec<T, N>* const closestByRegion[3] = {&a, &foot, &b};
  const T t = tByRegion[region];
  const Vec<T, N> closest = *closestByRegion[region];

  const Vec<T, N> diff = p - closest;
  const T distSq = DotFused(diff.v, diff.v);

  // The range guard (the contract: |B - A|^2 >= k_minSafeSquare, and den, t_raw, distSq
  // and the foot finite), plus |numerator| >= k_minSafeSquare: below that its products
  // may have underflowed (to 0 even, with P well off the perpendicular through A), which
  // can flip the region. A numerator computed as 0 (P == A, or P on that perpendicular
  // where the products are exact) takes the slow path too and gets the same answer there. The batch tests |numerator| the same way, per point.
  //
  // The upper bounds are tested on |B - A|^2 and |P - A|^2, which do not wait for the
  // division and the select, so the guard is off the query's critical path: with
  // den <= max / 8 and |P - A|^2 <= max / 8 (M = sqrt(max / 8): 2^62.5 in float, 2^509.5 in
  // double) every value is finite. The closest point is on the segment, so
  // |P - closest| <= |P - A| + |B - A| and distSq <= 2 (|P - A|^2 + |B - A|^2) <= max / 2
  // (slack for rounding). By Cauchy-Schwarz |num| / |B - A| <= |P - A| <= M: the foot is A
  // plus less than M per coordinate, which cannot round a finite A to infinity (half an
  // ulp of the largest float is 2^103, of the largest double 2^970), and
  // |t_raw| <= M / sqrt(k_minSafeSquare) (2^107.5, 2^959.5) is finite. Scenes beyond M
  // (1e18 in float, 1e153 in double) take the exact slow path. A NaN or infinite input
  // always reaches den, num or |P - A|^2.
  //
  // Two comparisons: x < y ? x : y and x > y ? x : y yield y when either is NaN, so a NaN
  // den fails the first and a NaN |P - A|^2 the second (NaN den or num implies one of them).
  const T absNum = std::abs(num);
  const T smallest = absNum < den ? absNum : den;
  const T reachSq = DotFused(e.v, e.v);
  const T largest = den > reachSq ? den : reachSq;
  if constexpr (G == Guard::Scale)
    inRange = (smallest >= Range<T>::k_minSafeSquare) & (largest <= MaxFinite<T>() / T(8));
  else
    inRange = den + reachSq <= MaxFinite<T>();  // NaN or inf input reaches one of them

  // Every field written on its own, coordinates one by one, into the one returned object
  // (NRVO; ClosestPointOnLinearGuarded builds it in place in the Checked). GCC 12's scalar
  // replacement keeps such fields in registers, so a caller that stores only `closest`
  // stores it straight from the select; {closest, foot, ...} copies whole Vecs instead,
  // which pins the result to the stack and reads every field back (double: 4.1 against
  // 3.6 ns per query in the benchmark). See "Using the result" in ClosestPointOnLinear.
  LinearResult<T, N> result;
  for (int i = 0; i < N; ++i) result.closest.v[i] = closest.v[i];
  for (int i = 0; i < N; ++i) result.foot.v[i] = foot.v[i];
  result.tRaw = tRaw;
  result.t = t;
  result.numerator = num;
  result.denominator = den;
  result.distanceSq = distSq;
  result.distance = std::sqrt(distSq);
  // A point within ~1e-154 (double; ~1e-19 float) of the scene's scale from its closest
  // point: the squares of P - closest may have underflowed (P 1e-200 off a unit segment
  // read distance 0). The closest point, t and the region are right; the length is
  // redone with power-of-two scaling (exact 0 stays 0). Not by the slow path: that
  // would move t and the closest point of every point on the segment by its own
  // rounding, away from the batch's.
  //
  // With NearLine::Across the same cold branch also takes a point in the interior within
  // rounding of the line (k_nearLineSq): its foot across the line, exactly, so that a
  // point on the line is its own closest point at distance 0 (RefineNearLine). t, t_raw,
  // the numerator and the region stay the fast path's, as the batch computes them. Not
  // the default: the closest point then waits for distSq, which a caller who reads only
  // the closest point never computes (NearLine gives the measured cost).
  if constexpr (G == Guard::Scale && F == NearLine::Across) {
    // Within rounding of |P - A|, or of the foot's own coordinates: far from the origin the
    // foot rounds to a grid of their size (at 1e16 the doubles are 2 apart), and a point 3.2
    // from a segment there read distance 3.6, from the rounded foot (words audit). The foot
    // is within |P - A| of A, so |foot| <= 2 |A| + |P| and |foot|^2 <= 8 (|A|^2 + |P|^2):
    // that sum stands for it, from the inputs alone, off the division's chain (|foot|^2
    // itself made Across 25-30 % slower than the default, this 18-20 %; it was 4-7 %). Where
    // the sum overflows (coordinates beyond 1.3e154) it stands at the largest double, which
    // keeps the test to distances within rounding there: an infinite sum sent every such
    // query to the cold branch (review; scaling the sum by 32 eps instead cost 24-26 %).
    const T sceneSq = std::min(DotFused(a.v, a.v) + DotFused(p.v, p.v), MaxFinite<T>());
    const T coldBelow = std::max(Range<T>::k_minSafeSquare, k_nearLineSq<T> * std::max(reachSq, sceneSq));
    if (distSq < coldBelow) [[unlikely]] {
      const NearLineFoot<T, N> near = RefineNearLine(K, static_cast<LinearRegion>(region), p, a, b, diff, distSq);
      if (near.moved) {
        for (int i = 0; i < N; ++i) result.closest.v[i] = near.foot.v[i];
        for (int i = 0; i < N; ++i) result.foot.v[i] = near.foot.v[i];
      }
      result.distanceSq = near.distanceSq;
      result.distance = near.distance;
    }
  } else if constexpr (G == Guard::Scale) {
    if (distSq < Range<T>::k_minSafeSquare) [[unlikely]] {
      const ScaledLength<T> length = ScaledNorm(diff);
      result.distanceSq = length.lengthSq;
      result.distance = length.length;
    }
  }
  result.region = static_cast<LinearRegion>(region);
  return result;
}

/// The fast path behind a guard, and the exact slow path for the queries the guard
/// stops. ClosestPointOnLinear is this with Guard::Scale.
template <LinearKind K, Guard G, NearLine F = NearLine::Rounded, Real T, int N>
inline Checked<LinearResult<T, N>> ClosestPointOnLinearGuarded(const Vec<T, N>& p, const Vec<T, N>& a,
                                                               const Vec<T, N>& b) {
  // The fast path's result is built directly inside the returned Checked. Building it in
  // a local first and copying it in costs a store-forwarding stall on every query: the
  // copy reads the result back with 32- or 64-byte loads that straddle the field-sized
  // stores just made (LinearResult<double, 3> is 104 bytes, too big for GCC to keep in
  // registers), which made the double query slower than Ericson's branchy one.
  bool inRange;
  Checked<LinearResult<T, N>> result(std::in_place,
                                     [&] { return ClosestPointOnLinearFast<K, G, F>(p, a, b, inRange); });
  if (!inRange) [[unlikely]]
    result = ClosestPointOnLinearSlow<K>(p, a, b);
  return result;
}

}  // namespace detail

/// Closest point on the line, ray or segment (per K) through A and B to P.
///
/// Using the result in a hot loop: hold it in a non-const variable,
///     auto r = cq::ClosestPointOnSegment(p, a, b);
///     if (r) out = r->closest;
/// GCC 12 does not split a const local into registers (its scalar replacement refuses an
/// object that the inlined query writes into once it is const), so `const auto r` keeps
/// the whole result on the stack and reads back what the caller uses: 4.1 instead of
/// 3.6 ns per double query in the benchmark. Correctness does not depend on it.
///
/// F: how a point on the line, or within rounding of it, gets its foot (NearLine).
template <LinearKind K, NearLine F = NearLine::Rounded, Real T, int N>
inline Checked<LinearResult<T, N>> ClosestPointOnLinear(const Vec<T, N>& p, const Vec<T, N>& a,
                                                        const Vec<T, N>& b) {
  return detail::ClosestPointOnLinearGuarded<K, detail::Guard::Scale, F>(p, a, b);
}

/// Closest point on segment AB (t clamped to [0, 1]) to P.
template <NearLine F = NearLine::Rounded, Real T, int N>
inline Checked<LinearResult<T, N>> ClosestPointOnSegment(const Vec<T, N>& p, const Vec<T, N>& a,
                                                         const Vec<T, N>& b) {
  return ClosestPointOnLinear<LinearKind::Segment, F>(p, a, b);
}

/// Where P projects onto the line through A and B, decided on the numbers given without
/// rounding: the exact signs of (P - A).(B - A) and (P - B).(B - A). The query's region
/// comes from the rounded numerator and |B - A|^2 (on the fast path), which is right to
/// within their rounding but can take the wrong side where that rounding is larger than
/// the margin that decides it (P 2e16 from a segment 0.22 long; a P of tenths exactly on a
/// perpendicular through an end, where |B - A|^2 rounds). The query's answer stays as it
/// is, within the rounding of the scene's size; the wire contact takes its end from this,
/// and the words of the app and the tool say the side from it.
enum class ExactProjection : std::uint8_t {
  BeforeA,  ///< (P - A).(B - A) < 0
  OntoA,    ///< (P - A).(B - A) == 0 (every P when A == B)
  Between,  ///< strictly between the perpendiculars through A and B
  OntoB,    ///< (P - B).(B - A) == 0
  PastB     ///< (P - B).(B - A) > 0
};

/// "before A", "onto A", "between A and B", "onto B", "past B"; for a ray, which has no
/// end at B, "after A" for the last three.
const char* ToString(ExactProjection projection, LinearKind kind = LinearKind::Segment);

/// The exact projection of P for finite P, A and B (a NaN or infinite input is a
/// precondition violation: ask the query first, which reports it). Each side is one exact
/// dot product; `likely`, the query's region, picks which end is tested first (VertexB:
/// B's, which alone decides a P on or past B), so the usual case costs one.
template <Real T, int N>
ExactProjection ProjectExactly(const Vec<T, N>& p, const Vec<T, N>& a, const Vec<T, N>& b,
                               LinearRegion likely = LinearRegion::VertexA);

/// Whether P lies exactly on the line through A and B (every point of it, the carrier of a
/// segment or a ray too), from the exact cross product (B - A) x (P - A) of the numbers
/// given, for finite P, A and B; where A == B, whether P is A. Not |P - closest| == 0: both
/// a distance and a foot can round to 0 and P for a point 1.6e-325 off the segment
/// (0, 0)-(1, 3). Where T has no wider type for the exact sums (double where long double
/// is double), exact unless the coordinates span more than about 2^500
/// (detail::ExactDifferences).
template <Real T, int N>
bool LiesOnLine(const Vec<T, N>& p, const Vec<T, N>& a, const Vec<T, N>& b);

/// (P - A).(B - A) exactly for the numbers given (every number finite), rounded to T
/// (once, to within an ulp in the subnormal range), 0 exactly when it is 0, where T has a
/// wider type (k_hasWide; else the slow path's fused dot product of the rounded
/// differences). A value below the least subnormal reads as +-that one, beyond the double
/// range as +-inf. The query's numerator is the dot product of the rounded differences,
/// whose products can cancel to less than their rounding (A = (3.48, 4.188), B = (-3.4,
/// 3), P = (0.0348..., 24.14): it reads 1.86e-16, exactly 1.02e-15: words audit); for
/// words that say so.
template <Real T, int N>
T ExactNumerator(const Vec<T, N>& p, const Vec<T, N>& a, const Vec<T, N>& b);

/// The exact foot's coordinate k: A_k + t (B_k - A_k) for the exact t = (P - A).(B - A) /
/// |B - A|^2 of the numbers given (A != B, every number finite), to within an ulp, and 0
/// exactly when it is 0 (its sign decided on A_k |B - A|^2 + ((P - A).(B - A)) (B_k - A_k)
/// summed exactly; a value below the least subnormal reads as +-that one). For words
/// about a rounded foot coordinate a few ulps from 0 (ReadsAsRoundedZero): whether the
/// exact one is 0 (P = (0, 1) over (-4, 0)-(2, 0)) or a value of its own (P = (3e-16, 1):
/// 3e-16, where the rounded foot reads -2.2e-16; words audit). None where T has no wider
/// type (double where long double is double).
template <Real T, int N>
std::optional<T> ExactFootCoordinate(const Vec<T, N>& p, const Vec<T, N>& a, const Vec<T, N>& b, int k);

/// Whether `value`, one coordinate of a foot A + t(B - A) whose A and B have coordinates
/// `a` and `b` there, is a rounding of 0 rather than a value of its own: non-zero and
/// between an eighth of an ulp and four ulps of max(|a|, |b|), what t's rounding moves that
/// coordinate by. P = (0, 1) over (-4, 0)-(2, 0) has t = 2/3 and the foot (0, 0) by hand,
/// and core's foot (-2.220446049250313e-16, 0): its x is one. For words that say so; no
/// answer of core's changes.
template <Real T>
constexpr bool ReadsAsRoundedZero(T value, T a, T b) {
  const T scale = std::max(a < 0 ? -a : a, b < 0 ? -b : b);
  const T magnitude = value < 0 ? -value : value;
  const T ulp = std::numeric_limits<T>::epsilon() * scale;
  return value != 0 && magnitude >= ulp / 8 && magnitude <= 4 * ulp;
}

/// A + t(B - A) as the fast path forms a foot: per coordinate one MulAdd of t and the
/// rounded B - A onto A. For words about the formula: whether it gives a point exactly
/// (P = (1, 0) on (-4, 0)-(4, 0) at t = 0.625 does) or only up to the rounding of t.
template <Real T, int N>
constexpr Vec<T, N> PointAtParameter(const Vec<T, N>& a, const Vec<T, N>& b, T t) {
  Vec<T, N> point{};
  for (int i = 0; i < N; ++i) point.v[i] = detail::MulAdd(t, b.v[i] - a.v[i], a.v[i]);
  return point;
}

/// Whether a query's region (from the rounded numerator) is the side `projection` says:
/// VertexA on or before A, VertexB on or past B, the interior strictly between (a ray's:
/// after A; a line has one region, which always matches).
bool RegionMatchesProjection(LinearKind kind, LinearRegion region, ExactProjection projection);

/// Closest point on the ray from A through B (t clamped to [0, inf)) to P.
template <NearLine F = NearLine::Rounded, Real T, int N>
inline Checked<LinearResult<T, N>> ClosestPointOnRay(const Vec<T, N>& p, const Vec<T, N>& a,
                                                     const Vec<T, N>& b) {
  return ClosestPointOnLinear<LinearKind::Ray, F>(p, a, b);
}

/// Closest point on the line through A and B (t unbounded) to P.
template <NearLine F = NearLine::Rounded, Real T, int N>
inline Checked<LinearResult<T, N>> ClosestPointOnLine(const Vec<T, N>& p, const Vec<T, N>& a,
                                                      const Vec<T, N>& b) {
  return ClosestPointOnLinear<LinearKind::Line, F>(p, a, b);
}

/// Run-time choice of kind, for code (the app, the tool) that holds the kind as data.
template <NearLine F = NearLine::Rounded, Real T, int N>
inline Checked<LinearResult<T, N>> ClosestPointOnLinear(LinearKind kind, const Vec<T, N>& p,
                                                        const Vec<T, N>& a, const Vec<T, N>& b) {
  switch (kind) {
    case LinearKind::Line: return ClosestPointOnLine<F>(p, a, b);
    case LinearKind::Ray: return ClosestPointOnRay<F>(p, a, b);
    case LinearKind::Segment: break;
  }
  return ClosestPointOnSegment<F>(p, a, b);
}

}  // namespace cq
