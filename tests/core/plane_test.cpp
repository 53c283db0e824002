// tests/core/plane_test.cpp: closest point on a plane (cq/plane.hpp).
//
// Front, back and on; every result field on hand-computed cases with unit and non-unit
// normals, run under every axis permutation and reflection; the exact symmetries of the
// plane equation (flipping n and d, scaling n and d by a power of two); and every invalid
// input. The hand cases use small integers whose every intermediate is exact, so the
// expectations are exact (0 ulps).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <string>

#include "cq/detail/exact_sum.hpp"
#include "test_support.hpp"

namespace {

using cq::PlaneRegion;
__extension__ typedef __int128 Int128;  // GCC and Clang: a 128-bit integer reference
using cqtest::Ld;
using cqtest::AllAxisMaps;
using cqtest::AllConfigs;
using cqtest::AxisMap;
using cqtest::ConfigNames;
using cqtest::SameBits;
using cqtest::V;

struct PlaneCase {
  std::array<double, 3> normal;
  double offset2, offset3;  // d in 2D (z dropped) and in 3D
  std::array<double, 3> p;
  std::array<double, 3> closest;
  double planeValue2, planeValue3;
  double normalLength2, normalLength3;
  double signedDistance2, signedDistance3;
  PlaneRegion region;
};

// n = (0,2,0), d = 4: the plane y = 2 (n.P = 2 P_y), |n| = 2.
// P = (3,7,5): n.P - d = 10, s = 5, closest (3,2,5).
constexpr PlaneCase k_front{{0, 2, 0}, 4, 4, {3, 7, 5}, {3, 2, 5}, 10, 10, 2, 2, 5, 5, PlaneRegion::Front};
// P = (3,-1,5): n.P - d = -6, s = -3.
constexpr PlaneCase k_back{{0, 2, 0}, 4, 4, {3, -1, 5}, {3, 2, 5}, -6, -6, 2, 2, -3, -3, PlaneRegion::Back};
// P on the plane: n.P - d = 0 exactly.
constexpr PlaneCase k_on{{0, 2, 0}, 4, 4, {3, 2, 5}, {3, 2, 5}, 0, 0, 2, 2, 0, 0, PlaneRegion::On};
// A diagonal, non-unit normal through X0 = (1,-1,2):
// 3D: n = (2,3,6), |n| = 7, d = n.X0 = 11. P = X0 + 3 n + (3,-2,0) [(3,-2,0).n = 0]
//     = (10,6,20): n.P - d = 3 |n|^2 = 147, s = 21, closest X0 + (3,-2,0) = (4,-3,2).
// 2D: n = (3,4), |n| = 5, d = 3 - 4 = -1. P = X0 + 2 n + (4,-3) = (11,4): n.P - d = 50,
//     s = 10, closest (5,-4). (In the table, 2D reads the first two coordinates.)
constexpr PlaneCase k_diagonal3{{2, 3, 6}, 0, 11, {10, 6, 20}, {4, -3, 2}, 0, 147, 0, 7, 0, 21, PlaneRegion::Front};
constexpr PlaneCase k_diagonal2{{3, 4, 0}, -1, 0, {11, 4, 0}, {5, -4, 0}, 50, 0, 5, 0, 10, 0, PlaneRegion::Front};

PlaneRegion Flipped(PlaneRegion region) {
  return region == PlaneRegion::Front ? PlaneRegion::Back
                                      : (region == PlaneRegion::Back ? PlaneRegion::Front : PlaneRegion::On);
}

/// Runs the case under every axis map, with the plane as given and with n and d negated
/// (the same plane, facing the other way: closest unchanged bit for bit, s negated), and
/// with P and d scaled by 2^-600 / 2^600 (float 2^-70 / 2^70), which the rescaled path
/// answers: lengths scale exactly, |n| does not change, squares are the true values
/// rounded (0 or inf there).
template <class T, int N>
void RunPlaneCase(const PlaneCase& c) {
  const double offset = N == 2 ? c.offset2 : c.offset3;
  const double planeValue = N == 2 ? c.planeValue2 : c.planeValue3;
  const double normalLength = N == 2 ? c.normalLength2 : c.normalLength3;
  const double signedDistance = N == 2 ? c.signedDistance2 : c.signedDistance3;
  const int big = sizeof(T) == 4 ? 70 : 600;
  for (const int k : {0, -big, big}) {
    for (const AxisMap<N>& map : AllAxisMaps<N>()) {
      for (const double orientation : {1.0, -1.0}) {
        const cq::Plane<T, N> plane{T(orientation) * map.template Apply<T>(c.normal),
                                    std::ldexp(T(orientation * offset), k)};
        const cq::Vec<T, N> p = cq::detail::ScaleByPowerOfTwo(map.template Apply<T>(c.p), k);
        SCOPED_TRACE("scale 2^" + std::to_string(k) + " n=" + cqtest::Str(plane.normal) +
                     " d=" + std::to_string(double(plane.offset)) + " p=" + cqtest::Str(p));
        const auto r = cq::ClosestPointOnPlane(p, plane);
        ASSERT_TRUE(r.ok());
        EXPECT_EQ(r->closest, cq::detail::ScaleByPowerOfTwo(map.template Apply<T>(c.closest), k));
        EXPECT_EQ(r->planeValue, std::ldexp(T(orientation * planeValue), k));
        EXPECT_EQ(r->normalLength, T(normalLength));
        EXPECT_EQ(r->signedDistance, std::ldexp(T(orientation * signedDistance), k));
        EXPECT_EQ(r->distance, std::ldexp(T(std::abs(signedDistance)), k));
        EXPECT_EQ(r->distanceSq, std::ldexp(T(signedDistance * signedDistance), 2 * k));
        EXPECT_EQ(r->region, orientation > 0 ? c.region : Flipped(c.region));
        // The ratio the struct documents: planeValue / normalLength == signedDistance.
        EXPECT_EQ(r->planeValue / r->normalLength, r->signedDistance);
        if (c.region == PlaneRegion::On) {
          EXPECT_TRUE(SameBits(r->closest, p));
        }
      }
    }
  }
}

template <class C>
class PointPlane : public ::testing::Test {};
TYPED_TEST_SUITE(PointPlane, AllConfigs, ConfigNames);

#define CQ_RUN(c) RunPlaneCase<typename TypeParam::Scalar, TypeParam::k_dim>(c)
TYPED_TEST(PointPlane, InFrontProjectsBackAlongNormal) { CQ_RUN(k_front); }
TYPED_TEST(PointPlane, BehindProjectsForwardAlongNormal) { CQ_RUN(k_back); }
TYPED_TEST(PointPlane, OnThePlaneIsItsOwnClosestPoint) { CQ_RUN(k_on); }
TYPED_TEST(PointPlane, NonUnitDiagonalNormal) { CQ_RUN(TypeParam::k_dim == 2 ? k_diagonal2 : k_diagonal3); }
#undef CQ_RUN

TYPED_TEST(PointPlane, OneUlpOffThePlaneIsNotOn) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // The plane y = 2 and P one ulp above / below: Front / Back with s = +-ulp, never On.
  const cq::Plane<T, N> plane{V<T, N>(0, 1, 0), T(2)};
  cq::Vec<T, N> p = V<T, N>(1, 2, 1);
  p.v[1] = std::nextafter(T(2), T(3));
  const auto above = cq::ClosestPointOnPlane(p, plane);
  ASSERT_TRUE(above.ok());
  EXPECT_EQ(above->region, PlaneRegion::Front);
  EXPECT_EQ(above->signedDistance, p.v[1] - T(2));
  EXPECT_EQ(above->closest, (V<T, N>(1, 2, 1)));
  p.v[1] = std::nextafter(T(2), T(1));
  const auto below = cq::ClosestPointOnPlane(p, plane);
  ASSERT_TRUE(below.ok());
  EXPECT_EQ(below->region, PlaneRegion::Back);
  EXPECT_EQ(below->signedDistance, p.v[1] - T(2));
}

// A point exactly on the plane whose n.P does not round to d: n = (a, a[, c]), d = 0 and
// P = (x, -x[, 0]) make n.P = a x - a x = 0 exactly, but a fused or plain dot rounds a x
// once and leaves its rounding error (in the report that found it, n = (0.1, 0.1) and
// P = (0.1, -0.1) read "back", 6e-18 behind). On must be On, with P its own closest point;
// and one ulp off, the side is the exact one (the sign of a times the offset), never On.
TYPED_TEST(PointPlane, OnThePlaneWhenTheDotProductRounds) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  {  // the reported case
    const auto r = cq::ClosestPointOnPlane(V<T, N>(0.1, -0.1, 0), cq::Plane<T, N>{V<T, N>(0.1, 0.1, 0.1), T(0)});
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->region, PlaneRegion::On);
    EXPECT_EQ(r->signedDistance, T(0));
    EXPECT_TRUE(SameBits(r->closest, V<T, N>(0.1, -0.1, 0)));
  }
  cqtest::Rng rng(0x5eed'0004);
  cqtest::FailureLog log;
  int roundedOff = 0;  // cases where the plain dot product does not come out 0
  for (int i = 0; i < 500; ++i) {
    const T a = T(rng.Uniform(-3, 3));
    const T x = T(std::ldexp(rng.Uniform(0.5, 1), rng.Int(-20, 20)));
    const cq::Plane<T, N> plane{V<T, N>(a, a, rng.Uniform(-3, 3)), T(0)};
    const cq::Vec<T, N> on = V<T, N>(x, -x, 0);
    roundedOff += cq::Dot(plane.normal, on) != T(0) || cq::detail::DotFused(plane.normal.v, on.v) != T(0) ? 1 : 0;
    const auto r = cq::ClosestPointOnPlane(on, plane);
    ASSERT_TRUE(r.ok());
    if ((r->region != PlaneRegion::On || r->signedDistance != T(0) || !SameBits(r->closest, on)) && log.Fail())
      ADD_FAILURE() << "on: n=" << cqtest::Str(plane.normal) << " P=" << cqtest::Str(on) << " region "
                    << cq::ToString(r->region) << " s=" << r->signedDistance;
    cq::Vec<T, N> off = on;
    off.v[1] = std::nextafter(off.v[1], std::numeric_limits<T>::infinity());  // n.P = a ulp(x) exactly
    const auto o = cq::ClosestPointOnPlane(off, plane);
    ASSERT_TRUE(o.ok());
    const PlaneRegion side = a > T(0) ? PlaneRegion::Front : a < T(0) ? PlaneRegion::Back : PlaneRegion::On;
    if ((o->region != side || (o->signedDistance > T(0)) != (side == PlaneRegion::Front)) && log.Fail())
      ADD_FAILURE() << "one ulp off: n=" << cqtest::Str(plane.normal) << " P=" << cqtest::Str(off) << " region "
                    << cq::ToString(o->region) << " s=" << o->signedDistance;
  }
  EXPECT_EQ(log.count(), 0);
  // (With FMA; two roundings make a x - a x exactly 0, and every case is easy.)
  if (CQ_MULADD_FUSED) {
    EXPECT_GT(roundedOff, 100) << "precondition: the dot product should often miss 0";
  }
}

// A grid-aligned plane with a whole-number normal: the foot must be exact. The foot was
// P - (w / |n|^2) n, and for n = (0, 7), d = 0, P = (3, -0.5) w / 49 = -1/14 rounds, so
// the foot came out (3, -2.8e-17) instead of (3, 0). It is now P - (s n) / |n|, with
// s = -3.5 / 7 and -3.5 / 7 exact here.
TYPED_TEST(PointPlane, GridAlignedPlaneHasAnExactFoot) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'0005);
  cqtest::FailureLog log;
  for (int i = 0; i < 400; ++i) {
    const int axis = rng.Int(0, N - 1);
    const T k = T(rng.Int(1, 40)) * (rng.Chance(0.5) ? T(1) : T(-1));
    const T c = T(rng.Int(-32, 32)) / T(4);  // the plane x_axis = c
    cq::Vec<T, N> p;
    for (int j = 0; j < N; ++j) p.v[j] = T(rng.Int(-64, 64)) / T(8);
    const cq::Plane<T, N> plane{cq::Vec<T, N>::Axis(axis) * k, k * c};
    const auto r = cq::ClosestPointOnPlane(p, plane);
    ASSERT_TRUE(r.ok());
    cq::Vec<T, N> expected = p;
    expected.v[axis] = c;
    const T s = (p.v[axis] - c) * (k > 0 ? T(1) : T(-1));
    if ((r->closest != expected || r->signedDistance != s) && log.Fail())
      ADD_FAILURE() << "n=" << cqtest::Str(plane.normal) << " d=" << plane.offset << " P=" << cqtest::Str(p)
                    << ": closest " << cqtest::Str(r->closest) << " s=" << r->signedDistance;
  }
  EXPECT_EQ(log.count(), 0);
}

// The side at the ends of the range, where the slow path used to lose it: scaling n by
// 2^-kn flushed a tiny coordinate of n (or a small d) to zero, and a product's rounding
// error below the normal range was rounded away (found by review; row 1 came in as
// n = (4.1e180, 3.1e-151), d = 1, P = (0, 3.3e150) and read "back", exactly on the plane).
// Each row's exact n.P - d by hand. Needs the x87 long double the slow path sums in.
// A plane along an axis through the origin, n = (k, 0[, 0]), d = 0: the foot is P with its
// first coordinate 0, bit for bit, and s is P's first coordinate (times the sign of k)
// to an ulp, at every scale. The foot read x = -1.4e-17 for P = (0.1, 5), n = (3, 0) and
// x = 1.5e284 for P = (1e300, 1e300), n = (1e-300, 0), and s 0.10000000000000002 and
// 9.999999999999999e+299 (review s32).
TYPED_TEST(PointPlane, AxisPlaneThroughTheOriginHasItsFootOnItExactly) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'7001 + N + 10 * sizeof(T));
  const int top = sizeof(T) == 4 ? 30 : 300;
  int off = 0;
  int sOff = 0;
  for (int i = 0; i < 4000; ++i) {
    const T k = static_cast<T>(rng.Uniform(-9, 9) * std::pow(10.0L, rng.Int(-top, top)));
    cq::Vec<T, N> p{};
    for (int j = 0; j < N; ++j) p.v[j] = static_cast<T>(rng.Uniform(-9, 9) * std::pow(10.0L, rng.Int(-top, top)));
    if (k == T(0)) continue;
    cq::Vec<T, N> n{};
    n.v[0] = k;
    const auto r = cq::ClosestPointOnPlane(p, cq::Plane<T, N>{n, T(0)});
    ASSERT_TRUE(r.ok()) << cqtest::Str(p) << " k=" << k;
    cq::Vec<T, N> want = p;
    want.v[0] = T(0);
    if (!SameBits(r->closest + cq::Vec<T, N>{}, want) && ++off <= 5)
      ADD_FAILURE() << "foot " << cqtest::Str(r->closest) << " for P " << cqtest::Str(p) << ", k " << k;
    const T s = k > 0 ? p.v[0] : -p.v[0];
    if (cqtest::UlpDistance(r->signedDistance, s) > 1 && ++sOff <= 5)
      ADD_FAILURE() << "s " << r->signedDistance << " for " << s;
  }
  EXPECT_EQ(off, 0);
  EXPECT_EQ(sOff, 0);
}

// The same along an axis through any point O, up to the top of the range: the foot's
// coordinate along the normal is O's, bit for bit. The slow path divided its exact
// numerator by |n|^2 rounded, and the plane lesson's O = (1.7e308, 0), N = (0, 0) drew
// the foot one ulp past O, off the plane and in the back region at the app's deepest
// zoom, for P = (0, 0) (review s34 GUI #2); closest-query, given d, said 1.7e308.
TYPED_TEST(PointPlane, AxisPlaneThroughAnyPointHasItsFootOnItExactly) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const T max = std::numeric_limits<T>::max();
  {
    const T x = sizeof(T) == 4 ? T(3.3e38f) : T(1.7e308);
    const auto r = cq::ClosestPointOnPlaneThroughPoint(V<T, N>(0, 0, 0), V<T, N>(-x, 0, 0), V<T, N>(x, 0, 0));
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->closest.v[0], x);
    EXPECT_EQ(r->closest.v[1], T(0));
  }
  cqtest::Rng rng(0x5eed'7003 + N + 10 * sizeof(T));
  // Where double has no wider type (NoWide), the slow path is exact while the scene's
  // coordinates lie within about 2^1000 of each other: 1e-150 to 1e150 here.
  const int top = sizeof(T) == 4 ? 37 : (cq::detail::k_hasWide<T> ? 307 : 150);
  int off = 0;
  for (int i = 0; i < 4000; ++i) {
    const auto random = [&] { return static_cast<T>(rng.Uniform(-1.7, 1.7) * std::pow(10.0L, rng.Int(-top, top))); };
    const int axis = rng.Int(0, N - 1);
    cq::Vec<T, N> n{};
    n.v[axis] = random();
    cq::Vec<T, N> o;
    cq::Vec<T, N> p;
    for (int j = 0; j < N; ++j) o.v[j] = random(), p.v[j] = random();
    if (n.v[axis] == T(0) || !(std::abs(o.v[axis]) < max / 2)) continue;
    const auto through = cq::ClosestPointOnPlaneThroughPoint(p, n, o);
    ASSERT_TRUE(through.ok()) << cqtest::Str(p) << cqtest::Str(n) << cqtest::Str(o);
    cq::Vec<T, N> want = p;
    want.v[axis] = o.v[axis];
    if (!SameBits(through->closest + cq::Vec<T, N>{}, want + cq::Vec<T, N>{}) && ++off <= 5)
      ADD_FAILURE() << "foot " << cqtest::Str(through->closest) << " for P " << cqtest::Str(p) << ", n "
                    << cqtest::Str(n) << " through " << cqtest::Str(o);
    // n.x = d with d = n_k O_k where that product is a float (exactly: finite, and large
    // enough that the fused multiply-add's residual cannot underflow): the same foot.
    const T d = n.v[axis] * o.v[axis];
    const T smallest = std::ldexp(std::numeric_limits<T>::min(), std::numeric_limits<T>::digits + 1);
    if (!std::isfinite(d) || std::abs(d) < smallest || std::fma(n.v[axis], o.v[axis], -d) != T(0)) continue;
    const auto plane = cq::ClosestPointOnPlane(p, cq::Plane<T, N>{n, d});
    ASSERT_TRUE(plane.ok()) << cqtest::Str(p) << cqtest::Str(n) << " d=" << d;
    if (plane->closest.v[axis] != o.v[axis] && ++off <= 5)
      ADD_FAILURE() << "plane n.x = d: foot " << cqtest::Str(plane->closest) << " for O_k " << o.v[axis];
  }
  EXPECT_EQ(off, 0);
}

// Every coordinate of the foot is good to its own ulps, however much of P's coordinate
// the correction cancels: checked against the long-double reference where that is
// accurate enough (the reference's error, 2^-64 of P's coordinate, below a sixteenth of
// an ulp of the foot's), within 4 ulps; s within 4 ulps of the reference's.
TYPED_TEST(PointPlane, FootAndDistanceAreGoodToTheirOwnUlps) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'7002 + N + 10 * sizeof(T));
  int bad = 0;
  int checkedSmall = 0;
  for (int i = 0; i < 20000; ++i) {
    const cq::Vec<T, N> n = rng.InCube<T, N>(-5, 5);
    if (n == cq::Vec<T, N>{}) continue;
    const T d = static_cast<T>(rng.Uniform(-5, 5));
    // P near the plane and far from its foot's origin: a point of the plane far along it,
    // moved a little off it.
    const Ld far = std::pow(10.0L, rng.Uniform(0, sizeof(T) == 4 ? 4 : 9));
    cq::Vec<T, N> p = rng.InCube<T, N>(-1, 1);
    for (int j = 0; j < N; ++j) p.v[j] = static_cast<T>(Ld(p.v[j]) * far);
    const auto r = cq::ClosestPointOnPlane(p, cq::Plane<T, N>{n, d});
    ASSERT_TRUE(r.ok());
    const auto ref = cqtest::ReferencePlane(p, cq::Plane<T, N>{n, d});
    const Ld eps = cqtest::Eps<T>();
    for (int j = 0; j < N; ++j) {
      const Ld want = ref.closest[size_t(j)];
      const Ld ulp = eps * std::fabs(want);
      if (std::ldexp(std::fabs(Ld(p.v[j])) + std::fabs(want), -64) > ulp / 16) continue;  // reference too coarse
      checkedSmall += std::fabs(want) < std::fabs(Ld(p.v[j])) / 8 ? 1 : 0;
      if (std::fabs(Ld(r->closest.v[j]) - want) > 4 * ulp && ++bad <= 5)
        ADD_FAILURE() << "foot " << j << ": " << double(r->closest.v[j]) << " for " << double(want);
    }
    if (std::fabs(Ld(r->signedDistance) - ref.signedDistance) > 4 * eps * std::fabs(ref.signedDistance) &&
        ++bad <= 5)
      ADD_FAILURE() << "s " << double(r->signedDistance) << " for " << double(ref.signedDistance);
  }
  EXPECT_EQ(bad, 0);
  EXPECT_GT(checkedSmall, 100) << "precondition: cancelling coordinates were checked";
}

TEST(PointPlaneExtreme, SideIsExactAtEveryScale) {
  // The library's own verdict (also false in cq_core_no_wide_tests, built as where long
  // double is double).
  if (!cq::detail::k_extendedIsWide)
    GTEST_SKIP() << "long double is not wider than double here; the side is exact only within ~2^1000";
  const double tiny = std::ldexp(1.0, -1074);
  struct Row {
    cq::Vec3d n;
    double d;
    cq::Vec3d p;
    PlaneRegion side;
  };
  const Row rows[] = {
      // 2^600 * 0 + 2^-500 * 2^500 - 1 = 0
      {{{std::ldexp(1.0, 600), std::ldexp(1.0, -500), 0}}, 1, {{0, std::ldexp(1.0, 500), 0}}, PlaneRegion::On},
      // 2^-1000 * 2^1000 - 0.5 = +0.5
      {{{std::ldexp(1.0, 1000), std::ldexp(1.0, -1000), 0}}, 0.5, {{0, std::ldexp(1.0, 1000), 0}}, PlaneRegion::Front},
      // 1e-300 * 1e300 ~ +1
      {{{1e-300, 1e300, 0}}, 0, {{1e300, 0, 0}}, PlaneRegion::Front},
      // 1 + 2^-1200 - 1 = +2^-1200
      {{{1, std::ldexp(1.0, -600), 0}}, 1, {{1, std::ldexp(1.0, -600), 0}}, PlaneRegion::Front},
      // 1.5 tiny + tiny 1.5 + tiny 1.5 - 5 tiny = -0.5 tiny
      {{{1.5, tiny, tiny}}, 5 * tiny, {{tiny, 1.5, 1.5}}, PlaneRegion::Back},
  };
  for (const Row& row : rows) {
    const auto r = cq::ClosestPointOnPlane(row.p, cq::Plane<double, 3>{row.n, row.d});
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->region, row.side) << "n " << cqtest::Str(row.n) << " d " << row.d << " P " << cqtest::Str(row.p);
    if (row.side == PlaneRegion::Front) {
      EXPECT_GE(r->signedDistance, 0.0);
    } else if (row.side == PlaneRegion::Back) {
      EXPECT_LE(r->signedDistance, 0.0);
    }
    // In 2D (no z) the same rows but the last.
    if (row.n.v[2] != 0) continue;
    const cq::Vec2d n2{{row.n.v[0], row.n.v[1]}};
    const auto r2 = cq::ClosestPointOnPlane(cq::Vec2d{{row.p.v[0], row.p.v[1]}}, cq::Plane<double, 2>{n2, row.d});
    ASSERT_TRUE(r2.ok());
    EXPECT_EQ(r2->region, row.side) << "2D: n " << cqtest::Str(n2);
  }
}

TYPED_TEST(PointPlane, ScalingNormalAndOffsetByPowersOfTwoChangesNothing) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // (2^j n, 2^j d) is the same plane. On the diagonal case every intermediate is exact,
  // so the answer must be identical for every j across the whole exponent range (tiny
  // and huge normals take the rescaled path), with planeValue and normalLength scaled
  // by 2^j exactly.
  const PlaneCase& c = N == 2 ? k_diagonal2 : k_diagonal3;
  const cq::Vec<T, N> normal = V<T, N>(c.normal[0], c.normal[1], c.normal[2]);
  const T offset = T(N == 2 ? c.offset2 : c.offset3);
  const cq::Vec<T, N> p = V<T, N>(c.p[0], c.p[1], c.p[2]);
  const cq::Vec<T, N> closest = V<T, N>(c.closest[0], c.closest[1], c.closest[2]);
  const T planeValue = T(N == 2 ? c.planeValue2 : c.planeValue3);
  const T normalLength = T(N == 2 ? c.normalLength2 : c.normalLength3);
  const T signedDistance = T(N == 2 ? c.signedDistance2 : c.signedDistance3);
  // Keep 2^j |n| and 2^j * 147 finite and the smallest coordinate of 2^j n normal.
  const int maxExponent = sizeof(T) == 4 ? 119 : 1015;
  const int minExponent = sizeof(T) == 4 ? -124 : -1020;
  for (int j = minExponent; j <= maxExponent; j += 7) {
    const cq::Plane<T, N> plane{cq::detail::ScaleByPowerOfTwo(normal, j), std::ldexp(offset, j)};
    const auto r = cq::ClosestPointOnPlane(p, plane);
    ASSERT_TRUE(r.ok()) << "j = " << j;
    EXPECT_EQ(r->closest, closest) << "j = " << j;
    EXPECT_EQ(r->signedDistance, signedDistance) << "j = " << j;
    EXPECT_EQ(r->planeValue, std::ldexp(planeValue, j)) << "j = " << j;
    EXPECT_EQ(r->normalLength, std::ldexp(normalLength, j)) << "j = " << j;
    EXPECT_EQ(r->region, PlaneRegion::Front) << "j = " << j;
  }
}

TYPED_TEST(PointPlane, PlaneThroughPointContainsThePoint) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // n = (0,3,4) (2D (0,3)), point (1,2,3): offset 6 + 12 = 18 (2D 6); that point is On.
  const cq::Plane<T, N> plane = cq::PlaneThroughPoint(V<T, N>(0, 3, 4), V<T, N>(1, 2, 3));
  EXPECT_EQ(plane.offset, T(N == 2 ? 6 : 18));
  const auto r = cq::ClosestPointOnPlane(V<T, N>(1, 2, 3), plane);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->region, PlaneRegion::On);
}

TYPED_TEST(PointPlane, PlaneThroughPointsOffsetIsTheExactDotProductRounded) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // Review s33 GUI #1: n = N - O = (1e19, -1e19) through O = (1e20, 1e20) has n.O = 0,
  // which a plain (fused) dot product read as 6e22; and n = (1e200, -1e200) through
  // (1e200, 1e200) read "beyond the double range". Then integer scenes against a 128-bit
  // integer reference: integer coordinates below 2^(digits) whose products sum exactly in
  // Int128, converted once to T (GCC rounds that conversion correctly), and the same
  // scene scaled by powers of two.
  const T e19 = sizeof(T) == 4 ? T(1e17f) : T(1e19);
  EXPECT_EQ(cq::PlaneThroughPoint(V<T, N>(e19, -e19, 0), V<T, N>(10 * e19, 10 * e19, 0)).offset, T(0));
  const T huge = sizeof(T) == 4 ? T(1e30f) : T(1e200);
  EXPECT_EQ(cq::PlaneThroughPoint(V<T, N>(huge, -huge, 0), V<T, N>(huge, huge, 0)).offset, T(0));
  EXPECT_EQ(cq::PlaneThroughPoint(V<T, N>(huge, huge, 0), V<T, N>(huge, huge, 0)).offset, T(INFINITY));
  EXPECT_EQ(cq::PlaneThroughPoint(V<T, N>(0, 0, 0), V<T, N>(huge, huge, 0)).offset, T(0));
  cqtest::Rng rng(0xd07d07);
  constexpr int digits = std::numeric_limits<T>::digits;
  const auto integer = [&rng] {
    const double m = std::ldexp(rng.Uniform(-1.0, 1.0), digits);
    return T(std::trunc(m));
  };
  int inexact = 0;
  int exactlyRounded = 0;
  for (int i = 0; i < 4000; ++i) {
    cq::Vec<T, N> n, o;
    Int128 exact = 0;
    for (int k = 0; k < N; ++k) {
      n.v[k] = integer();
      o.v[k] = integer();
      exact += Int128(n.v[k]) * Int128(o.v[k]);
    }
    const T expected = T(exact);
    if (Int128(expected) != exact) ++inexact;
    // Within an ulp, as documented (an exact sum's Value()); 0 exactly and signs exact.
    const auto withinAnUlp = [](T got, T want) {
      return got == want || got == std::nextafter(want, T(INFINITY)) || got == std::nextafter(want, -T(INFINITY));
    };
    const T d = cq::PlaneThroughPoint(n, o).offset;
    EXPECT_TRUE(withinAnUlp(d, expected)) << cqtest::Str(n) << " . " << cqtest::Str(o) << " = " << d;
    exactlyRounded += d == expected;
    const int a = rng.Int(-60, 60);
    const int b = rng.Int(-60, 60);
    const T scaled =
        cq::PlaneThroughPoint(cq::detail::ScaleByPowerOfTwo(n, a), cq::detail::ScaleByPowerOfTwo(o, b)).offset;
    EXPECT_EQ(scaled, std::ldexp(d, a + b));
  }
  EXPECT_GT(inexact, 3000);  // the reference is a rounding, not an exact small sum
  EXPECT_GT(exactlyRounded, 3900);
}

TYPED_TEST(PointPlane, PlaneThroughPointKeepsATinyProductBesideAHugeCoordinate) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // The first form of the exact offset scaled n and the point by powers of two to order 1
  // first, which flushed n = (1e300, 1e-300)'s second coordinate to 0: through (0, 1) it
  // read d = 0 for 1e-300. Summed in the wide type, nothing underflows.
  if (!cq::detail::k_hasWide<T>)
    GTEST_SKIP() << "no type wider than T here: the offset is exact only within ~2^1000 of the vector's size";
  const T huge = sizeof(T) == 4 ? T(1e30f) : T(1e300);
  const T tiny = sizeof(T) == 4 ? T(1e-30f) : T(1e-300);
  EXPECT_EQ(cq::PlaneThroughPoint(V<T, N>(huge, tiny, 0), V<T, N>(0, 1, 0)).offset, tiny);
  EXPECT_EQ(cq::PlaneThroughPoint(V<T, N>(huge, tiny, 0), V<T, N>(0, -1, 0)).offset, -tiny);
  // Products that cancel to a subnormal: 2^-1074 (2^-149 in float) rounded once.
  const T least = std::numeric_limits<T>::denorm_min();
  const T half = std::ldexp(T(1), std::numeric_limits<T>::min_exponent - 2);  // 2^-1023 (2^-127)
  EXPECT_EQ(cq::PlaneThroughPoint(V<T, N>(huge, least, 0), V<T, N>(0, T(1), 0)).offset, least);
  EXPECT_EQ(cq::PlaneThroughPoint(V<T, N>(T(1), T(-1), 0), V<T, N>(half + least, half, 0)).offset, least);
}

TYPED_TEST(PointPlane, SubnormalSideOfAFloatOrAtTheTopOfTheRange) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  if (!cq::detail::k_hasWide<T>)
    GTEST_SKIP() << "no type wider than double here: the side is exact only within ~2^1000";
  const T least = std::numeric_limits<T>::denorm_min();
  // Review s34code #4: where long double is double (the NoWide build), the slow path
  // summed a float scene in float, although double holds every product of floats exactly:
  // P = (1, -2^-149) read On for the plane through (1, 0) with n = (4, 1), behind it by
  // 2^-149 / sqrt(17). Its products' errors underflowed in float.
  const auto through = cq::ClosestPointOnPlaneThroughPoint(V<T, N>(1, -least, 0), V<T, N>(4, 1, 0), V<T, N>(1, 0, 0));
  ASSERT_TRUE(through.ok());
  EXPECT_EQ(through->region, PlaneRegion::Back);
  const auto plane = cq::ClosestPointOnPlane(V<T, N>(1, -least, 0), cq::Plane<T, N>{V<T, N>(4, 1, 0), T(4)});
  ASSERT_TRUE(plane.ok());
  EXPECT_EQ(plane->region, PlaneRegion::Back);
  // Review s34code #5: a scene near the top of the range is scaled down, which flushed a
  // signed distance of 2^-1074 (2^-149) to 0: the plane y = 2^-1074 read s = 0 and
  // "front" for P = (0.9 max, 2^-1073).
  const T top = T(0.9) * std::numeric_limits<T>::max();
  const auto far = cq::ClosestPointOnPlane(V<T, N>(top, 2 * least, 0), cq::Plane<T, N>{V<T, N>(0, 1, 0), least});
  ASSERT_TRUE(far.ok());
  EXPECT_EQ(far->region, PlaneRegion::Front);
  EXPECT_EQ(far->signedDistance, least);
  EXPECT_EQ(far->distance, least);
  EXPECT_EQ(far->distanceSq, T(0));  // least^2 underflows
  // A signed distance beyond the range with its foot in it: s = -inf, and its square +inf
  // (squaring it took ilogb(inf) = INT_MAX times two, a signed overflow; review s34).
  const T x = sizeof(T) == 4 ? T(-3.3e38f) : T(-1.7e308);
  const auto beyond = cq::ClosestPointOnPlane(V<T, N>(x, 0, 0), cq::Plane<T, N>{V<T, N>(1, 0, 0), -x});
  ASSERT_TRUE(beyond.ok());
  EXPECT_EQ(beyond->signedDistance, -T(INFINITY));
  EXPECT_EQ(beyond->distanceSq, T(INFINITY));
  EXPECT_EQ(beyond->closest.v[0], -x);
}

TYPED_TEST(PointPlane, FarButRepresentablePlaneIsAnAnswer) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // n = (2^-k, 0, 0), d = 2^-20: the plane x = 2^(k-20), far out but representable
  // (k = 990 in double, 100 in float). P = 0: closest (2^(k-20), 0, 0), s = -2^(k-20).
  const int k = sizeof(T) == 4 ? 100 : 990;
  const cq::Plane<T, N> plane{cq::Vec<T, N>::Axis(0) * std::ldexp(T(1), -k), std::ldexp(T(1), -20)};
  const auto r = cq::ClosestPointOnPlane(cq::Vec<T, N>{}, plane);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->closest, (cq::Vec<T, N>::Axis(0) * std::ldexp(T(1), k - 20)));
  EXPECT_EQ(r->signedDistance, -std::ldexp(T(1), k - 20));
  EXPECT_EQ(r->region, PlaneRegion::Back);
}

TYPED_TEST(PointPlane, TinyPlaneValueIsNotMistakenForOn) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // Regression. n = (2^-430, 0, 0) (float 2^-44): |n|^2 = 2^-860 (2^-88) is inside the
  // fast path's safe range, but the product n.P for P = (1e-300, 0, 0) (float 1e-30) is
  // 3.6e-430 (5.7e-44): it underflowed to 0 (to a subnormal with two digits in float).
  // The fast path reported P "On" the plane x = 0 with distance 0, a 100% error relative
  // to the scene; in float the distance was off by about 1%. The fast path now also
  // requires the plane value w and the step w / |n|^2 to be in the safe range.
  const int k = sizeof(T) == 4 ? -44 : -430;
  const T x = sizeof(T) == 4 ? T(1e-30) : T(1e-300);
  const cq::Plane<T, N> plane{cq::Vec<T, N>::Axis(0) * std::ldexp(T(1), k), T(0)};
  const auto r = cq::ClosestPointOnPlane(cq::Vec<T, N>::Axis(0) * x, plane);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->region, PlaneRegion::Front);
  EXPECT_EQ(r->closest, (cq::Vec<T, N>{}));  // P - x e_x, exactly
  EXPECT_EQ(r->signedDistance, x);          // (2^k x) / 2^k, exactly
  EXPECT_EQ(r->distance, x);
}

TYPED_TEST(PointPlane, HugeNormalWithTinyStepKeepsItsDigits) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // Regression. n = (1e141, 0, 0), d = 6e-34 (float: 1e17, 1e-11): the plane x = 6e-175
  // (1e-28), P = (5e-242, 0, 0) (1e-32) just behind it. The step w / |n|^2 = -6e-316
  // (-1e-45) is subnormal with 27 (1) significant bits, so the foot P - step n was off by
  // ~1e-8 (100%) of the scene, far beyond the documented 1e-12. Reference: long double;
  // tolerance 64 eps of the scene (the plane's distance from the origin).
  const bool f = sizeof(T) == 4;
  const cq::Plane<T, N> plane{cq::Vec<T, N>::Axis(0) * T(f ? 1e17 : 1e141), T(f ? 1e-11 : 6e-34)};
  const cq::Vec<T, N> p = cq::Vec<T, N>::Axis(0) * T(f ? 1e-32 : 5e-242);
  const auto r = cq::ClosestPointOnPlane(p, plane);
  ASSERT_TRUE(r.ok());
  const auto ref = cqtest::ReferencePlane(p, plane);
  const cqtest::Ld scene = std::fabs(cqtest::Ld(plane.offset)) / ref.normalLength;
  EXPECT_LE(cqtest::DistL(cqtest::ToL(r->closest), ref.closest), 64 * cqtest::Eps<T>() * scene);
  EXPECT_LE(std::fabs(cqtest::Ld(r->signedDistance) - ref.signedDistance), 64 * cqtest::Eps<T>() * scene);
  EXPECT_EQ(r->region, PlaneRegion::Back);
}

// ---------------------------------------------------------------------------------------
// The plane through a point (ClosestPointOnPlaneThroughPoint).

TYPED_TEST(PointPlane, ThroughPointAgreesWithTheReferenceWhereTheOffsetIsFinite) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // Random scenes of every size whose offset n.point stays in range, against the foot
  // formed in long double from n.(P - point) (not from the plane query itself, which
  // answers the plane of the rounded offset).
  cqtest::Rng rng(0x9e1a7e);
  const int top = sizeof(T) == 4 ? 60 : 500;
  for (int i = 0; i < 2000; ++i) {
    const cq::Vec<T, N> normal = cq::detail::ScaleByPowerOfTwo(rng.Sturdy<T, N>(), rng.Int(-top, top));
    const int scene = rng.Int(-top, top);
    const cq::Vec<T, N> point = cq::detail::ScaleByPowerOfTwo(rng.Sturdy<T, N>(), scene);
    const cq::Vec<T, N> p = cq::detail::ScaleByPowerOfTwo(rng.Sturdy<T, N>(), scene + rng.Int(-4, 4));
    ASSERT_TRUE(std::isfinite(cq::PlaneThroughPoint(normal, point).offset));
    const auto r = cq::ClosestPointOnPlaneThroughPoint(p, normal, point);
    ASSERT_TRUE(r.ok());
    const cqtest::VecL<N> nl = cqtest::ToL(normal);
    const cqtest::Ld w = cqtest::DotL(nl, cqtest::Sub(cqtest::ToL(p), cqtest::ToL(point)));
    const cqtest::Ld nn = cqtest::DotL(nl, nl);
    const cqtest::VecL<N> foot = cqtest::Sub(cqtest::ToL(p), cqtest::Mul(w / nn, nl));
    const cqtest::Ld size = std::max(cqtest::Ld(cq::MaxAbs(point)), cqtest::Ld(cq::MaxAbs(p)));
    EXPECT_LE(cqtest::DistL(cqtest::ToL(r->closest), foot), 8 * cqtest::Eps<T>() * size) << cqtest::Str(r->closest);
    EXPECT_LE(std::fabs(cqtest::Ld(r->signedDistance) - w / std::sqrt(nn)), 8 * cqtest::Eps<T>() * size);
  }
}

// plane.hpp's example, as the header gives it (it said Back; core audit of 2026-11-29).
TEST(PointPlaneExample, TheRoundedOffsetPutsOOffItsOwnPlane) {
  const cq::Vec2d normal{{0.1, 0.3}};
  const cq::Vec2d o{{0.7, 0.9}};
  const auto rounded = cq::ClosestPointOnPlane(o, cq::PlaneThroughPoint(normal, o));
  ASSERT_TRUE(rounded.ok());
  EXPECT_EQ(rounded->region, PlaneRegion::Front);
  EXPECT_NEAR(rounded->signedDistance, 8.6e-17, 0.05e-17);
  const auto exact = cq::ClosestPointOnPlaneThroughPoint(o, normal, o);
  ASSERT_TRUE(exact.ok());
  EXPECT_EQ(exact->region, PlaneRegion::On);
}

TYPED_TEST(PointPlane, ThroughPointDecidesTheSideOfTheExactPlaneThroughThePoint) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // Decimal scenes (O and the normal tip on the 0.1 grid, as a student types them), whose
  // n.O is rarely a double: the plane through O is n.(x - O) = 0, not n.x = n.O rounded.
  // Review s33 #1: with the rounded offset only 247 of 9 998 such scenes read P = O as On
  // (O = (0.7, 0.9), n = (0.1, 0.3) reads Front, s = 8.6e-17, closest != P: the test
  // below).
  // P = O is On with closest == P bit for bit; P = O + delta e_k, where P - O == delta
  // exactly, lies on the side of sign(n_k delta), however small delta is.
  cqtest::Rng rng(0xdec1a1);
  const auto decimal = [&rng] {
    cq::Vec<T, N> v;
    for (int k = 0; k < N; ++k) v.v[k] = T(rng.Int(-50, 50)) * T(0.1);
    return v;
  };
  int sided = 0;
  for (int i = 0; i < 4000; ++i) {
    const cq::Vec<T, N> o = decimal();
    const cq::Vec<T, N> normal = decimal() - o;
    if (normal == cq::Vec<T, N>{}) continue;
    const auto on = cq::ClosestPointOnPlaneThroughPoint(o, normal, o);
    ASSERT_TRUE(on.ok());
    EXPECT_EQ(on->region, PlaneRegion::On) << cqtest::Str(o) << " n " << cqtest::Str(normal);
    EXPECT_TRUE(SameBits(on->closest, o)) << cqtest::Str(on->closest);
    EXPECT_EQ(on->signedDistance, T(0));
    EXPECT_EQ(on->planeValue, T(0));
    const int k = rng.Int(0, N - 1);
    if (normal.v[k] == T(0) || o.v[k] == T(0)) continue;
    // delta from one ulp of O_k up to 2^16 (float) or 2^40 (double) of them, either way.
    const T ulp = std::nextafter(std::abs(o.v[k]), T(INFINITY)) - std::abs(o.v[k]);
    const T delta = std::ldexp(ulp, rng.Int(0, sizeof(T) == 4 ? 16 : 40)) * (rng.Int(0, 1) ? T(1) : T(-1));
    cq::Vec<T, N> p = o;
    p.v[k] = o.v[k] + delta;
    if (p.v[k] - o.v[k] != delta) continue;  // the step as taken is delta exactly (Sterbenz)
    ++sided;
    const auto r = cq::ClosestPointOnPlaneThroughPoint(p, normal, o);
    ASSERT_TRUE(r.ok());
    const PlaneRegion expected = (normal.v[k] > T(0)) == (delta > T(0)) ? PlaneRegion::Front : PlaneRegion::Back;
    EXPECT_EQ(r->region, expected) << cqtest::Str(p) << " O " << cqtest::Str(o) << " n " << cqtest::Str(normal);
    EXPECT_EQ(r->signedDistance > T(0), expected == PlaneRegion::Front);
  }
  EXPECT_GT(sided, 1500);
}

TYPED_TEST(PointPlane, ThroughPointAnswersAPlaneWhoseOffsetOverflows) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // The diagonal case (every intermediate exact) with n scaled by 2^a and the scene (its
  // point X0 = (1, -1, 2) and P) by 2^b: d = n.X0 2^(a+b) overflows once a + b is large,
  // while n, X0, P and the answer stay in range. The plane is the same, so the answer is
  // the case's own scaled by 2^b, exactly, and |n| and n.P - d by 2^a and 2^(a+b)
  // (planeValue reads inf where that overflows). ClosestPointOnPlane on
  // PlaneThroughPoint refused these planes ("d: not a finite number").
  const PlaneCase& c = N == 2 ? k_diagonal2 : k_diagonal3;
  const cq::Vec<T, N> normal = V<T, N>(c.normal[0], c.normal[1], c.normal[2]);
  const cq::Vec<T, N> x0 = V<T, N>(1, -1, 2);  // n.X0 = 11 (3D), -1 (2D): exact
  const cq::Vec<T, N> p = V<T, N>(c.p[0], c.p[1], c.p[2]);
  const cq::Vec<T, N> closest = V<T, N>(c.closest[0], c.closest[1], c.closest[2]);
  const T planeValue = T(N == 2 ? c.planeValue2 : c.planeValue3);
  const T normalLength = T(N == 2 ? c.normalLength2 : c.normalLength3);
  const T signedDistance = T(N == 2 ? c.signedDistance2 : c.signedDistance3);
  const int top = std::numeric_limits<T>::max_exponent - 6;  // 20 * 2^b and 6 * 2^a finite
  int overflowing = 0;
  for (int b = -20; b <= top; b += 13) {
    for (int a = top; a >= -20; a -= 11) {
      const cq::Vec<T, N> n = cq::detail::ScaleByPowerOfTwo(normal, a);
      const cq::Vec<T, N> point = cq::detail::ScaleByPowerOfTwo(x0, b);
      const cq::Vec<T, N> q = cq::detail::ScaleByPowerOfTwo(p, b);
      if (std::isfinite(cq::PlaneThroughPoint(n, point).offset)) continue;
      ++overflowing;
      SCOPED_TRACE("a = " + std::to_string(a) + ", b = " + std::to_string(b));
      const auto r = cq::ClosestPointOnPlaneThroughPoint(q, n, point);
      ASSERT_TRUE(r.ok()) << cq::Describe(r.error());
      EXPECT_EQ(r->closest, cq::detail::ScaleByPowerOfTwo(closest, b));
      EXPECT_EQ(r->signedDistance, std::ldexp(signedDistance, b));
      EXPECT_EQ(r->distance, std::ldexp(signedDistance, b));
      EXPECT_EQ(r->distanceSq, std::ldexp(signedDistance * signedDistance, 2 * b));
      EXPECT_EQ(r->normalLength, std::ldexp(normalLength, a));
      EXPECT_EQ(r->planeValue, std::ldexp(planeValue, a + b));
      EXPECT_EQ(r->region, PlaneRegion::Front);
      // The point itself is on its plane.
      const auto on = cq::ClosestPointOnPlaneThroughPoint(point, n, point);
      ASSERT_TRUE(on.ok());
      EXPECT_EQ(on->region, PlaneRegion::On);
      EXPECT_TRUE(SameBits(on->closest, point));
    }
  }
  EXPECT_GT(overflowing, sizeof(T) == 4 ? 40 : 100);
}

TYPED_TEST(PointPlane, ThroughPointNearTheTopOfTheRangeAlongTheLargestNormal) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // Review s33 #4a: n = (1.5, ..., 1.5) through O = 0.9 max (1, ..., 1), P = O / 2. P - O
  // is along n, so the foot is O itself and s = -|O| / 2 = -0.45 sqrt(N) max. n.O is
  // 1.35 N max, far beyond the range; a scene scaled by 1/4 rather than 1/8 overflowed
  // here and refused the plane ("d: not a finite number").
  const T m = std::numeric_limits<T>::max();
  const cq::Vec<T, N> o = cq::Vec<T, N>::Splat(T(0.9) * m);
  const cq::Vec<T, N> p = cq::Vec<T, N>::Splat(T(0.45) * m);
  const auto r = cq::ClosestPointOnPlaneThroughPoint(p, cq::Vec<T, N>::Splat(T(1.5)), o);
  ASSERT_TRUE(r.ok()) << cq::Describe(r.error());
  EXPECT_EQ(r->region, PlaneRegion::Back);
  EXPECT_LE(cq::MaxAbs(r->closest - o), 4 * cqtest::Eps<T>() * o.v[0]) << cqtest::Str(r->closest);
  const cqtest::Ld s = -cqtest::Ld(0.45) * std::sqrt(cqtest::Ld(N)) * cqtest::Ld(m);
  EXPECT_LE(std::fabs(cqtest::Ld(r->signedDistance) - s), 4 * cqtest::Eps<T>() * std::fabs(s));
}

TYPED_TEST(PointPlane, OnAtTheTopOfTheRangeKeepsASubnormalCoordinate) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // Review s33 #4b: the plane y = (the smallest subnormal) with P = (0.9 max, that same
  // subnormal) on it. The slow path scales a scene this large down by 2^-8, which flushes
  // the subnormal; On must still answer P itself, bit for bit.
  const T tiny = std::numeric_limits<T>::denorm_min();
  const T m = std::numeric_limits<T>::max();
  const cq::Vec<T, N> p = V<T, N>(T(0.9) * m, tiny, 0);
  const auto r = cq::ClosestPointOnPlane(p, cq::Plane<T, N>{V<T, N>(0, 1, 0), tiny});
  ASSERT_TRUE(r.ok()) << cq::Describe(r.error());
  EXPECT_EQ(r->region, PlaneRegion::On);
  EXPECT_TRUE(SameBits(r->closest, p)) << cqtest::Str(r->closest);
  const auto through = cq::ClosestPointOnPlaneThroughPoint(p, V<T, N>(0, 1, 0), V<T, N>(0, tiny, 0));
  ASSERT_TRUE(through.ok()) << cq::Describe(through.error());
  EXPECT_EQ(through->region, PlaneRegion::On);
  EXPECT_TRUE(SameBits(through->closest, p)) << cqtest::Str(through->closest);
}

TYPED_TEST(PointPlane, ThroughPointAtTheTopOfTheRangeAgreesWithTheReference) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // A review's plane: O = (1e200, 1e200), N = (2e200, 2e200), so n = N - O = O and
  // d = 2e400 (float: 1e20 and 1e40 beyond 3.4e38), with P at the origin; then random
  // planes through huge points. Against the long double reference (where d is an
  // ordinary number), to 16 eps of the scene.
  const T big = sizeof(T) == 4 ? T(1e20) : T(1e200);
  cqtest::Rng rng(0x0ff5e7);
  int overflowing = 0;
  for (int i = 0; i < 500; ++i) {
    const bool first = i == 0;
    const int e = sizeof(T) == 4 ? 67 : 664;  // 2^67 = 1.5e20, 2^664 = 1.2e200
    const bool wide = sizeof(T) == 8;
    // P a good way off the point (an eighth of its size): not within a rounding of the
    // plane, whose offset n.point is rounded as PlaneThroughPoint rounds it.
    const int pointExponent = e + rng.Int(0, wide ? 350 : 0);
    const cq::Vec<T, N> point =
        first ? cq::Vec<T, N>::Splat(big) : cq::detail::ScaleByPowerOfTwo(rng.Sturdy<T, N>(), pointExponent);
    const cq::Vec<T, N> normal =
        first ? point : cq::detail::ScaleByPowerOfTwo(rng.Sturdy<T, N>(), e + rng.Int(0, wide ? 300 : 0));
    const cq::Vec<T, N> p =
        first ? cq::Vec<T, N>{} : point + cq::detail::ScaleByPowerOfTwo(rng.Sturdy<T, N>(), pointExponent - 3);
    const cq::Plane<T, N> plane = cq::PlaneThroughPoint(normal, point);
    if (std::isfinite(plane.offset)) continue;
    ++overflowing;
    const auto r = cq::ClosestPointOnPlaneThroughPoint(p, normal, point);
    ASSERT_TRUE(r.ok()) << cq::Describe(r.error());
    // The reference plane n.x = n.point, formed in long double.
    const cqtest::VecL<N> nl = cqtest::ToL(normal);
    const cqtest::VecL<N> pl = cqtest::ToL(p);
    const cqtest::Ld w = cqtest::DotL(nl, pl) - cqtest::DotL(nl, cqtest::ToL(point));
    const cqtest::Ld nn = cqtest::DotL(nl, nl);
    const cqtest::VecL<N> foot = cqtest::Sub(pl, cqtest::Mul(w / nn, nl));
    const cqtest::Ld scene = std::max(cqtest::Ld(cq::MaxAbs(point)), cqtest::Ld(cq::MaxAbs(p)));
    EXPECT_LE(cqtest::DistL(cqtest::ToL(r->closest), foot), 16 * cqtest::Eps<T>() * scene) << i;
    EXPECT_LE(std::fabs(cqtest::Ld(r->signedDistance) - w / std::sqrt(nn)), 16 * cqtest::Eps<T>() * scene) << i;
    EXPECT_EQ(r->region, w > 0 ? PlaneRegion::Front : PlaneRegion::Back) << i;
    if (first) {
      EXPECT_EQ(r->region, PlaneRegion::Back);
    }
  }
  EXPECT_GT(overflowing, 100);
}

// ---------------------------------------------------------------------------------------
// Invalid input.

template <class C>
class PlaneErrors : public ::testing::Test {};
TYPED_TEST_SUITE(PlaneErrors, AllConfigs, ConfigNames);

TYPED_TEST(PlaneErrors, ZeroNormalIsReportedNotDividedBy) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  for (const T zero : {T(0), -T(0)}) {
    for (const T offset : {T(0), T(1)}) {
      const cq::Plane<T, N> plane{cq::Vec<T, N>::Splat(zero), offset};
      const auto r = cq::ClosestPointOnPlane(V<T, N>(1, 2, 3), plane);
      ASSERT_FALSE(r.ok());
      EXPECT_EQ(r.error().code, cq::ErrorCode::ZeroNormal);
      EXPECT_EQ(r.error().field, cq::Field::Normal);
      EXPECT_EQ(cq::Describe(r.error()).rfind("n:", 0), 0u) << cq::Describe(r.error());
    }
  }
}

TYPED_TEST(PlaneErrors, NonFiniteNamesNormalOffsetOrPoint) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const cq::Plane<T, N> good{V<T, N>(1, 2, 2), T(3)};
  const cq::Vec<T, N> p = V<T, N>(4, -1, 0.5);
  for (const T bad : {cqtest::NaN<T>(), cqtest::Inf<T>(), -cqtest::Inf<T>()}) {
    for (int axis = 0; axis < N; ++axis) {
      cq::Plane<T, N> plane = good;
      plane.normal.v[axis] = bad;
      const auto rn = cq::ClosestPointOnPlane(p, plane);
      ASSERT_FALSE(rn.ok());
      EXPECT_EQ(rn.error().code, cq::ErrorCode::NonFinite);
      EXPECT_EQ(rn.error().field, cq::Field::Normal);
      EXPECT_EQ(rn.error().axis, axis);
      EXPECT_EQ(cq::Describe(rn.error()).rfind("n coordinate " + std::to_string(axis), 0), 0u)
          << cq::Describe(rn.error());

      cq::Vec<T, N> badP = p;
      badP.v[axis] = bad;
      const auto rp = cq::ClosestPointOnPlane(badP, good);
      ASSERT_FALSE(rp.ok());
      EXPECT_EQ(rp.error().code, cq::ErrorCode::NonFinite);
      EXPECT_EQ(rp.error().field, cq::Field::P);
      EXPECT_EQ(rp.error().axis, axis);
    }
    cq::Plane<T, N> plane = good;
    plane.offset = bad;
    const auto rd = cq::ClosestPointOnPlane(p, plane);
    ASSERT_FALSE(rd.ok());
    EXPECT_EQ(rd.error().code, cq::ErrorCode::NonFinite);
    EXPECT_EQ(rd.error().field, cq::Field::Offset);
    EXPECT_EQ(rd.error().axis, -1);
    EXPECT_EQ(cq::Describe(rd.error()).rfind("d:", 0), 0u) << cq::Describe(rd.error());
  }
}

TYPED_TEST(PlaneErrors, PlaneBeyondTheRangeIsOverflow) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // n tiny, d huge: the plane x = d / n_x = 1e600 (double) / 1e60 (float) cannot be
  // represented, so neither can any closest point: Overflow, not inf or NaN.
  const T tiny = sizeof(T) == 4 ? T(1e-30) : T(1e-300);
  const T huge = sizeof(T) == 4 ? T(1e30) : T(1e300);
  for (const T sign : {T(1), T(-1)}) {
    const cq::Plane<T, N> plane{cq::Vec<T, N>::Axis(0) * tiny, sign * huge};
    const auto r = cq::ClosestPointOnPlane(V<T, N>(1, 2, 3), plane);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, cq::ErrorCode::Overflow);
    EXPECT_EQ(r.error().field, cq::Field::Offset);
    EXPECT_NE(cq::Describe(r.error()).find("d"), std::string::npos);
  }
}

TYPED_TEST(PlaneErrors, ThroughPointNamesPNormalOrPointAndReportsAFootBeyondTheRange) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const cq::Vec<T, N> normal = V<T, N>(1, 2, 2);
  const cq::Vec<T, N> point = V<T, N>(3, -1, 0.5);
  const cq::Vec<T, N> p = V<T, N>(4, -1, 0.5);
  for (const T bad : {cqtest::NaN<T>(), cqtest::Inf<T>(), -cqtest::Inf<T>()}) {
    for (int axis = 0; axis < N; ++axis) {
      const auto expect = [&](const cq::Checked<cq::PlaneResult<T, N>>& r, cq::Field field, const std::string& text) {
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code, cq::ErrorCode::NonFinite);
        EXPECT_EQ(r.error().field, field);
        EXPECT_EQ(r.error().axis, axis);
        EXPECT_EQ(cq::Describe(r.error()).rfind(text + " coordinate " + std::to_string(axis), 0), 0u)
            << cq::Describe(r.error());
      };
      cq::Vec<T, N> v = normal;
      v.v[axis] = bad;
      expect(cq::ClosestPointOnPlaneThroughPoint(p, v, point), cq::Field::Normal, "n");
      v = point;
      v.v[axis] = bad;
      expect(cq::ClosestPointOnPlaneThroughPoint(p, normal, v), cq::Field::Point, "point");
      v = p;
      v.v[axis] = bad;
      expect(cq::ClosestPointOnPlaneThroughPoint(v, normal, point), cq::Field::P, "p");
    }
  }
  // A zero normal through a huge point: ZeroNormal, not an overflow.
  const T huge = std::numeric_limits<T>::max() / 2;
  const auto zero = cq::ClosestPointOnPlaneThroughPoint(p, cq::Vec<T, N>{}, cq::Vec<T, N>::Splat(huge));
  ASSERT_FALSE(zero.ok());
  EXPECT_EQ(zero.error().code, cq::ErrorCode::ZeroNormal);
  // The plane x + y = 1.2 max through (0.6 max, 0.6 max): its offset overflows. From
  // P = (0.7 max, 0.3 max) its nearest point is (0.8 max, 0.4 max), an answer; from
  // P = (0.9 max, -0.9 max) it is (1.5 max, -0.3 max), beyond the range: Overflow, as
  // for the plane n.x = d.
  const T m = std::numeric_limits<T>::max();
  const cq::Vec<T, N> diagonal = V<T, N>(1, 1, 0);
  const cq::Vec<T, N> through = V<T, N>(T(0.6) * m, T(0.6) * m, 0);
  const auto near = cq::ClosestPointOnPlaneThroughPoint(V<T, N>(T(0.7) * m, T(0.3) * m, 0), diagonal, through);
  ASSERT_TRUE(near.ok()) << cq::Describe(near.error());
  EXPECT_LE(std::fabs(near->closest.v[0] / (T(0.8) * m) - 1), 4 * cqtest::Eps<T>());
  EXPECT_LE(std::fabs(near->closest.v[1] / (T(0.4) * m) - 1), 4 * cqtest::Eps<T>());
  EXPECT_EQ(near->region, PlaneRegion::Back);
  const auto beyond = cq::ClosestPointOnPlaneThroughPoint(V<T, N>(T(0.9) * m, T(-0.9) * m, 0), diagonal, through);
  ASSERT_FALSE(beyond.ok());
  EXPECT_EQ(beyond.error().code, cq::ErrorCode::Overflow);
  EXPECT_EQ(beyond.error().field, cq::Field::Offset);
}

// A squared distance below the normal range is the signed distance squared as IEEE rounds
// it, once (found by a mutation run: squaring the mantissa and then scaling into the
// subnormals rounded twice, an ulp high for about 1 % of them).
TEST(PointPlane, ASubnormalDistanceSqIsTheSquareRoundedOnce) {
  const cq::Vec<double, 2> p{{0, 1.2924461830708942e-154}};
  const auto r = cq::ClosestPointOnPlane(p, cq::Plane<double, 2>{{{0, 1e-200}}, 0});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->signedDistance, p.v[1]);
  EXPECT_EQ(r->distanceSq, r->signedDistance * r->signedDistance);
  // And over many: every subnormal square of a signed distance is s * s.
  cqtest::Rng rng(0x5eed'5b5b);
  for (int i = 0; i < 4000; ++i) {
    const double y = std::ldexp(rng.Uniform(1, 2), rng.Int(-560, -512));
    const auto q = cq::ClosestPointOnPlane(cq::Vec<double, 2>{{0, y}}, cq::Plane<double, 2>{{{0, 1e-200}}, 0});
    ASSERT_TRUE(q.ok());
    EXPECT_EQ(q->distanceSq, q->signedDistance * q->signedDistance) << y;
  }
}

// The fast path's signed distance is the correctly rounded (n.P - d) / |n| (checked
// against __float128), which w.hi / |n| without DivideParts' correction step is not (a
// mutation run found no test of that step: the header's own example takes the slow path).
TEST(PointPlane, FastPathSignedDistanceIsCorrectlyRounded) {
  {
    const cq::Plane<double, 2> plane{{{0x1.8f2e76dd6f7eep+2, 0x1.786fce662532dp+1}}, 0x1.751f72e33b814p+6};
    const auto r = cq::ClosestPointOnPlane(cq::Vec<double, 2>{{0x1.1ce4dd1d1fa1ep+8, -0x1.5137b85e01013p+9}}, plane);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->signedDistance, -0x1.5bcc1e5b0fff9p+5);
    EXPECT_EQ(r->region, cq::PlaneRegion::Back);
  }
  {
    const cq::Plane<double, 2> plane{{{-0x1.bc12d35058766p-1, -0x1.0a85b1f3c7fa4p+3}}, -0x1.f02cdb374c621p+5};
    const auto r = cq::ClosestPointOnPlane(cq::Vec<double, 2>{{-0x1.95dc447b9cb56p+4, 0x1.21ad36bc0ed42p+3}}, plane);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->signedDistance, 0x1.07bded1f76681p+0);
    EXPECT_EQ(r->region, cq::PlaneRegion::Front);
  }
}

// A point a hair off the plane (5e-14 from a plane through coordinates near 150) goes to
// the slow path, whose s is correctly rounded (checked against __float128): the fast
// path's sign margin is what sends it there (a mutation run cut the margin to 1 eps and
// no test noticed; 2.5x more near-plane queries then had s an ulp off). Where long double
// is double the slow path is good to an ulp but not correctly rounded.
TEST(PointPlane, APointAHairOffThePlaneGetsTheCorrectlyRoundedSignedDistance) {
  if constexpr (!cq::detail::k_hasWide<double>) GTEST_SKIP() << "the slow path divides in double here";
  const cq::Plane<double, 2> plane{{{-0x1.dd94566c80541p+2, 0x1.fe010a54fac6p+2}}, -0x1.47017d755fe55p+6};
  const auto r = cq::ClosestPointOnPlane(cq::Vec<double, 2>{{-0x1.14060f209b743p+7, -0x1.16fe22490c23fp+7}}, plane);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->region, cq::PlaneRegion::Front);
  EXPECT_EQ(r->signedDistance, 0x1.e47b727bdadc5p-45);
  EXPECT_EQ(r->distance, 0x1.e47b727bdadc5p-45);
}

// A normal along an axis keeps P's other coordinates bit for bit, a -0 too, on either side
// of the plane (found by a mutation run: P = (10, -0) under n = (1, 0) kept its -0 for
// d = 9 and read +0 for d = 11).
TEST(PointPlane, AnAxisNormalKeepsTheOtherCoordinatesBitForBitOnBothSides) {
  for (const double d : {9.0, 11.0, 10.0}) {
    const auto r = cq::ClosestPointOnPlane(cq::Vec<double, 2>{{10, -0.0}}, cq::Plane<double, 2>{{{1, 0}}, d});
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->closest.v[0], d);
    EXPECT_TRUE(std::signbit(r->closest.v[1])) << "d = " << d;
  }
}

}  // namespace
