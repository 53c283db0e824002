// cq/batch.hpp: many points against one segment, structure of arrays.
//
// The batch gives, for every point, the single query's answer (ClosestPointOnSegment) with
// the same clamp: where the single query returns vertex A or B, the batch returns t = 0 or
// 1 and that vertex, bit for bit (it decides on the same numerator). In the interior t is
// within 2 ulps of the single query's (num * (1 / den) rounded up, not num / den: a
// multiply, not a divide, per point), the closest point within a few ulps of the scene's
// size, and |P - closest|^2 follows from them.
//
// That holds for every point the single query answers on its fast path, that is with
// |P - A| up to sqrt(max / 8), about 6.5e18 in float and 4.7e153 in double. A point
// farther from A than that (with a segment and a scene that huge, or a point that far from
// an ordinary segment) the single query answers on its exact, rescaled path, and the batch
// still on its fast one: its closest point stays within a few ulps of the scene's size of
// the exact one, but its numerator carries the rounding of products that large, so its t
// can differ from the single query's by more than 2 ulps, and on a region boundary the two
// can choose different sides. Checking |P - A| per point would add three vector
// instructions to the fourteen the closest point costs per 16 floats, so the batch leaves
// such points to the caller: use the single query there if the exact t matters.
//
// Outputs are optional: pass an array for what you need, nullptr for the rest, and the
// loop neither computes nor stores the others (the closest point alone is three loads,
// fourteen vector instructions and three stores per 16 floats or 8 doubles). closest takes one array
// per coordinate, all of them or none.
//
// How it stays exact and fast:
// - Per segment, once: B - A, |B - A|^2 (the single query's bits), 1 / |B - A|^2 rounded
//   up, and per coordinate a step (B - A, maybe nudged by an ulp or two) with which
//   A + t step lands on A at t = +0 and on B at t = 1 bit for bit, or else one with which
//   B + (t - 1) step does (a coordinate that crosses zero towards a small B). Where
//   neither exists, the coordinate is (A - t A) + t B, which lands on both; only at a -0
//   vertex does the loop select that vertex per point. Before those, a float segment that
//   misses B from A in some coordinate tries 16 reaches R just below 1, eight at a time
//   (256-bit AVX-512 vectors): where one lets A + R step land on B in every coordinate, the loop's
//   parameter runs over [0, R] and the segment costs what one landing at reach 1 does
//   (73 % of such random segments; README, "Benchmark").
// - Per point, no branch: P - A, the numerator, t = num * (1 / den) clamped to [0, 1]
//   (because 1 / den is rounded up, num >= den gives exactly 1: Ericson's tests without a
//   compare; with a reach, p = num * (R / den) clamped to [0, R] the same way, and t
//   apart where it is asked for), closest = A + t step (or A + p step, B + (t - 1) step,
//   or (A - t A) + t B) fused,
//   P - closest and its squared length. With AVX-512 the loop is written in intrinsics;
//   elsewhere GCC's -O3 vectoriser makes SIMD of plain C++ (the CTests
//   Bench.BatchKernelVectorizes* fail if any variant stops vectorising). The two give the
//   same bits.
// - Per block of 1024 points, the single query's range guard: some |numerator| below its
//   safe range (it may have underflowed, which can flip the region), or a NaN or infinite
//   numerator or squared distance. Such a block is redone point by point with the single
//   query, which answers exactly at every scale. A segment whose |B - A|^2 is outside the
//   fast range (degenerate, tiny or huge) sends every point there.
// - A segment used for many batches (points that arrive in chunks, a scene's fixed
//   segments queried every frame) can be prepared once with PrepareSegment: the call on a
//   PreparedSegment skips the checks of A and B, the reciprocal and the per-coordinate
//   step search: about 10 ns for a float segment every coordinate of which lands from A,
//   18-21 ns for one that needs the reach search or the mixed loop, next to 150-180 ns for
//   1024 floats (README, "Benchmark"). The answers are the same bits either way.
// Non-finite points get NaN in every output requested and are counted in the report,
// never given a number.
#pragma once

#include <array>
#include <cstddef>
#include <limits>

#include "cq/detail/batch_segment.hpp"
#include "cq/status.hpp"
#include "cq/vec.hpp"

namespace cq {

/// N coordinate arrays of `count` values each (x[], y[], z[]).
template <Real T, int N>
struct PointsSoA {
  std::array<const T*, N> coords;
  std::size_t count;
};

/// Where the batch writes. Each output is optional: a null pointer is neither computed nor
/// written. closest needs an array for every coordinate, or none (ErrorCode::MissingOutput
/// otherwise, with the first missing coordinate).
template <Real T, int N>
struct SegmentBatchOutput {
  std::array<T*, N> closest{};  ///< closest[k][i]: coordinate k of the closest point to point i
  T* t = nullptr;               ///< t[i], clamped to [0, 1]: closest = A + t (B - A), or the vertex itself
  T* distanceSq = nullptr;      ///< |P_i - closest|^2
};

struct BatchReport {
  std::size_t nonFinitePoints = 0;  ///< points with a NaN/inf coordinate (their outputs are NaN)
  std::size_t firstNonFinite = std::numeric_limits<std::size_t>::max();  ///< index of the first, or max()
};

/// Closest points on segment AB for every point of `points`, each exactly as
/// ClosestPointOnSegment answers it. Errors concern the arguments (a or b not finite, an
/// incomplete closest output, a null array for a coordinate of `points` when its count is
/// not 0: ErrorCode::MissingInput, field p, that coordinate); per-point problems are in
/// the report.
///
/// Precondition: no output array overlaps an input array or another output (as for
/// memcpy: the loop reads and writes through restrict pointers, and a block that fails the
/// guard is redone point by point from the inputs, which an output written over them
/// would have spoilt: a NaN point then went unreported and got a number). Not checked.
template <Real T, int N>
Checked<BatchReport> ClosestPointsOnSegment(const Vec<T, N>& a, const Vec<T, N>& b, const PointsSoA<T, N>& points,
                                            const SegmentBatchOutput<T, N>& out);

/// Segment AB with the batch's per-segment work done: checked, its constants computed and
/// its loop chosen. Get one from PrepareSegment; it holds copies of A and B and can be
/// used from any number of threads at once.
template <Real T, int N>
class PreparedSegment {
 public:
  const Vec<T, N>& a() const { return m_segment.a; }
  const Vec<T, N>& b() const { return m_segment.b; }

 private:
  template <class>
  friend class Checked;  // its error state holds a default-constructed value, never read
  template <Real U, int M>
  friend Checked<PreparedSegment<U, M>> PrepareSegment(const Vec<U, M>& a, const Vec<U, M>& b);
  template <Real U, int M>
  friend Checked<BatchReport> ClosestPointsOnSegment(const PreparedSegment<U, M>& segment,
                                                     const PointsSoA<U, M>& points,
                                                     const SegmentBatchOutput<U, M>& out);
  PreparedSegment() = default;

  detail::BatchSegment<T, N> m_segment{};
  std::int8_t m_pattern = -1;  ///< the Mixed loop with every form fixed, or -1 (see batch.cpp)
};

/// Prepares segment AB for ClosestPointsOnSegment. The error names a or b when one of them
/// has a NaN or infinite coordinate. A degenerate (A == B), tiny or huge segment is valid:
/// its batches are answered point by point by the single query, as in the call with a and b.
template <Real T, int N>
Checked<PreparedSegment<T, N>> PrepareSegment(const Vec<T, N>& a, const Vec<T, N>& b);

/// ClosestPointsOnSegment(segment.a(), segment.b(), points, out), bit for bit, without the
/// per-segment work. The errors left are an incomplete closest output and a missing input
/// array.
template <Real T, int N>
Checked<BatchReport> ClosestPointsOnSegment(const PreparedSegment<T, N>& segment, const PointsSoA<T, N>& points,
                                            const SegmentBatchOutput<T, N>& out);

}  // namespace cq
