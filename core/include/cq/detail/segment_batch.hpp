// cq/detail/segment_batch.hpp: the vectorised loop behind cq::ClosestPointsOnSegment.
//
// Not public API. It lives in a header so that the benchmark can build the very same loop
// with a weaker guard (Guard::FiniteOnly, Guard::None) and price the library's guard
// against it; core/src/batch.cpp is its only other user.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "cq/batch.hpp"
#include "cq/detail/scale.hpp"
#include "cq/linear.hpp"
#include "cq/vec.hpp"

namespace cq::detail {

/// Unsigned integer of the same width as T: the range flags are kept as bit patterns.
template <Real T>
using BitsOf = std::conditional_t<sizeof(T) == sizeof(std::uint32_t), std::uint32_t, std::uint64_t>;

/// Which vertices the loop must select (see ChooseStep).
enum class BatchEnds : std::uint8_t { Exact, SelectB, SelectAB };

/// Which points a block accepts. Scale is the library's: the single query's fast range.
/// FiniteOnly only rejects points with a NaN or infinite value (the least a batch that
/// reports bad points must check); None rejects nothing. The last two exist for the
/// benchmark.
enum class BatchGuard : std::uint8_t { Scale, FiniteOnly, None };

/// What the loop computes and stores, fixed at compile time so that an output nobody asked
/// for costs nothing.
struct BatchOutputs {
  bool closest;
  bool t;
  bool distanceSq;
  BatchEnds ends;
  BatchGuard guard = BatchGuard::Scale;
  constexpr bool PointNeeded() const { return closest || distanceSq; }
};

/// The segment's constants, computed once per batch (MakeBatchSegment).
template <Real T, int N>
struct BatchSegment {
  Vec<T, N> a;
  Vec<T, N> b;
  Vec<T, N> d;     ///< B - A: the numerator's direction
  Vec<T, N> step;  ///< B - A, maybe nudged by a few ulps: the closest point's (ChooseStep)
  T den;           ///< |B - A|^2, the single query's bits (DotFused)
  T inv;           ///< 1 / den
  BatchEnds ends;  ///< which vertices the loop selects
  bool inRange;    ///< den inside the single query's fast range (else every point goes there)
};

/// Bit-for-bit equality (tells -0 from +0).
template <Real T>
bool SameBits(T x, T y) {
  return std::memcmp(&x, &y, sizeof(T)) == 0;
}

/// The float next to x (finite, not zero) in magnitude: one ulp further from zero
/// (away = true) or nearer to it. Bit arithmetic, not std::nextafter: ChooseStep runs on
/// every batch call, and a batch of 1024 points takes only about 200 ns.
template <Real T>
T NextInMagnitude(T x, bool away) {
  const BitsOf<T> bits = std::bit_cast<BitsOf<T>>(x);
  return std::bit_cast<T>(away ? bits + 1 : bits - 1);
}

/// Sets s.step and returns which vertices the loop must still select.
///
/// The loop evaluates closest = A + t step with one fused multiply-add. With step = B - A
/// that is B itself at t = 1 only where A + (B - A) rounds back to B (about two float
/// coordinates in three: B - A is rounded), so ChooseStep tries, per coordinate, the step
/// that corrects A + (B - A) by its miss (B - (A + (B - A))) and the floats next to it and
/// to B - A, and keeps the first that lands on B bit for bit. The reals that round to B
/// span an ulp of B, so such a step exists whenever the floats near B - A are at most that
/// far apart, that is unless |B - A| is well above |B| (a coordinate that crosses zero).
/// At t = +0 the product 0 * step is +0 or -0 by the step's sign, which changes A only at
/// a -0 coordinate the product does not match.
/// Exact: no select in the loop. SelectB: some coordinate has no such step, the loop
/// selects B in region B. SelectAB: A has such a -0, the loop selects both vertices.
/// Only the interior's closest point uses the step (it moves by an ulp or two of B - A);
/// the numerator, hence every region, uses B - A itself.
template <Real T, int N>
BatchEnds ChooseStep(BatchSegment<T, N>& s) {
  bool exactA = true;
  bool exactB = true;
  for (int k = 0; k < N; ++k) {
    const T a = s.a.v[k];
    const T b = s.b.v[k];
    const T d = s.d.v[k];
    T step = d;
    bool found = SameBits(MulAdd(T(1), d, a), b);
    if (!found && d != T(0)) {
      const T corrected = d + (b - MulAdd(T(1), d, a));
      const T candidates[] = {corrected, NextInMagnitude(corrected, true), NextInMagnitude(corrected, false),
                              NextInMagnitude(d, true), NextInMagnitude(d, false)};
      for (const T candidate : candidates) {
        if (!found && std::isfinite(candidate) && SameBits(MulAdd(T(1), candidate, a), b)) {
          step = candidate;
          found = true;
        }
      }
    }
    s.step.v[k] = step;
    exactB = exactB && found;
    exactA = exactA && SameBits(MulAdd(T(0), step, a), a);
  }
  return !exactA ? BatchEnds::SelectAB : exactB ? BatchEnds::Exact : BatchEnds::SelectB;
}

/// The constants for segment AB (finite: the caller checked).
template <Real T, int N>
BatchSegment<T, N> MakeBatchSegment(const Vec<T, N>& a, const Vec<T, N>& b) {
  BatchSegment<T, N> s{a, b, b - a, b - a, T(0), T(0), BatchEnds::SelectAB, false};
  s.den = DotFused(s.d.v, s.d.v);  // the single query's denominator, bit for bit
  s.inv = T(1) / s.den;
  // The single query's own test of the denominator (NaN fails both). den <= max / 8 also
  // keeps 1 / den a normal number, so num * (1 / den) loses nothing to underflow.
  s.inRange = s.den >= Range<T>::k_minSafeSquare && s.den <= MaxFinite<T>() / T(8);
  s.ends = ChooseStep(s);
  return s;
}

// With AVX-512 every vector instruction can be masked, and the clamp below is cheapest as
// a zero-masked multiply; other targets need the clamp written without a product inside a
// select (see SolveBlock). Both give the same bits.
#if defined(__AVX512F__)
inline constexpr bool k_maskedSimd = true;
#else
inline constexpr bool k_maskedSimd = false;
#endif

/// The vectorised block: points [begin, end) on the fast path, no branch. Returns true
/// when every point passed the guard, and then every value stored is the answer the
/// contract in cq/batch.hpp promises; false means the caller must redo the block point by
/// point with the single query.
///
/// x/y/z are the points' coordinates and cx/cy/cz the closest points' (z and cz unused in
/// 2D), separate restrict parameters so that GCC vectorises without run-time alias checks.
///
/// Per point: e = P - A; num = e.(B - A) (DotFused: the single query's bits, so the
/// same region); t = num * (1 / den), +0 where num <= 0 and exactly 1 where num >= den
/// (Ericson's tests, on the numerator); closest = A + t step, fused, with the vertices
/// selected as ChooseStep decided; distanceSq = |P - closest|^2 as the single query forms it.
///
/// The guard (Scale): |num| from k_minSafeSquare (below it its products may have
/// underflowed, which can flip the region; the single query sends such points to its exact
/// path too) up to the largest finite value (a NaN or infinite point always makes num NaN
/// or infinite), and, when it is computed, distanceSq finite (it may overflow for a point
/// far from a huge scene). Kept as a running unsigned min / max of bit patterns, one
/// instruction each per vector: for non-negative floats the patterns order like the
/// values, +inf and every NaN (either sign) lie above every finite value, and |x| is x's
/// pattern without the sign bit.
template <BatchOutputs O, Real T, int N>
bool SolveBlock(const BatchSegment<T, N> s, const T* __restrict x, const T* __restrict y, const T* __restrict z,
                std::size_t begin, std::size_t end, T* __restrict cx, T* __restrict cy, T* __restrict cz,
                T* __restrict tOut, T* __restrict distSqOut) {
  using Bits = BitsOf<T>;
  constexpr Bits k_noSign = ~Bits(0) >> 1;
  constexpr bool k_finiteFromDistance = O.distanceSq && O.guard != BatchGuard::None;
  Bits maxBits = 0;
  Bits minAbsNumBits = ~Bits(0);
  for (std::size_t i = begin; i < end; ++i) {
    T p[N];
    p[0] = x[i];
    p[1] = y[i];
    if constexpr (N == 3) p[2] = z[i];
    T e[N];
    for (int k = 0; k < N; ++k) e[k] = p[k] - s.a.v[k];
    const T num = DotFused(e, s.d.v);
    T t;
    if constexpr (k_maskedSimd) {
      t = num * s.inv;
      t = num > T(0) ? t : T(0);  // a zero-masked multiply
    } else {
      // Without masked multiplies GCC will not if-convert a select with the product in
      // one arm (it would execute a trapping instruction the source skips), so the
      // product feeds every path: clamp its input, multiply, take min(t, 1) (which changes
      // nothing here: num < den gives num * (1 / den) <= 1).
      const T lo = num > T(0) ? num : T(0);
      t = lo * s.inv;
      t = t < T(1) ? t : T(1);
    }
    t = num >= s.den ? T(1) : t;  // a masked move
    if constexpr (O.t) tOut[i] = t;
    const Bits absNumBits = std::bit_cast<Bits>(num) & k_noSign;
    if constexpr (O.guard == BatchGuard::Scale) minAbsNumBits = std::min(minAbsNumBits, absNumBits);
    if constexpr (O.guard != BatchGuard::None && !k_finiteFromDistance) maxBits = std::max(maxBits, absNumBits);
    if constexpr (O.PointNeeded()) {
      T c[N];
      for (int k = 0; k < N; ++k) {
        c[k] = MulAdd(t, s.step.v[k], s.a.v[k]);
        if constexpr (O.ends == BatchEnds::SelectAB) c[k] = num <= T(0) ? s.a.v[k] : c[k];
        if constexpr (O.ends != BatchEnds::Exact) c[k] = num >= s.den ? s.b.v[k] : c[k];
      }
      if constexpr (O.closest) {
        cx[i] = c[0];
        cy[i] = c[1];
        if constexpr (N == 3) cz[i] = c[2];
      }
      if constexpr (O.distanceSq) {
        T r[N];
        for (int k = 0; k < N; ++k) r[k] = p[k] - c[k];
        const T distSq = DotFused(r, r);
        distSqOut[i] = distSq;
        if constexpr (k_finiteFromDistance) maxBits = std::max(maxBits, std::bit_cast<Bits>(distSq));
      }
    }
  }
  return maxBits <= std::bit_cast<Bits>(MaxFinite<T>()) &&
         minAbsNumBits >= std::bit_cast<Bits>(O.guard == BatchGuard::Scale ? Range<T>::k_minSafeSquare : T(0));
}

/// Point i through the exact single query, written to every output `out` asks for (NaN
/// for a point with a NaN or infinite coordinate, and then false): what a block the loop
/// rejects gets instead, point by point.
template <Real T, int N>
bool SolveBySingleQuery(const Vec<T, N>& a, const Vec<T, N>& b, const PointsSoA<T, N>& points, std::size_t i,
                        const SegmentBatchOutput<T, N>& out) {
  Vec<T, N> p;
  for (int k = 0; k < N; ++k) p.v[k] = points.coords[k][i];
  const auto r = ClosestPointOnSegment(p, a, b);
  const T nan = std::numeric_limits<T>::quiet_NaN();
  if (out.t) out.t[i] = r ? r->t : nan;
  if (out.distanceSq) out.distanceSq[i] = r ? r->distanceSq : nan;
  for (int k = 0; k < N; ++k)
    if (out.closest[k]) out.closest[k][i] = r ? r->closest.v[k] : nan;
  return r.ok();
}

}  // namespace cq::detail
