// The segment batch kernel. See cq/batch.hpp for the contract.
#include "cq/batch.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "cq/detail/validate.hpp"
#include "cq/linear.hpp"

namespace cq {
namespace {

// Points per block: the range flags are tested once per block, and a block with a bad
// point is redone point by point. 1024 points keep the per-block cost (loop set-up, the
// flags' horizontal max / min, the vector loop's remainder) to a few percent of the block,
// and a redo re-reads 12-24 KiB that are still in L1 or L2.
constexpr std::size_t k_blockSize = 1024;

/// The single-query answer for point i, with NaN outputs for a non-finite point.
template <Real T, int N>
void SolveOne(const Vec<T, N>& a, const Vec<T, N>& b, const PointsSoA<T, N>& points, std::size_t i,
              const SegmentBatchOutput<T>& out, BatchReport& report) {
  Vec<T, N> p;
  for (int k = 0; k < N; ++k) p.v[k] = points.coords[k][i];
  const auto r = ClosestPointOnSegment(p, a, b);
  if (r) {
    out.t[i] = r->t;
    out.distanceSq[i] = r->distanceSq;
    return;
  }
  out.t[i] = std::numeric_limits<T>::quiet_NaN();
  out.distanceSq[i] = std::numeric_limits<T>::quiet_NaN();
  ++report.nonFinitePoints;
  report.firstNonFinite = std::min(report.firstNonFinite, i);
}

// With AVX-512 every vector instruction can be masked, and the clamp below is cheapest as
// a zero-masked multiply; other targets need the clamp written without a product inside a
// select (see SolveBlock). Both give the same bits.
#if defined(__AVX512F__)
constexpr bool k_maskedSimd = true;
#else
constexpr bool k_maskedSimd = false;
#endif

/// Unsigned integer of the same width as T: the range flags are kept as bit patterns.
template <Real T>
using BitsOf = std::conditional_t<sizeof(T) == sizeof(std::uint32_t), std::uint32_t, std::uint64_t>;

/// The vectorised block: returns true when every point is one the single query answers on
/// its fast path, and then every t and distanceSq written is that answer (t within 2 ulps).
///
/// Per point: P - A, the numerator (the single query's own bits, detail::DotFused), t by
/// the numerator's clamp (Ericson's deferred-division tests) applied to num * (1 / den),
/// (P - A) - t (B - A), its squared length. Ten multiply-adds, no branch: GCC's -O3
/// vectoriser turns the clamps into masked moves or blends and the loop into full-width
/// SIMD (16 floats or 8 doubles per instruction with AVX-512, 8 or 4 with AVX2).
///
/// The block is out of range when some distanceSq is inf or NaN (a non-finite point, or a
/// square that overflowed) or when some |numerator| is below k_minSafeSquare (it may have
/// underflowed, which can flip the region; the single query sends such points to its exact
/// path too). Both are tracked as an unsigned max / min of bit patterns, one instruction
/// each per vector: for non-negative floats the bit patterns order like the values, +inf
/// and every NaN (either sign) compare above the largest finite value, and |x| is x's
/// pattern without the sign bit.
template <Real T, int N>
bool SolveBlock(const Vec<T, N>& a, const Vec<T, N>& d, T den, T invDen, const T* const* __restrict coords,
                std::size_t begin, std::size_t end, T* __restrict tOut, T* __restrict distSqOut) {
  using Bits = BitsOf<T>;
  constexpr Bits k_noSign = ~Bits(0) >> 1;
  T minusD[N];
  for (int k = 0; k < N; ++k) minusD[k] = -d.v[k];
  Bits maxDistSqBits = 0;
  Bits minAbsNumBits = ~Bits(0);
  for (std::size_t i = begin; i < end; ++i) {
    T e[N];
    for (int k = 0; k < N; ++k) e[k] = coords[k][i] - a.v[k];
    const T num = detail::DotFused(e, d.v);
    // num <= 0: t = +0 exactly (region A); num >= den: t = 1 exactly (region B); in
    // between num / den rounded twice, within 2 ulps of the single query's division (the
    // shape check keeps 1 / den a normal number).
    T t;
    if constexpr (k_maskedSimd) {
      t = num * invDen;
      t = num > T(0) ? t : T(0);  // a zero-masked multiply
    } else {
      // Without masked multiplies GCC will not if-convert a select with the product in
      // one arm (it would have to execute a trapping instruction the source skips), so the
      // product must feed every path: clamp its input, multiply, and take min(t, 1), which
      // never changes a value here (num < den gives num * (1 / den) <= 1).
      const T lo = num > T(0) ? num : T(0);
      t = lo * invDen;
      t = t < T(1) ? t : T(1);
    }
    t = num >= den ? T(1) : t;  // a masked move
    // P - closest = (P - A) - t (B - A): exactly P - A at t = 0. (-t) (B - A) is spelled
    // t (-(B - A)) so that no negated copy of t is formed per point.
    T r[N];
    for (int k = 0; k < N; ++k) r[k] = detail::MulAdd(t, minusD[k], e[k]);
    const T distSq = detail::DotFused(r, r);
    tOut[i] = t;
    distSqOut[i] = distSq;
    maxDistSqBits = std::max(maxDistSqBits, std::bit_cast<Bits>(distSq));
    minAbsNumBits = std::min(minAbsNumBits, std::bit_cast<Bits>(num) & k_noSign);
  }
  return maxDistSqBits <= std::bit_cast<Bits>(detail::MaxFinite<T>()) &&
         minAbsNumBits >= std::bit_cast<Bits>(detail::Range<T>::k_minSafeSquare);
}

}  // namespace

template <Real T, int N>
Checked<BatchReport> ClosestPointsOnSegment(const Vec<T, N>& a, const Vec<T, N>& b, const PointsSoA<T, N>& points,
                                            const SegmentBatchOutput<T>& out) {
  if (auto error = detail::CheckFinite(a, Field::A)) return *error;
  if (auto error = detail::CheckFinite(b, Field::B)) return *error;
  BatchReport report;
  const Vec<T, N> d = b - a;
  const T den = detail::DotFused(d.v, d.v);  // the single query's denominator, bit for bit
  const T invDen = T(1) / den;
  // The fast blocks need |B - A|^2 in the single query's fast range and a normal 1 / den
  // (for |B - A|^2 near the top of the range the reciprocal is subnormal and t would lose
  // bits). NaN fails every comparison.
  const bool shapeInRange = den >= detail::Range<T>::k_minSafeSquare && den <= detail::MaxFinite<T>() &&
                            invDen >= std::numeric_limits<T>::min();
  if (!shapeInRange) {
    // Degenerate, tiny or huge segment: every point through the exact single query.
    for (std::size_t i = 0; i < points.count; ++i) SolveOne(a, b, points, i, out, report);
    return report;
  }
  for (std::size_t begin = 0; begin < points.count; begin += k_blockSize) {
    const std::size_t end = std::min(points.count, begin + k_blockSize);
    if (!SolveBlock(a, d, den, invDen, points.coords.data(), begin, end, out.t, out.distanceSq)) [[unlikely]]
      for (std::size_t i = begin; i < end; ++i) SolveOne(a, b, points, i, out, report);
  }
  return report;
}

template Checked<BatchReport> ClosestPointsOnSegment(const Vec<float, 2>&, const Vec<float, 2>&,
                                                     const PointsSoA<float, 2>&, const SegmentBatchOutput<float>&);
template Checked<BatchReport> ClosestPointsOnSegment(const Vec<float, 3>&, const Vec<float, 3>&,
                                                     const PointsSoA<float, 3>&, const SegmentBatchOutput<float>&);
template Checked<BatchReport> ClosestPointsOnSegment(const Vec<double, 2>&, const Vec<double, 2>&,
                                                     const PointsSoA<double, 2>&, const SegmentBatchOutput<double>&);
template Checked<BatchReport> ClosestPointsOnSegment(const Vec<double, 3>&, const Vec<double, 3>&,
                                                     const PointsSoA<double, 3>&, const SegmentBatchOutput<double>&);

}  // namespace cq
