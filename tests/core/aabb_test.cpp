// tests/core/aabb_test.cpp: closest point on an axis-aligned box (cq/aabb.hpp).
//
// All 3^N regions (9 in 2D, 27 in 3D), each run under every axis permutation and
// reflection with the expected side array remapped, so every face, edge and vertex of the
// box is reached from every direction. The inputs are small integers: the clamp and the
// squared distance are exact, so the expectations are exact (the distance is compared
// with the correctly rounded sqrt of the exact squared distance).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <set>
#include <string>

#include "test_support.hpp"

namespace {

using cq::BoxFeature;
using cqtest::AllAxisMaps;
using cqtest::AllConfigs;
using cqtest::AxisMap;
using cqtest::ConfigNames;
using cqtest::SameBits;
using cqtest::V;

// The box [1,3] x [2,5] x [-4,-1]. Outside on axis i the point is delta_i = (3,4,12)
// beyond the face, so the squared distance is the sum of delta_i^2 over clamped axes:
// {x} 9, {y} 16, {z} 144, {x,y} 25, {x,z} 153, {y,z} 160, {x,y,z} 169.
constexpr std::array<double, 3> k_min{1, 2, -4};
constexpr std::array<double, 3> k_max{3, 5, -1};
constexpr std::array<double, 3> k_delta{3, 4, 12};
constexpr std::array<double, 3> k_within{2, 3, -2};  // inside every slab, off-centre

/// The feature for a number of clamped axes, per the header's table (written out, not
/// computed): 2D 0/1/2 -> inside/edge/vertex; 3D 0/1/2/3 -> inside/face/edge/vertex.
template <int N>
BoxFeature ExpectedFeature(int clampedAxes) {
  if constexpr (N == 2) {
    constexpr BoxFeature table[3] = {BoxFeature::Inside, BoxFeature::Edge, BoxFeature::Vertex};
    return table[clampedAxes];
  } else {
    constexpr BoxFeature table[4] = {BoxFeature::Inside, BoxFeature::Face, BoxFeature::Edge, BoxFeature::Vertex};
    return table[clampedAxes];
  }
}

/// Runs one region (a side per axis) under every axis map.
template <class T, int N>
void RunRegion(const std::array<int, N>& sides) {
  std::array<double, 3> p{};
  std::array<double, 3> closest{};
  double distanceSq = 0;
  int clamped = 0;
  for (int i = 0; i < N; ++i) {
    if (sides[i] < 0) {
      p[i] = k_min[i] - k_delta[i];
      closest[i] = k_min[i];
    } else if (sides[i] > 0) {
      p[i] = k_max[i] + k_delta[i];
      closest[i] = k_max[i];
    } else {
      p[i] = k_within[i];
      closest[i] = k_within[i];
    }
    if (sides[i] != 0) {
      distanceSq += k_delta[i] * k_delta[i];
      ++clamped;
    }
  }
  // As given, and scaled by 2^-600 / 2^600 (float 2^-70 / 2^70), where the squared
  // distance under- or overflows and the rescaled path answers: the expectations scale
  // exactly (the squared distance is the true value rounded, 0 or inf there).
  const int big = sizeof(T) == 4 ? 70 : 600;
  for (const int k : {0, -big, big}) {
    for (const AxisMap<N>& map : AllAxisMaps<N>()) {
      auto at = [&](const std::array<double, 3>& x) { return cq::detail::ScaleByPowerOfTwo(map.template Apply<T>(x), k); };
      // The image of the box: reflecting an axis swaps the roles of min and max.
      const cq::Vec<T, N> c0 = at(k_min);
      const cq::Vec<T, N> c1 = at(k_max);
      cq::Aabb<T, N> box;
      std::array<int, N> expectedSide{};
      for (int i = 0; i < N; ++i) {
        box.min.v[i] = std::min(c0.v[i], c1.v[i]);
        box.max.v[i] = std::max(c0.v[i], c1.v[i]);
        expectedSide[i] = int(map.sign[i]) * sides[map.perm[i]];
      }
      const cq::Vec<T, N> pm = at(p);
      SCOPED_TRACE("scale 2^" + std::to_string(k) + " p=" + cqtest::Str(pm) + " min=" + cqtest::Str(box.min) +
                   " max=" + cqtest::Str(box.max));
      const auto r = cq::ClosestPointOnBox(pm, box);
      ASSERT_TRUE(r.ok());
      EXPECT_EQ(r->closest, at(closest));
      EXPECT_EQ(r->distanceSq, std::ldexp(T(distanceSq), 2 * k));
      EXPECT_EQ(r->distance, std::ldexp(std::sqrt(T(distanceSq)), k));
      EXPECT_EQ(r->feature, ExpectedFeature<N>(clamped));
      int expectedIndex = 0;  // the header's numbering: sum of (side_i + 1) 3^i
      for (int i = 0, weight = 1; i < N; ++i, weight *= 3) {
        EXPECT_EQ(int(r->side[i]), expectedSide[i]) << "axis " << i;
        expectedIndex += (expectedSide[i] + 1) * weight;
      }
      EXPECT_EQ(r->RegionIndex(), expectedIndex);
      // The feature of the region numbered so (the app shades regions by it).
      EXPECT_EQ(cq::FeatureOfRegion<N>(r->RegionIndex()), r->feature);
      if (clamped == 0) {
        EXPECT_TRUE(SameBits(r->closest, pm));  // inside: P itself
      }
    }
  }
}

template <class C>
class PointBox : public ::testing::Test {};
TYPED_TEST_SUITE(PointBox, AllConfigs, ConfigNames);

TYPED_TEST(PointBox, EveryRegionUnderEveryAxisMap) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  int regions = 0;
  std::array<int, N> sides{};
  for (int code = 0; code < (N == 2 ? 9 : 27); ++code) {
    for (int i = 0, c = code; i < N; ++i, c /= 3) sides[i] = c % 3 - 1;
    RunRegion<T, N>(sides);
    ++regions;
  }
  EXPECT_EQ(regions, N == 2 ? 9 : 27);
}

TEST(PointBox2, NineRegionIndicesByHand) {
  // The 2D numbering written out: rows of y (below, within, above), x varying fastest.
  const cq::Aabb<double, 2> box{{{0, 0}}, {{1, 1}}};
  struct Expect {
    double x, y;
    int index;
    BoxFeature feature;
  };
  const Expect table[9] = {{-1, -1, 0, BoxFeature::Vertex}, {0.5, -1, 1, BoxFeature::Edge},
                           {2, -1, 2, BoxFeature::Vertex},  {-1, 0.5, 3, BoxFeature::Edge},
                           {0.5, 0.5, 4, BoxFeature::Inside}, {2, 0.5, 5, BoxFeature::Edge},
                           {-1, 2, 6, BoxFeature::Vertex},  {0.5, 2, 7, BoxFeature::Edge},
                           {2, 2, 8, BoxFeature::Vertex}};
  for (const Expect& e : table) {
    const auto r = cq::ClosestPointOnBox(cq::Vec2d{{e.x, e.y}}, box);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->RegionIndex(), e.index) << e.x << ", " << e.y;
    EXPECT_EQ(r->feature, e.feature) << e.x << ", " << e.y;
  }
}

TEST(PointBox3, TwentySevenDistinctIndicesInsideIsThirteen) {
  const cq::Aabb<double, 3> box{{{0, 0, 0}}, {{1, 1, 1}}};
  std::set<int> seen;
  for (double x : {-1.0, 0.5, 2.0})
    for (double y : {-1.0, 0.5, 2.0})
      for (double z : {-1.0, 0.5, 2.0}) {
        const auto r = cq::ClosestPointOnBox(cq::Vec3d{{x, y, z}}, box);
        ASSERT_TRUE(r.ok());
        seen.insert(r->RegionIndex());
      }
  EXPECT_EQ(seen.size(), 27u);
  EXPECT_EQ(*seen.begin(), 0);
  EXPECT_EQ(*seen.rbegin(), 26);
  // A few by hand: inside 13; (-,-,-) 0; (+,+,+) 26; +x face 14; +z face 22; -y face 10.
  auto index = [&](double x, double y, double z) { return cq::ClosestPointOnBox(cq::Vec3d{{x, y, z}}, box)->RegionIndex(); };
  EXPECT_EQ(index(0.5, 0.5, 0.5), 13);
  EXPECT_EQ(index(-1, -1, -1), 0);
  EXPECT_EQ(index(2, 2, 2), 26);
  EXPECT_EQ(index(2, 0.5, 0.5), 14);
  EXPECT_EQ(index(0.5, 0.5, 2), 22);
  EXPECT_EQ(index(0.5, -1, 0.5), 10);
}

TYPED_TEST(PointBox, PointOnTheSurfaceIsInside) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // The box is closed: P exactly on a face, edge or corner is inside, distance 0.
  const cq::Aabb<T, N> box{V<T, N>(1, 2, -4), V<T, N>(3, 5, -1)};
  for (const cq::Vec<T, N>& p : {V<T, N>(3, 3, -2), V<T, N>(1, 5, -2), V<T, N>(3, 5, -1), V<T, N>(1, 2, -4)}) {
    const auto r = cq::ClosestPointOnBox(p, box);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->feature, BoxFeature::Inside) << cqtest::Str(p);
    EXPECT_EQ(r->distance, T(0));
    EXPECT_TRUE(SameBits(r->closest, p));
  }
}

TYPED_TEST(PointBox, FlatBoxIsValid) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // min.y == max.y == 2: a flat box (a rectangle in 3D, a segment in 2D). P on it is
  // inside; P above it clamps to y = 2 on the +y side.
  const cq::Aabb<T, N> box{V<T, N>(0, 2, 0), V<T, N>(4, 2, 4)};
  const auto on = cq::ClosestPointOnBox(V<T, N>(1, 2, 3), box);
  ASSERT_TRUE(on.ok());
  EXPECT_EQ(on->feature, BoxFeature::Inside);
  EXPECT_EQ(on->distance, T(0));
  const auto above = cq::ClosestPointOnBox(V<T, N>(1, 5, 3), box);
  ASSERT_TRUE(above.ok());
  EXPECT_EQ(above->closest, (V<T, N>(1, 2, 3)));
  EXPECT_EQ(above->side[1], 1);
  EXPECT_EQ(above->distance, T(3));
  EXPECT_EQ(above->feature, (N == 2 ? BoxFeature::Edge : BoxFeature::Face));
  // A point box (min == max on every axis) is valid too: the answer is that point.
  const cq::Aabb<T, N> point{V<T, N>(1, 1, 1), V<T, N>(1, 1, 1)};
  const auto r = cq::ClosestPointOnBox(V<T, N>(4, 5, 1), point);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->closest, (V<T, N>(1, 1, 1)));
  EXPECT_EQ(r->distance, T(5));
  EXPECT_EQ(r->feature, (N == 2 ? BoxFeature::Vertex : BoxFeature::Edge));
}

TYPED_TEST(PointBox, OutsideATinyBoxIsNotAtDistanceZero) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // Regression. The box [0, s]^N with s = 1e-200 (double) / 1e-30 (float) and P one box
  // width beyond the +x face. The fast path's squared distance s^2 underflows to exactly
  // 0, and its range guard accepted "distSq == 0" as the inside case, so the query
  // answered distance 0 (feature Face) for a point a whole box width away: a 100% error
  // relative to the scene. Inside is now recognised by no axis being clamped, and an
  // outside point whose square underflowed takes the rescaled path.
  const T s = sizeof(T) == 4 ? T(1e-30) : T(1e-200);
  const cq::Aabb<T, N> box{cq::Vec<T, N>{}, cq::Vec<T, N>::Splat(s)};
  cq::Vec<T, N> p = cq::Vec<T, N>::Splat(s / T(2));
  p.v[0] = T(2) * s;
  const auto r = cq::ClosestPointOnBox(p, box);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->feature, (N == 2 ? BoxFeature::Edge : BoxFeature::Face));
  // 2s - s is exact (Sterbenz), and the rescaled length of (s, 0, 0) is exactly s. The
  // squared distance s^2 is below T's range and reads 0, as documented.
  EXPECT_EQ(r->distance, p.v[0] - s);
}

// ---------------------------------------------------------------------------------------
// Invalid input.

template <class C>
class BoxErrors : public ::testing::Test {};
TYPED_TEST_SUITE(BoxErrors, AllConfigs, ConfigNames);

TYPED_TEST(BoxErrors, InvertedAxisIsReportedWithTheAxis) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  for (int axis = 0; axis < N; ++axis) {
    cq::Aabb<T, N> box{V<T, N>(0, 0, 0), V<T, N>(1, 1, 1)};
    box.min.v[axis] = T(2);  // min > max on this axis only
    const auto r = cq::ClosestPointOnBox(V<T, N>(0.5, 0.5, 0.5), box);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, cq::ErrorCode::InvertedBox);
    EXPECT_EQ(r.error().axis, axis);
    const std::string message = cq::Describe(r.error());
    EXPECT_NE(message.find("min"), std::string::npos) << message;
    EXPECT_NE(message.find("coordinate " + std::to_string(axis)), std::string::npos) << message;
  }
  // Inverted by one ulp is still inverted (no tolerance).
  cq::Aabb<T, N> box{V<T, N>(1, 0, 0), V<T, N>(1, 1, 1)};
  box.min.v[0] = std::nextafter(T(1), T(2));
  EXPECT_EQ(cq::ClosestPointOnBox(V<T, N>(0, 0, 0), box).error().code, cq::ErrorCode::InvertedBox);
}

TYPED_TEST(BoxErrors, NonFiniteNamesPointMinOrMax) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const cq::Aabb<T, N> good{V<T, N>(-1, -2, -3), V<T, N>(1, 2, 3)};
  const cq::Vec<T, N> p = V<T, N>(0.5, 5, -1);
  for (const T bad : {cqtest::NaN<T>(), cqtest::Inf<T>(), -cqtest::Inf<T>()}) {
    for (int axis = 0; axis < N; ++axis) {
      for (const cq::Field field : {cq::Field::P, cq::Field::Min, cq::Field::Max}) {
        cq::Aabb<T, N> box = good;
        cq::Vec<T, N> q = p;
        if (field == cq::Field::P) q.v[axis] = bad;
        if (field == cq::Field::Min) box.min.v[axis] = bad;
        if (field == cq::Field::Max) box.max.v[axis] = bad;
        const auto r = cq::ClosestPointOnBox(q, box);
        ASSERT_FALSE(r.ok()) << cq::FieldName(field) << " axis " << axis << " " << bad;
        EXPECT_EQ(r.error().code, cq::ErrorCode::NonFinite);
        EXPECT_EQ(r.error().field, field);
        EXPECT_EQ(r.error().axis, axis);
        EXPECT_EQ(cq::Describe(r.error()).rfind(cq::FieldName(field), 0), 0u) << cq::Describe(r.error());
      }
    }
  }
  // The "infinite box" is not a box: -inf..+inf is NonFinite, not "everything is inside".
  const cq::Aabb<T, N> infinite{cq::Vec<T, N>::Splat(-cqtest::Inf<T>()), cq::Vec<T, N>::Splat(cqtest::Inf<T>())};
  const auto r = cq::ClosestPointOnBox(p, infinite);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, cq::ErrorCode::NonFinite);
  EXPECT_EQ(r.error().field, cq::Field::Min);
}

// An inverted box names its min, with the axis, in every query that takes a box (a mutation
// run found no test of the field: naming Max went unnoticed).
TEST(BoxErrors, InvertedBoxNamesMinAndTheAxisEverywhere) {
  const cq::Aabb<double, 3> box{{{0, 0, 0}}, {{1, -1, 1}}};  // min.y > max.y
  const auto r = cq::ClosestPointOnBox(cq::Vec<double, 3>{{0.5, 0.5, 0.5}}, box);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, cq::ErrorCode::InvertedBox);
  EXPECT_EQ(r.error().field, cq::Field::Min);
  EXPECT_EQ(r.error().axis, 1);
  const cq::Aabb<float, 2> box2{{{0, 3}}, {{1, 2}}};
  const auto map = cq::BoxRegions(box2, cq::Rect2<float>{{{-5, -5}}, {{5, 5}}});
  ASSERT_FALSE(map.ok());
  EXPECT_EQ(map.error().field, cq::Field::Min);
  EXPECT_EQ(map.error().axis, 1);
  const auto contact = cq::ContactSphereBox(cq::Sphere<double, 3>{{{0, 0, 0}}, 1.0}, box);
  ASSERT_FALSE(contact.ok());
  EXPECT_EQ(contact.error().field, cq::Field::Min);
  EXPECT_EQ(contact.error().axis, 1);
}

}  // namespace
