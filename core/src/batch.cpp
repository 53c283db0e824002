// The segment batch kernel. See cq/batch.hpp for the contract.
#include "cq/batch.hpp"

#include <algorithm>
#include <cmath>

#include "cq/detail/validate.hpp"
#include "cq/linear.hpp"

namespace cq {
namespace {

// Points per block: the range flag is checked once per block, and a block with a bad
// point is redone point by point. 256 floats of each array stay in L1 for the redo.
constexpr std::size_t k_blockSize = 256;

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

/// The vectorised block: returns true when every point stayed in range. Written so GCC
/// if-converts the clamp into blends: value selects, no early exit, restrict pointers.
template <Real T, int N>
bool SolveBlock(const Vec<T, N>& a, const Vec<T, N>& d, T den, T invDen, const T* const* __restrict coords,
                std::size_t begin, std::size_t end, T* __restrict tOut, T* __restrict distSqOut) {
  unsigned outOfRange = 0;
  for (std::size_t i = begin; i < end; ++i) {
    T e[N];
    T num = T(0);
    for (int k = 0; k < N; ++k) {
      e[k] = coords[k][i] - a.v[k];
      num += e[k] * d.v[k];
    }
    const T interior = num * invDen;
    const T t = num <= T(0) ? T(0) : (num >= den ? T(1) : interior);
    T distSq = T(0);
    for (int k = 0; k < N; ++k) {
      const T r = e[k] - t * d.v[k];
      distSq += r * r;
    }
    tOut[i] = t;
    distSqOut[i] = distSq;
    outOfRange |= distSq <= detail::MaxFinite<T>() ? 0u : 1u;  // also true for NaN
  }
  return outOfRange == 0;
}

}  // namespace

template <Real T, int N>
Checked<BatchReport> ClosestPointsOnSegment(const Vec<T, N>& a, const Vec<T, N>& b, const PointsSoA<T, N>& points,
                                            const SegmentBatchOutput<T>& out) {
  if (auto error = detail::CheckFinite(a, Field::A)) return *error;
  if (auto error = detail::CheckFinite(b, Field::B)) return *error;
  BatchReport report;
  const Vec<T, N> d = b - a;
  const T den = Dot(d, d);
  const bool shapeInRange = den >= detail::Range<T>::k_minSafeSquare && den <= detail::MaxFinite<T>();
  if (!shapeInRange) {
    // Degenerate, tiny or huge segment: every point through the exact single query.
    for (std::size_t i = 0; i < points.count; ++i) SolveOne(a, b, points, i, out, report);
    return report;
  }
  const T invDen = T(1) / den;
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
