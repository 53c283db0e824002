// cq/detail/segment_batch.hpp: the vectorised loop behind cq::ClosestPointsOnSegment.
//
// Not public API. It lives in a header so that the benchmark can build the very same loop
// with a weaker guard (Guard::FiniteOnly, Guard::None: bench/guard_variants.cpp) and
// price the library's guard against it; core/src/batch.cpp is its only other user.
//
// Two implementations of one loop, with the same results bit for bit wherever both accept
// a block (the tests compare them; the AVX-512 guard may also reject a block of finite
// numerators so huge that their sum overflows, which the single query then answers):
// SolveBlockPortable, plain C++ that GCC's -O3 vectoriser turns into SIMD for any
// target with FMA, and SolveBlockAvx512, the same arithmetic in AVX-512 intrinsics, which
// the library uses where the compiler targets AVX-512F and DQ. The intrinsics buy what
// the vectoriser cannot express: a floating-point max/min clamp (without -ffast-math GCC
// turns `t > 0 ? t : 0` into a compare and a blend), a guard kept with VRANGE (one
// instruction for a running min of |x|), and masked loads and stores for the tail of a
// block. Define CQ_BATCH_PORTABLE to use the portable loop everywhere.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include "cq/batch.hpp"
#include "cq/detail/batch_segment.hpp"
#include "cq/detail/scale.hpp"
#include "cq/linear.hpp"
#include "cq/vec.hpp"

#if defined(__AVX512F__) && defined(__AVX512DQ__) && !defined(CQ_BATCH_PORTABLE)
#define CQ_BATCH_AVX512 1
#include <immintrin.h>
#else
#define CQ_BATCH_AVX512 0
#endif

namespace cq::detail {

/// Unsigned integer of the same width as T: the range flags are kept as bit patterns.
template <Real T>
using BitsOf = std::conditional_t<sizeof(T) == sizeof(std::uint32_t), std::uint32_t, std::uint64_t>;

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
  /// With ends == Mixed, in the AVX-512 loop only: every coordinate's form fixed at compile
  /// time (formsFixed), bit k of fixedFromB / fixedFromBoth set when coordinate k is
  /// interpolated from B / from both vertices, else from A. The segment must match
  /// (MixedPattern); the portable loop reads the same choices from the segment.
  bool formsFixed = false;
  std::uint8_t fixedFromB = 0;
  std::uint8_t fixedFromBoth = 0;
  constexpr bool PointNeeded() const { return closest || distanceSq; }
  /// Whether the loop chooses per coordinate how to interpolate (from A, from B or from both).
  constexpr bool Mixed() const { return ends != BatchEnds::Exact; }
  constexpr bool SelectsB() const { return ends == BatchEnds::SelectB || ends == BatchEnds::SelectAB; }
  constexpr bool SelectsA() const { return ends == BatchEnds::SelectAB; }
};

/// Bit-for-bit equality (tells -0 from +0).
template <Real T>
bool SameBits(T x, T y) {
  return std::bit_cast<BitsOf<T>>(x) == std::bit_cast<BitsOf<T>>(y);
}

/// The float next to x (finite, not zero) in magnitude: one ulp further from zero
/// (away = true) or nearer to it. Bit arithmetic, not std::nextafter: ChooseStep runs on
/// every batch call, and a batch of 1024 points takes only about 200 ns.
template <Real T>
T NextInMagnitude(T x, bool away) {
  const BitsOf<T> bits = std::bit_cast<BitsOf<T>>(x);
  return std::bit_cast<T>(away ? bits + 1 : bits - 1);
}

/// A step that carries `from` onto `to` bit for bit: MulAdd(sign, step, from) == to, with
/// sign +1 (A + 1 step is B) or -1 (B - step is A). Tries d = B - A, then d corrected by
/// the miss of from + sign d, and the floats next to both. Returns false, with step = d,
/// if none lands.
template <Real T>
bool FindStep(T from, T to, T d, T sign, T& step) {
  step = d;
  if (SameBits(MulAdd(sign, d, from), to)) return true;
  if (d == T(0)) return false;
  const T corrected = d + sign * (to - MulAdd(sign, d, from));
  const T candidates[] = {corrected, NextInMagnitude(corrected, true), NextInMagnitude(corrected, false),
                          NextInMagnitude(d, true), NextInMagnitude(d, false)};
  for (const T candidate : candidates) {
    if (std::isfinite(candidate) && SameBits(MulAdd(sign, candidate, from), to)) {
      step = candidate;
      return true;
    }
  }
  return false;
}

/// Whether (A - t A) + t B, two fused multiply-adds, gives A at t = +0 and B at t = 1 bit
/// for bit. It can fail only at a zero coordinate: A - A is +0, and +0 + -0 is +0.
template <Real T>
bool BothLand(T a, T b) {
  return SameBits(MulAdd(T(0), b, MulAdd(-T(0), a, a)), a) && SameBits(MulAdd(T(1), b, MulAdd(T(-1), a, a)), b);
}

/// The reaches FindReach tries: R_j = 1 - j 2^-24 for j = 0..15, the float 1 and the 15
/// floats just below it.
inline constexpr int k_reachCount = 16;
inline constexpr float k_reachSpacing = 0x1p-24f;

/// x y rounded up, for x, y > 0: the product rounded to nearest, then one float up if it
/// fell below the exact product (the fused multiply-add gives the exact sign of x y - r;
/// std::fma by name, not MulAdd, which rounds twice on a target without FMA: a build
/// without it rounded some products down, review of 2026-11-29). Once per segment.
/// FindReachAvx512 gets the same bits from one multiply in that rounding mode.
inline float MultiplyRoundedUp(float x, float y) {
  const float r = x * y;
  return std::fma(x, y, -r) > 0.0f ? NextInMagnitude(r, true) : r;
}

/// The candidate steps of one coordinate at reach R_j, in the order FindReach takes them:
/// q = fma(d, j 2^-24, d), within an ulp of d / R_j (1 / (1 - h) is 1 + h to within h^2),
/// then the floats whose bit patterns are one above and one below q's.
inline void ReachCandidates(float d, float h, float (&candidates)[3]) {
  const float q = MulAdd(d, h, d);
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(q);
  candidates[0] = q;
  candidates[1] = std::bit_cast<float>(bits + 1u);
  candidates[2] = std::bit_cast<float>(bits - 1u);
}

/// FindReach without intrinsics: the same choices (the lowest j, then the first candidate
/// in ReachCandidates' order), one reach and coordinate at a time. The reference for the
/// AVX-512 search, and the search itself on other targets.
template <int N>
bool FindReachPortable(BatchSegment<float, N>& s) {
  for (int j = 0; j < k_reachCount; ++j) {
    const float h = static_cast<float>(j) * k_reachSpacing;
    const float reach = 1.0f - h;
    float step[N];
    bool all = true;
    for (int k = 0; k < N && all; ++k) {
      float candidates[3];
      ReachCandidates(s.d.v[k], h, candidates);
      all = false;
      for (const float c : candidates) {
        if (SameBits(MulAdd(reach, c, s.a.v[k]), s.b.v[k])) {
          step[k] = c;
          all = true;
          break;
        }
      }
    }
    if (all) {
      s.reach = reach;
      s.invReach = MultiplyRoundedUp(reach, s.invUp);
      for (int k = 0; k < N; ++k) s.step.v[k] = step[k];
      return true;
    }
  }
  return false;
}

#if CQ_BATCH_AVX512
/// The reaches' h = j 2^-24 and 1 - h, lane j.
struct ReachLanes {
  alignas(64) float h[k_reachCount];
  alignas(64) float reach[k_reachCount];
};
inline constexpr ReachLanes k_reachLanes = [] {
  ReachLanes lanes{};
  for (int j = 0; j < k_reachCount; ++j) {
    lanes.h[j] = static_cast<float>(j) * k_reachSpacing;
    lanes.reach[j] = 1.0f - lanes.h[j];
  }
  return lanes;
}();

/// Half of FindReachAvx512's search: the 8 reaches R_first .. R_first+7 in the 8 lanes of
/// a 256-bit vector. Per coordinate three fused multiply-adds and three compares of bit
/// patterns, the coordinates' masks ANDed; each lane's landing steps picked without a
/// branch (which candidate lands is as good as random: a branch on it would be
/// mispredicted). Returns the lanes at which every coordinate lands.
template <int N>
[[gnu::always_inline]] inline __mmask8 SearchReachHalf(const BatchSegment<float, N>& s, int first, __m256 (&step)[N]) {
  const __m256 h = _mm256_load_ps(k_reachLanes.h + first);
  const __m256 reach = _mm256_load_ps(k_reachLanes.reach + first);
  const __m256i one = _mm256_set1_epi32(1);
  __mmask8 lands = 0xFF;
  for (int k = 0; k < N; ++k) {
    const __m256 d = _mm256_set1_ps(s.d.v[k]);
    const __m256 a = _mm256_set1_ps(s.a.v[k]);
    const __m256i b = _mm256_set1_epi32(std::bit_cast<std::int32_t>(s.b.v[k]));
    const __m256 q = _mm256_fmadd_ps(d, h, d);
    const __m256 above = _mm256_castsi256_ps(_mm256_add_epi32(_mm256_castps_si256(q), one));
    const __m256 below = _mm256_castsi256_ps(_mm256_sub_epi32(_mm256_castps_si256(q), one));
    const auto landsWith = [&](__m256 c) {
      return _mm256_cmpeq_epi32_mask(_mm256_castps_si256(_mm256_fmadd_ps(reach, c, a)), b);
    };
    const __mmask8 withQ = landsWith(q);
    const __mmask8 withAbove = landsWith(above);
    const __mmask8 withBelow = landsWith(below);
    lands &= withQ | withAbove | withBelow;
    step[k] = _mm256_mask_blend_ps(withQ, _mm256_mask_blend_ps(withAbove, below, above), q);
  }
  return lands;
}

/// FindReachPortable's search, 8 reaches at a time: R_0 .. R_7 first, R_8 .. R_15 only
/// where none of those lands, then the lowest landing lane and its steps. On Zen 4 a
/// 512-bit operation costs two 256-bit ones, and 83 % of the random segments that land do
/// so at one of the first 8 reaches, so the halves cost less than the 16 lanes in one
/// 512-bit vector did: the from-both segment's set-up 17.6 -> 13.5 ns (bench/HISTORY.md).
/// Inlined: as a call its latency, which is the call's path to the first point, was 26
/// ns against 17.
template <int N>
[[gnu::always_inline]] inline bool FindReachAvx512(BatchSegment<float, N>& s) {
  __m256 step[N];
  int first = 0;
  __mmask8 lands = SearchReachHalf(s, 0, step);
  if (lands == 0) {
    first = 8;
    lands = SearchReachHalf(s, 8, step);
    if (lands == 0) return false;
  }
  const unsigned lane = static_cast<unsigned>(std::countr_zero(static_cast<unsigned>(lands)));
  const __m256i index = _mm256_set1_epi32(static_cast<int>(lane));
  s.reach = k_reachLanes.reach[first + static_cast<int>(lane)];
  // MultiplyRoundedUp(reach, invUp) in one multiply rounded up.
  const __m128 rounded = _mm_mul_round_ss(_mm_set_ss(s.reach), _mm_set_ss(s.invUp),  // one float up if inexact
                                          _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC);
  s.invReach = _mm_cvtss_f32(rounded);
  for (int k = 0; k < N; ++k) s.step.v[k] = _mm256_cvtss_f32(_mm256_permutexvar_ps(index, step[k]));
  return true;
}
#endif

/// For a float segment some coordinate of which does not land on B from A with the
/// closest point A + t step: a reach R, 1 or a float just below it, and steps with which
/// A + R step is B bit for bit in every coordinate; sets s.reach and s.step. The loop's
/// parameter then runs over [0, R]: p = num (R / den) rounded up, clamped, exactly R where
/// num >= den, and A + p step is B there. Only the exact loop's work per point, where the
/// coordinates that miss B at reach 1 would need the Mixed loop's extra vector operation
/// each (t - 1, or a second fused multiply-add).
///
/// Why a reach below 1 helps: A + R step, for floats step, lies on a grid about
/// ulp(B - A) apart; a coordinate misses B when that grid is coarser than B's rounding
/// interval (|B| well below |B - A|, a coordinate that crosses zero). Moving R by 2^-24
/// moves the grid by up to an ulp of B - A, so another R can put a point of it inside B's
/// interval; coordinates whose B is as large as B - A land at every R. Of 200,000 random
/// float segments in [-10, 10]^3, 78,764 land at reach 1 with B - A itself, and 88,366
/// more land here (73 % of the rest; bench/HISTORY.md). Doubles do not search: their loop
/// runs at the copy's speed whatever its forms.
///
/// Not searched (ReachWorthSearching): a segment with a -0 in A, where A + 0 step is +0
/// for a positive step and only the Mixed loop's select gives -0; and one with a
/// coordinate whose |B| is below |B - A| / 32, whose B's interval is so much finer than
/// the grid that few reaches land on it (of the random segments above, 7,419 such, 703 of
/// which would land), and the search would only add its 8-9 ns to the call.
template <int N>
bool ReachWorthSearching(const BatchSegment<float, N>& s) {
  for (int k = 0; k < N; ++k)
    if (SameBits(s.a.v[k], -0.0f) || std::fabs(s.b.v[k]) * 32.0f < std::fabs(s.d.v[k])) return false;
  return true;
}

template <Real T, int N>
[[gnu::always_inline]] inline bool FindReach(BatchSegment<T, N>& s) {
  if constexpr (!std::is_same_v<T, float>) {
    return false;
  } else {
    if (!ReachWorthSearching(s)) return false;
#if CQ_BATCH_AVX512
    return FindReachAvx512(s);
#else
    return FindReachPortable(s);
#endif
  }
}

/// Sets s.step, s.fromB, s.fromBoth and s.selectA / s.selectB (the coordinates that need a
/// vertex select), or s.reach and s.step (FindReach), and returns which loop variant that
/// makes. In order: B - A lands in every coordinate (Exact, reach 1); else, for floats,
/// some reach below 1 lands in every coordinate (Exact with that reach); else each
/// coordinate's form at reach 1, as below.
///
/// The loop evaluates each coordinate of the closest point with one fused multiply-add,
/// from A (A + t step) or from B (B + (t - 1) step), and wants the vertices bit for bit:
/// at t = +0 the answer must be A, at t = 1 it must be B. From A, t = +0 gives A (but for a
/// -0 coordinate, see below) and t = 1 gives A + step, which is B itself only where
/// A + (B - A) rounds back to B (about two float coordinates in three: B - A is rounded).
/// Where it does not, no other step can do better as a rule: B - A rounded is the float
/// nearest the real difference, so every other step misses B by more. The exception is a
/// power of two at B or at the step, where the reals that round to B, or the steps, are
/// spaced unevenly; for those ChooseStep also tries the step that corrects A + (B - A) by
/// its miss and the floats next to it and to B - A, and keeps the first that lands on B
/// (measured: none of 1,000,000 random float coordinates in [-10, 10] needed it, 1,497 of
/// 2,000,000 placed next to powers of two did). A step from A fails when |B - A| is well
/// above |B| (a coordinate that crosses zero towards a small B). Then it tries the mirror image from B:
/// t - 1 is exactly -1 at t = +0 and +0 at t = 1, so B + (t - 1) step is A when B - step
/// rounds to A, which works unless |B - A| is well above |A|; one of the two nearly
/// always does. Where neither lands (|B - A| well above both: a coordinate that crosses
/// zero between two vertices of similar size, in 44 % of random 3D float segments), the
/// coordinate is interpolated from both vertices, (A - t A) + t B: A - 0 A is A and
/// A - 1 A is +0 exactly, so it lands on both, at two fused multiply-adds instead of one.
/// At the vertex interpolated from, the product is +0 or -0 by the step's sign, which
/// changes that vertex only at a -0 coordinate it does not match: a select again.
/// Only the interior's closest point uses the step (it moves by an ulp or two of B - A);
/// the numerator, hence every region, uses B - A itself.
template <Real T, int N>
inline BatchEnds ChooseStep(BatchSegment<T, N>& s) {
  // The common case first, without a branch per coordinate: B - A itself lands on B and,
  // at t = +0, on A in every coordinate (s.step is B - A already, no mask is set).
  bool exact = true;
  for (int k = 0; k < N; ++k)
    exact &= SameBits(MulAdd(T(1), s.d.v[k], s.a.v[k]), s.b.v[k]) & SameBits(MulAdd(T(0), s.d.v[k], s.a.v[k]), s.a.v[k]);
  if (exact) return BatchEnds::Exact;
  if (FindReach(s)) return BatchEnds::Exact;
  for (int k = 0; k < N; ++k) {
    const T a = s.a.v[k];
    const T b = s.b.v[k];
    const auto bit = static_cast<std::uint8_t>(1u << k);
    T step;
    if (FindStep(a, b, s.d.v[k], T(1), step)) {
      if (!SameBits(MulAdd(T(0), step, a), a)) s.selectA |= bit;
    } else if (FindStep(b, a, s.d.v[k], T(-1), step)) {
      s.fromB |= bit;
      if (!SameBits(MulAdd(T(0), step, b), b)) s.selectB |= bit;
    } else if (BothLand(a, b)) {
      s.fromBoth |= bit;
    } else {
      s.selectB |= bit;  // from A with B - A, and B selected
      if (!SameBits(MulAdd(T(0), step, a), a)) s.selectA |= bit;
    }
    s.step.v[k] = step;
  }
  if (s.selectA != 0) return BatchEnds::SelectAB;
  if (s.selectB != 0) return BatchEnds::SelectB;
  return (s.fromB | s.fromBoth) != 0 ? BatchEnds::Mixed : BatchEnds::Exact;
}

/// The forms of a Mixed segment's coordinates as one number, sum of form_k 3^k with form 0
/// from A, 1 from B, 2 from both vertices: the index of its loop with every form fixed at
/// compile time (BatchOutputs::formsFixed, PatternForms). -1 for any other segment.
template <Real T, int N>
int MixedPattern(const BatchSegment<T, N>& s) {
  if (s.ends != BatchEnds::Mixed) return -1;
  int pattern = 0;
  for (int k = N - 1; k >= 0; --k) pattern = 3 * pattern + (s.fromB >> k & 1) + 2 * (s.fromBoth >> k & 1);
  return pattern;
}

/// The (fromB, fromBoth) masks of a MixedPattern index.
constexpr std::pair<std::uint8_t, std::uint8_t> PatternForms(int pattern, int n) {
  unsigned fromB = 0;
  unsigned fromBoth = 0;
  for (int k = 0; k < n; ++k, pattern /= 3) {
    if (pattern % 3 == 1) fromB |= 1u << k;
    if (pattern % 3 == 2) fromBoth |= 1u << k;
  }
  return {static_cast<std::uint8_t>(fromB), static_cast<std::uint8_t>(fromBoth)};
}

/// The constants for segment AB (finite: the caller checked).
template <Real T, int N>
BatchSegment<T, N> MakeBatchSegment(const Vec<T, N>& a, const Vec<T, N>& b) {
  BatchSegment<T, N> s{a, b, b - a, b - a, T(0), T(0), T(1), T(0), BatchEnds::SelectAB, false, 0, 0, 0, 0};
  s.den = DotFused(s.d.v, s.d.v);  // the single query's denominator, bit for bit
  // 1 / den rounded to nearest, then up by an ulp if that fell below the real 1 / den (the
  // fused multiply-add's sign is the exact sign of inv den - 1: std::fma by name, exact on
  // every target; MulAdd rounds the product first where there is no FMA, and a build
  // without it left invUp below 1 / den, review of 2026-11-29).
  const T inv = T(1) / s.den;
  s.invUp = std::fma(inv, s.den, T(-1)) < T(0) ? NextInMagnitude(inv, true) : inv;
  // The single query's own test of the denominator (NaN fails both). den <= max / 8 also
  // keeps 1 / den a normal number, so num * (1 / den) loses nothing to underflow.
  s.inRange = s.den >= Range<T>::k_minSafeSquare && s.den <= MaxFinite<T>() / T(8);
  s.invReach = s.invUp;  // reach 1, unless ChooseStep finds a reach (FindReach)
  s.ends = ChooseStep(s);
  return s;
}

/// x where mask is all ones, y where it is zero (bit patterns).
template <Real T>
T Blend(BitsOf<T> mask, T x, T y) {
  return std::bit_cast<T>((std::bit_cast<BitsOf<T>>(x) & mask) | (std::bit_cast<BitsOf<T>>(y) & ~mask));
}

/// The vectorised block, portable form: points [begin, end) on the fast path, no branch.
/// Returns true when every point passed the guard, and then every value stored is the
/// answer the contract in cq/batch.hpp promises; false means the caller must redo the block
/// point by point with the single query.
///
/// x/y/z are the points' coordinates and cx/cy/cz the closest points' (z and cz unused in
/// 2D), separate restrict parameters so that GCC vectorises without run-time alias checks.
///
/// Per point: e = P - A; num = e.(B - A) (DotFused: the single query's bits, so the
/// same regions); t = num * invUp clamped to [0, 1]; closest = A + t step or, in the
/// coordinates ChooseStep interpolates from B, B + (t - 1) step, fused, with the
/// vertices selected as ChooseStep decided (a coordinate it interpolates from both
/// vertices is (A - t A) + t B, two fused multiply-adds); distanceSq = |P - closest|^2 as
/// the single query forms it. Ericson's tests hold on the numerator without a compare:
/// num <= 0 gives a product <= 0, clamped to +0 (a -0 too), and num >= den gives
/// num * invUp >= den / den = 1 because invUp is never below the real 1 / den, clamped to
/// exactly 1. In the interior t is within 2 ulps of the single query's num / den. For a
/// float segment with a reach below 1 (FindReach) the closest point's parameter is
/// p = num * invReach clamped to [0, reach] the same way (exactly reach where num >= den,
/// and A + reach step is B there), closest = A + p step, and t is computed apart, as
/// above; elsewhere reach is 1, invReach is invUp and p is t. The
/// clamp is a signed integer max / min on the bit patterns (for floats >= +0 the patterns
/// order like the values, and every negative one is below the pattern of +0): two
/// instructions where the vectoriser makes compares and blends of `t > 0 ? t : 0`.
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
bool SolveBlockPortable(const BatchSegment<T, N>& seg, const T* __restrict x, const T* __restrict y,
                        const T* __restrict z, std::size_t begin, std::size_t end, T* __restrict cx, T* __restrict cy,
                        T* __restrict cz, T* __restrict tOut, T* __restrict distSqOut) {
  const BatchSegment<T, N> s = seg;  // a local copy: no aliasing question inside the loop
  using Bits = BitsOf<T>;
  using SignedBits = std::make_signed_t<Bits>;
  constexpr Bits k_noSign = ~Bits(0) >> 1;
  constexpr bool k_finiteFromDistance = O.distanceSq && O.guard != BatchGuard::None;
  const SignedBits oneBits = std::bit_cast<SignedBits>(T(1));
  const SignedBits reachBits = std::bit_cast<SignedBits>(s.reach);
  Bits maxBits = 0;
  Bits minAbsNumBits = ~Bits(0);
  // Per coordinate, every form as MulAdd(t, outer, MulAdd(t + offset, step, base)):
  // from A, outer = -0 (t (-0) is -0, and x + -0 is x for every x, so the outer fused
  // multiply-add changes no bit), offset 0, the step, base A; from B, the same with offset
  // -1 (t - 1) and base B; from both vertices, offset 0, step -A and base A (t (-A) + A is
  // (-t) A + A exactly, so it rounds alike), outer B. Two fused multiply-adds and an add
  // per coordinate where selecting among the forms took three and two blends. ChooseStep
  // never sets both fromB and fromBoth for one coordinate (its cases exclude each other).
  T base[N];
  T paramOffset[N];
  T step[N];
  T outer[N];
  for (int k = 0; k < N; ++k) {
    const bool fromB = (s.fromB >> k & 1u) != 0;
    const bool fromBoth = (s.fromBoth >> k & 1u) != 0;
    base[k] = fromB ? s.b.v[k] : s.a.v[k];
    paramOffset[k] = fromB ? T(-1) : T(0);
    step[k] = fromBoth ? -s.a.v[k] : s.step.v[k];
    outer[k] = fromBoth ? s.b.v[k] : -T(0);
  }
  for (std::size_t i = begin; i < end; ++i) {
    T p[N];
    p[0] = x[i];
    p[1] = y[i];
    if constexpr (N == 3) p[2] = z[i];
    T e[N];
    for (int k = 0; k < N; ++k) e[k] = p[k] - s.a.v[k];
    const T num = DotFused(e, s.d.v);
    // The closest point's parameter p over [0, reach] (t itself where reach is 1), and t.
    const SignedBits pRawBits = std::bit_cast<SignedBits>(num * s.invReach);
    const T t = std::bit_cast<T>(std::min(std::max(pRawBits, SignedBits(0)), reachBits));
    if constexpr (O.t) {
      const SignedBits tRawBits = std::bit_cast<SignedBits>(num * s.invUp);
      tOut[i] = std::bit_cast<T>(std::min(std::max(tRawBits, SignedBits(0)), oneBits));
    }
    const Bits absNumBits = std::bit_cast<Bits>(num) & k_noSign;
    if constexpr (O.guard == BatchGuard::Scale) minAbsNumBits = std::min(minAbsNumBits, absNumBits);
    if constexpr (O.guard != BatchGuard::None && !k_finiteFromDistance) maxBits = std::max(maxBits, absNumBits);
    if constexpr (O.PointNeeded()) {
      T c[N];
      // The vertex selects as bit masks (all ones where the vertex is the answer): GCC's
      // vectoriser takes these in every variant, where ?: selects stop it in some.
      const Bits atA = Bits(0) - Bits(num <= T(0));
      const Bits atB = Bits(0) - Bits(num >= s.den);
      for (int k = 0; k < N; ++k) {
        // t + -1 is t - 1: exactly -1 at t = +0, +0 at t = 1. t + 0 is t (t is never -0).
        if constexpr (O.Mixed())
          c[k] = MulAdd(t, outer[k], MulAdd(t + paramOffset[k], step[k], base[k]));
        else
          c[k] = MulAdd(t, s.step.v[k], base[k]);
        if constexpr (O.SelectsA()) c[k] = Blend(atA, s.a.v[k], c[k]);
        if constexpr (O.SelectsB()) c[k] = Blend(atB, s.b.v[k], c[k]);
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

#if CQ_BATCH_AVX512
/// One 512-bit register of T and the few operations SolveBlockAvx512 needs.
template <Real T>
struct Lanes;

template <>
struct Lanes<float> {
  using V = __m512;
  using M = __mmask16;
  static constexpr std::size_t k_count = 16;
  static V Splat(float x) { return _mm512_set1_ps(x); }
  static V Load(M m, const float* p) { return _mm512_maskz_loadu_ps(m, p); }
  static void Store(M m, float* p, V v) { _mm512_mask_storeu_ps(p, m, v); }
  static V Sub(V a, V b) { return _mm512_sub_ps(a, b); }
  static V Add(M m, V acc, V b) { return _mm512_mask_add_ps(acc, m, acc, b); }
  static V Mul(V a, V b) { return _mm512_mul_ps(a, b); }
  static V MulAdd(V a, V b, V c) { return _mm512_fmadd_ps(a, b, c); }
  static V NegMulAdd(V a, V b, V c) { return _mm512_fnmadd_ps(a, b, c); }  // c - a b, one rounding
  // Zero-masked with every lane set, which compiles to the plain instruction: the plain
  // intrinsics start from _mm512_undefined_ps(), which GCC 12 reports as uninitialised.
  static V Max(V a, V b) { return _mm512_maskz_max_ps(M(0xFFFF), a, b); }
  static V Min(V a, V b) { return _mm512_maskz_min_ps(M(0xFFFF), a, b); }
  static V MinAbs(M m, V acc, V b) { return _mm512_mask_range_ps(acc, m, acc, b, 0x0A); }
  static M AtMost(V a, V b) { return _mm512_cmp_ps_mask(a, b, _CMP_LE_OQ); }
  static M AtLeast(V a, V b) { return _mm512_cmp_ps_mask(a, b, _CMP_GE_OQ); }
  static V Select(M m, V ifSet, V otherwise) { return _mm512_mask_blend_ps(m, otherwise, ifSet); }
};

template <>
struct Lanes<double> {
  using V = __m512d;
  using M = __mmask8;
  static constexpr std::size_t k_count = 8;
  static V Splat(double x) { return _mm512_set1_pd(x); }
  static V Load(M m, const double* p) { return _mm512_maskz_loadu_pd(m, p); }
  static void Store(M m, double* p, V v) { _mm512_mask_storeu_pd(p, m, v); }
  static V Sub(V a, V b) { return _mm512_sub_pd(a, b); }
  static V Add(M m, V acc, V b) { return _mm512_mask_add_pd(acc, m, acc, b); }
  static V Mul(V a, V b) { return _mm512_mul_pd(a, b); }
  static V MulAdd(V a, V b, V c) { return _mm512_fmadd_pd(a, b, c); }
  static V NegMulAdd(V a, V b, V c) { return _mm512_fnmadd_pd(a, b, c); }
  static V Max(V a, V b) { return _mm512_maskz_max_pd(M(0xFF), a, b); }
  static V Min(V a, V b) { return _mm512_maskz_min_pd(M(0xFF), a, b); }
  static V MinAbs(M m, V acc, V b) { return _mm512_mask_range_pd(acc, m, acc, b, 0x0A); }
  static M AtMost(V a, V b) { return _mm512_cmp_pd_mask(a, b, _CMP_LE_OQ); }
  static M AtLeast(V a, V b) { return _mm512_cmp_pd_mask(a, b, _CMP_GE_OQ); }
  static V Select(M m, V ifSet, V otherwise) { return _mm512_mask_blend_pd(m, otherwise, ifSet); }
};

/// SolveBlockPortable's loop in AVX-512 intrinsics, bit for bit the same outputs wherever
/// both accept the block (the same operations in the same order, but for a mixed
/// segment's coordinates, which the portable loop writes in one form that rounds alike;
/// the clamp is max(t, +0) then min(t, 1), which like the integer clamp turns -0 and every
/// negative t into +0), 16 floats or 8 doubles per vector, two float vectors interleaved
/// per step; the last, partial vector loads and stores under a mask.
///
/// The guard, in two accumulators that cost one instruction each per vector and neither a
/// multiply nor a compare: a running sum of num (or, when it is computed, of distanceSq):
/// a NaN or an infinity in any lane keeps the sum non-finite, so a finite sum means every
/// value was finite (a sum that overflows on finite values sends the block to the single
/// query for nothing, which is only slower); and a running min of |num| with VRANGE, which
/// ignores NaN (the sum catches those). The block passes when, in every lane, the sum is
/// finite and the min at least k_minSafeSquare.
template <BatchOutputs O, Real T, int N>
bool SolveBlockAvx512(const BatchSegment<T, N>& s, const T* __restrict x, const T* __restrict y, const T* __restrict z,
                      std::size_t begin, std::size_t end, T* __restrict cx, T* __restrict cy, T* __restrict cz,
                      T* __restrict tOut, T* __restrict distSqOut) {
  using L = Lanes<T>;
  using V = typename L::V;
  using M = typename L::M;
  constexpr bool k_sumOfDistance = O.distanceSq;
  V a[N];
  V b[N];
  V d[N];
  V step[N];
  V base[N];  // the vertex each coordinate is interpolated from
  for (int k = 0; k < N; ++k) {
    a[k] = L::Splat(s.a.v[k]);
    b[k] = L::Splat(s.b.v[k]);
    d[k] = L::Splat(s.d.v[k]);
    step[k] = L::Splat(s.step.v[k]);
    base[k] = (s.fromB >> k & 1u) != 0 ? b[k] : a[k];
  }
  const V den = L::Splat(s.den);
  const V invUp = L::Splat(s.invUp);
  const V invReach = L::Splat(s.invReach);
  const V reach = L::Splat(s.reach);
  // t is the parameter itself unless a float segment's reach is below 1 (FindReach).
  const bool tIsParameter = !std::is_same_v<T, float> || s.reach == T(1);
  // The per-coordinate choices as locals: read through `s`, which the stores might alias
  // for all the compiler knows, they would be reloaded and tested on every step. With
  // O.formsFixed they are constants (the segment matches them), and the per-coordinate
  // branches below fold away: straight-line code.
  const unsigned fromB = O.formsFixed ? O.fixedFromB : s.fromB;
  const unsigned fromBoth = O.formsFixed ? O.fixedFromBoth : s.fromBoth;
  const unsigned selectA = s.selectA;
  const unsigned selectB = s.selectB;
  const V zero = L::Splat(T(0));
  const V one = L::Splat(T(1));
  V sum = zero;
  V minAbsNum = L::Splat(std::numeric_limits<T>::infinity());
  const T* const in[3] = {x, y, z};
  T* const closestOut[3] = {cx, cy, cz};
  // U consecutive vectors per call, each stage written for all U before the next. For
  // floats the main loop runs two vectors interleaved (k_interleave), which lets the core
  // overlap one vector's multiplies with the other's additions and stores: on Zen 4 2.5 %
  // faster for the closest point on a segment with a coordinate interpolated from both
  // vertices and 4-7 % with every output, within 1 % elsewhere; for doubles 1.4 % slower
  // on the closest point (2.8 % faster with every output), so they run one vector per
  // step (README, "The query: Google Benchmark"). It pays fully only on one index: see
  // CQ_BATCH_OPTIONS in the top-level CMakeLists.txt. The remainder of a block runs one
  // vector at a time.
  const auto solve = [&]<int U>(std::size_t i, M m) {
    V p[U][N];
    V e[U][N];
    for (int k = 0; k < N; ++k) {
      for (int u = 0; u < U; ++u) p[u][k] = L::Load(m, in[k] + i + u * L::k_count);
      for (int u = 0; u < U; ++u) e[u][k] = L::Sub(p[u][k], a[k]);
    }
    V num[U];
    for (int u = 0; u < U; ++u) num[u] = L::Mul(e[u][0], d[0]);  // DotFused's order
    for (int k = 1; k < N; ++k)
      for (int u = 0; u < U; ++u) num[u] = L::MulAdd(e[u][k], d[k], num[u]);
    V t[U];  // the parameter p over [0, reach]: t itself where reach is 1
    for (int u = 0; u < U; ++u) t[u] = L::Min(L::Max(L::Mul(num[u], invReach), zero), reach);
    for (int u = 0; u < U; ++u) {
      if constexpr (O.t) {
        if (tIsParameter)
          L::Store(m, tOut + i + u * L::k_count, t[u]);
        else
          L::Store(m, tOut + i + u * L::k_count, L::Min(L::Max(L::Mul(num[u], invUp), zero), one));
      }
      if constexpr (O.guard == BatchGuard::Scale) minAbsNum = L::MinAbs(m, minAbsNum, num[u]);
      if constexpr (O.guard != BatchGuard::None && !k_sumOfDistance) sum = L::Add(m, sum, num[u]);
    }
    if constexpr (O.PointNeeded()) {
      V c[U][N];
      V tMinusOne[U];
      for (int u = 0; u < U; ++u) {
        tMinusOne[u] = t[u];
        if constexpr (O.Mixed()) tMinusOne[u] = L::Sub(t[u], one);  // exactly -1 at t = +0, +0 at t = 1
      }
      for (int k = 0; k < N; ++k) {
        // The branches on the per-coordinate choices go the same way every step, so they
        // are predicted: on Zen 4 they cost less than a vector operation (a blend, t + 0)
        // that would replace them, which competes for the vector pipes.
        const unsigned bit = 1u << k;
        for (int u = 0; u < U; ++u) {
          if (O.Mixed() && (fromBoth & bit) != 0)
            c[u][k] = L::MulAdd(t[u], b[k], L::NegMulAdd(t[u], a[k], a[k]));
          else
            c[u][k] = L::MulAdd(O.Mixed() && (fromB & bit) != 0 ? tMinusOne[u] : t[u], step[k], base[k]);
          if constexpr (O.SelectsA())
            if (selectA >> k & 1u) c[u][k] = L::Select(L::AtMost(num[u], zero), a[k], c[u][k]);
          if constexpr (O.SelectsB())
            if (selectB >> k & 1u) c[u][k] = L::Select(L::AtLeast(num[u], den), b[k], c[u][k]);
        }
        if constexpr (O.closest)
          for (int u = 0; u < U; ++u) L::Store(m, closestOut[k] + i + u * L::k_count, c[u][k]);
      }
      if constexpr (O.distanceSq) {
        for (int u = 0; u < U; ++u) {
          V r[N];
          for (int k = 0; k < N; ++k) r[k] = L::Sub(p[u][k], c[u][k]);
          V distSq = L::Mul(r[0], r[0]);
          for (int k = 1; k < N; ++k) distSq = L::MulAdd(r[k], r[k], distSq);
          L::Store(m, distSqOut + i + u * L::k_count, distSq);
          if constexpr (O.guard != BatchGuard::None) sum = L::Add(m, sum, distSq);
        }
      }
    }
  };
  constexpr M k_all = static_cast<M>(~M(0));
  std::size_t i = begin;
  constexpr int k_interleave = std::is_same_v<T, float> ? 2 : 1;
  for (; i + k_interleave * L::k_count <= end; i += k_interleave * L::k_count)
    solve.template operator()<k_interleave>(i, k_all);
  for (; i + L::k_count <= end; i += L::k_count) solve.template operator()<1>(i, k_all);
  if (i < end) solve.template operator()<1>(i, static_cast<M>((M(1) << (end - i)) - 1));
  const M finite = L::AtMost(L::Max(sum, L::Sub(zero, sum)), L::Splat(MaxFinite<T>()));  // NaN: not set
  const M safe = L::AtLeast(minAbsNum, L::Splat(O.guard == BatchGuard::Scale ? Range<T>::k_minSafeSquare : T(0)));
  return (finite & safe) == k_all;
}
#endif

/// The library's block: SolveBlockAvx512 where the target has it, else SolveBlockPortable.
template <BatchOutputs O, Real T, int N>
bool SolveBlock(const BatchSegment<T, N>& s, const T* __restrict x, const T* __restrict y, const T* __restrict z,
                std::size_t begin, std::size_t end, T* __restrict cx, T* __restrict cy, T* __restrict cz,
                T* __restrict tOut, T* __restrict distSqOut) {
#if CQ_BATCH_AVX512
  return SolveBlockAvx512<O>(s, x, y, z, begin, end, cx, cy, cz, tOut, distSqOut);
#else
  return SolveBlockPortable<O>(s, x, y, z, begin, end, cx, cy, cz, tOut, distSqOut);
#endif
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
