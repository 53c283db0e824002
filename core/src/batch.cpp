// The segment batch: validation, dispatch to the vectorised loop, and the single query for
// whatever the loop does not take. See cq/batch.hpp for the contract and
// cq/detail/segment_batch.hpp for the loop.
#include "cq/batch.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>

#include "cq/detail/segment_batch.hpp"
#include "cq/detail/validate.hpp"
#include "cq/linear.hpp"

namespace cq {
namespace {

using detail::BatchEnds;
using detail::BatchOutputs;
using detail::BatchSegment;

// Points per block: the guard is tested once per block, and a block with a bad point is
// redone point by point. 1024 points keep the per-block cost (loop set-up, the guard's
// horizontal min / max, the vector loop's remainder) to a few percent of the block, and a
// redo re-reads data that is still in L1 or L2.
constexpr std::size_t k_blockSize = 1024;

template <Real T, int N>
using BlockKernel = bool (*)(const BatchSegment<T, N>&, const T*, const T*, const T*, std::size_t, std::size_t, T*, T*,
                             T*, T*, T*);

/// The loop for every set of outputs, indexed by closest | t << 1 | distanceSq << 2 |
/// ends << 3. Without a closest point or a distance there is no vertex to land on: those
/// entries share the loop with BatchEnds::Exact.
template <Real T, int N, std::size_t... I>
constexpr std::array<BlockKernel<T, N>, sizeof...(I)> MakeKernels(std::index_sequence<I...>) {
  constexpr auto outputs = [](std::size_t i) {
    const bool point = (i & 1) != 0 || (i & 4) != 0;
    return BatchOutputs{(i & 1) != 0, (i & 2) != 0, (i & 4) != 0,
                        point ? static_cast<BatchEnds>(i >> 3) : BatchEnds::Exact};
  };
  return {&detail::SolveBlock<outputs(I), T, N>...};
}

template <Real T, int N>
constexpr auto k_kernels = MakeKernels<T, N>(std::make_index_sequence<32>{});

#if CQ_BATCH_AVX512
/// 3^N: the MixedPattern indices (every coordinate from A, from B or from both vertices).
template <int N>
constexpr std::size_t k_patterns = N == 2 ? 9 : 27;

/// The Mixed loops with every coordinate's form fixed at compile time
/// (BatchOutputs::formsFixed), indexed by closest | t << 1 | distanceSq << 2 |
/// MixedPattern << 3. Straight-line code where the run-time Mixed loop branches per
/// coordinate and step (README, "Benchmark"). Output sets without a closest point or a
/// distance have no vertex to land on and get k_kernels' loop, as does pattern 0 (every
/// coordinate from A: not a Mixed segment).
template <Real T, int N, std::size_t... I>
constexpr std::array<BlockKernel<T, N>, sizeof...(I)> MakePatternKernels(std::index_sequence<I...>) {
  constexpr auto outputs = [](std::size_t i) {
    const bool point = (i & 1) != 0 || (i & 4) != 0;
    const int pattern = static_cast<int>(i >> 3);
    if (!point || pattern == 0) return BatchOutputs{(i & 1) != 0, (i & 2) != 0, (i & 4) != 0, BatchEnds::Exact};
    const auto [fromB, fromBoth] = detail::PatternForms(pattern, N);
    return BatchOutputs{(i & 1) != 0, (i & 2) != 0, (i & 4) != 0, BatchEnds::Mixed, detail::BatchGuard::Scale, true,
                        fromB, fromBoth};
  };
  return {&detail::SolveBlock<outputs(I), T, N>...};
}

template <Real T, int N>
constexpr auto k_patternKernels = MakePatternKernels<T, N>(std::make_index_sequence<8 * k_patterns<N>>{});
#endif

/// The single query's answer for point i, counted in the report when the point is bad.
template <Real T, int N>
void SolveOne(const Vec<T, N>& a, const Vec<T, N>& b, const PointsSoA<T, N>& points, std::size_t i,
              const SegmentBatchOutput<T, N>& out, BatchReport& report) {
  if (detail::SolveBySingleQuery(a, b, points, i, out)) return;
  ++report.nonFinitePoints;
  report.firstNonFinite = std::min(report.firstNonFinite, i);
}

/// The index of the Mixed loop with every coordinate's form fixed at compile time, or -1
/// (no such loop: not a Mixed segment, or a build without the AVX-512 loop).
template <Real T, int N>
std::int8_t PatternLoop([[maybe_unused]] const BatchSegment<T, N>& s) {
#if CQ_BATCH_AVX512
  return static_cast<std::int8_t>(detail::MixedPattern(s));
#else
  return -1;
#endif
}

/// The batch for a segment whose constants are made and whose A and B are finite.
template <Real T, int N>
Checked<BatchReport> Solve(const BatchSegment<T, N>& s, [[maybe_unused]] std::int8_t pattern,
                           const PointsSoA<T, N>& points, const SegmentBatchOutput<T, N>& out) {
  // A null input array was read and crashed the program (core audit of 2026-11-29).
  for (int k = 0; k < N; ++k)
    if (points.count > 0 && points.coords[k] == nullptr) return QueryError{ErrorCode::MissingInput, Field::P, k};
  const bool wantClosest = out.closest[0] != nullptr;
  for (int k = 1; k < N; ++k)
    if ((out.closest[k] != nullptr) != wantClosest)
      return QueryError{ErrorCode::MissingOutput, Field::Closest, wantClosest ? k : 0};

  BatchReport report;
  if (!s.inRange) {
    // Degenerate, tiny or huge segment: every point through the exact single query.
    for (std::size_t i = 0; i < points.count; ++i) SolveOne(s.a, s.b, points, i, out, report);
    return report;
  }
  const std::size_t index = std::size_t{wantClosest} | std::size_t{out.t != nullptr} << 1 |
                            std::size_t{out.distanceSq != nullptr} << 2 | static_cast<std::size_t>(s.ends) << 3;
  BlockKernel<T, N> kernel = k_kernels<T, N>[index];
#if CQ_BATCH_AVX512
  if (pattern >= 0) kernel = k_patternKernels<T, N>[(index & 7) | static_cast<std::size_t>(pattern) << 3];
#endif
  const T* z = N == 3 ? points.coords[N - 1] : nullptr;
  T* cz = N == 3 ? out.closest[N - 1] : nullptr;
  for (std::size_t begin = 0; begin < points.count; begin += k_blockSize) {
    const std::size_t end = std::min(points.count, begin + k_blockSize);
    if (!kernel(s, points.coords[0], points.coords[1], z, begin, end, out.closest[0], out.closest[1], cz, out.t,
                out.distanceSq)) [[unlikely]]
      for (std::size_t i = begin; i < end; ++i) SolveOne(s.a, s.b, points, i, out, report);
  }
  return report;
}

/// The error naming a non-finite A or B of a segment whose denominator is out of range.
/// (When it is in range, A and B are finite: an infinite or NaN coordinate makes B - A,
/// hence |B - A|^2, infinite or NaN; so the ordinary segment skips these checks.)
template <Real T, int N>
std::optional<QueryError> CheckEnds(const BatchSegment<T, N>& s) {
  if (s.inRange) return std::nullopt;
  if (auto error = detail::CheckFinite(s.a, Field::A)) return error;
  return detail::CheckFinite(s.b, Field::B);
}

}  // namespace

template <Real T, int N>
Checked<BatchReport> ClosestPointsOnSegment(const Vec<T, N>& a, const Vec<T, N>& b, const PointsSoA<T, N>& points,
                                            const SegmentBatchOutput<T, N>& out) {
  const BatchSegment<T, N> s = detail::MakeBatchSegment(a, b);
  if (auto error = CheckEnds(s)) return *error;
  return Solve(s, PatternLoop(s), points, out);
}

template <Real T, int N>
Checked<PreparedSegment<T, N>> PrepareSegment(const Vec<T, N>& a, const Vec<T, N>& b) {
  PreparedSegment<T, N> prepared;
  prepared.m_segment = detail::MakeBatchSegment(a, b);
  if (auto error = CheckEnds(prepared.m_segment)) return *error;
  prepared.m_pattern = PatternLoop(prepared.m_segment);
  return prepared;
}

template <Real T, int N>
Checked<BatchReport> ClosestPointsOnSegment(const PreparedSegment<T, N>& segment, const PointsSoA<T, N>& points,
                                            const SegmentBatchOutput<T, N>& out) {
  return Solve(segment.m_segment, segment.m_pattern, points, out);
}

template Checked<BatchReport> ClosestPointsOnSegment(const Vec<float, 2>&, const Vec<float, 2>&,
                                                     const PointsSoA<float, 2>&, const SegmentBatchOutput<float, 2>&);
template Checked<BatchReport> ClosestPointsOnSegment(const Vec<float, 3>&, const Vec<float, 3>&,
                                                     const PointsSoA<float, 3>&, const SegmentBatchOutput<float, 3>&);
template Checked<BatchReport> ClosestPointsOnSegment(const Vec<double, 2>&, const Vec<double, 2>&,
                                                     const PointsSoA<double, 2>&, const SegmentBatchOutput<double, 2>&);
template Checked<BatchReport> ClosestPointsOnSegment(const Vec<double, 3>&, const Vec<double, 3>&,
                                                     const PointsSoA<double, 3>&, const SegmentBatchOutput<double, 3>&);

template Checked<PreparedSegment<float, 2>> PrepareSegment(const Vec<float, 2>&, const Vec<float, 2>&);
template Checked<BatchReport> ClosestPointsOnSegment(const PreparedSegment<float, 2>&, const PointsSoA<float, 2>&,
                                                     const SegmentBatchOutput<float, 2>&);
template Checked<PreparedSegment<float, 3>> PrepareSegment(const Vec<float, 3>&, const Vec<float, 3>&);
template Checked<BatchReport> ClosestPointsOnSegment(const PreparedSegment<float, 3>&, const PointsSoA<float, 3>&,
                                                     const SegmentBatchOutput<float, 3>&);
template Checked<PreparedSegment<double, 2>> PrepareSegment(const Vec<double, 2>&, const Vec<double, 2>&);
template Checked<BatchReport> ClosestPointsOnSegment(const PreparedSegment<double, 2>&, const PointsSoA<double, 2>&,
                                                     const SegmentBatchOutput<double, 2>&);
template Checked<PreparedSegment<double, 3>> PrepareSegment(const Vec<double, 3>&, const Vec<double, 3>&);
template Checked<BatchReport> ClosestPointsOnSegment(const PreparedSegment<double, 3>&, const PointsSoA<double, 3>&,
                                                     const SegmentBatchOutput<double, 3>&);

}  // namespace cq
