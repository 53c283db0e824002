// cq/batch.hpp: many points against one segment, structure of arrays.
//
// The batch gives, for every point, exactly the single query's answer (ClosestPointOnSegment):
// the same t, closest point and squared distance, bit for bit. It gets there by doing the
// single query's fast-path arithmetic (the same numerator, the same division, the same
// fused multiply-adds in the same order) on whole vectors of points at once, and by
// sending every block of points the single query would not answer on its fast path
// through the single query itself.
//
// Outputs are optional: pass an array for what you need, nullptr for the rest, and the
// kernel neither computes nor stores the others (the closest point alone is three loads,
// a handful of vector instructions and three stores per point). closest takes one array
// per coordinate, all of them or none.
//
// How it stays exact and fast:
// - Per segment, once: B - A, |B - A|^2, and whether A + 0 (B - A) and A + 1 (B - A)
//   round to A and B bit for bit (they usually do for A; for B only when B - A rounds
//   kindly). If both do, the vertices need no select in the loop; otherwise the loop
//   selects them per point, as the single query does.
// - Per point, no branch: P - A, the numerator, t = max(num, 0) / den, then 1 where the
//   numerator reaches den (Ericson's deferred-division tests, decided on the numerator),
//   closest = A + t (B - A) fused, P - closest and its squared length. GCC's -O3
//   vectoriser turns the selects into masked moves or blends and the loop into full-width
//   SIMD; the CTest Bench.BatchKernelVectorizes fails if any variant stops vectorising.
// - Per block of 1024 points, the single query's range guard, kept as two running
//   unsigned min / max of bit patterns: some |numerator| below its safe range (it may
//   have underflowed, which can flip the region) or some |P - A| coordinate above 2^61
//   (float) / 2^509 (double), past which |P - A|^2 could leave its range, or a NaN / inf.
//   Such a block is redone point by point with the single query, which answers exactly at
//   every scale. A segment whose |B - A|^2 is outside the fast range (degenerate, tiny or
//   huge) sends every point there.
// Non-finite points get NaN in every output requested and are counted in the report,
// never given a number.
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
/// incomplete closest output); per-point problems are in the report.
template <Real T, int N>
Checked<BatchReport> ClosestPointsOnSegment(const Vec<T, N>& a, const Vec<T, N>& b, const PointsSoA<T, N>& points,
                                            const SegmentBatchOutput<T, N>& out);

}  // namespace cq
