// tests/core/scale_test.cpp: "exact at every scale" (cq/detail/scale.hpp).
//
// The documented promise (cq/linear.hpp): in double, for finite coordinates from 1e-300
// to 1e300, the closest point and the distance stay within 1e-12 of the scene's size S
// (the largest |coordinate| of the inputs), however the squares under- or overflow. The
// references are long double (exponent range ~1e+-4932: no square of a double under- or
// overflows there). The tests assert 16 eps S, about 3.6e-15 S in double: far tighter
// than the promise, and the same bound as for ordinary scenes (property_test.cpp), since
// the rescaling is exact and the rescaled arithmetic rounds as the ordinary one does
// (observed: under 4 eps S). Float is held to 16 eps S (about 1.9e-6 S) at its own scales,
// 1e-30 to 1e30.
//
// Scenes mix scales on purpose: a segment 1e-200 long (|B - A|^2 underflows), 1e200 long
// (overflows), a point 1e300 away from a segment 1e-300 long (t_raw overflows to +inf,
// yet t and the closest point are exact), planes with normals of 1e-300 and 1e300, boxes
// at both ends of the range.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <string>

#include "cq/detail/exact_sum.hpp"
#include "test_support.hpp"

namespace {

using cq::LinearKind;
using cq::LinearRegion;
using cqtest::AllConfigs;
using cqtest::ConfigNames;
using cqtest::Eps;
using cqtest::FailureLog;
using cqtest::Ld;
using cqtest::SameBits;
using cqtest::V;
using cqtest::VecL;

template <class C>
class Scale : public ::testing::Test {};
TYPED_TEST_SUITE(Scale, AllConfigs, ConfigNames);

/// The decimal exponents a type's scenes are drawn from.
template <class T>
constexpr int k_maxDecimalExponent = sizeof(T) == 4 ? 30 : 300;

template <class T>
Ld Tolerance(Ld scene) {
  return 16 * Ld(Eps<T>()) * scene;
}

template <class T, int N>
cq::Vec<T, N> RandomAtScale(cqtest::Rng& rng, int decimalExponent) {
  cq::Vec<T, N> v{};
  for (int i = 0; i < N; ++i) v.v[i] = static_cast<T>(Ld(rng.Uniform(-1, 1)) * std::pow(Ld(10), Ld(decimalExponent)));
  return v;
}

template <class T, int N>
void CheckLinear(LinearKind kind, const cq::Vec<T, N>& p, const cq::Vec<T, N>& a, const cq::Vec<T, N>& b,
                 FailureLog& log, const std::string& what) {
  const auto r = cq::ClosestPointOnLinear(kind, p, a, b);
  const auto ref = cqtest::ReferenceLinear(kind, p, a, b);
  const Ld scene = cqtest::SceneSize(p, a, b);
  const Ld tol = Tolerance<T>(scene);
  std::string why;
  auto expect = [&](bool condition, const char* message) {
    if (!condition && why.empty()) why = message;
  };
  expect(r.ok(), "not ok");
  if (r.ok()) {
    expect(cq::IsFinite(r->closest), "closest not finite");
    expect(std::isfinite(r->distance), "distance not finite");
    expect(cqtest::DistL(cqtest::ToL(r->closest), ref.closest) <= tol, "closest differs from the reference");
    expect(std::fabs(Ld(r->distance) - ref.distance) <= tol, "distance differs from the reference");
    if (kind != LinearKind::Line) expect(r->t >= T(0), "t < 0");
    if (kind == LinearKind::Segment) expect(r->t <= T(1), "t > 1");
    // Regions, where the reference is clear of the boundaries by more than rounding: the
    // numerator's rounding is bounded by the sum of its products' magnitudes (not by
    // |P - A| |B - A|, which would excuse a numerator made of one tiny product next to
    // zero ones: see SmallProductNextToZeroOnesDecidesTheRegion).
    const VecL<N> d = cqtest::Sub(cqtest::ToL(b), cqtest::ToL(a));
    const VecL<N> e = cqtest::Sub(cqtest::ToL(p), cqtest::ToL(a));
    Ld productMagnitudes = 0;
    for (int k = 0; k < N; ++k) productMagnitudes += std::fabs(e[k] * d[k]);
    const Ld margin = 8 * N * Ld(Eps<T>()) * (productMagnitudes + ref.denominator);
    if (std::fabs(ref.numerator) > margin && std::fabs(ref.numerator - ref.denominator) > margin)
      expect(r->region == ref.region, "region differs from the reference");
    if (r->region == LinearRegion::VertexA) expect(SameBits(r->closest, a), "region A but closest != A");
    if (r->region == LinearRegion::VertexB) expect(SameBits(r->closest, b), "region B but closest != B");
  }
  if (!why.empty() && log.Fail())
    ADD_FAILURE() << what << " " << cq::ToString(kind) << ": " << why << "\n  p=" << cqtest::Str(p)
                  << " a=" << cqtest::Str(a) << " b=" << cqtest::Str(b);
}

/// CheckLinear for every kind and every point of `points`, all against A and B.
template <class T, int N>
void ExpectEveryKindMatchesTheReference(std::initializer_list<cq::Vec<T, N>> points, const cq::Vec<T, N>& a,
                                        const cq::Vec<T, N>& b, const std::string& what) {
  FailureLog log;
  for (const cq::Vec<T, N>& p : points)
    for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray, LinearKind::Line})
      CheckLinear(kind, p, a, b, log, what);
  EXPECT_EQ(log.count(), 0);
}

// ---------------------------------------------------------------------------------------
// Line, ray, segment.

TYPED_TEST(Scale, UniformScenesAtEveryScale) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'4001 + N + 10 * sizeof(T));
  FailureLog log;
  const int top = k_maxDecimalExponent<T>;
  for (int e = -top; e <= top; e += top / 12) {
    for (int i = 0; i < 150; ++i) {
      const auto p = RandomAtScale<T, N>(rng, e);
      const auto a = RandomAtScale<T, N>(rng, e);
      const auto b = RandomAtScale<T, N>(rng, e);
      for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray, LinearKind::Line})
        CheckLinear(kind, p, a, b, log, "scale 1e" + std::to_string(e));
    }
  }
  EXPECT_EQ(log.count(), 0);
}

TYPED_TEST(Scale, MixedScenesAcrossTheRange) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'4002 + N + 10 * sizeof(T));
  FailureLog log;
  const int top = k_maxDecimalExponent<T>;
  for (int i = 0; i < 6000; ++i) {
    // A at one scale, B - A at another (often far smaller), P at a third.
    const int ea = rng.Int(-top, top);
    const int ed = rng.Int(-top, std::min(top, ea + 2));
    const int ep = rng.Int(-top, top);
    const auto a = RandomAtScale<T, N>(rng, ea);
    const auto b = a + RandomAtScale<T, N>(rng, ed);
    const auto p = rng.Chance(0.3) ? a + RandomAtScale<T, N>(rng, ed) : RandomAtScale<T, N>(rng, ep);
    for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray, LinearKind::Line})
      CheckLinear(kind, p, a, b, log, "mixed 1e" + std::to_string(ea) + "/1e" + std::to_string(ed) + "/1e" + std::to_string(ep));
  }
  EXPECT_EQ(log.count(), 0);
}

TYPED_TEST(Scale, SquaredLengthUnderflows) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // |B - A| ~ 1e-200 (float: 1e-25): |B - A|^2 is 0 in T. A = s(1,2,3), B = s(4,-2,3),
  // B - A = s(3,-4,0); P = A + 0.4 (B - A) + 0.5 s(4,3,0) = s(4.2,1.9,3): interior, t = 0.4.
  const T s = sizeof(T) == 4 ? T(1e-25) : T(1e-200);
  const cq::Vec<T, N> a = s * V<T, N>(1, 2, 3);
  const cq::Vec<T, N> b = s * V<T, N>(4, -2, 3);
  const cq::Vec<T, N> p = s * V<T, N>(4.2, 1.9, 3);
  ASSERT_EQ(cq::Dot(b - a, b - a), T(0)) << "precondition: the square underflows";
  FailureLog log;
  for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray, LinearKind::Line})
    CheckLinear(kind, p, a, b, log, "underflow");
  const auto r = cq::ClosestPointOnSegment(p, a, b);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->region, LinearRegion::Interior);
  EXPECT_NEAR(double(r->t), 0.4, 16 * double(Eps<T>()));  // |B - A| is the scene's size here
  EXPECT_EQ(log.count(), 0);
}

TYPED_TEST(Scale, SquaredLengthOverflows) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // |B - A| ~ 1e200 (float: 1e25): |B - A|^2 is +inf in T. The denominator reports the
  // rounded true value, +inf, as documented; the answer is still exact.
  const T s = sizeof(T) == 4 ? T(1e25) : T(1e200);
  const cq::Vec<T, N> a = s * V<T, N>(-1, 0.5, 0.25);
  const cq::Vec<T, N> b = s * V<T, N>(1, -0.3, 0.5);
  ASSERT_TRUE(std::isinf(cq::Dot(b - a, b - a))) << "precondition: the square overflows";
  FailureLog log;
  for (const cq::Vec<T, N>& p : {s * V<T, N>(0.1, 0.7, -0.2), s * V<T, N>(-3, 1, 1), s * V<T, N>(2, -1, 0.5)})
    for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray, LinearKind::Line})
      CheckLinear(kind, p, a, b, log, "overflow");
  EXPECT_EQ(log.count(), 0);
  const auto r = cq::ClosestPointOnSegment(s * V<T, N>(0.1, 0.7, -0.2), a, b);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(std::isinf(r->denominator));
  EXPECT_EQ(r->region, LinearRegion::Interior);
}

TYPED_TEST(Scale, FarPointAndTinySegment) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // A segment 1e-300 long (float: 1e-30) and P 1e300 away along it (float: 1e30):
  // t_raw = 1e600 overflows to +inf, but the clamp is decided on the numerator, so the
  // segment's answer is exactly B with t = 1; behind A, exactly A with t = 0. The
  // distance (~1e300) is finite while its square overflows. A line's answer is the foot.
  const T tiny = sizeof(T) == 4 ? T(1e-30) : T(1e-300);
  const T huge = sizeof(T) == 4 ? T(1e30) : T(1e300);
  const cq::Vec<T, N> a{};
  const cq::Vec<T, N> b = tiny * V<T, N>(1, 0, 0);
  const cq::Vec<T, N> ahead = V<T, N>(double(huge), 0.5, 0.25);
  const auto past = cq::ClosestPointOnSegment(ahead, a, b);
  ASSERT_TRUE(past.ok());
  EXPECT_TRUE(std::isinf(past->tRaw) && past->tRaw > 0);
  EXPECT_EQ(past->t, T(1));
  EXPECT_EQ(past->region, LinearRegion::VertexB);
  EXPECT_TRUE(SameBits(past->closest, b));
  EXPECT_TRUE(std::isfinite(past->distance));
  EXPECT_LE(std::fabs(Ld(past->distance) - cqtest::DistL(cqtest::ToL(ahead), cqtest::ToL(b))), Tolerance<T>(Ld(huge)));
  EXPECT_TRUE(std::isinf(past->distanceSq));

  const cq::Vec<T, N> behind = V<T, N>(-double(huge), 0.5, 0.25);
  const auto before = cq::ClosestPointOnSegment(behind, a, b);
  ASSERT_TRUE(before.ok());
  EXPECT_TRUE(std::isinf(before->tRaw) && before->tRaw < 0);
  EXPECT_EQ(before->t, T(0));
  EXPECT_EQ(before->region, LinearRegion::VertexA);
  EXPECT_TRUE(SameBits(before->closest, a));

  const auto line = cq::ClosestPointOnLine(ahead, a, b);
  ASSERT_TRUE(line.ok());
  EXPECT_EQ(line->region, LinearRegion::Interior);
  // The foot (huge, 0, 0) is a T itself, and the line's distance (0.5, or |(0.5, 0.25)|)
  // is exact to its own ulps, though far below ulp(huge) (~1e284): across the line, not
  // |P - foot| (which read 1.5e284 with the foot an ulp short of 1e300).
  // (Where double has no wider type, only to the scene's tolerance: CheckLinear below.)
  if (cq::detail::k_hasWide<T>) {
    EXPECT_TRUE(SameBits(line->closest, V<T, N>(double(huge), 0, 0)));
    const Ld across = N == 2 ? Ld(0.5) : std::sqrt(Ld(0.25) + Ld(0.0625));
    EXPECT_LE(std::fabs(Ld(line->distance) - across), 4 * Ld(Eps<T>()) * across);
  }

  ExpectEveryKindMatchesTheReference({ahead, behind}, a, b, "far");
}

/// Whether the fast path gives the query up to the slow, exact one (the guard failed).
template <class T, int N>
bool TakesTheSlowPath(const cq::Vec<T, N>& p, const cq::Vec<T, N>& a, const cq::Vec<T, N>& b) {
  bool inRange = false;
  cq::detail::ClosestPointOnLinearFast<LinearKind::Segment>(p, a, b, inRange);  // the guard is the same for every kind
  return !inRange;
}

/// Why the slow path's exact tests skip where double has no wider type (the no-wide build).
constexpr const char* k_noWideSlowPath =
    "double has no wider type here: the slow path sums the numerator as the fast path does, on an unbounded "
    "exponent range, decides region B on it against |B - A|^2, and measures the distance to the rounded foot";

/// A random T in [1, 2) or (-2, -1].
template <class T>
T RandomSignificand(cqtest::Rng& rng) {
  const T m = T(rng.Uniform(1, 2));
  return rng.Chance(0.5) ? m : -m;
}

TYPED_TEST(Scale, PointOnThePerpendicularThroughAProjectsExactlyOntoA) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  if (!cq::detail::k_hasWide<T>) GTEST_SKIP() << k_noWideSlowPath;
  // B - A = (x, y, 0) 2^kd and P - A = (-y, x, z) 2^ke: (P - A).(B - A) is exactly 0,
  // though x y rounds. With A = 0 every coordinate is exact. Where the scene's squares
  // leave the range (the slow path) the numerator is summed exactly: t_raw = 0, and the
  // answer is A itself. The fused sum kept the rounding of x y: with B - A =
  // (1e-300, 1e-300), P = (-1e300, 1e300) it read t_raw = inf, region interior, closest
  // 5e283 from A. (At ordinary scales the fast path rounds as any float sum does; t_raw
  // is then ~1e-16 |P - A| / |B - A|, and the README says so.)
  cqtest::Rng rng(0x5eed'4010 + N + 10 * sizeof(T));
  const int top = sizeof(T) == 4 ? 120 : 1000;  // binary exponents
  FailureLog log;
  int slowScenes = 0;
  for (int i = 0; i < 4000; ++i) {
    const T x = RandomSignificand<T>(rng);
    const T y = RandomSignificand<T>(rng);
    const T z = N == 3 && rng.Chance(0.5) ? RandomSignificand<T>(rng) : T(0);
    const int kd = rng.Int(-top, top);
    const int ke = rng.Int(-top, top);
    const cq::Vec<T, N> a{};
    const cq::Vec<T, N> b = std::ldexp(T(1), kd) * V<T, N>(double(x), double(y), 0);
    const cq::Vec<T, N> p = std::ldexp(T(1), ke) * V<T, N>(-double(y), double(x), double(z));
    if (!TakesTheSlowPath(p, a, b)) continue;
    ++slowScenes;
    const Ld reach = cqtest::NormL(cqtest::ToL(p));
    for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray, LinearKind::Line}) {
      const auto r = cq::ClosestPointOnLinear(kind, p, a, b);
      const bool ok = r.ok() && r->tRaw == T(0) && r->t == T(0) && r->numerator == T(0) && SameBits(r->closest, a) &&
                      SameBits(r->foot, a) &&
                      r->region == (kind == LinearKind::Line ? LinearRegion::Interior : LinearRegion::VertexA) &&
                      std::fabs(Ld(r->distance) - reach) <= 4 * Ld(Eps<T>()) * reach;
      if (!ok && log.Fail())
        ADD_FAILURE() << cq::ToString(kind) << " p=" << cqtest::Str(p) << " b=" << cqtest::Str(b)
                      << (r.ok() ? " t_raw=" + std::to_string(double(r->tRaw)) + " region " + cq::ToString(r->region)
                                 : std::string(" not ok"));
    }
  }
  EXPECT_GT(slowScenes, 1000);
  EXPECT_EQ(log.count(), 0);
}

TYPED_TEST(Scale, DistanceAcrossALineIsGoodToItsOwnUlpsWhereTheFootIsFarAlong) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  if (!cq::detail::k_hasWide<T>) GTEST_SKIP() << k_noWideSlowPath;
  // The line through A = 0 and B = c (3, 4, 0) 2^kb, and P = s (3, 4, 0) 2^kp +
  // m (-4, 3, 0) 2^kp (3D: + (0, 0, 5 m2) 2^kp) for integers s >> m: every coordinate of
  // P is an exact T, the foot s (3, 4, 0) 2^kp is one, and the distance is 5 m 2^kp (3D:
  // 5 sqrt(m^2 + m2^2) 2^kp), thousands of times below P's size. Where the squares leave
  // the range, the distance and the closest point are good to a few ulps of the distance,
  // not of the scene: |P - foot| for the foot formed along the line, A + t_raw (B - A),
  // carried the foot's rounding (P = (1e300, 5) over (0, 0)-(1e-300, 0) read 1.5e284).
  cqtest::Rng rng(0x5eed'4011 + N + 10 * sizeof(T));
  const int top = sizeof(T) == 4 ? 110 : 990;
  const int bits = std::numeric_limits<T>::digits;
  FailureLog log;
  int slowScenes = 0;
  for (int i = 0; i < 4000; ++i) {
    const int m = rng.Int(1, 8);
    const int m2 = N == 3 ? rng.Int(0, 8) : 0;
    const double s = std::floor(rng.Uniform(4096.0 * m, std::ldexp(1.0, bits - 5)));  // 4 s + 3 m < 2^digits: exact
    const int kp = rng.Int(-top, top - bits);  // P finite
    const int kb = rng.Int(-top, top - bits);  // B finite
    const T unitP = std::ldexp(T(1), kp);
    const cq::Vec<T, N> a{};
    // B - A = c (3, 4, 0) 2^kb, c odd: t_raw = s / c 2^(kp-kb) rounds, and so does the
    // foot formed along the line (with c = 1 it was exact by luck of the integers).
    const double c = 2 * std::floor(rng.Uniform(0, std::ldexp(1.0, bits - 5))) + 1;
    const cq::Vec<T, N> b = std::ldexp(T(1), kb) * V<T, N>(3 * c, 4 * c, 0);
    const cq::Vec<T, N> p = unitP * V<T, N>(3.0 * s - 4.0 * m, 4.0 * s + 3.0 * m, 5.0 * m2);
    const cq::Vec<T, N> foot = unitP * V<T, N>(3.0 * s, 4.0 * s, 0);
    if (!TakesTheSlowPath(p, a, b)) continue;
    ++slowScenes;
    const Ld distance = 5 * std::sqrt(Ld(m) * m + Ld(m2) * m2) * Ld(unitP);
    for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray, LinearKind::Line}) {
      const auto r = cq::ClosestPointOnLinear(kind, p, a, b);
      if (!r.ok()) {
        if (log.Fail()) ADD_FAILURE() << cq::ToString(kind) << " not ok";
        continue;
      }
      if (r->region != LinearRegion::Interior) {  // a segment P projects past B on
        if (kind != LinearKind::Segment || cqtest::NormL(cqtest::ToL(foot)) <= cqtest::NormL(cqtest::ToL(b))) {
          if (log.Fail()) ADD_FAILURE() << cq::ToString(kind) << " region " << cq::ToString(r->region);
        }
        continue;
      }
      const Ld tolerance = 8 * Ld(Eps<T>()) * distance;
      const bool ok = std::fabs(Ld(r->distance) - distance) <= tolerance &&
                      cqtest::DistL(cqtest::ToL(r->closest), cqtest::ToL(foot)) <= tolerance &&
                      SameBits(r->closest, r->foot);
      if (!ok && log.Fail())
        ADD_FAILURE() << cq::ToString(kind) << " p=" << cqtest::Str(p) << " b=" << cqtest::Str(b)
                      << " distance " << double(r->distance) << " (exact " << double(distance) << ") closest "
                      << cqtest::Str(r->closest) << " (exact " << cqtest::Str(foot) << ")";
    }
  }
  EXPECT_GT(slowScenes, 1000);
  EXPECT_EQ(log.count(), 0);
}

TYPED_TEST(Scale, SegmentEndBIsDecidedExactlyAsEndAIs) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  if (!cq::detail::k_hasWide<T>) GTEST_SKIP() << k_noWideSlowPath;
  // A = -u 2^ka, B = 0 and P = -u 2^kp with kp well below ka: P lies exactly on the
  // segment, a hair before B (t = 1 - 2^(kp-ka)), where the rounded numerator equals the
  // rounded |B - A|^2. Comparing those read region B, distance |P| (2e140 for A =
  // (-1e200, 1e200)); P = +u 2^kp, past B on the carrier, read interior, distance 0, in
  // 3 % of a review's targeted cases (s31), while A's end, decided on the exact sign of
  // the numerator, was right. The scenes are in the slow path: |B - A|^2 overflows.
  cqtest::Rng rng(0x5eed'4012 + N + 10 * sizeof(T));
  const int top = sizeof(T) == 4 ? 120 : 1000;
  const int low = sizeof(T) == 4 ? 66 : 520;  // |B - A| beyond the fast path's range
  FailureLog log;
  for (int i = 0; i < 3000; ++i) {
    const cq::Vec<T, N> u = V<T, N>(double(RandomSignificand<T>(rng)), double(RandomSignificand<T>(rng)),
                                    N == 3 ? double(RandomSignificand<T>(rng)) : 0.0);
    const int ka = rng.Int(low, top);
    const int kp = ka - rng.Int(30, sizeof(T) == 4 ? 60 : 200);
    const cq::Vec<T, N> a = -std::ldexp(T(1), ka) * u;
    const cq::Vec<T, N> b{};
    const cq::Vec<T, N> on = -std::ldexp(T(1), kp) * u;
    const cq::Vec<T, N> past = std::ldexp(T(1), kp) * u;
    const auto r = cq::ClosestPointOnSegment(on, a, b);
    if (!(r.ok() && r->region == LinearRegion::Interior && r->distance == T(0) && SameBits(r->closest, on) &&
          r->t <= T(1)) &&
        log.Fail())
      ADD_FAILURE() << "on the segment before B: p=" << cqtest::Str(on) << " a=" << cqtest::Str(a)
                    << (r.ok() ? std::string(" region ") + cq::ToString(r->region) : std::string(" not ok"));
    const auto s = cq::ClosestPointOnSegment(past, a, b);
    const Ld reach = cqtest::NormL(cqtest::ToL(past));
    if (!(s.ok() && s->region == LinearRegion::VertexB && SameBits(s->closest, b) &&
          std::fabs(Ld(s->distance) - reach) <= 4 * Ld(Eps<T>()) * reach) &&
        log.Fail())
      ADD_FAILURE() << "past B: p=" << cqtest::Str(past) << " a=" << cqtest::Str(a)
                    << (s.ok() ? std::string(" region ") + cq::ToString(s->region) : std::string(" not ok"));
  }
  EXPECT_EQ(log.count(), 0);
  // Decided exactly before B, t_raw may still round past 1; t stays in [0, 1] (the
  // review's case, s31: t read 1.0000000000000002).
  if constexpr (sizeof(T) == 8 && N == 2) {
    const auto q = cq::ClosestPointOnSegment(V<T, N>(-2.2540421729755657e-211, 5.15518970262434e-210),
                                             V<T, N>(9.035096077441114e+155, -2.8212208729945007e+156),
                                             V<T, N>(-7.326993530182481e-125, 3.6519181899291153e-125));
    ASSERT_TRUE(q.ok());
    EXPECT_EQ(q->region, LinearRegion::Interior);
    EXPECT_GT(q->tRaw, T(1));
    EXPECT_EQ(q->t, T(1));
  }
}

TYPED_TEST(Scale, SmallProductNextToZeroOnesDecidesTheRegion) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // A = (H, 0, 0), B = (H, t, 0), P = (0, s, 0) with H huge, t tiny, s small (double:
  // 1e200, 1e-200, 1e-150; float: 1e30, 1e-30, 1e-20): B - A = (0, t, 0), so the
  // numerator is s t > 0 (1e-350) against a denominator t^2 (1e-400): t_raw = s / t =
  // 1e50, region B. Rescaling P - A by its largest coordinate (H) and B - A by its own
  // flushes s to zero and with it the only non-zero product: the slow path used to
  // answer t_raw = 0, region A. The answers, from the slow path as it is now, match the
  // reference exactly in region and within rounding in t_raw and the closest point.
  const bool isFloat = sizeof(T) == 4;
  const T huge = isFloat ? T(1e30) : T(1e200);
  const T tiny = isFloat ? T(1e-30) : T(1e-200);
  const T small = isFloat ? T(1e-20) : T(1e-150);
  const cq::Vec<T, N> a = V<T, N>(double(huge), 0, 0);
  const cq::Vec<T, N> b = V<T, N>(double(huge), double(tiny), 0);
  const cq::Vec<T, N> p = V<T, N>(0, double(small), 0);
  const Ld tRaw = Ld(small) / Ld(tiny);
  const auto segment = cq::ClosestPointOnSegment(p, a, b);
  ASSERT_TRUE(segment.ok());
  EXPECT_EQ(segment->region, LinearRegion::VertexB);
  EXPECT_EQ(segment->t, T(1));
  EXPECT_TRUE(SameBits(segment->closest, b));
  EXPECT_NEAR(double(Ld(segment->tRaw) / tRaw), 1.0, 4 * double(Eps<T>()));
  // The reported numerator is the true one rounded to T (as documented): s t underflows.
  EXPECT_EQ(segment->numerator, static_cast<T>(Ld(small) * Ld(tiny)));
  const auto ray = cq::ClosestPointOnRay(p, a, b);
  const auto line = cq::ClosestPointOnLine(p, a, b);
  ASSERT_TRUE(ray.ok() && line.ok());
  for (const auto* r : {&*ray, &*line}) {
    EXPECT_EQ(r->region, LinearRegion::Interior);
    EXPECT_NEAR(double(Ld(r->t) / tRaw), 1.0, 4 * double(Eps<T>()));
    EXPECT_EQ(r->closest.v[0], huge);
    EXPECT_NEAR(double(Ld(r->closest.v[1]) / Ld(small)), 1.0, 4 * double(Eps<T>())) << "the foot is (H, s)";
  }
  // Behind A (P's small coordinate negative): region A, and the ray's foot is A.
  const cq::Vec<T, N> behind = V<T, N>(0, -double(small), 0);
  const auto before = cq::ClosestPointOnSegment(behind, a, b);
  ASSERT_TRUE(before.ok());
  EXPECT_EQ(before->region, LinearRegion::VertexA);
  EXPECT_NEAR(double(Ld(before->tRaw) / -tRaw), 1.0, 4 * double(Eps<T>()));
  ExpectEveryKindMatchesTheReference({p, behind}, a, b, "small product");
}

TYPED_TEST(Scale, SubnormalCoordinatesBesideHugeOnesKeepTheirBits) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // A coordinate near the top of the range (H, about 1e308 in double) and others a few
  // multiples of the smallest subnormal s. The slow paths used to scale such a scene down
  // by 2^8 first, which flushed the subnormals: A = (0, H), B = (4s, H), P = (6s, H) read
  // as region A (the numerator 24 s^2 > den 16 s^2: region B, t_raw 1.5 exactly), the line
  // took A == B, and a box's distance of s read 0.
  const T s = std::numeric_limits<T>::denorm_min();
  const T huge = std::numeric_limits<T>::max() / T(1.8);
  const cq::Vec<T, N> a = V<T, N>(0, double(huge), 0);
  const cq::Vec<T, N> b = V<T, N>(double(4 * s), double(huge), 0);
  const cq::Vec<T, N> p = V<T, N>(double(6 * s), double(huge), 0);
  const auto segment = cq::ClosestPointOnSegment(p, a, b);
  ASSERT_TRUE(segment.ok());
  EXPECT_EQ(segment->region, LinearRegion::VertexB);
  EXPECT_EQ(segment->tRaw, T(1.5));
  EXPECT_TRUE(SameBits(segment->closest, b));
  EXPECT_EQ(segment->distance, 2 * s);
  const auto line = cq::ClosestPointOnLine(p, a, b);
  ASSERT_TRUE(line.ok());
  EXPECT_EQ(line->region, LinearRegion::Interior);
  EXPECT_EQ(line->t, T(1.5));
  EXPECT_TRUE(SameBits(line->closest, p));
  EXPECT_EQ(line->distance, T(0));

  // A box reached across a subnormal gap, and one whose clamped coordinate is a subnormal
  // with many bits (12345 s): the distances are exact.
  const cq::Aabb<T, N> tall{V<T, N>(0, 0, 0), V<T, N>(1, double(huge), 1)};
  const auto outside = cq::ClosestPointOnBox(V<T, N>(-double(s), double(huge), 0), tall);
  ASSERT_TRUE(outside.ok());
  EXPECT_EQ(outside->distance, s);
  const T q = 12345 * s;
  const cq::Aabb<T, N> wide{V<T, N>(0, double(q), 0), V<T, N>(double(huge), double(huge), 1)};
  const auto below = cq::ClosestPointOnBox(V<T, N>(double(huge), 0, 0), wide);
  ASSERT_TRUE(below.ok());
  EXPECT_EQ(below->distance, q);
  // A sphere of radius s whose centre is s outside that box touches it: not penetrating.
  const auto touch = cq::ContactSphereBox(cq::Sphere<T, N>{V<T, N>(-double(s), double(huge), 0), s}, tall);
  ASSERT_TRUE(touch.ok());
  EXPECT_FALSE(touch->penetrating);

  // Review s34: where B - A overflows, the slow path halves the scene, which rounds away
  // the last bit of an odd multiple of s: P one s beside A (the other coordinate at -max,
  // B's at +max) read distance 0 at A, and a ball of radius s there "penetrated" the wire
  // it touches. The distance to a vertex is now taken from the numbers as given.
  const double top = double(std::numeric_limits<T>::max());
  const cq::Vec<T, N> lowA = V<T, N>(double(12345 * s), -top, 0);
  const cq::Vec<T, N> highB = V<T, N>(double(12347 * s), top, 0);
  for (const bool atB : {false, true}) {
    const cq::Vec<T, N> beside = atB ? V<T, N>(double(12348 * s), top, 0) : V<T, N>(double(12344 * s), -top, 0);
    const auto end = cq::ClosestPointOnSegment(beside, lowA, highB);
    ASSERT_TRUE(end.ok());
    EXPECT_EQ(end->region, atB ? LinearRegion::VertexB : LinearRegion::VertexA);
    EXPECT_TRUE(SameBits(end->closest, atB ? highB : lowA));
    EXPECT_EQ(end->distance, s) << (atB ? "at B" : "at A");
    const auto wire = cq::ContactSphereSegment(cq::Sphere<T, N>{beside, s}, lowA, highB);
    ASSERT_TRUE(wire.ok());
    EXPECT_FALSE(wire->penetrating) << (atB ? "at B" : "at A");
  }
}

TYPED_TEST(Scale, PlaneWhoseOffsetOverflowsOnlyWhenScaledAlone) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // n = (0, 0.75), d = 0.66 max: the foot is at d / 0.75 = 0.88 max, representable, but
  // d scaled by n's own exponent (2^1) overflows, and the query used to refuse it as an
  // overflow. Exact answers by hand: foot (0, d / 0.75), signed distance -d / 0.75; from
  // P = (0, 0.95 max) the signed distance is (0.75 P_y - d) / 0.75.
  const T max = std::numeric_limits<T>::max();
  const T d = T(0.66) * max;
  const cq::Plane<T, N> plane{V<T, N>(0, 0.75, 0), d};
  const auto origin = cq::ClosestPointOnPlane(cq::Vec<T, N>{}, plane);
  ASSERT_TRUE(origin.ok()) << "the answer is representable";
  const Ld footY = Ld(d) / Ld(0.75);
  EXPECT_LE(std::fabs(Ld(origin->closest.v[1]) - footY), Tolerance<T>(footY));
  EXPECT_LE(std::fabs(Ld(origin->signedDistance) + footY), Tolerance<T>(footY));
  EXPECT_EQ(origin->region, cq::PlaneRegion::Back);
  const T py = T(0.95) * max;
  const auto above = cq::ClosestPointOnPlane(V<T, N>(0, double(py), 0), plane);
  ASSERT_TRUE(above.ok());
  const Ld expected = (Ld(0.75) * Ld(py) - Ld(d)) / Ld(0.75);
  EXPECT_LE(std::fabs(Ld(above->signedDistance) - expected), Tolerance<T>(Ld(py)));
  EXPECT_EQ(above->region, cq::PlaneRegion::Front);
  // The same offset against a normal 2^-8 as long truly overflows: the foot is at 170 max.
  const auto beyond = cq::ClosestPointOnPlane(cq::Vec<T, N>{}, cq::Plane<T, N>{V<T, N>(0, 0.75 / 256, 0), d});
  ASSERT_FALSE(beyond.ok());
  EXPECT_EQ(beyond.error().code, cq::ErrorCode::Overflow);
}

TYPED_TEST(Scale, DistanceToAPointJustOffTheShapeDoesNotUnderflow) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // A unit segment and P s = 1e-200 (float: 1e-30) off it: |P - closest|^2 = 1e-400
  // (1e-60) underflows to 0, and the distance used to read 0 (a point 1e-160 off lost
  // digits: 9.99994e-161). The distance is s exactly, for every kind and in both vertex
  // regions; a sphere of radius s / 2 there does not touch the wire, one of radius 2 s
  // penetrates it by s.
  const T s = sizeof(T) == 4 ? T(1e-30) : T(1e-200);
  const cq::Vec<T, N> a{};
  const cq::Vec<T, N> b = V<T, N>(1, 0, 0);
  const cq::Vec<T, N> above = V<T, N>(0.5, double(s), 0);
  ASSERT_EQ(s * s, T(0)) << "precondition: the square underflows";
  for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray, LinearKind::Line}) {
    const auto r = cq::ClosestPointOnLinear(kind, above, a, b);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->distance, s) << cq::ToString(kind);
    EXPECT_EQ(r->region, LinearRegion::Interior);
    EXPECT_EQ(r->t, T(0.5));
    EXPECT_TRUE(SameBits(r->closest, V<T, N>(0.5, 0, 0)));
  }
  const auto beforeA = cq::ClosestPointOnSegment(V<T, N>(-double(s), 0, 0), a, b);
  ASSERT_TRUE(beforeA.ok());
  EXPECT_EQ(beforeA->region, LinearRegion::VertexA);
  EXPECT_EQ(beforeA->distance, s);
  const auto pastB = cq::ClosestPointOnSegment(V<T, N>(1, double(s), 0), a, b);
  ASSERT_TRUE(pastB.ok());
  EXPECT_EQ(pastB->region, LinearRegion::VertexB);
  EXPECT_EQ(pastB->distance, s);
  // Digits, not only the exponent: 3 s in one coordinate and 4 s in another, 5 s away.
  const auto slanted = cq::ClosestPointOnSegment(V<T, N>(0.25, 3 * double(s), 4 * double(s)), a, b);
  ASSERT_TRUE(slanted.ok());
  EXPECT_LE(cqtest::UlpDistance(slanted->distance, T(N == 3 ? 5 : 3) * s), 1);
  // On the segment: exactly 0.
  const auto on = cq::ClosestPointOnSegment(V<T, N>(0.5, 0, 0), a, b);
  ASSERT_TRUE(on.ok());
  EXPECT_TRUE(SameBits(on->distance, T(0)));
  const auto clear = cq::ContactSphereSegment(cq::Sphere<T, N>{above, s / 2}, a, b);
  ASSERT_TRUE(clear.ok());
  EXPECT_FALSE(clear->penetrating);
  EXPECT_EQ(clear->distance, s);
  const auto deep = cq::ContactSphereSegment(cq::Sphere<T, N>{above, 2 * s}, a, b);
  ASSERT_TRUE(deep.ok());
  EXPECT_TRUE(deep->penetrating);
  EXPECT_EQ(deep->depth, s);
}

TYPED_TEST(Scale, RayOrLineWhoseClosestPointIsBeyondTheRangeIsOverflow) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // The line through the origin along (1, 0.5) and P = 0.88 max (1, 1): the foot is at
  // 1.5 P_x / 1.25 (1, 0.5), whose x is 1.06 max, beyond the range. No number can stand
  // for it: Overflow naming p, as a plane's foot beyond the range is. The segment's
  // closest point is B; a P whose foot is in range is answered.
  const T max = std::numeric_limits<T>::max();
  const T big = T(0.88) * max;
  const cq::Vec<T, N> a{};
  const cq::Vec<T, N> b = V<T, N>(1, 0.5, 0);
  const cq::Vec<T, N> p = V<T, N>(double(big), double(big), 0);
  for (const LinearKind kind : {LinearKind::Ray, LinearKind::Line}) {
    const auto r = cq::ClosestPointOnLinear(kind, p, a, b);
    ASSERT_FALSE(r.ok()) << cq::ToString(kind) << ": closest " << cqtest::Str(r->closest);
    EXPECT_EQ(r.error().code, cq::ErrorCode::Overflow);
    EXPECT_EQ(r.error().field, cq::Field::P);
  }
  const auto segment = cq::ClosestPointOnSegment(p, a, b);
  ASSERT_TRUE(segment.ok());
  EXPECT_TRUE(SameBits(segment->closest, b));
  const cq::Vec<T, N> nearer = V<T, N>(double(big) / 2, double(big) / 2, 0);
  const auto inRange = cq::ClosestPointOnLine(nearer, a, b);
  ASSERT_TRUE(inRange.ok());
  EXPECT_TRUE(cq::IsFinite(inRange->closest));
  const Ld footX = Ld(1.5) * Ld(big / 2) / Ld(1.25);
  EXPECT_LE(std::fabs(Ld(inRange->closest.v[0]) - footX), Tolerance<T>(footX));
}

// Near the top of the range the slow path forms the foot as A + (t_raw (B - A)); that term
// alone can overflow where the foot does not (A high up, the foot back towards zero). A
// reported scene (double: P = (0x1.b974642c71092p+1023, -0x1.8ebbb5516e5adp+1020),
// A = (0, 0x1.ab36d48e1acfp+1023), B = (0x1.1ccf385ebc8ap+1023, 0), exact rationals:
// t_raw = 1.25, foot (0x1.640306766bac8p+1023, -0x1.ab36d48e1acf1p+1021)) read a foot of
// (x, -inf) and an infinite distance for the line and the ray, and an infinite foot for
// the segment. Then, over random scenes near the top: an answer wherever the reference's
// foot is inside the range (with the reference's values), Overflow naming p wherever it
// is clearly beyond it.
TYPED_TEST(Scale, FeetNearTheTopOfTheRange) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  FailureLog log;
  if constexpr (std::is_same_v<T, double> && N == 2) {
    const cq::Vec2d p{{0x1.b974642c71092p+1023, -0x1.8ebbb5516e5adp+1020}};
    const cq::Vec2d a{{0, 0x1.ab36d48e1acfp+1023}};
    const cq::Vec2d b{{0x1.1ccf385ebc8ap+1023, 0}};
    for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray, LinearKind::Line}) {
      const auto r = cq::ClosestPointOnLinear(kind, p, a, b);
      ASSERT_TRUE(r.ok()) << cq::ToString(kind);
      EXPECT_TRUE(cq::IsFinite(r->foot)) << cq::ToString(kind) << " foot " << cqtest::Str(r->foot);
      EXPECT_LE(cqtest::UlpDistance(r->foot.v[0], 0x1.640306766bac8p+1023), 2) << cq::ToString(kind);
      EXPECT_LE(cqtest::UlpDistance(r->foot.v[1], -0x1.ab36d48e1acf1p+1021), 2) << cq::ToString(kind);
      EXPECT_EQ(r->tRaw, 1.25);
    }
  }
  const T max = std::numeric_limits<T>::max();
  cqtest::Rng rng(0x5eed'0032 + N + 10 * sizeof(T));
  int answered = 0;
  int overflowed = 0;
  for (int i = 0; i < 4000; ++i) {
    cq::Vec<T, N> q[3];
    for (cq::Vec<T, N>& v : q)
      for (int k = 0; k < N; ++k) v.v[k] = T(rng.Uniform(-1, 1) * double(max));
    const cq::Vec<T, N>& p = q[0];
    const cq::Vec<T, N>& a = q[1];
    const cq::Vec<T, N>& b = q[2];
    for (const LinearKind kind : {LinearKind::Ray, LinearKind::Line}) {
      const auto ref = cqtest::ReferenceLinear(kind, p, a, b);
      const Ld footSize = cqtest::MaxAbsL(ref.closest);
      const auto r = cq::ClosestPointOnLinear(kind, p, a, b);
      if (footSize <= Ld(max) * (1 - 64 * Ld(Eps<T>()))) {
        // The reference's closest point, and its distance where that is in range too
        // (points up to 2 max apart are further apart than max: +inf, as documented).
        const Ld tol = Tolerance<T>(cqtest::SceneSize(p, a, b));
        bool right = r.ok() && cq::IsFinite(r->closest) &&
                     cqtest::DistL(cqtest::ToL(r->closest), ref.closest) <= tol;
        if (right && ref.distance <= Ld(max) * (1 - 64 * Ld(Eps<T>())))
          right = std::fabs(Ld(r->distance) - ref.distance) <= tol;
        if (right && ref.distance >= Ld(max) * (1 + 64 * Ld(Eps<T>()))) right = std::isinf(r->distance);
        if (!right && log.Fail())
          ADD_FAILURE() << cq::ToString(kind) << " p=" << cqtest::Str(p) << " a=" << cqtest::Str(a)
                        << " b=" << cqtest::Str(b) << ": "
                        << (r.ok() ? "closest " + cqtest::Str(r->closest) + " distance " + std::to_string(r->distance)
                                   : cq::Describe(r.error()));
        ++answered;
      } else if (footSize >= Ld(max) * (1 + 64 * Ld(Eps<T>()))) {
        const bool overflow = !r.ok() && r.error().code == cq::ErrorCode::Overflow && r.error().field == cq::Field::P;
        if (!overflow && log.Fail())
          ADD_FAILURE() << cq::ToString(kind) << " p=" << cqtest::Str(p) << " a=" << cqtest::Str(a)
                        << " b=" << cqtest::Str(b) << ": the foot is beyond the range, expected Overflow";
        ++overflowed;
      }
    }
  }
  EXPECT_EQ(log.count(), 0);
  EXPECT_GT(answered, 2000);
  EXPECT_GT(overflowed, 200);
}

// The slow numerator is the fast path's fused sum on an unbounded exponent range: where
// the large products cancel exactly, a product ~2^1500 below them is the whole numerator
// (double: P - A = (2^500, 2^500, 2^-500), B - A = (2^100, -2^100, 2^-500): numerator
// 2^-1000, region interior; float: (1, 1, 2^-75) and (1, -1, 2^-76): 2^-151 rounds to 0
// in float but is kept on the unbounded range, so the region is interior). An earlier
// version scaled every product by the largest once, flushed the small one and read
// region A with numerator 0.
TYPED_TEST(Scale, SmallProductAfterAnExactCancellationIsKept) {
  using T = typename TypeParam::Scalar;
  if constexpr (TypeParam::k_dim == 3) {
    const bool isDouble = std::is_same_v<T, double>;
    const T big = isDouble ? T(0x1p500) : T(1);
    const T mid = isDouble ? T(0x1p100) : T(1);
    const T small = isDouble ? T(0x1p-500) : T(0x1p-75f);
    const T smaller = isDouble ? T(0x1p-500) : T(0x1p-76f);
    const cq::Vec<T, 3> a{};
    const cq::Vec<T, 3> b{{mid, -mid, smaller}};
    const cq::Vec<T, 3> p{{big, big, small}};
    for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray}) {
      const auto r = cq::ClosestPointOnLinear(kind, p, a, b);
      ASSERT_TRUE(r.ok());
      EXPECT_EQ(r->region, LinearRegion::Interior) << cq::ToString(kind) << " numerator " << r->numerator;
      if (isDouble) {
        EXPECT_EQ(r->numerator, T(0x1p-1000));
      }
    }
  }
}

TYPED_TEST(Scale, ScenesWithCoordinatesAtUnrelatedScales) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // Every coordinate of A, B - A and P at its own random scale, some exactly zero: the
  // products of the numerator then differ by up to ~1e600 (float 1e60) and one of them
  // alone often decides the region. CheckLinear's region check is as tight as the
  // numerator's own rounding (the sum of the products' magnitudes).
  cqtest::Rng rng(0x5eed'4003 + N + 10 * sizeof(T));
  FailureLog log;
  const int top = k_maxDecimalExponent<T>;
  const auto coordinates = [&] {
    cq::Vec<T, N> v{};
    for (int k = 0; k < N; ++k)
      v.v[k] = rng.Chance(0.25) ? T(0) : RandomAtScale<T, N>(rng, rng.Int(-top, top)).v[k];
    return v;
  };
  for (int i = 0; i < 6000; ++i) {
    const auto a = coordinates();
    const auto b = a + coordinates();
    const auto p = rng.Chance(0.5) ? a + coordinates() : coordinates();
    for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray, LinearKind::Line})
      CheckLinear(kind, p, a, b, log, "unrelated scales");
  }
  EXPECT_EQ(log.count(), 0);
}

// ---------------------------------------------------------------------------------------
// Planes.

TYPED_TEST(Scale, PlanesWithTinyAndHugeNormals) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'4003 + N + 10 * sizeof(T));
  FailureLog log;
  const int top = k_maxDecimalExponent<T>;
  for (int i = 0; i < 6000; ++i) {
    // n at any scale, a point X0 of the plane and P at other scales; d = n.X0 rounded
    // (the reference uses that same d, so the plane is exactly the one queried).
    const int en = rng.Int(-top, top);
    const cq::Vec<T, N> normal = RandomAtScale<T, N>(rng, en);
    if (normal == cq::Vec<T, N>{}) continue;
    const cq::Vec<T, N> x0 = RandomAtScale<T, N>(rng, rng.Int(-top, top));
    const Ld offsetL = cqtest::DotL(cqtest::ToL(normal), cqtest::ToL(x0));
    const T offset = static_cast<T>(offsetL);
    if (!std::isfinite(offset) || (offset == T(0) && offsetL != 0)) continue;  // d itself not representable
    const cq::Vec<T, N> p = rng.Chance(0.3) ? x0 + RandomAtScale<T, N>(rng, rng.Int(-top, top))
                                            : RandomAtScale<T, N>(rng, rng.Int(-top, top));
    const cq::Plane<T, N> plane{normal, offset};
    const auto r = cq::ClosestPointOnPlane(p, plane);
    const auto ref = cqtest::ReferencePlane(p, plane);
    const Ld scene = std::max(cqtest::SceneSize(p), std::fabs(Ld(offset)) / ref.normalLength);
    const Ld tol = Tolerance<T>(scene);
    std::string why;
    if (!r.ok()) {
      // The only allowed error: the plane (or the foot) is beyond T's range.
      if (r.error().code != cq::ErrorCode::Overflow || cqtest::MaxAbsL(ref.closest) <= Ld(std::numeric_limits<T>::max()) / 2)
        why = "error " + cq::Describe(r.error());
    } else {
      if (cqtest::DistL(cqtest::ToL(r->closest), ref.closest) > tol) why = "closest differs";
      else if (std::fabs(Ld(r->signedDistance) - ref.signedDistance) > tol) why = "signed distance differs";
      else if (std::fabs(Ld(r->normalLength) - ref.normalLength) > 4 * Ld(Eps<T>()) * ref.normalLength) why = "|n| differs";
    }
    if (!why.empty() && log.Fail())
      ADD_FAILURE() << why << ": n=" << cqtest::Str(normal) << " d=" << double(offset) << " p=" << cqtest::Str(p);
  }
  EXPECT_EQ(log.count(), 0);
}

// ---------------------------------------------------------------------------------------
// Boxes.

TYPED_TEST(Scale, BoxesAtBothEndsOfTheRange) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'4004 + N + 10 * sizeof(T));
  FailureLog log;
  const int top = k_maxDecimalExponent<T>;
  for (int i = 0; i < 6000; ++i) {
    const int eb = rng.Int(-top, top);
    cq::Aabb<T, N> box{RandomAtScale<T, N>(rng, eb), RandomAtScale<T, N>(rng, rng.Chance(0.5) ? eb : rng.Int(-top, eb))};
    box.max = box.min + box.max;
    for (int k = 0; k < N; ++k)
      if (box.min.v[k] > box.max.v[k]) std::swap(box.min.v[k], box.max.v[k]);
    const cq::Vec<T, N> p = rng.Chance(0.5) ? box.max + RandomAtScale<T, N>(rng, rng.Int(-top, eb))
                                            : RandomAtScale<T, N>(rng, rng.Int(-top, top));
    const auto r = cq::ClosestPointOnBox(p, box);
    ASSERT_TRUE(r.ok());
    const auto ref = cqtest::ReferenceBox(p, box);
    // The clamp is exact and the distance is correctly scaled: 4 eps relative to itself
    // (far tighter than relative to the scene).
    bool ok = cqtest::ToL(r->closest) == ref.closest;
    ok = ok && std::fabs(Ld(r->distance) - ref.distance) <= 4 * Ld(Eps<T>()) * ref.distance;
    for (int k = 0; k < N; ++k) ok = ok && r->side[k] == ref.side[k];
    if (!ok && log.Fail())
      ADD_FAILURE() << "p=" << cqtest::Str(p) << " min=" << cqtest::Str(box.min) << " max=" << cqtest::Str(box.max)
                    << ": distance " << double(r->distance) << " vs " << double(ref.distance);
  }
  EXPECT_EQ(log.count(), 0);
}

// ---------------------------------------------------------------------------------------
// Contact and normalisation at the extremes.

TYPED_TEST(Scale, ContactNormalsStayUnitAtEveryScale) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'4005 + N + 10 * sizeof(T));
  FailureLog log;
  const int top = k_maxDecimalExponent<T>;
  const Ld eps = Eps<T>();
  for (int i = 0; i < 3000; ++i) {
    const int e = rng.Int(-top, top);
    const cq::Vec<T, N> a = RandomAtScale<T, N>(rng, e);
    const cq::Vec<T, N> b = a + RandomAtScale<T, N>(rng, rng.Int(-top, e));
    const cq::Vec<T, N> c = a + RandomAtScale<T, N>(rng, rng.Int(-top, e));
    const T radius = static_cast<T>(Ld(rng.Uniform(0, 2)) * std::pow(Ld(10), Ld(rng.Int(-top, e))));
    const cq::Sphere<T, N> sphere{c, radius};
    const cq::Aabb<T, N> box{cq::Vec<T, N>::Splat(T(0)), a};
    cq::Aabb<T, N> ordered = box;
    for (int k = 0; k < N; ++k)
      if (ordered.min.v[k] > ordered.max.v[k]) std::swap(ordered.min.v[k], ordered.max.v[k]);
    const cq::Plane<T, N> through{b - a == cq::Vec<T, N>{} ? cq::Vec<T, N>::Axis(0) : b - a, T(0)};
    const auto wire = cq::ContactSphereSegment(sphere, a, b);
    const auto plane = cq::ContactSpherePlane(sphere, through);
    const auto solid = cq::ContactSphereBox(sphere, ordered);
    // Each shape's distance from the long-double references (textbook formulas), not from
    // the result's own fields: the wire's and an outside box's distance, the plane's
    // signed one, and inside the box minus the nearest face's.
    const auto boxRef = cqtest::ReferenceBox(c, ordered);
    Ld inside = std::numeric_limits<Ld>::infinity();
    for (int k = 0; k < N; ++k)
      inside = std::min({inside, Ld(c.v[k]) - Ld(ordered.min.v[k]), Ld(ordered.max.v[k]) - Ld(c.v[k])});
    const bool outside = std::any_of(boxRef.side.begin(), boxRef.side.end(), [](int s) { return s != 0; });
    const Ld reference[3] = {cqtest::ReferenceLinear(LinearKind::Segment, c, a, b).distance,
                             cqtest::ReferencePlane(c, through).signedDistance,
                             outside ? boxRef.distance : -inside};
    const char* names[3] = {"wire", "plane", "box"};
    int which = 0;
    for (const auto* r : {&wire, &plane, &solid}) {
      const int shape = which++;
      if (!r->ok()) {
        // Only a plane through the origin far from c may overflow; nothing else may fail.
        const bool allowed = shape == 1 && r->error().code == cq::ErrorCode::Overflow;
        if (!allowed && log.Fail()) ADD_FAILURE() << names[shape] << ": error " << cq::Describe(r->error());
        continue;
      }
      const Ld unitError = std::fabs(cqtest::NormL(cqtest::ToL((*r)->normal)) - 1);
      const Ld scene = cqtest::SceneSize(a, b, c) + Ld(radius);
      const Ld tol = Tolerance<T>(scene);
      const Ld refDistance = reference[shape];
      std::string why;
      if (!(unitError <= 4 * eps)) why = "normal not unit";
      if (why.empty() && !(std::fabs(Ld((*r)->distance) - refDistance) <= tol)) why = "distance off the reference";
      if (why.empty() && (*r)->penetrating && !(refDistance < Ld(radius) + tol)) why = "penetrating, but clear";
      if (why.empty() && !(*r)->penetrating && !(refDistance > Ld(radius) - tol)) why = "clear, but sunk in";
      if (why.empty() && (*r)->penetrating && !(std::fabs(Ld((*r)->depth) - (Ld(radius) - refDistance)) <= tol))
        why = "depth off r minus the reference distance";
      if (why.empty() && !(*r)->penetrating && (*r)->depth != T(0)) why = "depth without penetration";
      if (!why.empty() && log.Fail())
        ADD_FAILURE() << names[shape] << ": " << why << ": distance " << double((*r)->distance) << " vs "
                      << double(refDistance) << ", normal " << cqtest::Str((*r)->normal) << " (|n| - 1 = "
                      << double(unitError) << ") a=" << cqtest::Str(a) << " b=" << cqtest::Str(b)
                      << " c=" << cqtest::Str(c) << " r=" << radius;
    }
  }
  EXPECT_EQ(log.count(), 0);
}

}  // namespace
