// tests/core/batch_test.cpp: many points against one segment (cq/batch.hpp).
//
// The batch must agree with the single query, ClosestPointOnSegment, point by point:
// - where the single query clamps (region A or B), t is exactly 0 or 1 and the closest
//   point is the vertex itself, bit for bit: the batch decides the clamp on the same
//   numerator, so not even an ulp of slack;
// - in the interior, t within 2 ulps (the header's promise), and the closest point within
//   8 eps of the scene's size S per coordinate (t's 2 ulps times |B - A|, the step's
//   nudge of an ulp or two, and the rounding of the fused multiply-add);
// - distanceSq within 4 ulps relative, plus what the closest point's slack does to it:
//   |dB - dS| <= 4 eps dS + 16 eps S sqrt(dS) + (8 eps S)^2.
// Counts straddle the block sizes the kernel has used (256, now 1024), so the tail block
// and a block re-run through the single query are both exercised. Every set of outputs is
// checked against the full set, and segments are chosen to take each of the loop's
// vertex variants (no select, select B, select A and B).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "cq/detail/segment_batch.hpp"
#include "test_support.hpp"

namespace {

using cq::LinearRegion;
using cqtest::AllConfigs;
using cqtest::ConfigNames;
using cqtest::Eps;
using cqtest::Ld;
using cqtest::V;

constexpr std::size_t k_noIndex = std::numeric_limits<std::size_t>::max();

template <class T, int N>
struct Cloud {
  std::array<std::vector<T>, N> coords;
  std::array<std::vector<T>, N> closest;
  std::vector<T> t;
  std::vector<T> distanceSq;

  explicit Cloud(std::size_t count) : t(count), distanceSq(count) {
    for (auto& c : coords) c.resize(count);
    for (auto& c : closest) c.resize(count);
  }
  std::size_t size() const { return t.size(); }
  cq::Vec<T, N> Point(std::size_t i) const {
    cq::Vec<T, N> p;
    for (int k = 0; k < N; ++k) p.v[k] = coords[k][i];
    return p;
  }
  cq::Vec<T, N> Closest(std::size_t i) const {
    cq::Vec<T, N> c;
    for (int k = 0; k < N; ++k) c.v[k] = closest[k][i];
    return c;
  }
  void Set(std::size_t i, const cq::Vec<T, N>& p) {
    for (int k = 0; k < N; ++k) coords[k][i] = p.v[k];
  }
  cq::PointsSoA<T, N> Soa() const {
    cq::PointsSoA<T, N> soa;
    for (int k = 0; k < N; ++k) soa.coords[k] = coords[k].data();
    soa.count = size();
    return soa;
  }
  /// Every output requested.
  cq::SegmentBatchOutput<T, N> AllOutputs() {
    cq::SegmentBatchOutput<T, N> out;
    for (int k = 0; k < N; ++k) out.closest[k] = closest[k].data();
    out.t = t.data();
    out.distanceSq = distanceSq.data();
    return out;
  }
  cq::Checked<cq::BatchReport> Run(const cq::Vec<T, N>& a, const cq::Vec<T, N>& b) {
    return cq::ClosestPointsOnSegment(a, b, Soa(), AllOutputs());
  }
};

/// Points around segment AB in every region: mostly uniform in a box around it, some
/// within rounding of the perpendiculars through A and B (where only identical numerators
/// give identical regions), some on the segment.
template <class T, int N>
Cloud<T, N> MakeCloud(std::size_t count, const cq::Vec<T, N>& a, const cq::Vec<T, N>& b, cqtest::Rng& rng) {
  Cloud<T, N> cloud(count);
  const T span = T(cqtest::SceneSize(a, b)) + T(1);
  const cq::Vec<T, N> d = b - a;
  const T dd = cq::Dot(d, d);
  for (std::size_t i = 0; i < count; ++i) {
    cq::Vec<T, N> p = rng.InCube<T, N>(-2 * double(span), 2 * double(span));
    const int type = rng.Int(0, 9);
    if (dd > T(0) && type == 0) {  // on the segment, to rounding
      p = a + T(rng.Uniform(0, 1)) * d;
    } else if (dd > T(0) && type == 1) {  // a hair from the perpendicular through A or B
      const cq::Vec<T, N> side = p - (cq::Dot(p, d) / dd) * d;
      const T along = (rng.Chance(0.5) ? T(0) : T(1)) + T(rng.Uniform(-1e-6, 1e-6));
      p = a + along * d + side;
    }
    cloud.Set(i, p);
  }
  return cloud;
}

/// Compares the batch outputs with the single query for every point; `skip` marks points
/// expected to be non-finite. Returns the number of mismatches.
template <class T, int N>
int CompareWithScalar(const Cloud<T, N>& cloud, const cq::Vec<T, N>& a, const cq::Vec<T, N>& b,
                      const std::vector<bool>& skip = {}) {
  cqtest::FailureLog log;
  const Ld eps = Eps<T>();
  for (std::size_t i = 0; i < cloud.size(); ++i) {
    if (!skip.empty() && skip[i]) continue;
    const cq::Vec<T, N> p = cloud.Point(i);
    const auto s = cq::ClosestPointOnSegment(p, a, b);
    if (!s.ok()) {
      if (log.Fail()) ADD_FAILURE() << "scalar failed at " << i;
      continue;
    }
    const T tb = cloud.t[i];
    const cq::Vec<T, N> cb = cloud.Closest(i);
    const Ld scene = cqtest::SceneSize(p, a, b);
    bool ok = true;
    if (s->region == LinearRegion::VertexA) {
      ok = cqtest::SameBits(tb, T(0)) && cqtest::SameBits(cb, a);
    } else if (s->region == LinearRegion::VertexB) {
      ok = tb == T(1) && cqtest::SameBits(cb, b);
    } else {
      ok = cqtest::UlpDistance(tb, s->t) <= 2;
      for (int k = 0; k < N; ++k) ok = ok && std::fabs(Ld(cb.v[k]) - Ld(s->closest.v[k])) <= 8 * eps * scene;
    }
    const Ld ds = s->distanceSq;
    const Ld db = cloud.distanceSq[i];
    if (std::isinf(s->distanceSq)) {
      ok = ok && std::isinf(cloud.distanceSq[i]);
    } else {
      const Ld slack = 4 * eps * ds + 16 * eps * scene * std::sqrt(ds) + (8 * eps * scene) * (8 * eps * scene);
      ok = ok && std::fabs(db - ds) <= slack;
    }
    if (!ok && log.Fail())
      ADD_FAILURE() << "point " << i << " " << cqtest::Str(p) << ": batch t=" << tb << " closest " << cqtest::Str(cb)
                    << " d2=" << cloud.distanceSq[i] << ", single t=" << s->t << " closest " << cqtest::Str(s->closest)
                    << " d2=" << s->distanceSq << " region " << cq::ToString(s->region);
  }
  return log.count();
}

/// A coordinate (A, B) that the loop interpolates from both vertices: neither A + step
/// nor B - step lands on the other vertex for any step near B - A. In double, from 1 + eps
/// to -(1 + 2 eps): B - A is -(2 + 3 eps) exactly, which needs a finer ulp than 2's, and
/// every step near it leaves A + step and B - step exact odd multiples of eps that miss B
/// and A. In float that coordinate lands with a reach just below 1 (FindReach: R = 1 -
/// 2^-24), so a float segment holding it runs the exact loop; the float coordinate here,
/// from 0x1.400002p+0 to -0x1.800006p-1, lands with none of the 16 reaches, so a segment
/// holding it keeps the Mixed loop (found by search; FloatSegmentsLandWithAReachBelowOne
/// checks both facts).
template <class T>
std::pair<T, T> FromBothCoordinate() {
  if constexpr (std::is_same_v<T, float>) {
    return {0x1.400002p+0f, -0x1.800006p-1f};
  } else {
    const T eps = std::numeric_limits<T>::epsilon();
    return {1 + eps, -(1 + 2 * eps)};
  }
}

template <class C>
class SegmentBatch : public ::testing::Test {};
TYPED_TEST_SUITE(SegmentBatch, AllConfigs, ConfigNames);

TYPED_TEST(SegmentBatch, AgreesWithSingleQueryForEveryCount) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'0006);
  for (const std::size_t count : {1, 7, 255, 256, 257, 1000, 1023, 1024, 1025, 2049, 4099}) {
    const cq::Vec<T, N> a = rng.InCube<T, N>(-5, 5);
    const cq::Vec<T, N> b = rng.InCube<T, N>(-5, 5);
    Cloud<T, N> cloud = MakeCloud(count, a, b, rng);
    const auto report = cloud.Run(a, b);
    ASSERT_TRUE(report.ok());
    EXPECT_EQ(report->nonFinitePoints, 0u);
    EXPECT_EQ(report->firstNonFinite, k_noIndex);
    EXPECT_EQ(CompareWithScalar(cloud, a, b), 0) << "count " << count;
  }
}

TYPED_TEST(SegmentBatch, PointsOnTheRegionBoundariesClampExactly) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // A = (1,2,3), B = (5,4,3): B - A = (4,2,0), |B - A|^2 = 20. Points A + k (-1,2,z)
  // have numerator exactly 0 (region A, t = 0); B + k (-1,2,z) numerator exactly 20
  // (region B, t = 1). Integer inputs: every product is exact, no rounding can move them.
  const cq::Vec<T, N> a = V<T, N>(1, 2, 3);
  const cq::Vec<T, N> b = V<T, N>(5, 4, 3);
  Cloud<T, N> cloud(600);
  for (std::size_t i = 0; i < cloud.size(); ++i) {
    const T k = T(int(i % 300) - 150);
    const cq::Vec<T, N> step = V<T, N>(-1, 2, double(i % 7));
    cloud.Set(i, (i < 300 ? a : b) + k * step);
  }
  ASSERT_TRUE(cloud.Run(a, b).ok());
  for (std::size_t i = 0; i < cloud.size(); ++i) EXPECT_EQ(cloud.t[i], i < 300 ? T(0) : T(1)) << i;
  EXPECT_EQ(CompareWithScalar(cloud, a, b), 0);
}

TYPED_TEST(SegmentBatch, EmptyBatchIsFine) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cq::PointsSoA<T, N> none{};
  none.count = 0;
  const auto report =
      cq::ClosestPointsOnSegment(V<T, N>(0, 0, 0), V<T, N>(1, 0, 0), none, cq::SegmentBatchOutput<T, N>{});
  ASSERT_TRUE(report.ok());
  EXPECT_EQ(report->nonFinitePoints, 0u);
  EXPECT_EQ(report->firstNonFinite, k_noIndex);
}

TYPED_TEST(SegmentBatch, NonFinitePointsGetNaNAndAreCounted) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'0007);
  const cq::Vec<T, N> a = V<T, N>(-1, 0.5, 2);
  const cq::Vec<T, N> b = V<T, N>(3, -1, 0);
  Cloud<T, N> cloud = MakeCloud<T, N>(2500, a, b, rng);
  // Bad points in different blocks (and two in one block), every kind of bad value, in
  // every coordinate.
  const std::size_t bad[] = {3, 300, 301, 1500, 2499};
  const T values[] = {cqtest::NaN<T>(), cqtest::Inf<T>(), -cqtest::Inf<T>(), cqtest::NaN<T>(), cqtest::Inf<T>()};
  std::vector<bool> skip(cloud.size(), false);
  for (int j = 0; j < 5; ++j) {
    cloud.coords[j % N][bad[j]] = values[j];
    skip[bad[j]] = true;
  }
  const auto report = cloud.Run(a, b);
  ASSERT_TRUE(report.ok());
  EXPECT_EQ(report->nonFinitePoints, 5u);
  EXPECT_EQ(report->firstNonFinite, 3u);
  for (const std::size_t i : bad) {
    EXPECT_TRUE(std::isnan(cloud.t[i])) << i;
    EXPECT_TRUE(std::isnan(cloud.distanceSq[i])) << i;
    for (int k = 0; k < N; ++k) EXPECT_TRUE(std::isnan(cloud.closest[k][i])) << i;
  }
  // Every other point, including the neighbours in the re-run blocks, is still right.
  EXPECT_EQ(CompareWithScalar(cloud, a, b, skip), 0);
}

TYPED_TEST(SegmentBatch, DegenerateTinyAndHugeSegments) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'0008);
  // A == B: t = 0 for every point, the squared distance to A.
  {
    const cq::Vec<T, N> a = V<T, N>(1, 2, 3);
    Cloud<T, N> cloud = MakeCloud<T, N>(300, a, a, rng);
    ASSERT_TRUE(cloud.Run(a, a).ok());
    for (std::size_t i = 0; i < cloud.size(); ++i) EXPECT_EQ(cloud.t[i], T(0)) << i;
    EXPECT_EQ(CompareWithScalar(cloud, a, a), 0);
  }
  // Segments whose squared length under- or overflows T, with points at the segment's
  // own scale and points far away from it.
  const int tiny = sizeof(T) == 4 ? -50 : -600;
  const int huge = sizeof(T) == 4 ? 70 : 600;
  for (const int segmentExponent : {tiny, huge}) {
    for (const int pointExponent : {segmentExponent, 0}) {
      const T s = std::ldexp(T(1), segmentExponent);
      const cq::Vec<T, N> a = s * V<T, N>(0.25, -0.5, 0.75);
      const cq::Vec<T, N> b = s * V<T, N>(1, 0.5, -0.25);
      Cloud<T, N> cloud(300);
      for (std::size_t i = 0; i < cloud.size(); ++i)
        cloud.Set(i, std::ldexp(T(1), pointExponent) * rng.InCube<T, N>(-2, 2));
      ASSERT_TRUE(cloud.Run(a, b).ok());
      EXPECT_EQ(CompareWithScalar(cloud, a, b), 0) << "segment 2^" << segmentExponent << ", points 2^" << pointExponent;
    }
  }
}

TYPED_TEST(SegmentBatch, NonFiniteSegmentNamesAOrB) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  Cloud<T, N> cloud(4);
  for (int axis = 0; axis < N; ++axis) {
    for (const T bad : {cqtest::NaN<T>(), cqtest::Inf<T>(), -cqtest::Inf<T>()}) {
      cq::Vec<T, N> a = V<T, N>(0, 0, 0);
      cq::Vec<T, N> b = V<T, N>(1, 1, 1);
      a.v[axis] = bad;
      auto r = cloud.Run(a, b);
      ASSERT_FALSE(r.ok());
      EXPECT_EQ(r.error().code, cq::ErrorCode::NonFinite);
      EXPECT_EQ(r.error().field, cq::Field::A);
      EXPECT_EQ(r.error().axis, axis);
      a.v[axis] = T(0);
      b.v[axis] = bad;
      r = cloud.Run(a, b);
      ASSERT_FALSE(r.ok());
      EXPECT_EQ(r.error().field, cq::Field::B);
      EXPECT_EQ(r.error().axis, axis);
      EXPECT_EQ(cq::Describe(r.error()).rfind("b coordinate " + std::to_string(axis), 0), 0u);
    }
  }
}

TYPED_TEST(SegmentBatch, AxisAlignedSegmentKeepsTWithinTwoUlps) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // B - A along one axis: the numerator is a single product (the others are exact zeros).
  cqtest::Rng rng(0x5eed'000a);
  for (int axis = 0; axis < N; ++axis) {
    const cq::Vec<T, N> a = rng.InCube<T, N>(-5, 5);
    cq::Vec<T, N> b = a;
    b.v[axis] += T(rng.Uniform(0.5, 8));
    Cloud<T, N> cloud = MakeCloud<T, N>(1000, a, b, rng);
    ASSERT_TRUE(cloud.Run(a, b).ok());
    EXPECT_EQ(CompareWithScalar(cloud, a, b), 0) << "axis " << axis;
  }
}

// Regression. Found while writing this suite: the Release build compiles with
// -march=native and GCC's default -ffp-contract=fast, and GCC fused each numerator
// (P - A).(B - A) in a different order in the batch loop, fma(e1, d1, e0 d0), and in the
// inlined single query, fma(e0, d0, e1 d1). With cancellation in the numerator, t
// differed by far more than 2 ulps, and near a region boundary the two could disagree on
// the region. Float2D reproducer: A = (0.587659895, -3.04236245), B = (0.902412713,
// -1.53631091), P = (8.72587204, -4.73602962): batch numerator 0.0107750511, t
// 0.00455169613; single query 0.010775201, t 0.00455175946 (136 ulps). Fixed by the
// performance work in core (detail::DotFused: one explicit fused order for both).
TYPED_TEST(SegmentBatch, ObliqueSegmentKeepsTWithinTwoUlps) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'000b);
  const cq::Vec<T, N> a = rng.InCube<T, N>(-5, 5);
  const cq::Vec<T, N> b = rng.InCube<T, N>(-5, 5);
  Cloud<T, N> cloud = MakeCloud<T, N>(4000, a, b, rng);
  ASSERT_TRUE(cloud.Run(a, b).ok());
  EXPECT_EQ(CompareWithScalar(cloud, a, b), 0);
}

// Regression. Found while writing this suite: when |B - A|^2 lies in [2^1022, max]
// (double: |B - A| from about 1.3e154 to 1.9e154; float: about 1.8e19 to 2.6e19), the
// batch multiplied by the reciprocal 1 / |B - A|^2, which is subnormal there and had lost
// 2-3 bits, so interior t was off by up to 5 ulps (3 in float at |B - A| ~ 1e19, 5 in
// double at ~1.3e154) while the segment still counted as in range. Fixed by the
// performance work in core (such a segment now goes through the single query).
TYPED_TEST(SegmentBatch, HugeFiniteSquaredLengthKeepsTWithinTwoUlps) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'0009);
  // |B - A|^2 = 1.8^2 2^1022 (double) / 1.8^2 2^126 (float): finite, reciprocal subnormal.
  const T s = std::ldexp(T(1), sizeof(T) == 4 ? 63 : 511);
  const cq::Vec<T, N> a{};
  cq::Vec<T, N> b{};
  b.v[0] = T(1.2) * s;
  b.v[1] = T(1.3) * s;
  ASSERT_TRUE(std::isfinite(cq::Dot(b - a, b - a)));
  ASSERT_LT(T(1) / cq::Dot(b - a, b - a), std::numeric_limits<T>::min()) << "precondition: subnormal reciprocal";
  Cloud<T, N> cloud(1000);
  for (std::size_t i = 0; i < cloud.size(); ++i) {
    const T f = T(rng.Uniform(0.05, 0.95));
    cloud.Set(i, f * b + T(0.01) * s * rng.InCube<T, N>(-1, 1));  // near the segment: interior, finite distances
  }
  ASSERT_TRUE(cloud.Run(a, b).ok());
  EXPECT_EQ(CompareWithScalar(cloud, a, b), 0);
}

/// The outputs of `cloud` that `mask` selects (bit 0 closest, 1 t, 2 distanceSq).
template <class T, int N>
cq::SegmentBatchOutput<T, N> Subset(Cloud<T, N>& cloud, int mask) {
  cq::SegmentBatchOutput<T, N> out;
  if (mask & 1) {
    for (int k = 0; k < N; ++k) out.closest[k] = cloud.closest[k].data();
  }
  if (mask & 2) out.t = cloud.t.data();
  if (mask & 4) out.distanceSq = cloud.distanceSq.data();
  return out;
}

constexpr int k_sentinel = -12345;

/// A copy of `cloud` with every output set to a sentinel, for a run that writes some of them.
template <class T, int N>
Cloud<T, N> WithSentinels(const Cloud<T, N>& cloud) {
  Cloud<T, N> some = cloud;
  for (auto& c : some.closest) std::fill(c.begin(), c.end(), T(k_sentinel));
  std::fill(some.t.begin(), some.t.end(), T(k_sentinel));
  std::fill(some.distanceSq.begin(), some.distanceSq.end(), T(k_sentinel));
  return some;
}

/// Outputs of `some` (run with the outputs `mask` selects) that differ from `all`'s bits, or
/// that are not the sentinel where not selected.
template <class T, int N>
int CountMismatches(const Cloud<T, N>& some, const Cloud<T, N>& all, int mask) {
  const T sentinel = T(k_sentinel);
  int mismatches = 0;
  for (std::size_t i = 0; i < all.size(); ++i) {
    for (int k = 0; k < N; ++k)
      mismatches += !cqtest::SameBits(some.closest[k][i], (mask & 1) ? all.closest[k][i] : sentinel);
    mismatches += !cqtest::SameBits(some.t[i], (mask & 2) ? all.t[i] : sentinel);
    mismatches += !cqtest::SameBits(some.distanceSq[i], (mask & 4) ? all.distanceSq[i] : sentinel);
  }
  return mismatches;
}

TYPED_TEST(SegmentBatch, EverySetOfOutputsGivesTheSameValues) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'000c);
  const cq::Vec<T, N> a = rng.InCube<T, N>(-5, 5);
  const cq::Vec<T, N> b = rng.InCube<T, N>(-5, 5);
  Cloud<T, N> all = MakeCloud(2100, a, b, rng);
  // Two bad points, so that each set of outputs also meets the re-run block and the NaNs.
  all.coords[0][5] = cqtest::NaN<T>();
  all.coords[N - 1][1500] = cqtest::Inf<T>();
  ASSERT_TRUE(all.Run(a, b).ok());
  for (int mask = 0; mask < 8; ++mask) {
    Cloud<T, N> some = WithSentinels(all);
    const auto report = cq::ClosestPointsOnSegment(a, b, some.Soa(), Subset(some, mask));
    ASSERT_TRUE(report.ok()) << "outputs " << mask;
    EXPECT_EQ(report->nonFinitePoints, 2u) << "outputs " << mask;
    EXPECT_EQ(report->firstNonFinite, 5u) << "outputs " << mask;
    EXPECT_EQ(CountMismatches(some, all, mask), 0) << "outputs " << mask << " (bit 0 closest, 1 t, 2 distanceSq)";
  }
}

// A null coordinate array among the points crashed the program (core audit of 2026-11-29);
// it is an error naming p and the coordinate, unless there are no points to read.
TYPED_TEST(SegmentBatch, ANullInputArrayIsAnErrorUnlessThereAreNoPoints) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  Cloud<T, N> cloud(10);
  for (int missing = 0; missing < N; ++missing) {
    cq::PointsSoA<T, N> points = cloud.Soa();
    points.coords[missing] = nullptr;
    for (const bool prepared : {false, true}) {
      const auto segment = cq::PrepareSegment(V<T, N>(0, 0, 0), V<T, N>(1, 2, 3));
      ASSERT_TRUE(segment.ok());
      const auto r = prepared ? cq::ClosestPointsOnSegment(*segment, points, cloud.AllOutputs())
                              : cq::ClosestPointsOnSegment(V<T, N>(0, 0, 0), V<T, N>(1, 2, 3), points, cloud.AllOutputs());
      ASSERT_FALSE(r.ok());
      EXPECT_EQ(r.error().code, cq::ErrorCode::MissingInput);
      EXPECT_EQ(r.error().field, cq::Field::P);
      EXPECT_EQ(r.error().axis, missing);
      EXPECT_EQ(cq::Describe(r.error()), "p coordinate " + std::to_string(missing) +
                                             ": no input array for this coordinate (a null pointer), and the count of "
                                             "points is not 0");
    }
    points.count = 0;
    EXPECT_TRUE(cq::ClosestPointsOnSegment(V<T, N>(0, 0, 0), V<T, N>(1, 2, 3), points, cloud.AllOutputs()).ok());
  }
}

TYPED_TEST(SegmentBatch, AClosestOutputForSomeCoordinatesOnlyIsAnError) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  Cloud<T, N> cloud(10);
  for (int missing = 0; missing < N; ++missing) {
    cq::SegmentBatchOutput<T, N> out = cloud.AllOutputs();
    out.closest[missing] = nullptr;
    const auto r = cq::ClosestPointsOnSegment(V<T, N>(0, 0, 0), V<T, N>(1, 2, 3), cloud.Soa(), out);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, cq::ErrorCode::MissingOutput);
    EXPECT_EQ(r.error().field, cq::Field::Closest);
    EXPECT_EQ(r.error().axis, missing == 0 ? 0 : missing) << "the first coordinate that differs from closest[0]";
    EXPECT_EQ(cq::Describe(r.error()).rfind("closest coordinate ", 0), 0u) << cq::Describe(r.error());
  }
  // Only closest[0] given: the first missing one is coordinate 1.
  cq::SegmentBatchOutput<T, N> out;
  out.closest[0] = cloud.closest[0].data();
  const auto r = cq::ClosestPointsOnSegment(V<T, N>(0, 0, 0), V<T, N>(1, 2, 3), cloud.Soa(), out);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().axis, 1);
}

// The loop picks one of four vertex variants per segment, and in the Mixed ones a form per
// coordinate (cq/detail/segment_batch.hpp, ChooseStep). These segments are built to need
// each; MakeBatchSegment is checked to have picked it, and the vertices must come out bit
// for bit either way.
TYPED_TEST(SegmentBatch, EveryVertexVariantReturnsTheVerticesExactly) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  using cq::detail::BatchEnds;
  struct Case {
    cq::Vec<T, N> a;
    cq::Vec<T, N> b;
    BatchEnds expected;
    unsigned fromB;     // the coordinates interpolated from B
    unsigned fromBoth;  // and from both vertices
  };
  // Exact: B - A representable, A + (B - A) is B. Mixed from B: x crosses zero from 1 to a
  // tiny -3 * 2^-60 (1 + step, for a step near -1, is a multiple of 2^-52 in double and
  // of 2^-23 in float, so no step lands on B, nor does any reach), but B - (B - A) rounds
  // to 1: x is interpolated from B. Mixed from both: x is FromBothCoordinate, which no
  // step from either side lands on (nor, in float, any reach): x is (A - t A) + t B.
  // SelectB: x goes from -1 to -0; no step from A lands on -0
  // (-1 + 1 is +0), B - 1 is -1 but 0 * 1 + -0 is +0 at t = 1, and (A - A) + B is +0 too.
  // SelectAB: A has a -0 where B - A is positive, so 0 * step is +0 and +0 + -0 is +0.
  // The two Mixed cases with a -0 in A's y, where B - A is negative: 0 * step is -0 and
  // -0 + -0 is -0, so y lands on A from A and needs no select; every other form of the
  // loop must leave that -0 alone (the portable loop adds t * -0 to it, never t * +0).
  const auto [bothA, bothB] = FromBothCoordinate<T>();
  const cq::Vec<T, N> tinyCross = V<T, N>(-3 * 0x1p-60, 0.5, -0.75);
  Case cases[] = {
      {V<T, N>(0.25, -1.5, 2.0), V<T, N>(5.5, 2.25, -1.75), BatchEnds::Exact, 0, 0},
      {V<T, N>(1.0, 0.25, 0.5), tinyCross, BatchEnds::Mixed, 1, 0},
      {V<T, N>(bothA, 0.25, 0.5), V<T, N>(bothB, 0.5, -0.75), BatchEnds::Mixed, 0, 1},
      {V<T, N>(1.0, bothA, 0.5), V<T, N>(-3 * 0x1p-60, bothB, -0.75), BatchEnds::Mixed, 1, 2},
      {V<T, N>(-1.0, 0.25, 0.5), V<T, N>(-0.0, 0.5, -0.75), BatchEnds::SelectB, 1, 0},
      {V<T, N>(-0.0, 1.0, 2.0), V<T, N>(3.0, -2.0, 1.0), BatchEnds::SelectAB, 0, 0},
      {V<T, N>(1.0, -0.0, 0.5), V<T, N>(-3 * 0x1p-60, -2.0, -0.75), BatchEnds::Mixed, 1, 0},
      {V<T, N>(bothA, -0.0, 0.5), V<T, N>(bothB, -2.0, -0.75), BatchEnds::Mixed, 0, 1},
  };
  cqtest::Rng rng(0x5eed'000d);
  for (const Case& c : cases) {
    const auto segment = cq::detail::MakeBatchSegment(c.a, c.b);
    ASSERT_EQ(static_cast<int>(segment.ends), static_cast<int>(c.expected))
        << "precondition: A " << cqtest::Str(c.a) << " B " << cqtest::Str(c.b);
    ASSERT_EQ(segment.fromB, c.fromB) << "A " << cqtest::Str(c.a) << " B " << cqtest::Str(c.b);
    ASSERT_EQ(segment.fromBoth, c.fromBoth) << "A " << cqtest::Str(c.a) << " B " << cqtest::Str(c.b);
    Cloud<T, N> cloud = MakeCloud<T, N>(1500, c.a, c.b, rng);
    ASSERT_TRUE(cloud.Run(c.a, c.b).ok());
    EXPECT_EQ(CompareWithScalar(cloud, c.a, c.b), 0) << "variant " << static_cast<int>(c.expected);
  }
}

TYPED_TEST(SegmentBatch, RandomSegmentsKeepTheirVerticesExactly) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'000e);
  int variants[4] = {0, 0, 0, 0};
  int withFromB = 0;
  int withFromBoth = 0;
  int withReach = 0;  // Exact with a reach below 1 (FindReach, floats only)
  for (int trial = 0; trial < 200; ++trial) {
    const cq::Vec<T, N> a = rng.InCube<T, N>(-10, 10);
    const cq::Vec<T, N> b = rng.InCube<T, N>(-10, 10);
    const auto segment = cq::detail::MakeBatchSegment(a, b);
    ++variants[static_cast<int>(segment.ends)];
    withFromB += segment.fromB != 0 ? 1 : 0;
    withFromBoth += segment.fromBoth != 0 ? 1 : 0;
    withReach += segment.reach != T(1) ? 1 : 0;
    Cloud<T, N> cloud = MakeCloud<T, N>(64, a, b, rng);
    ASSERT_TRUE(cloud.Run(a, b).ok());
    ASSERT_EQ(CompareWithScalar(cloud, a, b), 0) << "trial " << trial;
  }
  // Every common form occurs here: coordinates that cross zero need a step from B or,
  // where neither vertex's side lands, the interpolation from both. The selects need a -0
  // vertex, which random coordinates never are. In float most such segments land with a
  // reach below 1 instead (73 % of those that miss at reach 1, bench/HISTORY.md), and
  // those left are mostly 3D ones; doubles never search.
  EXPECT_EQ(variants[2] + variants[3], 0);
  if constexpr (std::is_same_v<T, float>) {
    // A reach below 1 lands only where A + R step is one rounding (an FMA target): with two
    // (CQ_MULADD_FUSED 0, a build without FMA) none does, and fewer segments are exact.
    if (CQ_MULADD_FUSED) {
      EXPECT_GT(variants[0], 100);
      EXPECT_GT(withReach, 40);
    } else {
      EXPECT_EQ(withReach, 0);
    }
    EXPECT_GT(variants[1], N == 3 ? 15 : 4);
    EXPECT_GT(withFromB + withFromBoth, N == 3 ? 15 : 4);
  } else {
    EXPECT_GT(variants[0], 20);
    EXPECT_EQ(withReach, 0);
    EXPECT_GT(variants[1], 50);
    EXPECT_GT(withFromB, 15);
    EXPECT_GT(withFromBoth, 15);
  }
}

// The library's loop on this target (SolveBlock: the AVX-512 intrinsics where the build
// targets AVX-512, else the portable loop) against the portable loop, which every other
// target runs: the same bits in every output, and the same verdict of the guard, for
// every set of outputs, vertex variant and guard, with block lengths that end in a
// partial vector (the intrinsics' masked tail). Blocks holding a point the guard rejects
// (NaN, inf, a numerator too small to trust) must be rejected by both.
template <cq::detail::BatchOutputs O, class T, int N>
int CompareLoopForms(const cq::detail::BatchSegment<T, N>& s, const Cloud<T, N>& cloud, std::size_t begin,
                     std::size_t end) {
  const std::size_t count = cloud.size();
  Cloud<T, N> lib(count);
  Cloud<T, N> portable(count);
  const T nan = std::numeric_limits<T>::quiet_NaN();
  for (Cloud<T, N>* c : {&lib, &portable}) {  // unwritten entries must stay as they were
    for (auto& coord : c->closest) std::fill(coord.begin(), coord.end(), nan);
    std::fill(c->t.begin(), c->t.end(), nan);
    std::fill(c->distanceSq.begin(), c->distanceSq.end(), nan);
  }
  const auto run = [&](auto kernel, Cloud<T, N>& out) {
    T* closest[3] = {out.closest[0].data(), out.closest[1].data(), N == 3 ? out.closest[N - 1].data() : nullptr};
    const T* in[3] = {cloud.coords[0].data(), cloud.coords[1].data(), N == 3 ? cloud.coords[N - 1].data() : nullptr};
    return kernel(s, in[0], in[1], in[2], begin, end, closest[0], closest[1], closest[2], out.t.data(),
                  out.distanceSq.data());
  };
  const bool libOk = run(&cq::detail::SolveBlock<O, T, N>, lib);
  const bool portableOk = run(&cq::detail::SolveBlockPortable<O, T, N>, portable);
  int mismatches = libOk != portableOk ? 1 : 0;
  if (!libOk || !portableOk) return mismatches;  // outputs of a rejected block are not used
  for (std::size_t i = 0; i < count; ++i) {
    bool same =
        cqtest::SameBits(lib.t[i], portable.t[i]) && cqtest::SameBits(lib.distanceSq[i], portable.distanceSq[i]);
    for (int k = 0; k < N; ++k) same = same && cqtest::SameBits(lib.closest[k][i], portable.closest[k][i]);
    if (!same) ++mismatches;
  }
  return mismatches;
}

template <cq::detail::BatchEnds E, cq::detail::BatchGuard G, class T, int N, std::size_t... I>
int CompareEveryOutputSet(const cq::detail::BatchSegment<T, N>& s, const Cloud<T, N>& cloud, std::size_t begin,
                          std::size_t end, std::index_sequence<I...>) {
  // I = 1..7: closest | t << 1 | distanceSq << 2.
  return (
      CompareLoopForms<cq::detail::BatchOutputs{(I & 1) != 0, (I & 2) != 0, (I & 4) != 0, E, G}>(s, cloud, begin, end) +
      ...);
}

template <class T, int N>
int CompareEveryLoop(const cq::detail::BatchSegment<T, N>& s, const Cloud<T, N>& cloud, std::size_t begin,
                     std::size_t end) {
  using cq::detail::BatchEnds;
  using cq::detail::BatchGuard;
  constexpr auto sets = std::index_sequence<1, 2, 3, 4, 5, 6, 7>{};
  int n = 0;
  n += CompareEveryOutputSet<BatchEnds::Exact, BatchGuard::Scale>(s, cloud, begin, end, sets);
  n += CompareEveryOutputSet<BatchEnds::Mixed, BatchGuard::Scale>(s, cloud, begin, end, sets);
  n += CompareEveryOutputSet<BatchEnds::SelectB, BatchGuard::Scale>(s, cloud, begin, end, sets);
  n += CompareEveryOutputSet<BatchEnds::SelectAB, BatchGuard::Scale>(s, cloud, begin, end, sets);
  n += CompareEveryOutputSet<BatchEnds::Exact, BatchGuard::FiniteOnly>(s, cloud, begin, end, sets);
  n += CompareEveryOutputSet<BatchEnds::Exact, BatchGuard::None>(s, cloud, begin, end, sets);
  return n;
}

TYPED_TEST(SegmentBatch, LibraryLoopMatchesThePortableLoopBitForBit) {
  // Where the library's loop is the portable one (no AVX-512, or CQ_BATCH_PORTABLE as in
  // the Portable.* run) there is no second form: comparing it with itself cannot fail.
  if constexpr (!CQ_BATCH_AVX512) GTEST_SKIP() << "one loop form on this target: the library's is the portable one";
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'0010);
  const T nan = std::numeric_limits<T>::quiet_NaN();
  const T inf = std::numeric_limits<T>::infinity();
  int rejectedByBoth = 0;
  for (int trial = 0; trial < 12; ++trial) {
    // Trial 0: a -0 in A (SelectAB); trial 1: x interpolated from B and y from both
    // vertices (Mixed); trial 2: B's x is -0 (SelectB); trial 3: x from 1 + eps to
    // -(1 + 2 eps), which a float segment takes with a reach below 1 (its t computed apart
    // from the closest point's parameter), a double one from both vertices.
    const T eps = std::numeric_limits<T>::epsilon();
    const auto [bothA, bothB] = FromBothCoordinate<T>();
    const cq::Vec<T, N> a = trial == 0   ? V<T, N>(-0.0, 1.0, 2.0)
                            : trial == 1 ? V<T, N>(1.0, bothA, 0.5)
                            : trial == 2 ? V<T, N>(-1.0, 0.25, 0.5)
                            : trial == 3 ? V<T, N>(1 + eps, 0.25, 0.5)
                                         : rng.InCube<T, N>(-10, 10);
    const cq::Vec<T, N> b = trial == 1   ? V<T, N>(-3 * 0x1p-60, bothB, -0.75)
                            : trial == 2 ? V<T, N>(-0.0, 0.5, -0.75)
                            : trial == 3 ? V<T, N>(-(1 + 2 * eps), 0.5, -0.75)
                                         : rng.InCube<T, N>(-10, 10);
    const auto s = cq::detail::MakeBatchSegment(a, b);
    if (trial == 1) {
      ASSERT_EQ(s.fromB, 1u) << "precondition";
      ASSERT_EQ(s.fromBoth, 2u) << "precondition";
    }
    if (trial == 3) {
      ASSERT_EQ(s.reach != T(1), (std::is_same_v<T, float>)) << "precondition";
    }
    if (trial == 2) {
      ASSERT_EQ(static_cast<int>(s.ends), static_cast<int>(cq::detail::BatchEnds::SelectB)) << "precondition";
    }
    ASSERT_TRUE(s.inRange);
    Cloud<T, N> cloud = MakeCloud<T, N>(150, a, b, rng);
    // Blocks [begin, end) of every length from 0 to 70 at a few offsets: whole vectors and
    // every partial tail, for 8 doubles and 16 floats per vector, and for floats the steps
    // of two interleaved vectors followed by none, one or two single ones.
    for (std::size_t begin : {std::size_t{0}, std::size_t{3}, std::size_t{64}}) {
      for (std::size_t length = 0; length <= 70; length += trial % 2 == 0 ? 1 : 7)
        ASSERT_EQ(CompareEveryLoop(s, cloud, begin, begin + length), 0)
            << "trial " << trial << " begin " << begin << " length " << length;
    }
    // A point the guard must reject: both loops reject every block that holds it.
    const std::size_t bad = 100 + static_cast<std::size_t>(trial);
    cq::Vec<T, N> p = cloud.Point(bad);
    p.v[trial % N] = trial % 3 == 0 ? nan : trial % 3 == 1 ? inf : -inf;
    if (trial == 11) p = a;  // numerator 0: the exact path's job
    cloud.Set(bad, p);
    // The bad point at offset 2, 20, 35 or 40 of blocks of 3 to 58 points. For floats
    // (16 per vector; blocks of 32 or more start with a step of two vectors): in a short
    // block's masked tail ([bad - 2, bad + 1)) or its first full vector, in the first or
    // the second vector of a two-vector step, in the single vector after one ([bad - 35,
    // bad + 20)), and in the masked tail after one ([bad - 40, bad + 1)). For doubles (8
    // per vector) in a first, third, fifth or sixth vector.
    const std::pair<std::size_t, std::size_t> blocks[] = {
        {bad - 2, bad + 1},   {bad - 2, bad + 5},   {bad - 2, bad + 20}, {bad - 2, bad + 38},  {bad - 20, bad + 1},
        {bad - 20, bad + 5},  {bad - 20, bad + 20}, {bad - 20, bad + 38}, {bad - 35, bad + 20}, {bad - 40, bad + 1}};
    using cq::detail::BatchOutputs;
    constexpr BatchOutputs k_all{true, true, true, cq::detail::BatchEnds::SelectAB};
    constexpr BatchOutputs k_closestOnly{true, false, false, cq::detail::BatchEnds::SelectAB};
    const auto rejects = [&](auto loop, std::size_t begin, std::size_t end) {
      Cloud<T, N> out(cloud.size());
      auto all = out.AllOutputs();
      const T* in[3] = {cloud.coords[0].data(), cloud.coords[1].data(), N == 3 ? cloud.coords[N - 1].data() : nullptr};
      return !loop(s, in[0], in[1], in[2], begin, end, all.closest[0], all.closest[1],
                   N == 3 ? all.closest[N - 1] : nullptr, all.t, all.distanceSq);
    };
    for (const auto& [begin, end] : blocks) {
      ASSERT_EQ((CompareLoopForms<k_all>(s, cloud, begin, end)), 0)
          << "trial " << trial << " begin " << begin << " end " << end;
      ASSERT_EQ((CompareLoopForms<k_closestOnly>(s, cloud, begin, end)), 0)
          << "trial " << trial << " begin " << begin << " end " << end;
      // Every output: the guard sums distanceSq; the closest point alone: it sums num.
      for (const bool ok : {!rejects(&cq::detail::SolveBlock<k_all, T, N>, begin, end),
                            !rejects(&cq::detail::SolveBlock<k_closestOnly, T, N>, begin, end)}) {
        EXPECT_FALSE(ok) << "trial " << trial << ": block [" << begin << ", " << end << ") with "
                         << cqtest::Str(p) << " passed the guard";
        rejectedByBoth += ok ? 0 : 1;
      }
    }
  }
  EXPECT_EQ(rejectedByBoth, 12 * 10 * 2);
}

// The AVX-512 loops that fix every coordinate's form at compile time
// (BatchOutputs::formsFixed, which the library picks for every Mixed segment: MixedPattern),
// run through the library, against the portable loop, which reads the same choices from
// the segment at run time: the same bits for every pattern of forms (each coordinate from
// A, from B or from both vertices), every set of outputs and batches that end in a partial
// vector. (Through the library rather than instantiated here: 26 patterns times 7 output
// sets would double this file's compile time.) On a target without AVX-512 the library
// runs the portable loop itself.
template <class T, int N, std::size_t... I>
int CompareWithPortableLoop(const cq::Vec<T, N>& a, const cq::Vec<T, N>& b, const Cloud<T, N>& cloud,
                            std::size_t begin, std::size_t end, std::index_sequence<I...>) {
  using cq::detail::BatchOutputs;
  const auto s = cq::detail::MakeBatchSegment(a, b);
  int mismatches = 0;
  const auto compare = [&]<BatchOutputs O>() {
    Cloud<T, N> lib(cloud.size());
    Cloud<T, N> portable(cloud.size());
    const T nan = std::numeric_limits<T>::quiet_NaN();
    for (Cloud<T, N>* c : {&lib, &portable}) {
      for (auto& coord : c->closest) std::fill(coord.begin(), coord.end(), nan);
      std::fill(c->t.begin(), c->t.end(), nan);
      std::fill(c->distanceSq.begin(), c->distanceSq.end(), nan);
    }
    cq::PointsSoA<T, N> points = cloud.Soa();
    for (auto& coord : points.coords) coord += begin;
    points.count = end - begin;
    cq::SegmentBatchOutput<T, N> out = Subset(lib, (O.closest ? 1 : 0) | (O.t ? 2 : 0) | (O.distanceSq ? 4 : 0));
    for (auto& coord : out.closest)
      if (coord) coord += begin;
    if (out.t) out.t += begin;
    if (out.distanceSq) out.distanceSq += begin;
    if (!cq::ClosestPointsOnSegment(a, b, points, out).ok()) return ++mismatches, void();
    T* closest[3] = {portable.closest[0].data(), portable.closest[1].data(),
                     N == 3 ? portable.closest[N - 1].data() : nullptr};
    const T* in[3] = {cloud.coords[0].data(), cloud.coords[1].data(), N == 3 ? cloud.coords[N - 1].data() : nullptr};
    if (!cq::detail::SolveBlockPortable<O, T, N>(s, in[0], in[1], in[2], begin, end, closest[0], closest[1],
                                                 closest[2], portable.t.data(), portable.distanceSq.data()))
      return;  // a block the guard sends to the single query: nothing to compare
    for (std::size_t i = 0; i < cloud.size(); ++i) {
      for (int k = 0; k < N; ++k) mismatches += !cqtest::SameBits(lib.closest[k][i], portable.closest[k][i]);
      mismatches += !cqtest::SameBits(lib.t[i], portable.t[i]);
      mismatches += !cqtest::SameBits(lib.distanceSq[i], portable.distanceSq[i]);
    }
  };
  (compare.template operator()<BatchOutputs{(I & 1) != 0, (I & 2) != 0, (I & 4) != 0, cq::detail::BatchEnds::Mixed}>(),
   ...);
  return mismatches;
}

TYPED_TEST(SegmentBatch, LoopsWithEveryFormFixedMatchThePortableLoop) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  constexpr int k_patterns = N == 2 ? 9 : 27;
  cqtest::Rng rng(0x5eed'0012);
  int compared = 0;
  for (int pattern = 1; pattern < k_patterns; ++pattern) {
    // Per coordinate (ChooseStep decides each on its own): from A, B - A exact and
    // A + (B - A) == B; from B, from 2 to a tiny -0.0123; from both, FromBothCoordinate
    // (see EveryVertexVariantReturnsTheVerticesExactly). In float, neither of the last two
    // lands with any reach, so every such segment keeps the Mixed loop.
    cq::Vec<T, N> a = V<T, N>(0.25, -1.5, 0.5);
    cq::Vec<T, N> b = V<T, N>(5.5, 2.25, -0.75);
    const auto [bothA, bothB] = FromBothCoordinate<T>();
    for (int k = 0, rest = pattern; k < N; ++k, rest /= 3) {
      if (rest % 3 == 1) a.v[k] = T(2), b.v[k] = T(-0.0123);
      if (rest % 3 == 2) a.v[k] = bothA, b.v[k] = bothB;
    }
    ASSERT_EQ(cq::detail::MixedPattern(cq::detail::MakeBatchSegment(a, b)), pattern)
        << "precondition: A " << cqtest::Str(a) << " B " << cqtest::Str(b);
    const Cloud<T, N> cloud = MakeCloud<T, N>(120, a, b, rng);
    for (std::size_t begin : {std::size_t{0}, std::size_t{5}}) {
      for (std::size_t length : {std::size_t{1}, std::size_t{7}, std::size_t{16}, std::size_t{17}, std::size_t{40},
                                 std::size_t{115}}) {
        EXPECT_EQ(CompareWithPortableLoop(a, b, cloud, begin, begin + length,
                                          std::index_sequence<1, 2, 3, 4, 5, 6, 7>{}),
                  0)
            << "pattern " << pattern << ", points [" << begin << ", " << begin + length << ")";
        ++compared;
      }
    }
    // The single query's vertices bit for bit, the interior within its tolerance.
    Cloud<T, N> viaLibrary = MakeCloud<T, N>(300, a, b, rng);
    ASSERT_TRUE(viaLibrary.Run(a, b).ok());
    EXPECT_EQ(CompareWithScalar(viaLibrary, a, b), 0) << "pattern " << pattern;
  }
  EXPECT_EQ(compared, (k_patterns - 1) * 2 * 6);
}

// The loop's t = num * invUp reaches exactly 1 at num >= den only because invUp is never
// below the real 1 / den, and it is the smallest such value (so within an ulp of 1 / den,
// which keeps t within 2 ulps). The sign of fma(x, den, -1) is the exact sign of x den - 1.
TYPED_TEST(SegmentBatch, ReciprocalIsRoundedUp) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'0011);
  int roundedUp = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const cq::Vec<T, N> a = rng.InCube<T, N>(-100, 100);
    const cq::Vec<T, N> b = a + rng.InCube<T, N>(-3, 3);
    const auto s = cq::detail::MakeBatchSegment(a, b);
    if (!s.inRange) continue;
    // invUp * den >= 1 exactly: the fused multiply-add's result carries the exact sign.
    const T above = std::fma(s.invUp, s.den, T(-1));
    const T below = std::fma(std::nextafter(s.invUp, T(0)), s.den, T(-1));
    ASSERT_GE(above, T(0)) << "invUp " << s.invUp << " den " << s.den;
    ASSERT_LT(below, T(0)) << "invUp " << s.invUp << " is not the smallest such float, den " << s.den;
    if (s.invUp != T(1) / s.den) ++roundedUp;
  }
  EXPECT_GT(roundedUp, 200);  // about half the divisions round down: both branches run
}

// The reach's product rounded up (invReach = reach invUp): the smallest float at or above
// the exact product, on every target (it took its sign from MulAdd, two roundings without
// FMA; review of 2026-11-29). A float product is exact in double.
TEST(MultiplyRoundedUp, IsTheSmallestFloatAtOrAboveTheExactProduct) {
  cqtest::Rng rng(0x5eed'0021);
  int roundedUp = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const float x = float(rng.Uniform(0.5, 1.0));
    const float y = float(std::ldexp(rng.Uniform(0.5, 1.0), rng.Int(-20, 20)));
    const float r = cq::detail::MultiplyRoundedUp(x, y);
    const double exact = double(x) * double(y);
    ASSERT_GE(double(r), exact) << x << " * " << y;
    ASSERT_LT(double(std::nextafter(r, 0.0f)), exact) << x << " * " << y;
    roundedUp += r != x * y ? 1 : 0;
  }
  EXPECT_GT(roundedUp, 5000);  // about half the products round down: both branches run
}

// Beyond the single query's fast range (|P - A| above sqrt(max / 8)) the single query takes
// its exact, rescaled path and the batch stays on its fast one, as cq/batch.hpp says: there
// the closest points must still agree within the scene's tolerance, t stays in [0, 1], and
// t = 0 still means the vertex A itself. (A fuzz run against the single query found t up to
// 33 ulps apart there, with closest points within 1.2 eps of the scene's size.)
// The reach (FindReach): where some coordinate misses B from A at reach 1, a float
// segment may land in every coordinate with A + R step for a float R just below 1, and then
// runs the exact loop with the parameter p over [0, R]. The first segment's x, from 1 + eps
// to -(1 + 2 eps), lands at the odd j of R = 1 - j 2^-24 and its y at every reach; its
// z, from 0.5 to -0.75 (which lands from A at reach 1), at j = 0, 3, 5, 6, 8, 11, 13 and
// 14 only: the lowest reach for the segment is 1 - 2^-24 in 2D and 1 - 3 2^-24 in 3D.
// Double segments never search. The vertices must stay the single query's bit for bit, the
// interior within its tolerance, and t (computed apart from p) within 2 ulps.
TYPED_TEST(SegmentBatch, FloatSegmentsLandWithAReachBelowOne) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  constexpr bool k_float = std::is_same_v<T, float>;
  // The reaches below are A + R step in one rounding; without FMA it is two, and no reach
  // below 1 lands (RandomSegmentsKeepTheirVerticesExactly checks that).
  if (k_float && !CQ_MULADD_FUSED) GTEST_SKIP() << "the cases' reaches are worked out for a fused A + R step";
  const T eps = std::numeric_limits<T>::epsilon();
  const auto [bothA, bothB] = FromBothCoordinate<T>();
  struct Case {
    cq::Vec<T, N> a;
    cq::Vec<T, N> b;
    T reach;  // expected
  };
  const Case cases[] = {
      {V<T, N>(1 + eps, 0.25, 0.5), V<T, N>(-(1 + 2 * eps), 0.5, -0.75),
       k_float ? T(1) - (N == 2 ? 1 : 3) * T(0x1p-24) : T(1)},
      {V<T, N>(bothA, 0.25, 0.5), V<T, N>(bothB, 0.5, -0.75), T(1)},  // no reach lands
      {V<T, N>(1.0, 0.25, 0.5), V<T, N>(-3 * 0x1p-60, 0.5, -0.75), T(1)},  // B's x far too small: not searched
  };
  cqtest::Rng rng(0x5eed'0014);
  for (const Case& c : cases) {
    const auto s = cq::detail::MakeBatchSegment(c.a, c.b);
    ASSERT_EQ(s.reach, c.reach) << "A " << cqtest::Str(c.a) << " B " << cqtest::Str(c.b);
    const bool landed = s.reach != T(1);
    EXPECT_EQ(static_cast<int>(s.ends), static_cast<int>(landed ? cq::detail::BatchEnds::Exact : cq::detail::BatchEnds::Mixed));
    if (landed) {
      for (int k = 0; k < N; ++k) {
        EXPECT_TRUE(cqtest::SameBits(std::fma(s.reach, s.step.v[k], c.a.v[k]), c.b.v[k])) << "coordinate " << k;
        EXPECT_TRUE(cqtest::SameBits(std::fma(T(0), s.step.v[k], c.a.v[k]), c.a.v[k])) << "coordinate " << k;
      }
      // invReach: reach invUp rounded up, so never below the real reach / den (the fused
      // multiply-adds give exact signs), and the float below it is below reach invUp.
      EXPECT_GE(std::fma(s.invReach, s.den, -s.reach), T(0));
      EXPECT_LE(std::fma(s.reach, s.invUp, -s.invReach), T(0));
      EXPECT_GT(std::fma(s.reach, s.invUp, -std::nextafter(s.invReach, T(0))), T(0));
    } else {
      EXPECT_TRUE(cqtest::SameBits(s.invReach, s.invUp));
    }
    Cloud<T, N> cloud = MakeCloud<T, N>(3000, c.a, c.b, rng);
    ASSERT_TRUE(cloud.Run(c.a, c.b).ok());
    EXPECT_EQ(CompareWithScalar(cloud, c.a, c.b), 0) << "A " << cqtest::Str(c.a) << " B " << cqtest::Str(c.b);
  }
}

// The reach search with AVX-512 (16 reaches in two 8-lane halves, the second only where the
// first finds none) against its portable form, which every other target runs: the same
// verdict, reach, reciprocal and steps, bit for bit, on random segments, on segments whose
// coordinates cross zero between vertices of similar size (where the reach matters), and
// next to powers of two; both halves land some. Doubles never search.
TYPED_TEST(SegmentBatch, ReachSearchMatchesItsPortableForm) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'0015);
  int found = 0;
  int foundInSecondHalf = 0;  // at R_j with j >= 8
  int notFound = 0;
  for (int trial = 0; trial < 30000; ++trial) {
    cq::Vec<T, N> a = rng.InCube<T, N>(-10, 10);
    cq::Vec<T, N> b = rng.InCube<T, N>(-10, 10);
    if (trial % 3 == 1) {  // cross zero between vertices of similar size
      for (int k = 0; k < N; ++k) b.v[k] = -a.v[k] * T(rng.Uniform(0.5, 2));
    } else if (trial % 3 == 2) {  // next to powers of two
      const T eps = std::numeric_limits<T>::epsilon();
      for (int k = 0; k < N; ++k) {
        a.v[k] = std::ldexp(T(1), rng.Int(-3, 3)) * (1 + T(rng.Int(-3, 3)) * eps);
        b.v[k] = -std::ldexp(T(1), rng.Int(-3, 3)) * (1 + T(rng.Int(-3, 3)) * eps);
      }
    }
    auto library = cq::detail::MakeBatchSegment(a, b);  // its constants; then the search again
    library.reach = T(1);
    library.invReach = library.invUp;
    library.step = library.d;
    auto portable = library;
    const bool byLibrary = cq::detail::FindReach(library);
    if constexpr (!std::is_same_v<T, float>) {
      ASSERT_FALSE(byLibrary) << "a double segment searched: " << cqtest::Str(a) << " " << cqtest::Str(b);
      ++notFound;
    } else {
      const bool byPortable = cq::detail::ReachWorthSearching(portable) && cq::detail::FindReachPortable(portable);
      ASSERT_EQ(byLibrary, byPortable) << "A " << cqtest::Str(a) << " B " << cqtest::Str(b);
      (byLibrary ? found : notFound) += 1;
      if (!byLibrary) continue;
      ASSERT_TRUE(cqtest::SameBits(library.reach, portable.reach)) << cqtest::Str(a) << " " << cqtest::Str(b);
      ASSERT_TRUE(cqtest::SameBits(library.invReach, portable.invReach)) << cqtest::Str(a) << " " << cqtest::Str(b);
      ASSERT_TRUE(cqtest::SameBits(library.step, portable.step)) << cqtest::Str(a) << " " << cqtest::Str(b);
      foundInSecondHalf += library.reach <= T(1) - T(8) * T(cq::detail::k_reachSpacing) ? 1 : 0;
    }
  }
  if constexpr (std::is_same_v<T, float>) {
    EXPECT_GT(found, 3000);
    if (CQ_MULADD_FUSED) {
      EXPECT_GT(foundInSecondHalf, 100) << "of " << found;  // none lands below 1 unfused
    }
  }
  EXPECT_GT(notFound, 300);
}

TYPED_TEST(SegmentBatch, PointsBeyondTheFastRangeStayWithinTheSceneTolerance) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'0012);
  const Ld eps = Eps<T>();
  const int farExponent = sizeof(T) == 4 ? 64 : 512;  // |P - A| from 2^64 / 2^512 up
  int beyond = 0;
  for (int trial = 0; trial < 40; ++trial) {
    // An ordinary segment with far points, or a huge one with points a few lengths away.
    const bool hugeSegment = trial % 2 == 1;
    const T unit = hugeSegment ? std::ldexp(T(1), farExponent - 3) : T(1);
    const cq::Vec<T, N> a = unit * rng.InCube<T, N>(-1, 1);
    const cq::Vec<T, N> b = unit * rng.InCube<T, N>(-1, 1);
    Cloud<T, N> cloud(200);
    for (std::size_t i = 0; i < cloud.size(); ++i) {
      const T reach = hugeSegment ? T(4) * unit : std::ldexp(T(1), farExponent + rng.Int(0, 20));
      cq::Vec<T, N> p = a + reach * rng.InCube<T, N>(-1, 1);
      if (i % 4 == 0) p = a + T(rng.Uniform(0, 1)) * (b - a) + reach * rng.InCube<T, N>(-1, 1);
      cloud.Set(i, p);
    }
    ASSERT_TRUE(cloud.Run(a, b).ok());
    for (std::size_t i = 0; i < cloud.size(); ++i) {
      const cq::Vec<T, N> p = cloud.Point(i);
      const auto s = cq::ClosestPointOnSegment(p, a, b);
      ASSERT_TRUE(s.ok());
      if (cqtest::SceneSize(p, a, b) > Ld(std::ldexp(T(1), farExponent - 2))) ++beyond;
      const T t = cloud.t[i];
      const cq::Vec<T, N> c = cloud.Closest(i);
      const Ld tolerance = 8 * eps * cqtest::SceneSize(p, a, b);
      ASSERT_TRUE(t >= T(0) && t <= T(1)) << "t " << t;
      for (int k = 0; k < N; ++k)
        ASSERT_LE(std::fabs(Ld(c.v[k]) - Ld(s->closest.v[k])), tolerance)
            << "point " << cqtest::Str(p) << " batch " << cqtest::Str(c) << " single " << cqtest::Str(s->closest);
      if (t == T(0)) {
        EXPECT_TRUE(cqtest::SameBits(c, a));
      }
    }
  }
  EXPECT_GT(beyond, 4000);  // most points are beyond the fast range
}

}  // namespace

// PreparedSegment: the per-segment work done once. Every answer must be the call with A and
// B, bit for bit, for every vertex variant, for segments the single query takes over
// (degenerate, tiny, huge), for every set of outputs, with bad points in the batch, and
// for one prepared segment reused on batches of other points.
TYPED_TEST(SegmentBatch, PreparedSegmentGivesTheCallsBitsForEverySegmentAndOutputSet) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'0013);
  const T eps = std::numeric_limits<T>::epsilon();
  const T tiny = std::ldexp(T(1), sizeof(T) == 4 ? -50 : -600);
  const T huge = std::ldexp(T(1), sizeof(T) == 4 ? 70 : 600);
  std::vector<std::pair<cq::Vec<T, N>, cq::Vec<T, N>>> segments = {
      {V<T, N>(0.25, -1.5, 2.0), V<T, N>(5.5, 2.25, -1.75)},                 // every coordinate from A
      {V<T, N>(1.0, 0.25, 0.5), V<T, N>(-3 * 0x1p-60, 0.5, -0.75)},          // x from B
      {V<T, N>(1 + eps, 0.25, 0.5), V<T, N>(-(1 + 2 * eps), 0.5, -0.75)},    // x from both
      {V<T, N>(1.0, 1 + eps, 0.5), V<T, N>(-3 * 0x1p-60, -(1 + 2 * eps), -0.75)},  // two forms, run-time loop
      {V<T, N>(-1.0, 0.25, 0.5), V<T, N>(-0.0, 0.5, -0.75)},                 // select B
      {V<T, N>(-0.0, 1.0, 2.0), V<T, N>(3.0, -2.0, 1.0)},                    // select A and B
      {V<T, N>(1, 2, 3), V<T, N>(1, 2, 3)},                                  // A == B
      {tiny * V<T, N>(0.25, -0.5, 0.75), tiny * V<T, N>(1, 0.5, -0.25)},     // |B - A|^2 underflows
      {huge * V<T, N>(0.25, -0.5, 0.75), huge * V<T, N>(1, 0.5, -0.25)},     // |B - A|^2 overflows
  };
  for (int i = 0; i < 24; ++i) segments.emplace_back(rng.InCube<T, N>(-10, 10), rng.InCube<T, N>(-10, 10));
  for (const auto& [a, b] : segments) {
    const auto prepared = cq::PrepareSegment(a, b);
    ASSERT_TRUE(prepared.ok()) << cqtest::Str(a) << " " << cqtest::Str(b);
    EXPECT_TRUE(cqtest::SameBits(prepared->a(), a));
    EXPECT_TRUE(cqtest::SameBits(prepared->b(), b));
    for (int batch = 0; batch < 2; ++batch) {  // the same prepared segment, two batches of points
      Cloud<T, N> reference = MakeCloud<T, N>(1100, a, b, rng);
      reference.coords[batch % N][7 + 1000 * static_cast<std::size_t>(batch)] = cqtest::NaN<T>();
      const auto expected = reference.Run(a, b);
      ASSERT_TRUE(expected.ok());
      for (int mask = 0; mask < 8; ++mask) {
        Cloud<T, N> some = WithSentinels(reference);
        const auto report = cq::ClosestPointsOnSegment(*prepared, some.Soa(), Subset(some, mask));
        ASSERT_TRUE(report.ok()) << "outputs " << mask;
        EXPECT_EQ(report->nonFinitePoints, expected->nonFinitePoints);
        EXPECT_EQ(report->firstNonFinite, expected->firstNonFinite);
        EXPECT_EQ(CountMismatches(some, reference, mask), 0) << "A " << cqtest::Str(a) << " B " << cqtest::Str(b) << ", outputs " << mask
                                 << " (bit 0 closest, 1 t, 2 distanceSq), batch " << batch;
      }
    }
  }
}

TYPED_TEST(SegmentBatch, PrepareSegmentNamesANonFiniteAOrB) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  for (int axis = 0; axis < N; ++axis) {
    for (const T bad : {cqtest::NaN<T>(), cqtest::Inf<T>(), -cqtest::Inf<T>()}) {
      for (const bool inB : {false, true}) {
        cq::Vec<T, N> a = V<T, N>(0, 0, 0);
        cq::Vec<T, N> b = V<T, N>(1, 1, 1);
        (inB ? b : a).v[axis] = bad;
        const auto r = cq::PrepareSegment(a, b);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code, cq::ErrorCode::NonFinite);
        EXPECT_EQ(r.error().field, inB ? cq::Field::B : cq::Field::A);
        EXPECT_EQ(r.error().axis, axis);
        EXPECT_EQ(cq::Describe(r.error()).rfind(std::string(inB ? "b" : "a") + " coordinate " + std::to_string(axis), 0),
                  0u)
            << cq::Describe(r.error());
      }
    }
  }
}

TYPED_TEST(SegmentBatch, PreparedSegmentStillNamesAnIncompleteClosestOutput) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  Cloud<T, N> cloud(10);
  const auto prepared = cq::PrepareSegment(V<T, N>(0, 0, 0), V<T, N>(1, 2, 3));
  ASSERT_TRUE(prepared.ok());
  cq::SegmentBatchOutput<T, N> out = cloud.AllOutputs();
  out.closest[N - 1] = nullptr;
  const auto r = cq::ClosestPointsOnSegment(*prepared, cloud.Soa(), out);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, cq::ErrorCode::MissingOutput);
  EXPECT_EQ(r.error().field, cq::Field::Closest);
  EXPECT_EQ(r.error().axis, N - 1);
}
