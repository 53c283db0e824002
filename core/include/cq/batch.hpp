// cq/batch.hpp: many points against one segment, structure of arrays.
//
// The per-shape work (B - A, |B - A|^2, its reciprocal, the range check) is done once;
// each point then costs ten multiply-adds with no branch, which GCC turns into SIMD (the
// Release build is -O3 -march=native; GCC 12 does not vectorise this loop at -O2, and a
// test, Bench.BatchKernelVectorizes, fails if it stops vectorising at -O3). The
// numerator (P - A).(B - A) and |B - A|^2 are the single query's own bits
// (detail::DotFused), and the clamp is decided on them as there (numerator <= 0 gives
// t = 0, numerator >= |B - A|^2 gives t = 1 exactly), so the batch and the single query
// agree on every region; interior t comes from a multiply by the reciprocal, within 2 ulps
// of the single query's division.
//
// Extreme scales and bad points: a segment outside the single query's fast range (or
// whose reciprocal 1 / |B - A|^2 would be subnormal) sends the whole batch through the
// exact single query; a block of points (1024) in which some squared distance is inf or
// NaN, or some |numerator| is below the safe range (the single query's guard), is redone
// point by point with the single query. Non-finite points get t = distanceSq = NaN and
// are counted in the report, never silently given a number.
#pragma once

#include <array>
#include <cstddef>
#include <limits>

#include "cq/status.hpp"
#include "cq/vec.hpp"

namespace cq {

/// N coordinate arrays of `count` values each (x[], y[], z[]).
template <Real T, int N>
struct PointsSoA {
  std::array<const T*, N> coords;
  std::size_t count;
};

/// Where the batch writes: t[i] (clamped, closest = A + t[i] (B - A)) and |P_i - closest|^2.
template <Real T>
struct SegmentBatchOutput {
  T* t;
  T* distanceSq;
};

struct BatchReport {
  std::size_t nonFinitePoints = 0;  ///< points with a NaN/inf coordinate (their outputs are NaN)
  std::size_t firstNonFinite = std::numeric_limits<std::size_t>::max();  ///< index of the first, or max()
};

/// Closest points on segment AB for every point of `points`. Errors (a or b not finite)
/// concern the segment; per-point problems are in the report.
template <Real T, int N>
Checked<BatchReport> ClosestPointsOnSegment(const Vec<T, N>& a, const Vec<T, N>& b, const PointsSoA<T, N>& points,
                                            const SegmentBatchOutput<T>& out);

}  // namespace cq
