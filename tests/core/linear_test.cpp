// tests/core/linear_test.cpp: line, ray and segment (cq/linear.hpp).
//
// Every region of every kind with every result field, checked on hand-computed cases.
// Each case runs over every vertex order and every axis permutation and reflection, with
// the expected answer remapped (Jolt's ClosestPoint tests do the same with vertex
// orders): one hand calculation becomes dozens of checks, and an implementation that
// favours one axis or one endpoint cannot pass. The inputs are small dyadic numbers, so
// IEEE arithmetic is exact on them and the expectations are exact too (0 ulps), except
// distances that are square roots of non-squares: those are compared with the correctly
// rounded sqrt of the exact squared distance.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>

#include "cq/detail/exact_sum.hpp"
#include "test_support.hpp"

namespace {

using cq::LinearKind;
using cq::LinearRegion;
using cqtest::AllAxisMaps;
using cqtest::AllConfigs;
using cqtest::AxisMap;
using cqtest::ConfigNames;
using cqtest::SameBits;
using cqtest::V;

// ---------------------------------------------------------------------------------------
// The seed examples.

TEST(PointSegment, SeedExampleProjectsToSixTenths) {
  // A = (0,0,0), B = (5,0,0), P = (3,0,-2): numerator (3,0,-2).(5,0,0) = 15,
  // denominator 25, t = 15/25 = 0.6, closest (3,0,0), distance 2. 15/25 rounds to the
  // same double as the literal 0.6, which is 2.2e-17 below 0.6; times 5 that is 1.1e-16
  // below 3, a quarter of the spacing 4.4e-16 at 3, so 0.6 * 5 rounds to exactly 3.
  const auto r = cq::ClosestPointOnSegment(cq::Vec3d{{3, 0, -2}}, cq::Vec3d{{0, 0, 0}}, cq::Vec3d{{5, 0, 0}});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->numerator, 15.0);
  EXPECT_EQ(r->denominator, 25.0);
  EXPECT_EQ(r->t, 0.6);
  EXPECT_EQ(r->tRaw, 0.6);
  EXPECT_EQ(r->closest, (cq::Vec3d{{3, 0, 0}}));
  EXPECT_EQ(r->distanceSq, 4.0);
  EXPECT_EQ(r->distance, 2.0);
  EXPECT_EQ(r->region, LinearRegion::Interior);
}

TEST(PointSegment, SeedExampleInFloat) {
  // Same scene in float: 15/25 rounds to 0.6f; 0.6f * 5 = 3 + 2^-23 exactly, halfway
  // between 3 and the next float up (spacing 2^-22), and ties-to-even gives 3.
  const auto r = cq::ClosestPointOnSegment(cq::Vec3f{{3, 0, -2}}, cq::Vec3f{{0, 0, 0}}, cq::Vec3f{{5, 0, 0}});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->t, 0.6f);
  EXPECT_EQ(r->closest, (cq::Vec3f{{3, 0, 0}}));
  EXPECT_EQ(r->distance, 2.0f);
}

TEST(PointSegment, ClosestAtOriginIsAnAnswerNotAMiss) {
  // The seed's trap: an implementation that returns (0,0) for "not on the segment"
  // cannot tell this valid answer from a miss. Segment (0,0)-(5,0), P = (0,-2):
  // numerator (0,-2).(5,0) = 0, so region A, closest (0,0), distance 2.
  const auto r = cq::ClosestPointOnSegment(cq::Vec2d{{0, -2}}, cq::Vec2d{{0, 0}}, cq::Vec2d{{5, 0}});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->region, LinearRegion::VertexA);
  EXPECT_EQ(r->closest, (cq::Vec2d{{0, 0}}));
  EXPECT_EQ(r->t, 0.0);
  EXPECT_EQ(r->distance, 2.0);
  // And one past the far end of the seed's segment: (7,1) -> B = (5,0), distance sqrt 5.
  const auto past = cq::ClosestPointOnSegment(cq::Vec2d{{7, 1}}, cq::Vec2d{{0, 0}}, cq::Vec2d{{5, 0}});
  ASSERT_TRUE(past.ok());
  EXPECT_EQ(past->region, LinearRegion::VertexB);
  EXPECT_EQ(past->closest, (cq::Vec2d{{5, 0}}));
  EXPECT_EQ(past->distance, std::sqrt(5.0));
}

// ---------------------------------------------------------------------------------------
// Hand-computed cases, run over every vertex order and axis map.

struct HandCase {
  LinearKind kind;
  std::array<double, 3> p, a, b;
  std::array<double, 3> closest, foot;
  double tRaw, t;
  double numerator2, denominator2;  // in 2D (z dropped)
  double numerator3, denominator3;  // in 3D
  LinearRegion region;
  double distanceSq2, distanceSq3;
};

// The axis-aligned scene: A = (1,2,-1), B = (5,2,-1), B - A = (4,0,0), |B - A|^2 = 16.
// The numerator is 4 (P_x - 1) in 2D and 3D alike.
constexpr std::array<double, 3> k_a{1, 2, -1};
constexpr std::array<double, 3> k_b{5, 2, -1};

// P - A = (-3,4,12): numerator -12, t_raw -0.75, foot (-2,2,-1); |P - A|^2 = 25 / 169.
constexpr HandCase k_segmentBeforeA{LinearKind::Segment, {-2, 6, 11}, k_a, k_b, k_a, {-2, 2, -1},
                                    -0.75, 0, -12, 16, -12, 16, LinearRegion::VertexA, 25, 169};
// P - A = (0,3,4): numerator exactly 0 -> region A is closed: A, t 0; |P - A|^2 = 9 / 25.
constexpr HandCase k_segmentOnBoundaryA{LinearKind::Segment, {1, 5, 3}, k_a, k_b, k_a, k_a,
                                        0, 0, 0, 16, 0, 16, LinearRegion::VertexA, 9, 25};
// P - A = (1,-3,4): numerator 4, t 0.25, closest (2,2,-1), P - closest = (0,-3,4).
constexpr HandCase k_segmentInterior{LinearKind::Segment, {2, -1, 3}, k_a, k_b, {2, 2, -1}, {2, 2, -1},
                                     0.25, 0.25, 4, 16, 4, 16, LinearRegion::Interior, 9, 25};
// P on the segment: P - A = (3,0,0), numerator 12, t 0.75, distance 0.
constexpr HandCase k_segmentOnSegment{LinearKind::Segment, {4, 2, -1}, k_a, k_b, {4, 2, -1}, {4, 2, -1},
                                      0.75, 0.75, 12, 16, 12, 16, LinearRegion::Interior, 0, 0};
// P - A = (4,3,4): numerator 16 == denominator -> region B is closed: B, t 1.
constexpr HandCase k_segmentOnBoundaryB{LinearKind::Segment, {5, 5, 3}, k_a, k_b, k_b, k_b,
                                        1, 1, 16, 16, 16, 16, LinearRegion::VertexB, 9, 25};
// P - A = (7,4,12): numerator 28, t_raw 1.75, foot (8,2,-1), closest B, P - B = (3,4,12).
constexpr HandCase k_segmentPastB{LinearKind::Segment, {8, 6, 11}, k_a, k_b, k_b, {8, 2, -1},
                                  1.75, 1, 28, 16, 28, 16, LinearRegion::VertexB, 25, 169};
constexpr HandCase k_segmentPointIsA{LinearKind::Segment, k_a, k_a, k_b, k_a, k_a,
                                     0, 0, 0, 16, 0, 16, LinearRegion::VertexA, 0, 0};
constexpr HandCase k_segmentPointIsB{LinearKind::Segment, k_b, k_a, k_b, k_b, k_b,
                                     1, 1, 16, 16, 16, 16, LinearRegion::VertexB, 0, 0};
// A diagonal scene: A = (1,1,1), B = (3,2,3); B - A = (2,1,2), |B - A|^2 = 9 (2D: (2,1), 5).
// P - A = (3,-3.5,1) = 0.5 (2,1,2) + 2 (1,-2,0): numerator 4.5 (2D 2.5), t 0.5 in both,
// closest (2,1.5,2), P - closest = (2,-4,0): squared distance 20 in 2D and 3D.
constexpr HandCase k_segmentDiagonalInterior{LinearKind::Segment, {4, -2.5, 2}, {1, 1, 1}, {3, 2, 3},
                                             {2, 1.5, 2}, {2, 1.5, 2}, 0.5, 0.5, 2.5, 5, 4.5, 9,
                                             LinearRegion::Interior, 20, 20};
// P - A = (1,-4.5,-1) = -0.5 (2,1,2) + 2 (1,-2,0): numerator -4.5 (2D: (1,-4.5).(2,1) = -2.5),
// t_raw -0.5, foot (0,0.5,0); |P - A|^2 = 1 + 20.25 + 1 = 22.25 (2D 21.25).
constexpr HandCase k_segmentDiagonalBeforeA{LinearKind::Segment, {2, -3.5, 0}, {1, 1, 1}, {3, 2, 3},
                                            {1, 1, 1}, {0, 0.5, 0}, -0.5, 0, -2.5, 5, -4.5, 9,
                                            LinearRegion::VertexA, 21.25, 22.25};

// A ray keeps region A but has no region B: past B is interior.
constexpr HandCase k_rayBeforeA{LinearKind::Ray, {-2, 6, 11}, k_a, k_b, k_a, {-2, 2, -1},
                                -0.75, 0, -12, 16, -12, 16, LinearRegion::VertexA, 25, 169};
constexpr HandCase k_rayOnBoundaryA{LinearKind::Ray, {1, 5, 3}, k_a, k_b, k_a, k_a,
                                    0, 0, 0, 16, 0, 16, LinearRegion::VertexA, 9, 25};
constexpr HandCase k_rayInterior{LinearKind::Ray, {2, -1, 3}, k_a, k_b, {2, 2, -1}, {2, 2, -1},
                                 0.25, 0.25, 4, 16, 4, 16, LinearRegion::Interior, 9, 25};
// P - A = (7,3,4): numerator 28, t 1.75 (not clamped), closest = foot (8,2,-1).
constexpr HandCase k_rayPastB{LinearKind::Ray, {8, 5, 3}, k_a, k_b, {8, 2, -1}, {8, 2, -1},
                              1.75, 1.75, 28, 16, 28, 16, LinearRegion::Interior, 9, 25};
constexpr HandCase k_rayPointIsB{LinearKind::Ray, k_b, k_a, k_b, k_b, k_b,
                                 1, 1, 16, 16, 16, 16, LinearRegion::Interior, 0, 0};

// A line never clamps.
// P - A = (-3,3,4): numerator -12, t -0.75, closest (-2,2,-1), P - closest = (0,3,4).
constexpr HandCase k_lineBeforeA{LinearKind::Line, {-2, 5, 3}, k_a, k_b, {-2, 2, -1}, {-2, 2, -1},
                                 -0.75, -0.75, -12, 16, -12, 16, LinearRegion::Interior, 9, 25};
constexpr HandCase k_lineBetween{LinearKind::Line, {2, -1, 3}, k_a, k_b, {2, 2, -1}, {2, 2, -1},
                                 0.25, 0.25, 4, 16, 4, 16, LinearRegion::Interior, 9, 25};
constexpr HandCase k_linePastB{LinearKind::Line, {8, 5, 3}, k_a, k_b, {8, 2, -1}, {8, 2, -1},
                               1.75, 1.75, 28, 16, 28, 16, LinearRegion::Interior, 9, 25};
// P == A on a line: t 0, region interior (a line has no vertices).
constexpr HandCase k_linePointIsA{LinearKind::Line, k_a, k_a, k_b, k_a, k_a,
                                  0, 0, 0, 16, 0, 16, LinearRegion::Interior, 0, 0};

LinearRegion Swapped(LinearRegion region) {
  switch (region) {
    case LinearRegion::VertexA: return LinearRegion::VertexB;
    case LinearRegion::VertexB: return LinearRegion::VertexA;
    case LinearRegion::Interior: break;
  }
  return LinearRegion::Interior;
}

/// Runs `c` under every axis map and, for segments and lines (whose shape does not
/// depend on the vertex order), both vertex orders, remapping the expectation; and at
/// three scales: as given (the fast path) and multiplied by 2^-600 and 2^600 (float:
/// 2^-70, 2^70), where |B - A|^2 under- or overflows and the rescaled slow path answers.
/// Scaling by a power of two is exact, so the expectations scale exactly too; the
/// squares (numerator, denominator, distanceSq) are the true values rounded to T, which
/// may read 0 or inf there, as documented.
template <class T, int N>
void RunCase(const HandCase& c) {
  const double numerator = N == 2 ? c.numerator2 : c.numerator3;
  const double denominator = N == 2 ? c.denominator2 : c.denominator3;
  const double distanceSq = N == 2 ? c.distanceSq2 : c.distanceSq3;
  const int orders = c.kind == LinearKind::Ray ? 1 : 2;
  const int big = sizeof(T) == 4 ? 70 : 600;
  for (const int k : {0, -big, big}) {
    for (const AxisMap<N>& map : AllAxisMaps<N>()) {
      for (int order = 0; order < orders; ++order) {
        const bool swap = order == 1;
        auto at = [&](const std::array<double, 3>& x) { return cq::detail::ScaleByPowerOfTwo(map.template Apply<T>(x), k); };
        const cq::Vec<T, N> p = at(c.p);
        const cq::Vec<T, N> a = at(swap ? c.b : c.a);
        const cq::Vec<T, N> b = at(swap ? c.a : c.b);
        const LinearRegion region = swap ? Swapped(c.region) : c.region;
        SCOPED_TRACE(std::string(cq::ToString(c.kind)) + " scale 2^" + std::to_string(k) + " p=" + cqtest::Str(p) +
                     " a=" + cqtest::Str(a) + " b=" + cqtest::Str(b));

        const auto r = cq::ClosestPointOnLinear(c.kind, p, a, b);
        ASSERT_TRUE(r.ok());
        EXPECT_EQ(r->region, region);
        EXPECT_EQ(r->tRaw, T(swap ? 1 - c.tRaw : c.tRaw));
        EXPECT_EQ(r->t, T(swap ? 1 - c.t : c.t));
        EXPECT_EQ(r->numerator, std::ldexp(T(swap ? denominator - numerator : numerator), 2 * k));
        EXPECT_EQ(r->denominator, std::ldexp(T(denominator), 2 * k));
        EXPECT_EQ(r->closest, at(c.closest));
        EXPECT_EQ(r->foot, at(c.foot));
        EXPECT_EQ(r->distanceSq, std::ldexp(T(distanceSq), 2 * k));
        EXPECT_EQ(r->distance, std::ldexp(std::sqrt(T(distanceSq)), k));
        // A clamped answer is the input vertex itself.
        // Interior: the closest point is the foot, P(t_raw), bit for bit.
        const cq::Vec<T, N>& expectedBits =
            region == LinearRegion::VertexA ? a : (region == LinearRegion::VertexB ? b : r->foot);
        EXPECT_TRUE(SameBits(r->closest, expectedBits));
      }
    }
  }
}

template <class C>
class Segment : public ::testing::Test {};
TYPED_TEST_SUITE(Segment, AllConfigs, ConfigNames);

template <class C>
class Ray : public ::testing::Test {};
TYPED_TEST_SUITE(Ray, AllConfigs, ConfigNames);

template <class C>
class Line : public ::testing::Test {};
TYPED_TEST_SUITE(Line, AllConfigs, ConfigNames);

#define CQ_RUN(c) RunCase<typename TypeParam::Scalar, TypeParam::k_dim>(c)

TYPED_TEST(Segment, BeforeStartClampsToA) { CQ_RUN(k_segmentBeforeA); }
TYPED_TEST(Segment, OnPerpendicularThroughAIsRegionA) { CQ_RUN(k_segmentOnBoundaryA); }
TYPED_TEST(Segment, BetweenEndsProjectsToInterior) { CQ_RUN(k_segmentInterior); }
TYPED_TEST(Segment, PointOnSegmentIsItsOwnClosest) { CQ_RUN(k_segmentOnSegment); }
TYPED_TEST(Segment, OnPerpendicularThroughBIsRegionB) { CQ_RUN(k_segmentOnBoundaryB); }
TYPED_TEST(Segment, BeyondEndClampsToB) { CQ_RUN(k_segmentPastB); }
TYPED_TEST(Segment, PointEqualToAIsRegionA) { CQ_RUN(k_segmentPointIsA); }
TYPED_TEST(Segment, PointEqualToBIsRegionB) { CQ_RUN(k_segmentPointIsB); }
TYPED_TEST(Segment, DiagonalInterior) { CQ_RUN(k_segmentDiagonalInterior); }
TYPED_TEST(Segment, DiagonalBeforeStart) { CQ_RUN(k_segmentDiagonalBeforeA); }

TYPED_TEST(Ray, BeforeStartClampsToA) { CQ_RUN(k_rayBeforeA); }
TYPED_TEST(Ray, OnPerpendicularThroughAIsRegionA) { CQ_RUN(k_rayOnBoundaryA); }
TYPED_TEST(Ray, BetweenAAndBIsInterior) { CQ_RUN(k_rayInterior); }
TYPED_TEST(Ray, BeyondBIsStillInterior) { CQ_RUN(k_rayPastB); }
TYPED_TEST(Ray, PointEqualToBIsInteriorAtTOne) { CQ_RUN(k_rayPointIsB); }

TYPED_TEST(Line, BeforeAIsInteriorWithNegativeT) { CQ_RUN(k_lineBeforeA); }
TYPED_TEST(Line, BetweenAAndBIsInterior) { CQ_RUN(k_lineBetween); }
TYPED_TEST(Line, BeyondBIsInteriorWithTAboveOne) { CQ_RUN(k_linePastB); }
TYPED_TEST(Line, PointEqualToAIsInteriorAtTZero) { CQ_RUN(k_linePointIsA); }

#undef CQ_RUN

// ---------------------------------------------------------------------------------------
// A clamped answer is the input vertex, bit for bit.

template <class C>
class LinearVertexExactness : public ::testing::Test {};
TYPED_TEST_SUITE(LinearVertexExactness, AllConfigs, ConfigNames);

TYPED_TEST(LinearVertexExactness, ClampToBReturnsBNotAPlusOneTimesBMinusA) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // B's coordinates are far below A's ulp, so B - A rounds to -A and A + 1 (B - A) is 0,
  // not B: an implementation that evaluates P(1) instead of returning B fails here. Run
  // at three scales so both the fast path (scale 1) and the rescaled slow path (at 2^-600
  // and 2^600, float 2^-70 and 2^70, |B - A|^2 under- or overflows) are covered.
  const int big = sizeof(T) == 4 ? 70 : 600;
  for (const int exponent : {0, -big, big}) {
    const T s = std::ldexp(T(1), exponent);
    const T tiny = cqtest::Eps<T>() / T(16) * s;
    const cq::Vec<T, N> a = s * V<T, N>(3, -3, 3);
    const cq::Vec<T, N> b = tiny * V<T, N>(1, 2, 3);
    const cq::Vec<T, N> p = s * V<T, N>(-3, 3, -3);  // numerator 2 |B - A|^2: past B
    const cq::Vec<T, N> naive = a + T(1) * (b - a);
    ASSERT_FALSE(SameBits(naive, b)) << "precondition: A + (B - A) != B for these inputs";
    for (const LinearKind kind : {LinearKind::Segment}) {
      const auto r = cq::ClosestPointOnLinear(kind, p, a, b);
      ASSERT_TRUE(r.ok());
      EXPECT_EQ(r->region, LinearRegion::VertexB) << "exponent " << exponent;
      EXPECT_TRUE(SameBits(r->closest, b)) << "exponent " << exponent << ": " << cqtest::Str(r->closest);
      EXPECT_EQ(r->t, T(1));
    }
    // Reversed: the same vertex reached as A from the other end (t = 0).
    const auto r = cq::ClosestPointOnSegment(p, b, a);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->region, LinearRegion::VertexA);
    EXPECT_TRUE(SameBits(r->closest, b));
  }
}

TYPED_TEST(LinearVertexExactness, ClampToAKeepsNegativeZero) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // A = (-0, -0, -0): A + 0 (B - A) = -0 + 0 = +0, a different bit pattern. The contract
  // says the clamped answer is the input vertex itself, so the sign of zero survives.
  const cq::Vec<T, N> a = V<T, N>(-0.0, -0.0, -0.0);
  const cq::Vec<T, N> b = V<T, N>(1, 2, 3);
  const cq::Vec<T, N> p = V<T, N>(-1, -1, -1);  // numerator < 0: region A
  ASSERT_FALSE(SameBits(a + T(0) * (b - a), a)) << "precondition: A + 0 (B - A) loses -0";
  for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray}) {
    const auto r = cq::ClosestPointOnLinear(kind, p, a, b);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->region, LinearRegion::VertexA);
    EXPECT_TRUE(SameBits(r->closest, a)) << cq::ToString(kind) << ": " << cqtest::Str(r->closest);
  }
}

// ---------------------------------------------------------------------------------------
// Degenerate input: defined answers, never NaN.

template <class C>
class LinearDegenerate : public ::testing::Test {};
TYPED_TEST_SUITE(LinearDegenerate, AllConfigs, ConfigNames);

template <class T, int N>
void ExpectNoNaN(const cq::LinearResult<T, N>& r) {
  for (int i = 0; i < N; ++i) EXPECT_FALSE(std::isnan(r.closest.v[i]) || std::isnan(r.foot.v[i]));
  for (const T x : {r.tRaw, r.t, r.numerator, r.denominator, r.distanceSq, r.distance}) EXPECT_FALSE(std::isnan(x));
}

template <class T, int N>
void ExpectAllFinite(const cq::LinearResult<T, N>& r) {
  EXPECT_TRUE(cq::IsFinite(r.closest));
  EXPECT_TRUE(cq::IsFinite(r.foot));
  EXPECT_TRUE(std::isfinite(r.tRaw));
  EXPECT_TRUE(std::isfinite(r.t));
  EXPECT_TRUE(std::isfinite(r.numerator));
  EXPECT_TRUE(std::isfinite(r.denominator));
  EXPECT_TRUE(std::isfinite(r.distanceSq));
  EXPECT_TRUE(std::isfinite(r.distance));
}

TYPED_TEST(LinearDegenerate, CoincidentEndpointsAnswerAForEveryKind) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // A == B: the shape is the point A. P - A = (3,-4,12): distance 5 in 2D, 13 in 3D.
  // Run at scale 1 and at the far ends of the exponent range.
  const int big = sizeof(T) == 4 ? 60 : 900;
  for (const int exponent : {0, -big, big}) {
    const T s = std::ldexp(T(1), exponent);
    const cq::Vec<T, N> a = s * V<T, N>(1, 2, 3);
    const cq::Vec<T, N> p = s * V<T, N>(4, -2, 15);
    for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray, LinearKind::Line}) {
      SCOPED_TRACE(std::string(cq::ToString(kind)) + " exponent " + std::to_string(exponent));
      const auto r = cq::ClosestPointOnLinear(kind, p, a, a);
      ASSERT_TRUE(r.ok());
      EXPECT_TRUE(SameBits(r->closest, a));
      EXPECT_TRUE(SameBits(r->foot, a));
      EXPECT_EQ(r->region, LinearRegion::VertexA);
      EXPECT_EQ(r->t, T(0));
      EXPECT_EQ(r->tRaw, T(0));
      EXPECT_EQ(r->numerator, T(0));
      EXPECT_EQ(r->denominator, T(0));
      EXPECT_EQ(r->distance, (N == 2 ? T(5) : T(13)) * s);
      // At 2^900 the squared distance overflows to +inf, as documented; never NaN.
      ExpectNoNaN(*r);
      if (exponent == 0) ExpectAllFinite(*r);
    }
  }
}

TYPED_TEST(LinearDegenerate, EverythingCoincidentIsDistanceZero) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const cq::Vec<T, N> a = V<T, N>(-7, 0.5, 2);
  for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray, LinearKind::Line}) {
    const auto r = cq::ClosestPointOnLinear(kind, a, a, a);
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(SameBits(r->closest, a));
    EXPECT_EQ(r->region, LinearRegion::VertexA);
    EXPECT_EQ(r->distance, T(0));
    EXPECT_EQ(r->distanceSq, T(0));
    ExpectAllFinite(*r);
  }
}

TYPED_TEST(LinearDegenerate, OriginIsAValidDegenerateSegment) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const cq::Vec<T, N> zero{};
  const auto r = cq::ClosestPointOnSegment(V<T, N>(3, 4, 0), zero, zero);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->closest, zero);
  EXPECT_EQ(r->distance, T(5));
}

TYPED_TEST(LinearDegenerate, EndpointsOneUlpApartAreAnOrdinarySegment) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // B one ulp from A along x: not degenerate, however short. No epsilon may swallow it:
  // past B the answer is B (t 1), before A it is A (t 0), and t_raw = (3 - 1) / ulp is
  // exactly 2 / ulp, a power of two.
  const cq::Vec<T, N> a = V<T, N>(1, 0, 0);
  cq::Vec<T, N> b = a;
  b.v[0] = std::nextafter(T(1), T(2));
  const T ulp = b.v[0] - a.v[0];
  const auto before = cq::ClosestPointOnSegment(V<T, N>(0.5, 1, 0), a, b);
  ASSERT_TRUE(before.ok());
  EXPECT_EQ(before->region, LinearRegion::VertexA);
  EXPECT_TRUE(SameBits(before->closest, a));
  EXPECT_EQ(before->denominator, ulp * ulp);
  ExpectAllFinite(*before);
  const auto past = cq::ClosestPointOnSegment(V<T, N>(3, 1, 0), a, b);
  ASSERT_TRUE(past.ok());
  EXPECT_EQ(past->region, LinearRegion::VertexB);
  EXPECT_TRUE(SameBits(past->closest, b));
  EXPECT_EQ(past->t, T(1));
  EXPECT_EQ(past->tRaw, T(2) / ulp);
  ExpectAllFinite(*past);
}

TYPED_TEST(LinearDegenerate, PointAtAIsTZeroForEveryKind) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const cq::Vec<T, N> a = V<T, N>(2, -1, 4);
  const cq::Vec<T, N> b = V<T, N>(-3, 5, 1);
  for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray, LinearKind::Line}) {
    const auto r = cq::ClosestPointOnLinear(kind, a, a, b);
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(SameBits(r->closest, a)) << cq::ToString(kind);
    EXPECT_EQ(r->t, T(0));
    EXPECT_EQ(r->tRaw, T(0));
    EXPECT_EQ(r->numerator, T(0));
    EXPECT_EQ(r->distance, T(0));
    EXPECT_EQ(r->region, kind == LinearKind::Line ? LinearRegion::Interior : LinearRegion::VertexA);
    ExpectAllFinite(*r);
  }
}

// Regression. Found while writing this suite: the fast path's range guard checked
// |B - A|^2 >= 2^-900 but not the numerator. For A = (0,0), B = (2^-450, 0),
// P = (2^-700, 2^-700) (float: 2^-45 and 2^-110) the numerator (P - A).(B - A) = 2^-1150
// underflowed to 0, and "numerator <= 0" reported region A with t = 0, where the true
// (and the slow path's) answer is the interior with t = 2^-250 exactly. (The closest
// point was off by only 2^-700, negligible against the scene, 2^-450; the region and t
// were wrong.) Fixed by the performance work in core: the fast path now also requires
// |numerator| >= k_minSafeSquare.
TYPED_TEST(LinearDegenerate, UnderflowingNumeratorKeepsTheInteriorRegion) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const int kd = sizeof(T) == 4 ? -45 : -450;  // |B - A|^2 = 2^-90 / 2^-900: the fast path's range
  const int kp = sizeof(T) == 4 ? -110 : -700;  // numerator 2^(kd+kp) underflows to 0
  const cq::Vec<T, N> a{};
  const cq::Vec<T, N> b = cq::Vec<T, N>::Axis(0) * std::ldexp(T(1), kd);
  const cq::Vec<T, N> p = cq::Vec<T, N>::Splat(std::ldexp(T(1), kp));
  for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray}) {
    const auto r = cq::ClosestPointOnLinear(kind, p, a, b);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->region, LinearRegion::Interior) << cq::ToString(kind);
    EXPECT_EQ(r->t, std::ldexp(T(1), kp - kd)) << cq::ToString(kind);
  }
}

// ---------------------------------------------------------------------------------------
// Invalid input: NaN and infinities in every coordinate of every argument of every kind.

template <class C>
class LinearErrors : public ::testing::Test {};
TYPED_TEST_SUITE(LinearErrors, AllConfigs, ConfigNames);

TYPED_TEST(LinearErrors, NonFiniteNamesTheArgumentAndAxis) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const cq::Vec<T, N> good[3] = {V<T, N>(1, 2, 3), V<T, N>(-1, 0, 2), V<T, N>(4, 1, -2)};
  const cq::Field fields[3] = {cq::Field::P, cq::Field::A, cq::Field::B};
  for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray, LinearKind::Line}) {
    for (int arg = 0; arg < 3; ++arg) {
      for (int axis = 0; axis < N; ++axis) {
        for (const T bad : {cqtest::NaN<T>(), cqtest::Inf<T>(), -cqtest::Inf<T>()}) {
          cq::Vec<T, N> in[3] = {good[0], good[1], good[2]};
          in[arg].v[axis] = bad;
          SCOPED_TRACE(std::string(cq::ToString(kind)) + " arg " + std::to_string(arg) + " axis " +
                       std::to_string(axis) + " value " + std::to_string(double(bad)));
          const auto r = cq::ClosestPointOnLinear(kind, in[0], in[1], in[2]);
          ASSERT_FALSE(r.ok());
          EXPECT_EQ(r.error().code, cq::ErrorCode::NonFinite);
          EXPECT_EQ(r.error().field, fields[arg]);
          EXPECT_EQ(r.error().axis, axis);
          const std::string message = cq::Describe(r.error());
          EXPECT_EQ(message.rfind(cq::FieldName(fields[arg]), 0), 0u) << message;
          EXPECT_NE(message.find("coordinate " + std::to_string(axis)), std::string::npos) << message;
        }
      }
    }
  }
}

TYPED_TEST(LinearErrors, NonFiniteWithDegenerateSegmentIsStillAnError) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // A == B takes the degenerate branch; a NaN in P must not slip through it as "A".
  const cq::Vec<T, N> a = V<T, N>(1, 1, 1);
  cq::Vec<T, N> p = a;
  p.v[N - 1] = cqtest::NaN<T>();
  const auto r = cq::ClosestPointOnSegment(p, a, a);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().field, cq::Field::P);
  EXPECT_EQ(r.error().axis, N - 1);
}

// A squared distance below the normal range is the one coordinate's square rounded once in
// a vertex region too (review s35: ScaledNorm scaled the sum into the subnormals, rounding
// twice: P = (0, 1.29e-154) over the segment (0, 0)-(1, 0) read an ulp over y * y).
TEST(PointSegment, ASubnormalDistanceSqIsTheSquareRoundedOnce) {
  cqtest::Rng rng(0x5eed'5b5c);
  for (int i = 0; i < 4000; ++i) {
    const double y = i == 0 ? 1.2924461830708942e-154 : std::ldexp(rng.Uniform(1, 2), rng.Int(-560, -512));
    const auto r = cq::ClosestPointOnSegment(cq::Vec<double, 2>{{0, y}}, cq::Vec<double, 2>{{0, 0}},
                                             cq::Vec<double, 2>{{1, 0}});
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->distance, y);
    EXPECT_EQ(r->distanceSq, y * y) << y;
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------
// The slow path's numerator is rounded once. The exact sum was rounded to the wider type,
// then cast: where that fell on a midpoint of T, the cast took the even side though the
// exact value lay past it (review s35: -0x1.96fee81b87d2p+880 for an exact value that
// rounds to -0x1.96fee81b87d21p+880, t_raw an ulp off).

TEST(RoundOnceTo, AMidpointOfTheWiderValueGoesTheWayTheRestSays) {
  const double mid = 1.0 + 0x1p-24;  // halfway between the floats 1 and 1 + 2^-23
  EXPECT_EQ(cq::detail::RoundOnceTo<float>(mid, 1), 1.0f + 0x1p-23f);
  EXPECT_EQ(cq::detail::RoundOnceTo<float>(mid, -1), 1.0f);
  EXPECT_EQ(cq::detail::RoundOnceTo<float>(mid, 0), 1.0f);  // exactly halfway: to even
  EXPECT_EQ(cq::detail::RoundOnceTo<float>(-mid, -1), -(1.0f + 0x1p-23f));
  EXPECT_EQ(cq::detail::RoundOnceTo<float>(-mid, 1), -1.0f);
  // Not a midpoint: the cast is right whatever the rest.
  EXPECT_EQ(cq::detail::RoundOnceTo<float>(1.0 + 0x1p-25, 1), 1.0f);
  EXPECT_EQ(cq::detail::RoundOnceTo<float>(1.0 + 0x1p-23, -1), 1.0f + 0x1p-23f);
}

TEST(RoundOnceTo, ExactSumSignAboveIsTheSignOfWhatRoundingLeftOut) {
  cq::detail::ExactSum<double, 4> sum;
  sum.Add(1.0);
  sum.Add(0x1p-80);
  const double v = sum.Value();
  EXPECT_EQ(v, 1.0);
  EXPECT_EQ(sum.SignAbove(v), 1);
  EXPECT_EQ(sum.SignAbove(1.0 + 0x1p-52), -1);
  cq::detail::ExactSum<double, 4> exact;
  exact.Add(3.0);
  EXPECT_EQ(exact.SignAbove(exact.Value()), 0);
}

TEST(SlowNumerator, IsRoundedOnce) {
  if constexpr (!cq::detail::k_hasWide<double>) GTEST_SKIP() << "no wider type: the slow numerator is the fused sum";
  const cq::Vec2d p{-0.0, 0x1.aa0f4e6e7c658p-8};
  const cq::Vec2d a{-0x1.f32d10f09d056p-101, -0x1.96256fea73d74p-180};
  const cq::Vec2d b{-0x1.a17399056d1fp+980, 0x1.2714b3e1a622cp-329};
  const auto r = cq::ClosestPointOnLinear(LinearKind::Segment, p, a, b);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->numerator, -0x1.96fee81b87d21p+880);
}

// A segment's closest point lies between A and B: at the top of the range its foot, rounded
// in the halved scene, came about 3 ulps past the largest double and the query read
// Overflow (review s35). The exact answer is the interior point near
// (0x1.ffffffffffffdp+1023, -max).
TEST(SegmentAtTheTopOfTheRange, NeverOverflows) {
  const double max = std::numeric_limits<double>::max();
  const double below = std::nextafter(max, 0.0);
  const cq::Vec2d p{max, max};
  const cq::Vec2d a{-max, -below};
  const cq::Vec2d b{below, -max};
  const auto r = cq::ClosestPointOnLinear(LinearKind::Segment, p, a, b);
  ASSERT_TRUE(r.ok()) << cq::Describe(r.error());
  // Without a wider type the far-end test is rounded, and P reads as past B, 2 ulps away.
  if (cq::detail::k_hasWide<double>) {
    EXPECT_EQ(r->region, LinearRegion::Interior);
  }
  for (int k = 0; k < 2; ++k) {
    EXPECT_GE(r->closest.v[k], std::min(a.v[k], b.v[k])) << k;
    EXPECT_LE(r->closest.v[k], std::max(a.v[k], b.v[k])) << k;
  }
  EXPECT_NEAR(r->closest.v[0], 0x1.ffffffffffffdp+1023, 0x1p+972);  // within a few ulps
  EXPECT_EQ(r->closest.v[1], -max);
  // P.y - closest.y is 2 max: the distance itself is beyond the range, and rounds to +inf.
  EXPECT_EQ(r->distance, std::numeric_limits<double>::infinity());
}

// A foot's coordinate a few ulps of A's and B's from 0 reads as the rounding of 0 that it
// is (P = (0, 1) over (-4, 0)-(2, 0): core's foot has x = -2.220446049250313e-16, 0 by
// hand); a coordinate far below an ulp of them (computed, not rounded) or well above a few
// ulps does not, nor does 0 itself.
TEST(ReadsAsRoundedZero, OnlyAFewUlpsOfTheCoordinatesItIsFormedFrom) {
  const auto q = cq::ClosestPointOnSegment(cq::Vec2d{{0, 1}}, cq::Vec2d{{-4, 0}}, cq::Vec2d{{2, 0}});
  ASSERT_TRUE(q.ok());
  // (-2.220446049250313e-16 with FMA; two roundings give 0 itself.)
  EXPECT_TRUE(cq::ReadsAsRoundedZero(-2.220446049250313e-16, -4.0, 2.0));
  EXPECT_EQ(cq::ReadsAsRoundedZero(q->closest.x(), -4.0, 2.0), bool(CQ_MULADD_FUSED)) << q->closest.x();
  EXPECT_FALSE(cq::ReadsAsRoundedZero(q->closest.y(), 0.0, 0.0));  // 0 itself
  EXPECT_FALSE(cq::ReadsAsRoundedZero(1e-12, -4.0, 2.0));          // well above a few ulps of 4
  EXPECT_FALSE(cq::ReadsAsRoundedZero(2e-81, -9.9e153, 5.5e137));  // far below an ulp: a value of its own
  EXPECT_TRUE(cq::ReadsAsRoundedZero(-4.0f * 1.2e-7f, 4.0f, -1.0f));
}

// A + t(B - A) formed as the fast path forms a foot: the query's own foot where nothing
// moved it (P off the line), exact where t is (t = 0.625 on (-4, 0)-(4, 0) gives (1, 0)),
// and off by t's rounding where t rounds (t = 2/3 on (-4, 0)-(2, 0) gives x = -2.2e-16).
TEST(PointAtParameter, IsTheFastPathsFoot) {
  const cq::Vec2d a{{-4, 0}}, b{{2, 0}};
  const auto q = cq::ClosestPointOnSegment(cq::Vec2d{{0, 1}}, a, b);
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(cq::PointAtParameter(a, b, q->t), q->closest);
  EXPECT_EQ(cq::PointAtParameter(a, b, q->t).x(), CQ_MULADD_FUSED ? -2.220446049250313e-16 : 0.0);  // two roundings: 0
  EXPECT_EQ(cq::PointAtParameter(cq::Vec2d{{-4, 0}}, cq::Vec2d{{4, 0}}, 0.625), (cq::Vec2d{{1, 0}}));
  const cq::Vec3f a3{{1, 2, 3}}, b3{{5, -2, 11}};
  const auto q3 = cq::ClosestPointOnLine(cq::Vec3f{{0.3f, 7, -1}}, a3, b3);
  ASSERT_TRUE(q3.ok());
  EXPECT_EQ(cq::PointAtParameter(a3, b3, q3->t), q3->closest);
}

// A line's or ray's foot at the top of the range whose exact value is the largest double:
// A + t_raw (B - A), with t_raw rounded, overflowed, and the query read Overflow ("the
// answer lies beyond the floating-point range") for an answer a double holds (fuzz
// campaign). Across the line, P - w gives it exactly here (the line is an axis).
TEST(LineAtTheTopOfTheRange, AFootThatFitsIsAnswered) {
  const double max = std::numeric_limits<double>::max();
  if (!cq::detail::k_hasWide<double>) {
    // No wider type, no exact part across the line: the documented limit of such a build.
    const auto r = cq::ClosestPointOnLinear(LinearKind::Line, cq::Vec2d{{max, 1e308}}, cq::Vec2d{{1e300, 0}},
                                            cq::Vec2d{{-1e308, 0}});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, cq::ErrorCode::Overflow);
    return;
  }
  struct Case {
    cq::Vec2d a, b, p, foot;
  };
  const Case cases[] = {
      {{{1e300, 0}}, {{-1e308, 0}}, {{max, 1e308}}, {{max, 0}}},
      {{{0, 1.0000000000000002e308}}, {{0, 0}}, {{1e308, max}}, {{0, max}}},
  };
  for (const Case& c : cases) {
    for (const LinearKind kind : {LinearKind::Line, LinearKind::Ray}) {
      const auto r = cq::ClosestPointOnLinear(kind, c.p, c.a, c.b);
      if (kind == LinearKind::Ray && r.ok() && r->region == LinearRegion::VertexA) continue;  // behind A
      ASSERT_TRUE(r.ok()) << cq::Describe(r.error()) << " P " << c.p.v[0] << ", " << c.p.v[1];
      EXPECT_EQ(r->closest.v[0], c.foot.v[0]);
      EXPECT_EQ(r->closest.v[1], c.foot.v[1]);
    }
  }
}

// Where P projects, decided on the numbers given without rounding. The fast path's region
// comes from the rounded numerator and can take the wrong side where that rounding is
// larger than the numerator: P = (-2e16, 1e16) lies exactly on the perpendicular through
// A = 0 of the segment to B = (0.1, 0.2) (0.2 is exactly 2 * 0.1 in double), and the
// rounded numerator 0.111 puts it past B.
// Whether the numerator a region is decided on keeps one rounding: the fast path's where
// the build has FMA (CQ_MULADD_FUSED), and the exact path's also without it in a build as
// where long double is double (CQ_TEST_NO_WIDE_LONG_DOUBLE: it fuses with std::fma by
// name). Without either, both products of these examples round alike and cancel.
#if CQ_MULADD_FUSED || defined(CQ_TEST_NO_WIDE_LONG_DOUBLE)
constexpr bool k_fusedNumerator = true;
#else
constexpr bool k_fusedNumerator = false;
#endif

TEST(ProjectExactly, NamesTheSideWithoutRounding) {
  using cq::ExactProjection;
  const cq::Vec2d a{{0, 0}};
  const cq::Vec2d b{{0.1, 0.2}};
  EXPECT_EQ(cq::ProjectExactly(cq::Vec2d{{-2e16, 1e16}}, a, b), ExactProjection::OntoA);
  // The rounded region this test is about: the fused numerator's rounding puts P past B;
  // with two roundings they cancel, and the region is A's.
  EXPECT_EQ(cq::ClosestPointOnSegment(cq::Vec2d{{-2e16, 1e16}}, a, b)->region,
            k_fusedNumerator ? cq::LinearRegion::VertexB : cq::LinearRegion::VertexA);
  EXPECT_EQ(cq::ProjectExactly(cq::Vec2d{{-2e16, 1e16 + 2}}, a, b), ExactProjection::PastB);  // 0.4 > 0.05
  EXPECT_EQ(cq::ProjectExactly(cq::Vec2d{{0.05, 0.1}}, a, b), ExactProjection::Between);
  EXPECT_EQ(cq::ProjectExactly(cq::Vec2d{{-2e16 - 4, 1e16}}, a, b), ExactProjection::BeforeA);
  // linear.hpp's example (core audit: the header said such a P took the exact path): on
  // the perpendicular through A, at an ordinary scale, the fused numerator keeps the
  // rounding of one product, and the region is the rounded one; the closest point is then
  // within a few ulps of A, and ProjectExactly names the side.
  {
    const cq::Vec2d p{{-0.3, 0.1}};
    const cq::Vec2d end{{0.1, 0.3}};
    EXPECT_EQ(cq::ProjectExactly(p, a, end), ExactProjection::OntoA);
    const auto r = cq::ClosestPointOnSegment(p, a, end);
    ASSERT_TRUE(r.ok());
    EXPECT_LE(std::abs(r->t), 4 * std::numeric_limits<double>::epsilon()) << r->t;
    EXPECT_LE(cq::Distance(r->closest, a), 4 * std::numeric_limits<double>::epsilon() * 0.3) << r->t;
    if (k_fusedNumerator) {
      EXPECT_EQ(r->region, cq::LinearRegion::Interior);  // the fused numerator's 1.7e-18
      EXPECT_GT(r->t, 0.0);
    } else {
      EXPECT_EQ(r->region, cq::LinearRegion::VertexA);  // both products round alike: 0, the exact path
      EXPECT_TRUE(SameBits(r->closest, a));
    }
  }
  EXPECT_EQ(cq::ProjectExactly(b, a, b), ExactProjection::OntoB);
  EXPECT_EQ(cq::ProjectExactly(cq::Vec2d{{0.1, 0.2 + 0x1p-55}}, a, b), ExactProjection::PastB);
  EXPECT_EQ(cq::ProjectExactly(cq::Vec2d{{0.1, 0.2 - 0x1p-55}}, a, b), ExactProjection::Between);
  // A == B: P projects onto the single point.
  EXPECT_EQ(cq::ProjectExactly(cq::Vec2d{{5, 5}}, a, a), ExactProjection::OntoA);
  // Every scale, 3D and float: B + a tiny step along B - A is past B, back is between.
  const cq::Vec<float, 3> fa{{1e-30f, 2e-30f, -3e-30f}};
  const cq::Vec<float, 3> fb{{4e-30f, -1e-30f, 5e-30f}};
  EXPECT_EQ(cq::ProjectExactly(fb, fa, fb), ExactProjection::OntoB);
  EXPECT_EQ(cq::ProjectExactly(fa, fa, fb), ExactProjection::OntoA);
  const cq::Vec3d da{{1e300, -1e300, 0}};
  const cq::Vec3d db{{-1e300, 1e300, 1e-300}};
  EXPECT_EQ(cq::ProjectExactly(cq::Vec3d{{0, 0, 5e-301}}, da, db), ExactProjection::Between);
  EXPECT_EQ(cq::ProjectExactly(cq::Vec3d{{1.5e300, -1.5e300, 0}}, da, db), ExactProjection::BeforeA);
}

// Whether P lies on the line through A and B, exactly: not from a rounded distance or foot,
// which for P 1.6e-325 off the segment (0, 0)-(1, 3) are 0 and P itself (review).
TEST(LiesOnLine, DecidesOnTheNumbersGiven) {
  const cq::Vec2d a{{0, 0}};
  const cq::Vec2d b{{1, 3}};
  const cq::Vec2d hairOff{{4.9406564584e-314, 1.48219693757e-313}};
  const auto q = cq::ClosestPointOnSegment<cq::NearLine::Across>(hairOff, a, b);
  ASSERT_TRUE(q.ok());
  ASSERT_EQ(q->distance, 0.0) << "precondition: the distance rounds to 0";
  // Coordinates 2^1040 apart: exact with a wider type (here long double), beyond the
  // documented 2^500 span without one (the NoWide build).
  const bool wide = cq::detail::k_hasWide<double>;
  if (wide) {
    EXPECT_FALSE(cq::LiesOnLine(hairOff, a, b));
  }
  EXPECT_TRUE(cq::LiesOnLine(cq::Vec2d{{0.5, 1.5}}, a, b));
  EXPECT_TRUE(cq::LiesOnLine(cq::Vec2d{{-7, -21}}, a, b));  // before A: on the carrier all the same
  EXPECT_TRUE(cq::LiesOnLine(a, a, b));
  EXPECT_TRUE(cq::LiesOnLine(b, a, b));
  // 0.1 and 0.3 are not a multiple of (1, 3) in double: (0.1, 0.3) lies off the line
  // (0.3 is 3 * 0.1 only as rounded), (0.1, 3 * 0.1) on it only if the product is exact.
  EXPECT_FALSE(cq::LiesOnLine(cq::Vec2d{{0.1, 0.3}}, a, b));
  EXPECT_TRUE(cq::LiesOnLine(cq::Vec2d{{0.25, 0.75}}, a, b));
  // A == B: on it only at A.
  EXPECT_TRUE(cq::LiesOnLine(a, a, a));
  EXPECT_FALSE(cq::LiesOnLine(b, a, a));
  // 3D and float, small: twice A lies on the line through 0 and A, a float off it not.
  const cq::Vec<float, 3> fa{{1e-30f, 2e-30f, -3e-30f}};
  const cq::Vec<float, 3> twice{{2e-30f, 4e-30f, -6e-30f}};
  EXPECT_TRUE(cq::LiesOnLine(twice, cq::Vec<float, 3>{}, fa));
  const cq::Vec<float, 3> offByAnUlp{{2e-30f, 4e-30f, std::nextafter(-6e-30f, 0.0f)}};
  EXPECT_FALSE(cq::LiesOnLine(offByAnUlp, cq::Vec<float, 3>{}, fa));
  const cq::Vec3d da{{1e300, -1e300, 0}};
  const cq::Vec3d db{{-1e300, 1e300, 0}};
  EXPECT_TRUE(cq::LiesOnLine(cq::Vec3d{{0, 0, 0}}, da, db));
  if (wide) {
    EXPECT_FALSE(cq::LiesOnLine(cq::Vec3d{{0, 0, 1e-300}}, da, db));
  }
  EXPECT_FALSE(cq::LiesOnLine(cq::Vec3d{{0, 0, 1e200}}, da, db));
}

TEST(ProjectExactly, RegionMatchesProjectionNamesTheSidesOfEachKind) {
  using cq::ExactProjection;
  using P = ExactProjection;
  const P all[] = {P::BeforeA, P::OntoA, P::Between, P::OntoB, P::PastB};
  for (const P p : all) {
    const bool atA = p == P::BeforeA || p == P::OntoA;
    const bool atB = p == P::OntoB || p == P::PastB;
    EXPECT_EQ(cq::RegionMatchesProjection(LinearKind::Segment, LinearRegion::VertexA, p), atA) << cq::ToString(p);
    EXPECT_EQ(cq::RegionMatchesProjection(LinearKind::Segment, LinearRegion::VertexB, p), atB) << cq::ToString(p);
    EXPECT_EQ(cq::RegionMatchesProjection(LinearKind::Segment, LinearRegion::Interior, p), p == P::Between)
        << cq::ToString(p);
    EXPECT_EQ(cq::RegionMatchesProjection(LinearKind::Ray, LinearRegion::VertexA, p), atA) << cq::ToString(p);
    EXPECT_EQ(cq::RegionMatchesProjection(LinearKind::Ray, LinearRegion::Interior, p), !atA) << cq::ToString(p);
    EXPECT_TRUE(cq::RegionMatchesProjection(LinearKind::Line, LinearRegion::Interior, p)) << cq::ToString(p);
  }
  // Not only far off: at tenths |B - A|^2 alone can round across. A = (-0.3, 0), B = (0,
  // 0.4), P = (0.4, 0.1): the numerator is exactly 0.25, |B - A|^2 is 0.25 + 1.1e-17 and
  // rounds to 0.25, so the query reads B while P projects a hair before it (review).
  const cq::Vec2d a{{-0.3, 0}};
  const cq::Vec2d b{{0, 0.4}};
  const cq::Vec2d p{{0.4, 0.1}};
  ASSERT_EQ(cq::ClosestPointOnSegment(p, a, b)->region, LinearRegion::VertexB) << "precondition";
  EXPECT_EQ(cq::ProjectExactly(p, a, b), P::Between);
  EXPECT_FALSE(cq::RegionMatchesProjection(LinearKind::Segment, LinearRegion::VertexB, cq::ProjectExactly(p, a, b)));
  // A ray has no end at B.
  EXPECT_STREQ(cq::ToString(P::PastB, LinearKind::Ray), "after A");
  EXPECT_STREQ(cq::ToString(P::OntoA, LinearKind::Ray), "onto A");
  EXPECT_STREQ(cq::ToString(P::OntoB), "onto B");
}

// The likely region only orders the two exact tests: every hint gives every side.
TEST(ProjectExactly, TheHintChangesNoAnswer) {
  const cq::Vec2d a{{0, 0}};
  const cq::Vec2d b{{0.1, 0.2}};
  const cq::Vec2d points[] = {{{-2e16, 1e16}}, {{-2e16 - 4, 1e16}}, {{0.05, 0.1}}, {{0.1, 0.2}}, {{0.1, 0.2 + 0x1p-55}},
                              {{0, 0}}, {{7, -3}}};
  for (const cq::Vec2d& p : points) {
    const cq::ExactProjection plain = cq::ProjectExactly(p, a, b);
    for (const LinearRegion hint : {LinearRegion::VertexA, LinearRegion::Interior, LinearRegion::VertexB}) {
      EXPECT_EQ(cq::ProjectExactly(p, a, b, hint), plain) << cqtest::Str(p);
      EXPECT_EQ(cq::ProjectExactly(p, a, a, hint), cq::ExactProjection::OntoA) << "A == B " << cqtest::Str(p);
    }
  }
}

// The numerator's products can cancel to less than their rounding: A = (3.48, 4.188), B =
// (-3.4, 3), P = (0.03480000000000105, 24.139999999999997) read 1.86e-16, exactly
// 1.0157208407690626e-15 (the rationals of the given doubles); a P exactly on the
// perpendicular through A read 1.6e-17, exactly 0 (words audit).
TEST(ExactNumerator, ExactWhereTheRoundedProductsCancel) {
  if (!cq::detail::k_hasWide<double>) GTEST_SKIP() << "no type wider than double here: the fused dot product";
  const cq::Vec2d a{3.48, 4.188};
  const cq::Vec2d b{-3.4, 3};
  const cq::Vec2d p{0.03480000000000105, 24.139999999999997};
  const auto q = cq::ClosestPointOnSegment(p, a, b);
  ASSERT_TRUE(q.ok());
  EXPECT_NEAR(q->numerator, 1.8565e-16, 1e-19) << "precondition: the rounded numerator";
  EXPECT_EQ(cq::ExactNumerator(p, a, b), 1.0157208407690626e-15);
  EXPECT_EQ(cq::ExactNumerator(cq::Vec2d{0.5795141179681105, 4.844619120090746}, cq::Vec2d{0, 3.2204858820318893},
                               cq::Vec2d{-1.6241332380588567, 3.8}),
            0.0);
  EXPECT_EQ(cq::ExactNumerator(cq::Vec3d{3, 0, -2}, cq::Vec3d{0, 0, 0}, cq::Vec3d{5, 0, 0}), 15.0);
  EXPECT_EQ(cq::ExactNumerator(cq::Vec2f{3, 1}, cq::Vec2f{0, 0}, cq::Vec2f{2, 0}), 6.0f);
  // Exactly 2^-1100, below every double: the least one, not 0 (review), and its sign.
  const double p600 = std::ldexp(1.0, -600);
  const double p500 = std::ldexp(1.0, -500);
  EXPECT_EQ(cq::ExactNumerator(cq::Vec2d{p600, 0}, cq::Vec2d{0, 0}, cq::Vec2d{p500, 0}),
            std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(cq::ExactNumerator(cq::Vec2d{-p600, 0}, cq::Vec2d{0, 0}, cq::Vec2d{p500, 0}),
            -std::numeric_limits<double>::denorm_min());
}

// The exact foot's coordinate, for words about a rounded foot coordinate a few ulps from 0:
// P = (0, 1) over (-4, 0)-(2, 0) has t = 2/3 and the foot's x exactly 0 (rounded:
// -2.2e-16); P = (3e-16, 1) has it 3e-16, which the words called 0 (words audit).
TEST(ExactFootCoordinate, ZeroOnlyWhereTheExactFootIsZero) {
  if (!cq::detail::k_hasWide<double>) GTEST_SKIP() << "no type wider than double here: the rounded foot's coordinate";
  const cq::Vec2d a{-4, 0};
  const cq::Vec2d b{2, 0};
  EXPECT_EQ(cq::ExactFootCoordinate(cq::Vec2d{0, 1}, a, b, 0), 0.0);
  EXPECT_EQ(cq::ExactFootCoordinate(cq::Vec2d{0, 1}, a, b, 1), 0.0);
  EXPECT_EQ(cq::ExactFootCoordinate(cq::Vec2d{3e-16, 1}, a, b, 0), 3e-16);
  EXPECT_EQ(cq::ExactFootCoordinate(cq::Vec2d{-3e-16, 1}, a, b, 0), -3e-16);
  // A slanted segment, where the foot is no input coordinate: (1, 1)-(3, 3), P = (0, 2)
  // projects onto (1, 1) exactly (t = 0), P = (2, 0) onto (1, 1) + (1/2)(2, 2) = (2, 2)...
  const cq::Vec2d c{1, 1};
  const cq::Vec2d d{3, 3};
  EXPECT_EQ(cq::ExactFootCoordinate(cq::Vec2d{3, 1}, c, d, 0), 2.0);
  EXPECT_EQ(cq::ExactFootCoordinate(cq::Vec2d{3, 1}, c, d, 1), 2.0);
  // ... and in 3D, the line through (0.5, 0.25, 0.75) along (1, 2, 2): the foot of the
  // origin is at t = -2.5 / 9, (2/9, -11/36, 7/36), each within an ulp.
  const cq::Vec3d e{0.5, 0.25, 0.75};
  const cq::Vec3d f{1.5, 2.25, 2.75};
  EXPECT_NEAR(*cq::ExactFootCoordinate(cq::Vec3d{0, 0, 0}, e, f, 0), 2.0 / 9, 3e-17);
  EXPECT_NEAR(*cq::ExactFootCoordinate(cq::Vec3d{0, 0, 0}, e, f, 1), -11.0 / 36, 6e-17);
  EXPECT_NEAR(*cq::ExactFootCoordinate(cq::Vec3d{0, 0, 0}, e, f, 2), 7.0 / 36, 3e-17);
}

// Far from the origin the foot rounds to a grid as coarse as the distance: at 1e16 the
// doubles are 2 apart, and P = (1e16 + 2, 4) over the segment from (1e16, 0) to (1e16 + 6,
// 2), whose exact foot is (1e16 + 3, 1) at distance sqrt(10), read 3.6 = sqrt(13) from the
// rounded foot (words audit). NearLine::Across measures it from the exact foot wherever
// the distance is within rounding of the foot's coordinates, not only of |P - A|.
TEST(NearLineAcross, FarFromTheOriginTheDistanceIsFromTheExactFoot) {
  if (!cq::detail::k_hasWide<double>) GTEST_SKIP() << "no type wider than double here: Across is the default's foot";
  const cq::Vec2d a{1e16, 0};
  const cq::Vec2d b{10000000000000006.0, 2};
  const cq::Vec2d p{10000000000000002.0, 4};
  for (const cq::LinearKind kind : {cq::LinearKind::Segment, cq::LinearKind::Ray, cq::LinearKind::Line}) {
    const auto across = cq::ClosestPointOnLinear<cq::NearLine::Across>(kind, p, a, b);
    ASSERT_TRUE(across.ok());
    EXPECT_NEAR(across->distance, std::sqrt(10.0), 1e-15) << cq::ToString(kind);
    EXPECT_EQ(across->region, cq::LinearRegion::Interior);
    const auto rounded = cq::ClosestPointOnLinear(kind, p, a, b);  // NearLine::Rounded: |P - its foot|
    ASSERT_TRUE(rounded.ok());
    EXPECT_GT(rounded->distance, 3.5) << cq::ToString(kind);
  }
}

// NearLine::Across: a point on the line (segment, ray, line) is its own closest point, at
// distance exactly 0, and a point a hair off it gets the hair as its distance. With the
// default, NearLine::Rounded, the foot A + t_raw (B - A) is off by ulps of the scene, which
// there is the whole distance (P = (0, 0) on the segment (-4, 0)-(2, 0) reads 2.2e-16, from
// a foot at -2.2e-16; a teacher's point dropped on the wire must read d = 0). t, t_raw, the
// numerator, the denominator and the region are the same either way, so the batch (which
// computes Rounded's) still agrees with both.
TYPED_TEST(Segment, PointOnTheLineIsItsOwnFootAtDistanceZero) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  if (!cq::detail::k_hasWide<T>) GTEST_SKIP() << "no type wider than T here: Across keeps the rounded foot";
  using cqtest::V;
  struct Case {
    cq::Vec<T, N> a;
    cq::Vec<T, N> b;
  };
  const Case cases[] = {
      {V<T, N>(-4, 0, 0), V<T, N>(2, 0, 0)},                // P = 0 at t = 2/3
      {V<T, N>(-4, -2, 1), V<T, N>(2, 1, -0.5)},            // oblique: P = 0 at t = 2/3
      {V<T, N>(-0.3, -0.1, 0.7), V<T, N>(0.6, 0.2, -1.4)},  // decimals; P = 0 at t = 1/3
  };
  int roundedOff = 0;  // points on the line that Rounded does not give as their own foot
  for (const Case& c : cases) {
    const cq::Vec<T, N> p{};  // the origin lies on each of these lines, between A and B
    for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray, LinearKind::Line}) {
      const auto r = cq::ClosestPointOnLinear<cq::NearLine::Across>(kind, p, c.a, c.b);
      const auto rounded = cq::ClosestPointOnLinear(kind, p, c.a, c.b);
      ASSERT_TRUE(r.ok());
      ASSERT_TRUE(rounded.ok());
      EXPECT_EQ(r->region, LinearRegion::Interior);
      EXPECT_TRUE(SameBits(r->closest, p)) << cq::ToString(kind) << " " << cqtest::Str(r->closest);
      EXPECT_TRUE(SameBits(r->foot, p)) << cq::ToString(kind) << " " << cqtest::Str(r->foot);
      EXPECT_EQ(r->distance, T(0)) << cq::ToString(kind) << " A " << cqtest::Str(c.a);
      EXPECT_EQ(r->distanceSq, T(0));
      // t is still num / den rounded, as the batch computes it, and every other field is
      // Rounded's.
      EXPECT_EQ(r->tRaw, r->numerator / r->denominator);
      EXPECT_TRUE(SameBits(r->tRaw, rounded->tRaw));
      EXPECT_TRUE(SameBits(r->t, rounded->t));
      EXPECT_TRUE(SameBits(r->numerator, rounded->numerator));
      EXPECT_TRUE(SameBits(r->denominator, rounded->denominator));
      EXPECT_EQ(r->region, rounded->region);
      roundedOff += rounded->distance != T(0);
    }
    // A hair off the line: the hair is the distance, to an ulp; the closest point on it.
    cq::Vec<T, N> off = p;
    const cq::Vec<T, N> d = c.b - c.a;
    const T hair = T(1e-20);
    off.v[0] -= hair * d.v[1];  // (B - A) turned a quarter in the x-y plane, times hair
    off.v[1] += hair * d.v[0];
    const auto r = cq::ClosestPointOnSegment<cq::NearLine::Across>(off, c.a, c.b);
    ASSERT_TRUE(r.ok());
    const cqtest::Ld expected = cqtest::Ld(hair) * std::sqrt(cqtest::Ld(d.v[0]) * d.v[0] + cqtest::Ld(d.v[1]) * d.v[1]);
    EXPECT_LE(std::fabs(cqtest::Ld(r->distance) - expected), 4 * cqtest::Eps<T>() * expected)
        << "A " << cqtest::Str(c.a) << ": distance " << r->distance << ", expected " << double(expected);
  }
  EXPECT_GT(roundedOff, 0) << "precondition: the rounded foot should miss some of these points";
}

// Across changes only points within rounding of the line: elsewhere every field is
// Rounded's, bit for bit (random points in every region).
TYPED_TEST(Segment, AcrossChangesNothingAwayFromTheLine) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'0a11);
  int changed = 0;
  for (int i = 0; i < 20000; ++i) {
    const cq::Vec<T, N> a = rng.InCube<T, N>(-10, 10);
    const cq::Vec<T, N> b = rng.InCube<T, N>(-10, 10);
    const cq::Vec<T, N> p = rng.InCube<T, N>(-10, 10);
    const auto r = cq::ClosestPointOnSegment<cq::NearLine::Across>(p, a, b);
    const auto rounded = cq::ClosestPointOnSegment(p, a, b);
    ASSERT_TRUE(r.ok() && rounded.ok());
    const bool same = SameBits(r->closest, rounded->closest) && SameBits(r->foot, rounded->foot) &&
                      SameBits(r->distance, rounded->distance) && SameBits(r->distanceSq, rounded->distanceSq) &&
                      SameBits(r->t, rounded->t) && SameBits(r->tRaw, rounded->tRaw) && r->region == rounded->region;
    changed += same ? 0 : 1;
  }
  EXPECT_EQ(changed, 0);
}
