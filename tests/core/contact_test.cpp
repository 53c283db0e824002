// tests/core/contact_test.cpp: sphere (circle) contact against a wire, a half-space and a
// solid box (cq/contact.hpp), and the documented wire perpendicular.
//
// Hand cases use 3-4-5 geometry so distances are exact; a normal like (0.6, 0.8) is
// compared per coordinate within 1 ulp of the correctly rounded value. The random
// section checks what must hold for every contact: a unit normal (|n| - 1 within 4 ulps,
// measured in long double), resolvedCenter = center + depth * normal, and that a resolved
// sphere just touches the shape (distance == radius within 16 ulps of the scene).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "cq/detail/exact_geometry.hpp"
#include "test_support.hpp"

namespace {

using cqtest::AllConfigs;
using cqtest::ConfigNames;
using cqtest::Eps;
using cqtest::Ld;
using cqtest::SameBits;
using cqtest::V;

template <class T, int N>
void ExpectNearVec(const cq::Vec<T, N>& actual, const cq::Vec<T, N>& expected, int ulps) {
  for (int i = 0; i < N; ++i)
    EXPECT_LE(cqtest::UlpDistance(actual.v[i], expected.v[i]), ulps)
        << "coordinate " << i << ": " << cqtest::Str(actual) << " vs " << cqtest::Str(expected);
}

template <class T, int N>
void ExpectUnit(const cq::Vec<T, N>& n) {
  const Ld length = cqtest::NormL(cqtest::ToL(n));
  EXPECT_LE(std::fabs(length - 1), 4 * Ld(Eps<T>())) << "normal " << cqtest::Str(n);
}

template <class T, int N>
void ExpectNotPenetrating(const cq::Sphere<T, N>& sphere, const cq::ContactResult<T, N>& r) {
  EXPECT_FALSE(r.penetrating);
  EXPECT_EQ(r.depth, T(0));
  EXPECT_TRUE(SameBits(r.resolvedCenter, sphere.center));
  ExpectUnit(r.normal);
}

template <class C>
class ContactWire : public ::testing::Test {};
TYPED_TEST_SUITE(ContactWire, AllConfigs, ConfigNames);

template <class C>
class ContactPlane : public ::testing::Test {};
TYPED_TEST_SUITE(ContactPlane, AllConfigs, ConfigNames);

template <class C>
class ContactBox : public ::testing::Test {};
TYPED_TEST_SUITE(ContactBox, AllConfigs, ConfigNames);

template <class C>
class ContactErrors : public ::testing::Test {};
TYPED_TEST_SUITE(ContactErrors, AllConfigs, ConfigNames);

// ---------------------------------------------------------------------------------------
// Wire.

TYPED_TEST(ContactWire, SeparatedTouchingAndPenetrating) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // Wire (0,0,0)-(4,0,0), centre (2,3,0): closest (2,0,0), distance 3, normal +y.
  const cq::Vec<T, N> a = V<T, N>(0, 0, 0);
  const cq::Vec<T, N> b = V<T, N>(4, 0, 0);
  const cq::Vec<T, N> c = V<T, N>(2, 3, 0);
  for (const T radius : {T(1), T(3)}) {  // apart; touching (distance == radius)
    const cq::Sphere<T, N> sphere{c, radius};
    const auto r = cq::ContactSphereSegment(sphere, a, b);
    ASSERT_TRUE(r.ok());
    ExpectNotPenetrating(sphere, *r);
    EXPECT_EQ(r->distance, T(3));
    EXPECT_EQ(r->normal, (V<T, N>(0, 1, 0)));
    EXPECT_EQ(r->closest, (V<T, N>(2, 0, 0)));
  }
  const auto r = cq::ContactSphereSegment(cq::Sphere<T, N>{c, T(5)}, a, b);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->penetrating);
  EXPECT_EQ(r->depth, T(2));
  EXPECT_EQ(r->distance, T(3));
  EXPECT_EQ(r->normal, (V<T, N>(0, 1, 0)));
  EXPECT_EQ(r->resolvedCenter, (V<T, N>(2, 5, 0)));
}

TYPED_TEST(ContactWire, BeyondTheEndPushesAwayFromTheVertex) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // Centre (7,4,0) is past B = (4,0,0): C - B = (3,4,0), distance 5, normal (0.6,0.8,0).
  // Radius 6: depth 1, resolved C + (0.6,0.8,0) = (7.6,4.8,0).
  const cq::Sphere<T, N> sphere{V<T, N>(7, 4, 0), T(6)};
  const auto r = cq::ContactSphereSegment(sphere, V<T, N>(0, 0, 0), V<T, N>(4, 0, 0));
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->penetrating);
  EXPECT_EQ(r->distance, T(5));
  EXPECT_EQ(r->depth, T(1));
  EXPECT_TRUE(SameBits(r->closest, V<T, N>(4, 0, 0)));
  ExpectNearVec(r->normal, V<T, N>(0.6, 0.8, 0), 1);
  ExpectNearVec(r->resolvedCenter, V<T, N>(7.6, 4.8, 0), 1);
  ExpectUnit(r->normal);
}

TYPED_TEST(ContactWire, NormalFromNamesTheRuleThatGaveTheNormal) {
  // A lesson explains the normal it draws from this, not from Q == C (review s32).
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  using From = cq::ContactNormalFrom;
  const cq::Vec<T, N> a = V<T, N>(0, 0, 0);
  const cq::Vec<T, N> b = V<T, N>(4, 0, 0);
  auto from = [&](const cq::Vec<T, N>& c) {
    const auto r = cq::ContactSphereSegment(cq::Sphere<T, N>{c, T(1)}, a, b);
    EXPECT_TRUE(r.ok());
    return r.ok() ? r->normalFrom : From::PlaneNormal;
  };
  EXPECT_EQ(from(V<T, N>(7, 4, 0)), From::ClosestToCenter);     // past B: from the vertex
  EXPECT_EQ(from(V<T, N>(-1, 1, 0)), From::ClosestToCenter);    // before A
  EXPECT_EQ(from(V<T, N>(2, 3, 0)), From::AcrossWire);          // beside the interior
  EXPECT_EQ(from(V<T, N>(2, 0, 0)), From::WirePerpendicular);   // on the wire
  EXPECT_EQ(from(V<T, N>(0, 0, 0)), From::WirePerpendicular);   // on the vertex A itself
  EXPECT_EQ(from(V<T, N>(4, 0, 0)), From::WirePerpendicular);   // on B
  const auto plane = cq::ContactSpherePlane(cq::Sphere<T, N>{V<T, N>(0, 3, 0), T(1)},
                                            cq::Plane<T, N>{V<T, N>(0, 2, 0), T(0)});
  ASSERT_TRUE(plane.ok());
  EXPECT_EQ(plane->normalFrom, From::PlaneNormal);
  const cq::Aabb<T, N> box{V<T, N>(0, 0, 0), V<T, N>(4, 4, 4)};
  const auto outside = cq::ContactSphereBox(cq::Sphere<T, N>{V<T, N>(6, 1, 1), T(1)}, box);
  const auto inside = cq::ContactSphereBox(cq::Sphere<T, N>{V<T, N>(1, 2, 2), T(1)}, box);
  ASSERT_TRUE(outside.ok() && inside.ok());
  EXPECT_EQ(outside->normalFrom, From::ClosestToCenter);
  EXPECT_EQ(inside->normalFrom, From::NearestFace);
  // The wire's feature, for the lesson to show (it had rebuilt it from Q == B): a plane and
  // a box have none.
  using R = cq::LinearRegion;
  auto region = [&](const cq::Vec<T, N>& c) {
    const auto r = cq::ContactSphereSegment(cq::Sphere<T, N>{c, T(1)}, a, b);
    EXPECT_TRUE(r.ok() && r->wireRegion.has_value());
    return r.ok() && r->wireRegion ? *r->wireRegion : R::Interior;
  };
  EXPECT_EQ(region(V<T, N>(7, 4, 0)), R::VertexB);
  EXPECT_EQ(region(V<T, N>(-1, 1, 0)), R::VertexA);
  EXPECT_EQ(region(V<T, N>(2, 3, 0)), R::Interior);
  EXPECT_EQ(region(V<T, N>(2, 0, 0)), R::Interior);
  EXPECT_EQ(region(V<T, N>(0, 0, 0)), R::VertexA);
  EXPECT_EQ(region(V<T, N>(4, 0, 0)), R::VertexB);
  EXPECT_EQ(region(V<T, N>(0, 5, 0)), R::VertexA);  // on the perpendicular through A
  EXPECT_FALSE(plane->wireRegion.has_value());
  EXPECT_FALSE(outside->wireRegion.has_value());
  EXPECT_FALSE(inside->wireRegion.has_value());
}

TYPED_TEST(ContactWire, CentreOnTheWireUsesTheDocumentedPerpendicular) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // Wire (0,0,0)-(4,0,0). 2D: (B - A) = (4,0) turned CCW is (0,4) -> (0,1).
  // 3D: the smallest |component| of (4,0,0) is first found on y (k = 1):
  // (4,0,0) x (0,1,0) = (0,0,4) -> (0,0,1).
  const cq::Vec<T, N> expected = N == 2 ? V<T, N>(0, 1) : V<T, N>(0, 0, 1);
  for (const cq::Vec<T, N>& c : {V<T, N>(1, 0, 0), V<T, N>(0, 0, 0), V<T, N>(4, 0, 0)}) {  // interior, A, B
    const cq::Sphere<T, N> sphere{c, T(2)};
    const auto r = cq::ContactSphereSegment(sphere, V<T, N>(0, 0, 0), V<T, N>(4, 0, 0));
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->distance, T(0));
    EXPECT_TRUE(r->penetrating);
    EXPECT_EQ(r->depth, T(2));
    EXPECT_EQ(r->normal, expected) << cqtest::Str(c);
    EXPECT_EQ(r->resolvedCenter, c + T(2) * expected);
  }
  EXPECT_EQ((cq::WirePerpendicular(V<T, N>(0, 0, 0), V<T, N>(4, 0, 0))), expected);
  // Bit for bit: +0, not -0, in the zero coordinates (the tool prints -0 as -0.0).
  EXPECT_TRUE(SameBits(cq::WirePerpendicular(V<T, N>(0, 0, 0), V<T, N>(4, 0, 0)), expected));
  // Radius 0 on the wire: distance 0 is not < 0, so touching, not penetrating.
  const cq::Sphere<T, N> point{V<T, N>(1, 0, 0), T(0)};
  const auto r = cq::ContactSphereSegment(point, V<T, N>(0, 0, 0), V<T, N>(4, 0, 0));
  ASSERT_TRUE(r.ok());
  ExpectNotPenetrating(point, *r);
}

// A centre on the wire the float next to an end, inside: the rounded numerator can read it
// past that end (C = (1 - 2^-53, 0) on the wire (-1, 0)-(1, 0): C - A rounds to 2, so the
// numerator equals the denominator, region B), and C - Q, the rounding, points along the
// wire. The contact used to push such a centre along the wire, to a place still on it.
// The exact test must see it on the wire; a centre the float past the end must still be
// pushed along the wire, away from the vertex.
TYPED_TEST(ContactWire, CentreOnTheWireNextToAnEndGetsThePerpendicular) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const T inf = std::numeric_limits<T>::infinity();
  {  // the reported case
    const cq::Vec<T, N> a = V<T, N>(-1, 0, 0);
    const cq::Vec<T, N> b = V<T, N>(1, 0, 0);
    cq::Vec<T, N> c = b;
    c.v[0] = std::nextafter(T(1), T(0));
    ASSERT_EQ(cq::ClosestPointOnSegment(c, a, b)->region, cq::LinearRegion::VertexB) << "precondition";
    const auto r = cq::ContactSphereSegment(cq::Sphere<T, N>{c, T(0.5)}, a, b);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->distance, T(0));
    EXPECT_TRUE(SameBits(r->closest, c));
    EXPECT_EQ(r->normal, (cq::WirePerpendicular(a, b)));
    EXPECT_EQ(r->depth, T(0.5));
    EXPECT_EQ(r->resolvedCenter, c + T(0.5) * cq::WirePerpendicular(a, b));
    // The float past B, on the wire's line: past the vertex, pushed along the wire.
    c.v[0] = std::nextafter(T(1), inf);
    const auto past = cq::ContactSphereSegment(cq::Sphere<T, N>{c, T(0.5)}, a, b);
    ASSERT_TRUE(past.ok());
    EXPECT_TRUE(SameBits(past->closest, b));
    EXPECT_EQ(past->normal, (V<T, N>(1, 0, 0)));
  }
  // On the diagonal (every coordinate alike, so C is exactly on the wire), the float next
  // to either end, inside.
  cqtest::Rng rng(0x5eed'0031);
  cqtest::FailureLog log;
  int readAtAVertex = 0;
  const auto diagonal = [](T x) { return V<T, N>(double(x), double(x), double(x)); };
  for (int i = 0; i < 2000; ++i) {
    const T u = T(rng.Uniform(-8, 8));
    const T v = T(rng.Uniform(-8, 8));
    if (u == v) continue;
    const cq::Vec<T, N> a = diagonal(u);
    const cq::Vec<T, N> b = diagonal(v);
    for (const T w : {std::nextafter(v, u), std::nextafter(u, v)}) {
      if (w == u || w == v) continue;
      const cq::Vec<T, N> c = diagonal(w);
      readAtAVertex += cq::ClosestPointOnSegment(c, a, b)->region != cq::LinearRegion::Interior ? 1 : 0;
      const auto r = cq::ContactSphereSegment(cq::Sphere<T, N>{c, T(1)}, a, b);
      ASSERT_TRUE(r.ok());
      if ((r->distance != T(0) || !SameBits(r->closest, c) || r->normal != cq::WirePerpendicular(a, b)) &&
          log.Fail())
        ADD_FAILURE() << "c=" << cqtest::Str(c) << " a=" << cqtest::Str(a) << " b=" << cqtest::Str(b)
                      << " distance=" << r->distance << " normal=" << cqtest::Str(r->normal);
    }
  }
  EXPECT_EQ(log.count(), 0);
  EXPECT_GT(readAtAVertex, 100) << "precondition: the rounded numerator should put many of them at a vertex";
}

// A centre a hair off the wire next to B, which the rounded numerator reads as region B
// (a reported case): the normal must be across the wire, not C - B (here (0, 0, 1),
// 41 degrees off the wire's perpendicular plane).
TEST(ContactWire3, CentreAHairOffTheWireNextToAnEndIsPushedAcrossIt) {
  const cq::Vec3d a{{0.1, 2.1989173466387104, 2.958506659020247}};
  const cq::Vec3d b{{1, 0, 0.1}};
  const cq::Sphere<double, 3> sphere{{{1.0, 0.0, 0.10000000000000009}}, 2.0};
  ASSERT_EQ(cq::ClosestPointOnSegment(sphere.center, a, b)->region, cq::LinearRegion::VertexB) << "precondition";
  const auto r = cq::ContactSphereSegment(sphere, a, b);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->wireRegion, cq::LinearRegion::Interior);  // the exact projection's, not the rounded B
  ExpectUnit(r->normal);
  const cqtest::VecL<3> u = cqtest::ToL(b - a);
  const Ld along = cqtest::DotL(cqtest::ToL(r->normal), u) / cqtest::NormL(u);
  EXPECT_LE(std::fabs(along), 8 * Ld(Eps<double>())) << "normal " << cqtest::Str(r->normal);
  // The reference: the part of C - A across the wire, |B - A|^2 (C - A) - ((C - A).(B - A))
  // (B - A), in exact rationals from these doubles, normalised to 60 digits and rounded
  // (Python's fractions and decimal). The exact distance is 5.32e-17.
  ExpectNearVec(r->normal, cq::Vec3d{{0.2913028716229283, -0.7117232639303626, 0.639212509705925}}, 4);
  EXPECT_TRUE(r->penetrating);
}

// Scenes whose differences are tiny next to their coordinates (found in review of the
// path where double has no wider type, which cq_core_no_wide_tests runs; they hold in
// both): scaling the points by their scene alone let products of the differences
// underflow. On the wire far below 1 (the exact sign along it read 0, and the centre,
// read at a vertex, was pushed along the wire); a hair off a wire ~2^-570 long at
// x = 2^33 (the normal came out reversed); and a scene of zeros (ilogb(0) overflowed
// when negated). References from exact rationals (Python's fractions and decimal).
TEST(ContactWire3, TinyDifferencesBesideLargeCoordinates) {
  const cq::Vec3d a{{1, -0x1p-600, 0}};
  const cq::Vec3d b{{1, 0x1p-600, 0}};
  const cq::Sphere<double, 3> onWire{{{1, 0x1.fffffffffffffp-601, 0}}, 1.0};
  const auto on = cq::ContactSphereSegment(onWire, a, b);
  ASSERT_TRUE(on.ok());
  EXPECT_EQ(on->distance, 0.0);
  EXPECT_TRUE(SameBits(on->closest, onWire.center));
  EXPECT_TRUE(SameBits(on->normal, cq::WirePerpendicular(a, b))) << cqtest::Str(on->normal);

  const double x = 0x1.2a05f2p+33;
  const cq::Vec3d a2{{x, 0x1.c324c9b810e76p-571, -0x1.008a0c4647159p-571}};
  const cq::Vec3d b2{{x, 0x1.bdedcefd7a5dcp-570, 0x1.e2e67a5e2c6d0p-572}};
  const cq::Sphere<double, 3> off{{{x, -0x1.a07bd3c00a6b4p-573, 0x1.18b8396d3777cp-569}}, 1.0};
  const auto r = cq::ContactSphereSegment(off, a2, b2);
  ASSERT_TRUE(r.ok());
  ExpectNearVec(r->normal, cq::Vec3d{{0, -0x1.7f6a5eedd4e07p-1, 0x1.53515912ed161p-1}}, 4);

  const auto zeros = cq::ContactSphereSegment(cq::Sphere<double, 3>{{}, 1.0}, cq::Vec3d{}, cq::Vec3d{});
  ASSERT_TRUE(zeros.ok());
  EXPECT_EQ(zeros->distance, 0.0);
  EXPECT_TRUE(SameBits(zeros->normal, cq::Vec3d{{1, 0, 0}}));
}

// No normal coordinate is -0 (the tool prints it as -0.0): on either side of horizontal
// and vertical wires, either way round, the zero coordinate is +0.
TYPED_TEST(ContactWire, NormalsHaveNoNegativeZero) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const cq::Vec<T, N> ends[][2] = {{V<T, N>(-1, 0, 0), V<T, N>(1, 0, 0)}, {V<T, N>(0, -1, 0), V<T, N>(0, 1, 0)}};
  const cq::Vec<T, N> centres[] = {V<T, N>(0, 0.5, 0), V<T, N>(0, -0.5, 0), V<T, N>(0.5, 0, 0), V<T, N>(-0.5, 0, 0),
                                   V<T, N>(0, 0, 0), V<T, N>(3, 0.5, 0), V<T, N>(0.5, -3, 0)};
  int checked = 0;
  for (const auto& wire : ends)
    for (const bool reversed : {false, true})
      for (const cq::Vec<T, N>& c : centres) {
        const auto r = cq::ContactSphereSegment(cq::Sphere<T, N>{c, T(1)}, wire[reversed ? 1 : 0], wire[reversed ? 0 : 1]);
        ASSERT_TRUE(r.ok());
        for (int k = 0; k < N; ++k)
          EXPECT_FALSE(r->normal.v[k] == T(0) && std::signbit(r->normal.v[k]))
              << "centre " << cqtest::Str(c) << " normal " << cqtest::Str(r->normal);
        ++checked;
      }
  EXPECT_EQ(checked, 28);
}

// A centre on the wire whose closest point does not come out exactly: on the diagonal of
// the axes, C - A and B - A are exactly parallel (every coordinate rounds alike), but
// t = num / den rounds, and A + t (B - A) lands an ulp or so off C. C - Q then points
// anywhere, often along the wire (in the report that found it, a = (0, 1), b = (0, -0.1)
// and C the origin got the normal (0, 1) and was "pushed out" to vertex A, still on the
// wire). The contact must see the centre on the wire: distance 0, Q = C, the documented
// perpendicular. A hair off the diagonal, the normal must be across the wire, towards the
// centre's side.
TYPED_TEST(ContactWire, CentreOnOrAHairOffTheWireGetsAPerpendicular) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const auto diagonal = [](T x) { return V<T, N>(double(x), double(x), double(x)); };
  {  // the reported case
    const cq::Vec<T, N> a = V<T, N>(0, 1, 0);
    const cq::Vec<T, N> b = V<T, N>(0, -0.1, 0);
    const cq::Sphere<T, N> sphere{V<T, N>(0, 0, 0), T(1)};
    const auto r = cq::ContactSphereSegment(sphere, a, b);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->distance, T(0));
    EXPECT_TRUE(SameBits(r->closest, sphere.center));
    EXPECT_EQ(r->normal, (cq::WirePerpendicular(a, b)));
    EXPECT_EQ(r->depth, T(1));
  }
  cqtest::Rng rng(0x5eed'0003);
  cqtest::FailureLog log;
  const Ld eps = Eps<T>();
  int closestOff = 0;  // centres the segment query (NearLine::Across) did not give as their own closest point
  int roundedOff = 0;  // the same with the default, NearLine::Rounded
  for (int i = 0; i < 400; ++i) {
    const T u = T(rng.Uniform(-8, 8));
    const T v = T(rng.Uniform(-8, 8));
    const T w = T(u + T(rng.Uniform(0.1, 0.9)) * (v - u));
    if (!(std::min(u, v) < w && w < std::max(u, v))) continue;
    const cq::Vec<T, N> a = diagonal(u);
    const cq::Vec<T, N> b = diagonal(v);
    const cq::Vec<T, N> c = diagonal(w);
    closestOff += cq::ClosestPointOnSegment<cq::NearLine::Across>(c, a, b)->closest == c ? 0 : 1;
    roundedOff += cq::ClosestPointOnSegment(c, a, b)->closest == c ? 0 : 1;
    const auto on = cq::ContactSphereSegment(cq::Sphere<T, N>{c, T(1)}, a, b);
    ASSERT_TRUE(on.ok());
    if ((on->distance != T(0) || !SameBits(on->closest, c) || on->normal != cq::WirePerpendicular(a, b)) &&
        log.Fail())
      ADD_FAILURE() << "on the wire: c=" << cqtest::Str(c) << " a=" << cqtest::Str(a) << " b=" << cqtest::Str(b)
                    << " distance=" << on->distance << " normal=" << cqtest::Str(on->normal);
    // A few ulps off the diagonal: x up, y down (z, in 3D, stays). Ulps of the scene, not
    // of C: C - A must still see the offset after rounding.
    const T scene = 2 * std::max({std::fabs(u), std::fabs(v), std::fabs(w)});
    const T h = 8 * (std::nextafter(scene, std::numeric_limits<T>::infinity()) - scene);
    cq::Vec<T, N> off = c;
    off.v[0] += h;
    off.v[1] -= h;
    const auto hair = cq::ContactSphereSegment(cq::Sphere<T, N>{off, T(1)}, a, b);
    ASSERT_TRUE(hair.ok());
    const cqtest::VecL<N> n = cqtest::ToL(hair->normal);
    const Ld along = std::fabs(cqtest::DotL(n, cqtest::ToL(diagonal(T(1))))) / std::sqrt(Ld(N));
    const Ld towards = n[0] - n[1];  // the side the centre moved to: +x, -y
    if ((along > 8 * eps || towards <= 0 || std::fabs(cqtest::NormL(n) - 1) > 4 * eps) && log.Fail())
      ADD_FAILURE() << "a hair off: c=" << cqtest::Str(off) << " a=" << cqtest::Str(a) << " b=" << cqtest::Str(b)
                    << " normal=" << cqtest::Str(hair->normal) << " (along the wire " << double(along) << ")";
  }
  EXPECT_EQ(log.count(), 0);
  // The segment query with NearLine::Across, which the contact uses, gives a point on the
  // segment as its own closest point (its foot taken across the line exactly); the
  // default foot, A + t_raw (B - A), misses the centre by its rounding in many of these.
  // (Where T has no wider type, Across is Rounded.)
  EXPECT_EQ(closestOff, cq::detail::k_hasWide<T> ? 0 : roundedOff);
  EXPECT_GT(roundedOff, 40) << "precondition: the rounded closest point should miss the centre in many cases";
}

// Centres within rounding of the wire, checked against exact integer arithmetic. Every
// coordinate is a float or double of magnitude in [2^-8, 2) (or a centre that is a
// multiple of the same 2^-S), so that it is an integer multiple of 2^-S (S = 60 for double,
// 31 for float): B - A, C - A and their cross products are then exact in __int128. The
// side of the wire (2D) and the direction across it (3D) must be the exact ones; the
// rounded differences C - A and B - A used to decide them, and put about one centre in
// seven on the wrong side.
__extension__ typedef __int128 Int128;  // GCC's, exact for these sums

template <class T>
constexpr int k_fixedPointBits = sizeof(T) == 4 ? 31 : 60;

template <class T>
bool ToFixedPoint(T x, Int128& out) {
  const Ld scaled = std::ldexp(Ld(x), k_fixedPointBits<T>);
  if (scaled != std::trunc(scaled)) return false;
  out = static_cast<Int128>(scaled);
  return true;
}

template <class T>
T RandomFixedPointCoordinate(cqtest::Rng& rng) {
  const int digits = std::numeric_limits<T>::digits;
  const Ld mantissa = std::ldexp(Ld(1) + Ld(rng.Uniform(0, 1)), digits - 1);  // [2^(d-1), 2^d)
  const T magnitude = T(std::ldexp(std::trunc(mantissa), rng.Int(-8, 0) - (digits - 1)));
  return rng.Chance(0.5) ? magnitude : -magnitude;
}

template <class T, int N>
cq::Vec<T, N> RandomFixedPointVec(cqtest::Rng& rng) {
  cq::Vec<T, N> v;
  for (int k = 0; k < N; ++k) v.v[k] = RandomFixedPointCoordinate<T>(rng);
  return v;
}

/// Every coordinate of v as a multiple of 2^-S, or false where one is not.
template <class T, int N>
bool ToFixedPoint(const cq::Vec<T, N>& v, Int128 (&out)[N]) {
  bool representable = true;
  for (int j = 0; j < N; ++j) representable &= ToFixedPoint(v.v[j], out[j]);
  return representable;
}

TYPED_TEST(ContactWire, CentreAHairOffTheWireIsPushedOutOnItsExactSide) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'0005 + N + 10 * sizeof(T));
  cqtest::FailureLog log;
  int checked = 0;
  int hard = 0;  // centres closer to the wire than the rounding of C - A and B - A
  for (int i = 0; i < 20000; ++i) {
    const cq::Vec<T, N> a = RandomFixedPointVec<T, N>(rng);
    const cq::Vec<T, N> b = RandomFixedPointVec<T, N>(rng);
    cq::Vec<T, N> c = a + T(rng.Uniform(0.05, 0.95)) * (b - a);
    const int k = rng.Int(0, N - 1);
    for (int step = rng.Int(-2, 2); step != 0; step += step > 0 ? -1 : 1)
      c.v[k] = std::nextafter(c.v[k], step > 0 ? T(4) : T(-4));
    Int128 ai[N] = {}, bi[N] = {}, ci[N] = {}, d[N] = {}, e[N] = {};
    if (!ToFixedPoint(a, ai) || !ToFixedPoint(b, bi) || !ToFixedPoint(c, ci)) continue;
    const auto q = cq::ClosestPointOnSegment(c, a, b);
    if (!q.ok() || q->region != cq::LinearRegion::Interior) continue;
    for (int j = 0; j < N; ++j) d[j] = bi[j] - ai[j], e[j] = ci[j] - ai[j];
    const auto r = cq::ContactSphereSegment(cq::Sphere<T, N>{c, T(1)}, a, b);
    ASSERT_TRUE(r.ok());
    ++checked;
    // w = d x e, exactly (2D: its one coordinate).
    Int128 w[3] = {0, 0, 0};
    if constexpr (N == 2) {
      w[2] = d[0] * e[1] - d[1] * e[0];
    } else {
      w[0] = d[1] * e[2] - d[2] * e[1];
      w[1] = d[2] * e[0] - d[0] * e[2];
      w[2] = d[0] * e[1] - d[1] * e[0];
    }
    Ld dLength = 0;
    Ld eLength = 0;
    Ld wLength = 0;
    for (int j = 0; j < N; ++j) dLength += Ld(d[j]) * Ld(d[j]), eLength += Ld(e[j]) * Ld(e[j]);
    for (int j = 0; j < 3; ++j) wLength += Ld(w[j]) * Ld(w[j]);
    dLength = std::sqrt(dLength), eLength = std::sqrt(eLength), wLength = std::sqrt(wLength);
    if (wLength < 4 * Ld(Eps<T>()) * dLength * eLength) ++hard;
    std::string why;
    if (wLength == 0) {
      if (r->normal != cq::WirePerpendicular(a, b) || r->distance != T(0)) why = "on the wire: not the documented perpendicular";
    } else {
      // The exact direction across the wire: w x d (= |d|^2 e - (d.e) d).
      Ld across[N];
      const Ld wl[3] = {Ld(w[0]), Ld(w[1]), Ld(w[2])};
      const Ld dl[3] = {Ld(d[0]), Ld(d[1]), N == 3 ? Ld(d[N - 1]) : Ld(0)};
      const Ld full[3] = {wl[1] * dl[2] - wl[2] * dl[1], wl[2] * dl[0] - wl[0] * dl[2], wl[0] * dl[1] - wl[1] * dl[0]};
      Ld length = 0;
      for (int j = 0; j < N; ++j) across[j] = full[j], length += full[j] * full[j];
      Ld cosine = 0;
      for (int j = 0; j < N; ++j) cosine += Ld(r->normal.v[j]) * across[j] / std::sqrt(length);
      if (cosine < 1 - 16 * Ld(Eps<T>())) why = "normal off the exact direction across the wire (cosine " + std::to_string(double(cosine)) + ")";
      // The distance is |w| / |d|, good to a few ulps of itself, and decides whether a ball
      // a thousandth larger or smaller than it is sunk in. From the rounded Q it was good
      // only to ulps of the scene (a review: C = (1, 1e-20) over (-4, 0)-(2, 0) read
      // 2.2e-16 away, and a ball of radius 1e-19 there read clear).
      const Ld exact = std::ldexp(wLength / dLength, -k_fixedPointBits<T>);
      if (std::fabs(Ld(r->distance) - exact) > 8 * Ld(Eps<T>()) * exact)
        why = "distance " + std::to_string(double(r->distance)) + " is not |w| / |d| = " + std::to_string(double(exact));
      const auto bigger = cq::ContactSphereSegment(cq::Sphere<T, N>{c, T(exact * Ld(1.001))}, a, b);
      const auto smaller = cq::ContactSphereSegment(cq::Sphere<T, N>{c, T(exact * Ld(0.999))}, a, b);
      ASSERT_TRUE(bigger.ok() && smaller.ok());
      if (!bigger->penetrating || smaller->penetrating) why = "a ball 0.1 % larger than the distance is not sunk in, or a smaller one is";
    }
    if (!why.empty() && log.Fail())
      ADD_FAILURE() << why << ": c=" << cqtest::Str(c) << " a=" << cqtest::Str(a) << " b=" << cqtest::Str(b)
                    << " normal=" << cqtest::Str(r->normal);
  }
  EXPECT_EQ(log.count(), 0);
  EXPECT_GT(checked, 10000);
  EXPECT_GT(hard, 1000) << "precondition: many centres within rounding of the wire";
}

TYPED_TEST(ContactWire, CentreAHairPastAnEndTakesThatVertex) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // Review s34code #3. The query's region comes from the rounded numerator, and the
  // contact tested the exact side of an end only where the query said "vertex". A centre
  // exactly past B that the rounding put in the interior took the distance and the normal
  // across the carrier line, from a foot beyond B: C = (0.61594153281653352,
  // 0.63391281342446837) over the wire from (-0.97739429142862499, 0.31394387994411788)
  // to B = (0.61594153281653341, 0.63391281342446848), 1.57e-16 from B, read distance
  // 1.31e-16, and a ball of radius 1.45e-16 there read sunk in. Here: centres a few ulps
  // from A or B, exactly beyond that end by the sign of (C - V).(B - A) in __int128; each
  // must take the vertex, the exact distance to it, and the direction from it.
  cqtest::Rng rng(0x5eed'0006 + N + 10 * sizeof(T));
  cqtest::FailureLog log;
  int checked = 0;
  int roundedInside = 0;  // beyond an end exactly, but in the query's interior
  for (int i = 0; i < 20000; ++i) {
    const cq::Vec<T, N> a = RandomFixedPointVec<T, N>(rng);
    const cq::Vec<T, N> b = RandomFixedPointVec<T, N>(rng);
    const bool atB = rng.Chance(0.5);
    const cq::Vec<T, N> v = atB ? b : a;
    cq::Vec<T, N> c = v;
    for (int k = 0; k < N; ++k)
      for (int step = rng.Int(-3, 3); step != 0; step += step > 0 ? -1 : 1)
        c.v[k] = std::nextafter(c.v[k], step > 0 ? T(4) : T(-4));
    Int128 ai[N] = {}, bi[N] = {}, ci[N] = {};
    if (!ToFixedPoint(a, ai) || !ToFixedPoint(b, bi) || !ToFixedPoint(c, ci)) continue;
    Int128 along = 0;
    Int128 lengthSq = 0;
    for (int j = 0; j < N; ++j) {
      const Int128 offset = ci[j] - (atB ? bi[j] : ai[j]);
      along += offset * (bi[j] - ai[j]);
      lengthSq += offset * offset;
    }
    if (!(atB ? along > 0 : along < 0)) continue;  // not beyond that end
    ++checked;
    roundedInside += cq::ClosestPointOnSegment(c, a, b)->region == cq::LinearRegion::Interior;
    const auto r = cq::ContactSphereSegment(cq::Sphere<T, N>{c, T(1)}, a, b);
    ASSERT_TRUE(r.ok());
    const Ld exact = std::ldexp(std::sqrt(Ld(lengthSq)), -k_fixedPointBits<T>);
    Ld cosine = 0;
    for (int j = 0; j < N; ++j) cosine += Ld(r->normal.v[j]) * (Ld(c.v[j]) - Ld(v.v[j])) / exact;
    std::string why;
    if (!(r->closest == v))
      why = "closest " + cqtest::Str(r->closest) + " is not the vertex";
    else if (r->normalFrom != cq::ContactNormalFrom::ClosestToCenter)
      why = "normal not from the vertex";
    else if (cosine < 1 - 16 * Ld(Eps<T>()))
      why = "normal off C - V (cosine " + std::to_string(double(cosine)) + ")";
    else if (std::fabs(Ld(r->distance) - exact) > 8 * Ld(Eps<T>()) * exact)
      why = "distance " + std::to_string(double(r->distance)) + " is not |C - V| = " + std::to_string(double(exact));
    if (why.empty()) {
      const auto bigger = cq::ContactSphereSegment(cq::Sphere<T, N>{c, T(exact * Ld(1.001))}, a, b);
      const auto smaller = cq::ContactSphereSegment(cq::Sphere<T, N>{c, T(exact * Ld(0.999))}, a, b);
      ASSERT_TRUE(bigger.ok() && smaller.ok());
      if (!bigger->penetrating || smaller->penetrating)
        why = "a ball 0.1 % larger than |C - V| is not sunk in, or a smaller one is";
    }
    if (!why.empty() && log.Fail())
      ADD_FAILURE() << why << " (beyond " << (atB ? "B" : "A") << "): c=" << cqtest::Str(c) << " a=" << cqtest::Str(a)
                    << " b=" << cqtest::Str(b);
  }
  EXPECT_EQ(log.count(), 0);
  EXPECT_GT(checked, 5000);
  EXPECT_GT(roundedInside, 20) << "precondition: centres beyond an end that the query puts in the interior";
}

// Inside the wire the distance across, rounded, can read exactly r where the exact one is
// not (words audit): a centre 2 - 9.3e-17 from the wire through (-20, -30) and (20, 30)
// read "d = r = 2: the ball touches", and one 2 + 1.37e-16 from the wire through (-10, -10)
// and (10, 10) read the same, though clear. r = 2 is exact.
TEST(ContactWire2, TouchingInsideTheWireIsDecidedExactly) {
  if (!cq::detail::k_hasWide<double>) GTEST_SKIP() << "no type wider than double here: the rounded distance is compared";
  const cq::Sphere<double, 2> sunkBall{{0, 3.605551275463989}, 2};
  const auto sunk = cq::ContactSphereSegment(sunkBall, cq::Vec2d{-20, -30}, cq::Vec2d{20, 30});
  ASSERT_TRUE(sunk.ok());
  EXPECT_TRUE(sunk->penetrating);
  EXPECT_EQ(sunk->distance, std::nextafter(2.0, 0.0));  // the largest value below r
  EXPECT_EQ(sunk->distanceMovedToSide, -1);
  EXPECT_EQ(sunk->roundedDistance, 2.0);  // as rounded, before the move
  const cq::Sphere<double, 2> clearBall{{0, 2.8284271247461903}, 2};
  const auto clear = cq::ContactSphereSegment(clearBall, cq::Vec2d{-10, -10}, cq::Vec2d{10, 10});
  ASSERT_TRUE(clear.ok());
  ExpectNotPenetrating(clearBall, *clear);
  EXPECT_EQ(clear->distance, 2.0);  // read as r: clear by less than its rounding
  EXPECT_EQ(clear->distanceMovedToSide, 1);
  // Exactly touching: the wire y = 0, C = (0.5, 2).
  const cq::Sphere<double, 2> touchingBall{{0.5, 2}, 2};
  const auto touching = cq::ContactSphereSegment(touchingBall, cq::Vec2d{-1, 0}, cq::Vec2d{1, 0});
  ASSERT_TRUE(touching.ok());
  ExpectNotPenetrating(touchingBall, *touching);
  EXPECT_EQ(touching->distance, 2.0);
  EXPECT_EQ(touching->distanceMovedToSide, 0);
  EXPECT_EQ(touching->roundedDistance, touching->distance);
}

// The same in 3D, with the wire along a slanted direction: the centre (0, 3.605551275463989,
// 0) over the wire from (-20, -30, 0) to (20, 30, 0), and lifted off its plane.
TEST(ContactWire3, TouchingInsideTheWireIsDecidedExactly) {
  if (!cq::detail::k_hasWide<double>) GTEST_SKIP() << "no type wider than double here: the rounded distance is compared";
  const cq::Sphere<double, 3> sunkBall{{0, 3.605551275463989, 0}, 2};
  const auto sunk = cq::ContactSphereSegment(sunkBall, cq::Vec3d{-20, -30, 0}, cq::Vec3d{20, 30, 0});
  ASSERT_TRUE(sunk.ok());
  EXPECT_TRUE(sunk->penetrating);
  const cq::Sphere<double, 3> clearBall{{0, 2.8284271247461903, 0}, 2};
  const auto clear = cq::ContactSphereSegment(clearBall, cq::Vec3d{-10, -10, 0}, cq::Vec3d{10, 10, 0});
  ASSERT_TRUE(clear.ok());
  ExpectNotPenetrating(clearBall, *clear);
}

TEST(ContactWire2, ReportedCentresAHairOffTheWire) {
  // Found in review; the expected normals are the exact rational rejections of C - A
  // from B - A, rounded. (-0.24, -0.4) is 7.5e-18 left of the wire, and was pushed right.
  const auto r1 = cq::ContactSphereSegment(cq::Sphere<double, 2>{{{-0.24, -0.4}}, 1}, {{0.4, -0.8}}, {{-0.4, -0.3}});
  ASSERT_TRUE(r1.ok());
  ExpectNearVec(r1->normal, cq::Vec2d{{-0.52999894000318, -0.8479983040050879}}, 4);
  // 2.4e-18 off the wire, on the side opposite its documented perpendicular: the rounded
  // cross product was 0 and the centre read as on the wire.
  const auto r2 = cq::ContactSphereSegment(cq::Sphere<double, 2>{{{0.49, -0.39}}, 1}, {{0.4, -0.6}}, {{0.7, 0.1}});
  ASSERT_TRUE(r2.ok());
  ExpectNearVec(r2->normal, cq::Vec2d{{0.919145030018058, -0.39391929857916763}}, 4);
  // 8.3e-18 off a 3D wire: the direction was 17-34 degrees off.
  const auto r3 = cq::ContactSphereSegment(cq::Sphere<double, 3>{{{0.85, -0.3, 0.1}}, 1}, {{0.7, -0.5, -0.5}},
                                           {{1.0, -0.1, 0.7}});
  ASSERT_TRUE(r3.ok());
  const cq::Vec3d n3{{-0.8273152241817895, 0.5613924735519285, 0.019697981528137908}};
#if CQ_MULADD_FUSED || !defined(CQ_TEST_NO_WIDE_LONG_DOUBLE)
  ExpectNearVec(r3->normal, n3, 4);
#else
  // Where the exact sums take their scaled path without FMA (NoWide, CQ_NATIVE=OFF), the
  // small z is 6 of its own ulps off (2e-17): within 4 epsilon of the unit vector's size.
  for (int k = 0; k < 3; ++k)
    EXPECT_NEAR(r3->normal.v[k], n3.v[k], 4 * std::numeric_limits<double>::epsilon()) << cqtest::Str(r3->normal);
#endif
}

// A centre 2^-54 below the wire (0,0)-(3,1): C = (1, 1/3 rounded down). The cross
// products that place it must recover their rounding errors with a real fused
// multiply-add: with MulAdd, which is x * y + z on a build without an FMA instruction,
// the error terms were 0 and the centre read as on the wire, its normal pointing up.
TEST(ContactWire2, CentreAnUlpBelowASlantedWireIsPushedDown) {
  const cq::Vec2d a{{0, 0}};
  const cq::Vec2d b{{3, 1}};
  const cq::Sphere<double, 2> sphere{{{1, 0x1.5555555555555p-2}}, 1};
  const auto r = cq::ContactSphereSegment(sphere, a, b);
  ASSERT_TRUE(r.ok());
  EXPECT_GT(r->distance, 0.0);
  EXPECT_GT(r->normal.v[0], 0.0) << cqtest::Str(r->normal);  // (1, -3) / sqrt(10)
  EXPECT_LT(r->normal.v[1], 0.0) << cqtest::Str(r->normal);
  ExpectNearVec(r->normal, cq::Vec2d{{1 / std::sqrt(10.0), -3 / std::sqrt(10.0)}}, 2);
}

TYPED_TEST(ContactWire, DegenerateWire) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const cq::Vec<T, N> a = V<T, N>(1, 2, 3);
  // Centre on the single point: the documented +x.
  const auto on = cq::ContactSphereSegment(cq::Sphere<T, N>{a, T(1)}, a, a);
  ASSERT_TRUE(on.ok());
  EXPECT_EQ(on->normal, (cq::Vec<T, N>::Axis(0)));
  EXPECT_EQ(on->depth, T(1));
  EXPECT_EQ(on->resolvedCenter, (V<T, N>(2, 2, 3)));
  EXPECT_EQ((cq::WirePerpendicular(a, a)), (cq::Vec<T, N>::Axis(0)));
  // Centre elsewhere: away from the point. C - A = (0,-3,4) (2D (0,-3)).
  const auto off = cq::ContactSphereSegment(cq::Sphere<T, N>{V<T, N>(1, -1, 7), T(10)}, a, a);
  ASSERT_TRUE(off.ok());
  EXPECT_EQ(off->distance, T(N == 2 ? 3 : 5));
  ExpectNearVec(off->normal, N == 2 ? V<T, N>(0, -1) : V<T, N>(0, -0.6, 0.8), 1);
}

TYPED_TEST(ContactWire, PerpendicularByHand) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  if constexpr (N == 2) {
    // (B - A) = (0,2) turned CCW: (-2,0) -> (-1,0). (3,4) -> (-4,3)/5.
    EXPECT_EQ((cq::WirePerpendicular(V<T, N>(1, 1), V<T, N>(1, 3))), (V<T, N>(-1, 0)));
    ExpectNearVec(cq::WirePerpendicular(V<T, N>(0, 0), V<T, N>(3, 4)), V<T, N>(-0.8, 0.6), 1);
  } else {
    // (0,0,2): smallest |component| first on x: (0,0,2) x (1,0,0) = (0,2,0) -> +y.
    EXPECT_EQ((cq::WirePerpendicular(V<T, N>(0, 0, 0), V<T, N>(0, 0, 2))), (V<T, N>(0, 1, 0)));
    // (3,-1,2): smallest on y: (3,-1,2) x (0,1,0) = (-2,0,3) -> (-2,0,3)/sqrt(13).
    const T s = T(1) / std::sqrt(T(13));
    ExpectNearVec(cq::WirePerpendicular(V<T, N>(1, 1, 1), V<T, N>(4, 0, 3)), V<T, N>(-2 * s, 0, 3 * s), 2);
  }
}

TEST(ContactWire3, PerpendicularAxisIsChosenOnTheWireNotOnItsRoundedDirection) {
  // Regression. The 3D perpendicular is documented as (B - A) x e_k for the first axis k
  // of smallest |component| of B - A. WirePerpendicular chose k on the normalised
  // direction instead, and normalising can round two components that differ by one ulp
  // to the same value: here |d_y| < |d_x| by one ulp, so k = y, but both normalise to
  // 0.31622776601683794 and the first (x) was taken, giving (0,0.949,-0.316) instead of
  // (-0.949,0,0.316). About one in six random wires with such a near tie went wrong.
  const cq::Vec3d d{{1.9810473071146575, 1.9810473071146573, 5.9431419213439716}};
  ASSERT_LT(std::abs(d.v[1]), std::abs(d.v[0]));
  const cq::Vec3d n = cq::WirePerpendicular(cq::Vec3d{{0, 0, 0}}, d);
  EXPECT_EQ(n.v[1], 0.0) << cqtest::Str(n);  // (d x e_y)_y is exactly 0
  // d x e_y = (-d_z, 0, d_x), normalised; long double reference, 2 ulps.
  const Ld length = std::hypot(Ld(d.v[2]), Ld(d.v[0]));
  EXPECT_LE(cqtest::UlpDistance(n.v[0], double(-Ld(d.v[2]) / length)), 2);
  EXPECT_LE(cqtest::UlpDistance(n.v[2], double(Ld(d.v[0]) / length)), 2);
}

template <class T>
void CheckPerpendicularAgainstReference(const cq::Vec<T, 3>& a, const cq::Vec<T, 3>& b, cqtest::FailureLog& log) {
  // Reference: k = first axis of smallest |b_i - a_i| (on the rounded difference, which
  // is what "B - A" means in T), n = (B - A) x e_k / |(B - A) x e_k| in long double.
  const cq::Vec<T, 3> d = b - a;
  int k = 0;
  for (int i = 1; i < 3; ++i)
    if (std::abs(d.v[i]) < std::abs(d.v[k])) k = i;
  cqtest::VecL<3> e{};
  e[k] = 1;
  const cqtest::VecL<3> dl = cqtest::ToL(d);
  const cqtest::VecL<3> cross{dl[1] * e[2] - dl[2] * e[1], dl[2] * e[0] - dl[0] * e[2], dl[0] * e[1] - dl[1] * e[0]};
  const Ld length = cqtest::NormL(cross);
  const cq::Vec<T, 3> n = cq::WirePerpendicular(a, b);
  bool ok = n.v[k] == T(0);
  for (int i = 0; i < 3; ++i) ok = ok && std::fabs(Ld(n.v[i]) - cross[i] / length) <= 4 * Ld(Eps<T>());
  if (!ok && log.Fail()) ADD_FAILURE() << "d=" << cqtest::Str(d) << " n=" << cqtest::Str(n) << " k=" << k;
}

TEST(ContactWire3, PerpendicularMatchesReferenceIncludingNearTies) {
  cqtest::Rng rng(0x5eed'0001);
  cqtest::FailureLog log;
  for (int i = 0; i < 4000; ++i) {
    const bool nearTie = i % 2 == 1;
    // Near ties: A = 0, so B - A is exactly the constructed B and the tie survives.
    const cq::Vec3d a = nearTie ? cq::Vec3d{} : rng.InCube<double, 3>(-10, 10);
    cq::Vec3d d = rng.InCube<double, 3>(-3, 3);
    if (nearTie) {  // two components one ulp apart in magnitude, either order
      const int x = rng.Int(0, 2);
      const int y = (x + rng.Int(1, 2)) % 3;
      d.v[y] = std::nextafter(d.v[x], rng.Chance(0.5) ? 0.0 : 2 * d.v[x]) * (rng.Chance(0.5) ? 1 : -1);
    }
    CheckPerpendicularAgainstReference(a, a + d, log);
    const cq::Vec3f af = nearTie ? cq::Vec3f{} : cq::Vec3f{{float(a.v[0]), float(a.v[1]), float(a.v[2])}};
    cq::Vec3f df{{float(d.v[0]), float(d.v[1]), float(d.v[2])}};
    if (nearTie) {
      const int x = i % 3;
      df.v[(x + 1) % 3] = std::nextafter(df.v[x], 0.0f);
    }
    CheckPerpendicularAgainstReference(af, af + df, log);
  }
  EXPECT_EQ(log.count(), 0);
}

// ---------------------------------------------------------------------------------------
// Plane (solid behind).

TYPED_TEST(ContactPlane, InFrontSeparatedTouchingAndPenetrating) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // n = (0,2,0), d = 2: the plane y = 1. Centre (3,4,1): s = 3.
  const cq::Plane<T, N> plane{V<T, N>(0, 2, 0), T(2)};
  const cq::Vec<T, N> c = V<T, N>(3, 4, 1);
  for (const T radius : {T(1), T(3)}) {
    const cq::Sphere<T, N> sphere{c, radius};
    const auto r = cq::ContactSpherePlane(sphere, plane);
    ASSERT_TRUE(r.ok());
    ExpectNotPenetrating(sphere, *r);
    EXPECT_EQ(r->distance, T(3));
  }
  const auto r = cq::ContactSpherePlane(cq::Sphere<T, N>{c, T(5)}, plane);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->penetrating);
  EXPECT_EQ(r->depth, T(2));
  EXPECT_EQ(r->normal, (V<T, N>(0, 1, 0)));
  EXPECT_EQ(r->closest, (V<T, N>(3, 1, 1)));
  EXPECT_EQ(r->resolvedCenter, (V<T, N>(3, 6, 1)));
}

TYPED_TEST(ContactPlane, CentreBehindIsPushedOutAlongTheNormal) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // Centre (3,-1,1) is 2 behind y = 1: s = -2. Radius 1: depth r - s = 3, resolved (3,2,1).
  const cq::Plane<T, N> plane{V<T, N>(0, 2, 0), T(2)};
  const auto r = cq::ContactSpherePlane(cq::Sphere<T, N>{V<T, N>(3, -1, 1), T(1)}, plane);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->penetrating);
  EXPECT_EQ(r->distance, T(-2));
  EXPECT_EQ(r->depth, T(3));
  EXPECT_EQ(r->normal, (V<T, N>(0, 1, 0)));
  EXPECT_EQ(r->resolvedCenter, (V<T, N>(3, 2, 1)));
  // Radius 0 behind the plane is still inside the solid: depth 2, onto the plane.
  const auto point = cq::ContactSpherePlane(cq::Sphere<T, N>{V<T, N>(3, -1, 1), T(0)}, plane);
  ASSERT_TRUE(point.ok());
  EXPECT_TRUE(point->penetrating);
  EXPECT_EQ(point->depth, T(2));
  EXPECT_EQ(point->resolvedCenter, (V<T, N>(3, 1, 1)));
  // Radius 0 on the plane: touching.
  const cq::Sphere<T, N> on{V<T, N>(3, 1, 1), T(0)};
  const auto touching = cq::ContactSpherePlane(on, plane);
  ASSERT_TRUE(touching.ok());
  ExpectNotPenetrating(on, *touching);
}

TYPED_TEST(ContactPlane, PointSizedBallBehindByLessThanTheSmallestNumberIsSunkIn) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // n = (2, 0), d = the smallest subnormal m: the plane x = m / 2, which no number holds.
  // The centre at x = 0 is behind it by m / 2 exactly, and s rounds to -0 (ties to even).
  // The plane query says Back from the exact sign; a point-sized ball there is inside the
  // solid and so sunk in (it read "not penetrating": -0 < 0 is false; tool audit). It
  // reads as sunk in by the least amount there is, and the push takes it out in front.
  if (!cq::detail::k_hasWide<T>) GTEST_SKIP() << "no type wider than double here: the side is exact only within ~2^1000";
  const T m = std::numeric_limits<T>::denorm_min();
  const cq::Plane<T, N> plane{V<T, N>(2, 0, 0), m};
  const cq::Sphere<T, N> ball{V<T, N>(0, 1, 0), T(0)};
  const auto side = cq::ClosestPointOnPlane(ball.center, plane);
  ASSERT_TRUE(side.ok());
  ASSERT_EQ(side->region, cq::PlaneRegion::Back);
  ASSERT_EQ(side->signedDistance, T(0));
  const auto r = cq::ContactSpherePlane(ball, plane);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->penetrating);
  EXPECT_EQ(r->distance, -m);
  EXPECT_EQ(r->distanceMovedToSide, -1);
  EXPECT_EQ(r->depth, m);
  EXPECT_EQ(r->resolvedCenter, (V<T, N>(m, 1, 0)));
  const auto after = cq::ClosestPointOnPlane(r->resolvedCenter, plane);
  ASSERT_TRUE(after.ok());
  EXPECT_EQ(after->region, cq::PlaneRegion::Front);
  // In front by as little, the same point-sized ball is clear of the solid.
  const auto front = cq::ContactSpherePlane(cq::Sphere<T, N>{V<T, N>(m, 1, 0), T(0)}, plane);
  ASSERT_TRUE(front.ok());
  EXPECT_FALSE(front->penetrating);
  // And a ball of any size behind it is sunk in as before, by its radius.
  const auto ball1 = cq::ContactSpherePlane(cq::Sphere<T, N>{V<T, N>(0, 1, 0), T(1)}, plane);
  ASSERT_TRUE(ball1.ok());
  EXPECT_TRUE(ball1->penetrating);
  EXPECT_EQ(ball1->depth, T(1));
}

TYPED_TEST(ContactPlane, ABallSunkInByLessThanHalfAnUlpIsSunkIn) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // The plane x = 2^-60; C = (1, 0.5): s = 1 - 2^-60 exactly, which rounds to 1 = r. It
  // read touching, where a box with that face read sunk in (review).
  if (!cq::detail::k_hasWide<T>) GTEST_SKIP() << "no type wider than double here: the rounded s is compared";
  const T tiny = std::ldexp(T(1), -60);
  const cq::Sphere<T, N> ball{V<T, N>(1, 0.5, 0), T(1)};
  const auto plane = cq::ContactSpherePlane(ball, cq::Plane<T, N>{V<T, N>(1, 0, 0), tiny});
  ASSERT_TRUE(plane.ok());
  EXPECT_TRUE(plane->penetrating);
  EXPECT_EQ(plane->distance, std::nextafter(T(1), T(0)));
  EXPECT_EQ(plane->distanceMovedToSide, -1);
  const auto box = cq::ContactSphereBox(ball, cq::Aabb<T, N>{V<T, N>(-5, 0, -1), V<T, N>(tiny, 1, 1)});
  ASSERT_TRUE(box.ok());
  EXPECT_EQ(plane->penetrating, box->penetrating);
  // Exactly touching stays touching: the plane x = 0.
  const auto touching = cq::ContactSpherePlane(ball, cq::Plane<T, N>{V<T, N>(1, 0, 0), T(0)});
  ASSERT_TRUE(touching.ok());
  ExpectNotPenetrating(ball, *touching);
  EXPECT_EQ(touching->distance, T(1));
  // Clear by less than half an ulp: the plane x = -2^-60 reads s = 1 = r, touching.
  const auto clear = cq::ContactSpherePlane(ball, cq::Plane<T, N>{V<T, N>(1, 0, 0), -tiny});
  ASSERT_TRUE(clear.ok());
  ExpectNotPenetrating(ball, *clear);
}

// A normal of irrational length, where the rounded s is an ulp below r while the exact one
// is above: it read sunk in (review, one of 30,156 random near ties), and a subnormal radius
// above the exact s read clear.
TEST(ContactPlane2, ExactSideOfTheRadiusWithASlantedNormal) {
  if (!cq::detail::k_hasWide<double>) GTEST_SKIP() << "no type wider than double here: the rounded s is compared";
  const cq::Sphere<double, 2> ball{{-4.0069243702418555, -3.6097787376330315}, 0.1932686655852404};
  const auto clear = cq::ContactSpherePlane(ball, cq::Plane<double, 2>{{2.6228259016711206, -2.2998637198661687},
                                                                        -2.881654704848394});
  ASSERT_TRUE(clear.ok());
  ExpectNotPenetrating(ball, *clear);
  // r = 5e-324, the plane 4x = -1.5e-323 (x = -3.75e-324 exactly), C at the origin: s is
  // 0.75 of the least double, below r.
  const cq::Sphere<double, 2> small{{0, 0}, 5e-324};
  const auto sunk = cq::ContactSpherePlane(small, cq::Plane<double, 2>{{4, 0}, -1.5e-323});
  ASSERT_TRUE(sunk.ok());
  EXPECT_TRUE(sunk->penetrating);
}

TYPED_TEST(ContactPlane, NonUnitNormalIsNormalised) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // 2D: n = (6,8), d = 10 (|n| = 10: the line 0.6x + 0.8y = 1); 3D: n = (4,4,2), d = 6
  // (|n| = 6: (2/3,2/3,1/3).x = 1). The origin is 1 behind: s = -1; radius 1 gives
  // depth 2 and resolved 2 n/|n|.
  const cq::Plane<T, N> plane = N == 2 ? cq::Plane<T, N>{V<T, N>(6, 8), T(10)}
                                       : cq::Plane<T, N>{V<T, N>(4, 4, 2), T(6)};
  const cq::Vec<T, N> unit = N == 2 ? V<T, N>(0.6, 0.8) : V<T, N>(2.0 / 3, 2.0 / 3, 1.0 / 3);
  const auto r = cq::ContactSpherePlane(cq::Sphere<T, N>{cq::Vec<T, N>{}, T(1)}, plane);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->penetrating);
  EXPECT_EQ(r->distance, T(-1));
  EXPECT_EQ(r->depth, T(2));
  ExpectNearVec(r->normal, unit, 1);
  ExpectUnit(r->normal);
  ExpectNearVec(r->resolvedCenter, T(2) * unit, 1);
}

// ---------------------------------------------------------------------------------------
// Box (solid).

TYPED_TEST(ContactBox, OutsideActsLikeTheClosestPoint) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const cq::Aabb<T, N> box{V<T, N>(0, 0, 0), V<T, N>(4, 2, 6)};
  // Off the +x face by 2.
  for (const T radius : {T(1), T(2)}) {
    const cq::Sphere<T, N> sphere{V<T, N>(6, 1, 3), radius};
    const auto r = cq::ContactSphereBox(sphere, box);
    ASSERT_TRUE(r.ok());
    ExpectNotPenetrating(sphere, *r);
    EXPECT_EQ(r->distance, T(2));
  }
  const auto face = cq::ContactSphereBox(cq::Sphere<T, N>{V<T, N>(6, 1, 3), T(3)}, box);
  ASSERT_TRUE(face.ok());
  EXPECT_TRUE(face->penetrating);
  EXPECT_EQ(face->depth, T(1));
  EXPECT_EQ(face->normal, (V<T, N>(1, 0, 0)));
  EXPECT_EQ(face->closest, (V<T, N>(4, 1, 3)));
  EXPECT_EQ(face->resolvedCenter, (V<T, N>(7, 1, 3)));
  // Off the (+x,+y) edge/corner: C - closest = (3,4,0), distance 5.
  const auto corner = cq::ContactSphereBox(cq::Sphere<T, N>{V<T, N>(7, 6, 3), T(6)}, box);
  ASSERT_TRUE(corner.ok());
  EXPECT_EQ(corner->distance, T(5));
  EXPECT_EQ(corner->depth, T(1));
  ExpectNearVec(corner->normal, V<T, N>(0.6, 0.8, 0), 1);
  ExpectNearVec(corner->resolvedCenter, V<T, N>(7.6, 6.8, 3), 1);
}

TYPED_TEST(ContactBox, InsideLeavesThroughTheNearestFace) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // Box [0,10]^N, centre 1 from one face and at least 4 from all others: that face,
  // depth r + 1, distance -1, closest = the centre moved onto the face.
  const cq::Aabb<T, N> box{cq::Vec<T, N>::Splat(T(0)), cq::Vec<T, N>::Splat(T(10))};
  for (int axis = 0; axis < N; ++axis) {
    for (const int side : {-1, 1}) {
      cq::Vec<T, N> c = cq::Vec<T, N>::Splat(T(5));
      c.v[axis] = side < 0 ? T(1) : T(9);
      const T radius = T(0.5);
      const auto r = cq::ContactSphereBox(cq::Sphere<T, N>{c, radius}, box);
      ASSERT_TRUE(r.ok());
      cq::Vec<T, N> normal{};
      normal.v[axis] = T(side);
      cq::Vec<T, N> closest = c;
      closest.v[axis] = side < 0 ? T(0) : T(10);
      EXPECT_TRUE(r->penetrating);
      EXPECT_EQ(r->distance, T(-1));
      EXPECT_EQ(r->depth, T(1.5));
      EXPECT_EQ(r->normal, normal) << "axis " << axis << " side " << side;
      EXPECT_EQ(r->closest, closest);
      EXPECT_EQ(r->resolvedCenter, c + T(1.5) * normal);
    }
  }
}

TYPED_TEST(ContactBox, InsideTiesGoToXMinusXPlusYMinusYPlusZMinusZPlus) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const cq::Aabb<T, N> box{cq::Vec<T, N>::Splat(T(0)), cq::Vec<T, N>::Splat(T(10))};
  struct Tie {
    std::array<double, 3> center;
    std::array<double, 3> normal;
  };
  // Centre of the box: every face at 5, x- wins. (9,1,5): x+ and y- at 1, x+ wins.
  // (5,9,1): y+ and z- at 1, y+ wins. (1,5,9): x- and z+ at 1, x- wins.
  // (5,5,1): z- alone (3D); in 2D (5,5) is the centre again.
  const Tie ties[] = {{{5, 5, 5}, {-1, 0, 0}}, {{9, 1, 5}, {1, 0, 0}}, {{5, 9, 1}, {0, 1, 0}}, {{1, 5, 9}, {-1, 0, 0}}};
  for (const Tie& tie : ties) {
    if (N == 2 && tie.center[1] == 9) {  // (5,9): y+ alone in 2D
      const auto r = cq::ContactSphereBox(cq::Sphere<T, N>{V<T, N>(5, 9), T(1)}, box);
      ASSERT_TRUE(r.ok());
      EXPECT_EQ(r->normal, (V<T, N>(0, 1)));
      continue;
    }
    const cq::Vec<T, N> c = V<T, N>(tie.center[0], tie.center[1], tie.center[2]);
    const auto r = cq::ContactSphereBox(cq::Sphere<T, N>{c, T(1)}, box);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->normal, (V<T, N>(tie.normal[0], tie.normal[1], tie.normal[2]))) << cqtest::Str(c);
  }
  if constexpr (N == 3) {
    // z+ ties with nothing earlier: (5,5,9) -> +z; (5,5,1) -> -z.
    EXPECT_EQ(cq::ContactSphereBox(cq::Sphere<T, N>{V<T, N>(5, 5, 9), T(1)}, box)->normal, (V<T, N>(0, 0, 1)));
    EXPECT_EQ(cq::ContactSphereBox(cq::Sphere<T, N>{V<T, N>(5, 5, 1), T(1)}, box)->normal, (V<T, N>(0, 0, -1)));
  }
}

TYPED_TEST(ContactBox, InsideLeavesThroughTheExactlyNearestFace) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  {  // found in review: both x distances round to 0.05, but x+ is nearer by 1e-300
    const T tiny = sizeof(T) == 4 ? T(1e-30) : T(1e-300);
    const cq::Aabb<T, N> box{V<T, N>(-double(tiny), 0, 0), V<T, N>(0.1, 1, 1)};
    const cq::Sphere<T, N> sphere{V<T, N>(double(T(0.1) / 2), 0.5, 0.5), T(0.01)};
    const auto r = cq::ContactSphereBox(sphere, box);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->normal, (V<T, N>(1, 0, 0)));
  }
  // Boxes and centres of fixed-point numbers (see CentreAHairOffTheWire...), centres
  // often at a rounded midpoint of an axis, where the rounded distances to two faces tie
  // far more often than the exact ones: the face taken must be exactly nearest, and the
  // first in the order x-, x+, y-, ... among exact ties.
  cqtest::Rng rng(0x5eed'0006 + N + 10 * sizeof(T));
  cqtest::FailureLog log;
  int checked = 0;
  for (int i = 0; i < 20000; ++i) {
    cq::Aabb<T, N> box;
    cq::Vec<T, N> c;
    for (int k = 0; k < N; ++k) {
      T lo = RandomFixedPointCoordinate<T>(rng);
      T hi = RandomFixedPointCoordinate<T>(rng);
      if (hi < lo) std::swap(lo, hi);
      box.min.v[k] = lo;
      box.max.v[k] = hi;
      c.v[k] = rng.Chance(0.5) ? lo / 2 + hi / 2 : T(lo + T(rng.Uniform(0, 1)) * (hi - lo));
      c.v[k] = std::clamp(c.v[k], lo, hi);
    }
    Int128 toFace[2 * N] = {};
    bool representable = true;
    for (int k = 0; k < N; ++k) {
      Int128 lo = 0, hi = 0, ck = 0;
      representable &= ToFixedPoint(box.min.v[k], lo) && ToFixedPoint(box.max.v[k], hi) && ToFixedPoint(c.v[k], ck);
      toFace[2 * k] = ck - lo;
      toFace[2 * k + 1] = hi - ck;
    }
    if (!representable) continue;
    const auto r = cq::ContactSphereBox(cq::Sphere<T, N>{c, T(1)}, box);
    ASSERT_TRUE(r.ok());
    ++checked;
    int expected = 0;
    for (int f = 1; f < 2 * N; ++f)
      if (toFace[f] < toFace[expected]) expected = f;
    cq::Vec<T, N> normal{};
    normal.v[expected / 2] = expected % 2 == 0 ? T(-1) : T(1);
    if (r->normal != normal && log.Fail())
      ADD_FAILURE() << "c=" << cqtest::Str(c) << " min=" << cqtest::Str(box.min) << " max=" << cqtest::Str(box.max)
                    << ": normal " << cqtest::Str(r->normal) << ", exactly nearest " << cqtest::Str(normal);
  }
  EXPECT_EQ(log.count(), 0);
  EXPECT_GT(checked, 10000);
}

TYPED_TEST(ContactBox, CentreOnTheSurfaceAndFlatBoxes) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const cq::Aabb<T, N> box{cq::Vec<T, N>::Splat(T(0)), cq::Vec<T, N>::Splat(T(10))};
  // On the +x face: inside the closed box, 0 from +x: pushed out by r along +x.
  const auto r = cq::ContactSphereBox(cq::Sphere<T, N>{V<T, N>(10, 5, 5), T(2)}, box);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->penetrating);
  EXPECT_EQ(r->depth, T(2));
  EXPECT_TRUE(SameBits(r->distance, T(0))) << "+0 on the surface, not -0: " << r->distance;
  EXPECT_EQ(r->normal, (V<T, N>(1, 0, 0)));
  EXPECT_EQ(r->resolvedCenter, (V<T, N>(12, 5, 5)));
  // Radius 0 on the surface: touching, not penetrating.
  const cq::Sphere<T, N> point{V<T, N>(10, 5, 5), T(0)};
  const auto touching = cq::ContactSphereBox(point, box);
  ASSERT_TRUE(touching.ok());
  ExpectNotPenetrating(point, *touching);
  // A flat box (y from 3 to 3) with the centre on it: y- and y+ both at 0, y- first.
  const cq::Aabb<T, N> flat{V<T, N>(0, 3, 0), V<T, N>(10, 3, 10)};
  const auto f = cq::ContactSphereBox(cq::Sphere<T, N>{V<T, N>(5, 3, 5), T(1)}, flat);
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(f->normal, (V<T, N>(0, -1, 0)));
  EXPECT_EQ(f->depth, T(1));
  EXPECT_EQ(f->resolvedCenter, (V<T, N>(5, 2, 5)));
}

// ---------------------------------------------------------------------------------------
// Errors.

TYPED_TEST(ContactErrors, RadiusAndCentreAreValidatedForEveryShape) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const cq::Vec<T, N> a = V<T, N>(0, 0, 0);
  const cq::Vec<T, N> b = V<T, N>(1, 0, 0);
  const cq::Plane<T, N> plane{V<T, N>(0, 1, 0), T(0)};
  const cq::Aabb<T, N> box{V<T, N>(0, 0, 0), V<T, N>(1, 1, 1)};
  auto all = [&](const cq::Sphere<T, N>& s) {
    return std::array<cq::QueryError, 3>{cq::ContactSphereSegment(s, a, b).error(),
                                         cq::ContactSpherePlane(s, plane).error(),
                                         cq::ContactSphereBox(s, box).error()};
  };
  const cq::Vec<T, N> c = V<T, N>(0.5, 2, 0.5);
  for (const T bad : {cqtest::NaN<T>(), cqtest::Inf<T>(), -cqtest::Inf<T>()}) {
    for (const cq::QueryError& e : all(cq::Sphere<T, N>{c, bad})) {
      EXPECT_EQ(e.code, cq::ErrorCode::NonFinite);
      EXPECT_EQ(e.field, cq::Field::Radius);
      EXPECT_EQ(cq::Describe(e).rfind("radius", 0), 0u) << cq::Describe(e);
    }
    for (int axis = 0; axis < N; ++axis) {
      cq::Vec<T, N> badC = c;
      badC.v[axis] = bad;
      for (const cq::QueryError& e : all(cq::Sphere<T, N>{badC, T(1)})) {
        EXPECT_EQ(e.code, cq::ErrorCode::NonFinite);
        EXPECT_EQ(e.field, cq::Field::Center);
        EXPECT_EQ(e.axis, axis);
        EXPECT_EQ(cq::Describe(e).rfind("center coordinate " + std::to_string(axis), 0), 0u) << cq::Describe(e);
      }
    }
  }
  for (const T negative : {T(-1), -std::numeric_limits<T>::denorm_min()}) {
    for (const cq::QueryError& e : all(cq::Sphere<T, N>{c, negative})) {
      EXPECT_EQ(e.code, cq::ErrorCode::NegativeRadius);
      EXPECT_EQ(e.field, cq::Field::Radius);
      EXPECT_NE(cq::Describe(e).find("radius"), std::string::npos);
    }
  }
  // -0 is not negative: a valid zero radius.
  for (const cq::QueryError& e : all(cq::Sphere<T, N>{c, -T(0)})) EXPECT_EQ(e.code, cq::ErrorCode::None);
}

TYPED_TEST(ContactErrors, ShapeErrorsPassThrough) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const cq::Sphere<T, N> sphere{V<T, N>(0, 0, 0), T(1)};
  cq::Vec<T, N> badA = V<T, N>(1, 1, 1);
  badA.v[1] = cqtest::NaN<T>();
  const auto wire = cq::ContactSphereSegment(sphere, badA, V<T, N>(2, 2, 2));
  EXPECT_EQ(wire.error().code, cq::ErrorCode::NonFinite);
  EXPECT_EQ(wire.error().field, cq::Field::A);
  EXPECT_EQ(wire.error().axis, 1);
  const auto wireB = cq::ContactSphereSegment(sphere, V<T, N>(2, 2, 2), badA);
  EXPECT_EQ(wireB.error().field, cq::Field::B);
  const auto plane = cq::ContactSpherePlane(sphere, cq::Plane<T, N>{cq::Vec<T, N>{}, T(1)});
  EXPECT_EQ(plane.error().code, cq::ErrorCode::ZeroNormal);
  cq::Aabb<T, N> inverted{V<T, N>(0, 0, 0), V<T, N>(1, 1, 1)};
  inverted.min.v[N - 1] = T(2);
  const auto box = cq::ContactSphereBox(sphere, inverted);
  EXPECT_EQ(box.error().code, cq::ErrorCode::InvertedBox);
  EXPECT_EQ(box.error().axis, N - 1);
}

TYPED_TEST(ContactErrors, NonFiniteInEveryShapeArgumentNamesIt) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const cq::Sphere<T, N> sphere{V<T, N>(0.5, 2, 0.5), T(1)};
  for (const T bad : {cqtest::NaN<T>(), cqtest::Inf<T>(), -cqtest::Inf<T>()}) {
    for (int axis = 0; axis < N; ++axis) {
      auto with = [&](cq::Vec<T, N> v) {
        v.v[axis] = bad;
        return v;
      };
      auto expectError = [&](const cq::QueryError& e, cq::Field field, int expectedAxis) {
        EXPECT_EQ(e.code, cq::ErrorCode::NonFinite) << cq::FieldName(field) << " axis " << axis;
        EXPECT_EQ(e.field, field) << cq::FieldName(field) << " axis " << axis;
        EXPECT_EQ(e.axis, expectedAxis) << cq::FieldName(field);
      };
      const cq::Vec<T, N> a = V<T, N>(0, 0, 0);
      const cq::Vec<T, N> b = V<T, N>(1, 0, 0);
      expectError(cq::ContactSphereSegment(sphere, with(a), b).error(), cq::Field::A, axis);
      expectError(cq::ContactSphereSegment(sphere, a, with(b)).error(), cq::Field::B, axis);
      expectError(cq::ContactSpherePlane(sphere, cq::Plane<T, N>{with(V<T, N>(0, 1, 0)), T(0)}).error(),
                  cq::Field::Normal, axis);
      const cq::Aabb<T, N> box{V<T, N>(0, 0, 0), V<T, N>(1, 1, 1)};
      expectError(cq::ContactSphereBox(sphere, cq::Aabb<T, N>{with(box.min), box.max}).error(), cq::Field::Min, axis);
      expectError(cq::ContactSphereBox(sphere, cq::Aabb<T, N>{box.min, with(box.max)}).error(), cq::Field::Max, axis);
    }
    const auto offset = cq::ContactSpherePlane(sphere, cq::Plane<T, N>{V<T, N>(0, 1, 0), bad});
    EXPECT_EQ(offset.error().code, cq::ErrorCode::NonFinite);
    EXPECT_EQ(offset.error().field, cq::Field::Offset);
  }
}

TYPED_TEST(ContactErrors, ResolvedCentreBeyondTheRangeIsOverflow) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // Plane x = 0 (solid at x < 0), centre at x = -max/2, radius max: depth r - s =
  // 1.5 max is not representable.
  const T max = std::numeric_limits<T>::max();
  const auto r = cq::ContactSpherePlane(cq::Sphere<T, N>{cq::Vec<T, N>::Axis(0) * (-max / 2), max},
                                        cq::Plane<T, N>{cq::Vec<T, N>::Axis(0), T(0)});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, cq::ErrorCode::Overflow);
  EXPECT_EQ(r.error().field, cq::Field::Radius) << "the push overflows, the distance does not";
  // A centre so far behind the plane that its signed distance overflows (x = -0.75 max
  // against the plane x = 0.75 max: both finite, their difference not): the centre is to
  // blame.
  const auto far = cq::ContactSpherePlane(cq::Sphere<T, N>{cq::Vec<T, N>::Axis(0) * (-max * T(0.75)), T(1)},
                                          cq::Plane<T, N>{cq::Vec<T, N>::Axis(0), max * T(0.75)});
  ASSERT_FALSE(far.ok());
  EXPECT_EQ(far.error().code, cq::ErrorCode::Overflow);
  EXPECT_EQ(far.error().field, cq::Field::Center);
}

// ---------------------------------------------------------------------------------------
// Properties over random contacts.

template <class C>
class ContactProperties : public ::testing::Test {};
TYPED_TEST_SUITE(ContactProperties, AllConfigs, ConfigNames);

/// Distance from x to the shape, long double reference.
template <class T, int N>
Ld WireDistance(const cqtest::VecL<N>& x, const cq::Vec<T, N>& a, const cq::Vec<T, N>& b) {
  const cqtest::VecL<N> al = cqtest::ToL(a);
  const cqtest::VecL<N> d = cqtest::Sub(cqtest::ToL(b), al);
  const Ld den = cqtest::DotL(d, d);
  Ld t = den == 0 ? 0 : cqtest::DotL(cqtest::Sub(x, al), d) / den;
  t = std::clamp(t, Ld(0), Ld(1));
  return cqtest::DistL(x, cqtest::Add(al, cqtest::Mul(t, d)));
}

TYPED_TEST(ContactProperties, UnitNormalAndResolvedSphereJustTouches) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'0002);
  cqtest::FailureLog log;
  const Ld eps = Eps<T>();
  for (int i = 0; i < 3000; ++i) {
    const cq::Vec<T, N> c = rng.InCube<T, N>(-4, 4);
    const T radius = T(rng.Uniform(0, 3));
    const cq::Sphere<T, N> sphere{c, radius};
    const cq::Vec<T, N> a = rng.InCube<T, N>(-4, 4);
    const cq::Vec<T, N> b = rng.Chance(0.05) ? a : rng.InCube<T, N>(-4, 4);
    cq::Aabb<T, N> box{rng.InCube<T, N>(-4, 0), rng.InCube<T, N>(0, 4)};
    const cq::Plane<T, N> plane{rng.InCube<T, N>(-2, 2), T(rng.Uniform(-2, 2))};
    const Ld scene = cqtest::SceneSize(c, a, b, box.min, box.max) + Ld(radius) + 1;
    const Ld tol = 16 * eps * scene;

    auto check = [&](const char* what, const cq::ContactResult<T, N>& r, auto distanceTo) {
      const Ld unitError = std::fabs(cqtest::NormL(cqtest::ToL(r.normal)) - 1);
      bool ok = unitError <= 4 * eps;
      ok = ok && (r.penetrating == (r.distance < radius));
      ok = ok && (r.penetrating ? r.depth == radius - r.distance : r.depth == T(0));
      // resolvedCenter = center + depth * normal, to an ulp of the scene and the push (the
      // sum may be contracted into an FMA or not: a build without the contraction, such as
      // the sanitizers', rounds the product and the sum apart, and a centre pushed 23.6
      // out of a scene 6 across was 1.6e-6 off in float, past 2 eps of the scene alone).
      const Ld reach = scene + Ld(r.depth);
      for (int k = 0; k < N; ++k)
        ok = ok && std::fabs(Ld(r.resolvedCenter.v[k]) - (Ld(c.v[k]) + Ld(r.depth) * Ld(r.normal.v[k]))) <= 2 * eps * reach;
      if (!r.penetrating) ok = ok && SameBits(r.resolvedCenter, c);
      // A resolved sphere touches the shape: its centre is radius away (or farther, if
      // it was not penetrating).
      const Ld after = distanceTo(cqtest::ToL(r.resolvedCenter));
      ok = ok && (r.penetrating ? std::fabs(after - Ld(radius)) <= 16 * eps * reach : after >= Ld(radius) - tol);
      if (!ok && log.Fail())
        ADD_FAILURE() << what << " c=" << cqtest::Str(c) << " r=" << radius << " normal=" << cqtest::Str(r.normal)
                      << " depth=" << r.depth << " distance=" << r.distance << " after=" << double(after);
    };

    const auto wire = cq::ContactSphereSegment(sphere, a, b);
    ASSERT_TRUE(wire.ok());
    check("wire", *wire, [&](const cqtest::VecL<N>& x) { return WireDistance<T, N>(x, a, b); });

    if (cq::Normalize(plane.normal)) {
      const auto half = cq::ContactSpherePlane(sphere, plane);
      ASSERT_TRUE(half.ok());
      // Distance to the solid half-space: the signed distance if in front, else 0 (and
      // a resolved centre is in front by construction).
      check("plane", *half, [&](const cqtest::VecL<N>& x) {
        const cqtest::VecL<N> n = cqtest::ToL(plane.normal);
        return std::max(Ld(0), (cqtest::DotL(n, x) - Ld(plane.offset)) / cqtest::NormL(n));
      });
    }

    const auto solid = cq::ContactSphereBox(sphere, box);
    ASSERT_TRUE(solid.ok());
    check("box", *solid, [&](const cqtest::VecL<N>& x) {
      cqtest::VecL<N> q{};
      for (int k = 0; k < N; ++k) q[k] = std::clamp(x[k], Ld(box.min.v[k]), Ld(box.max.v[k]));
      return cqtest::DistL(x, q);
    });
  }
  EXPECT_EQ(log.count(), 0);
}

// A centre exactly on the perpendicular through an end has that end as its exact closest
// point, whichever region the rounded numerator gives (found by a mutation run: where it
// gave the interior, the contact answered a foot 5.4e-9 from A = 0, and a foot next to B
// for the scene through B). Integer scenes: (C - V).(B - A) is exactly 0.
// How much of the push rounding kept, for the app and the tool to say (both had worked it
// out from resolvedCenter and the centre, each its own way).
TEST(ContactPush, RoundingThatLosesThePushIsReported) {
  using V2 = cq::Vec<double, 2>;
  auto push = [](const V2& c, double r, const V2& a, const V2& b) {
    const auto q = cq::ContactSphereSegment(cq::Sphere<double, 2>{c, r}, a, b);
    EXPECT_TRUE(q.ok());
    return q.ok() ? q->push : cq::PushRounding::NoPush;
  };
  EXPECT_EQ(push({{0, 5}}, 1, {{-4, 0}}, {{4, 0}}), cq::PushRounding::NoPush);
  EXPECT_EQ(push({{0, 0.5}}, 1, {{-4, 0}}, {{4, 0}}), cq::PushRounding::Kept);
  // A ball of radius 1e-20 on a wire at y = 1: C + depth n rounds to C.
  EXPECT_EQ(push({{0, 1}}, 1e-20, {{-4, 1}}, {{4, 1}}), cq::PushRounding::Lost);
  // x = 1e16, where doubles are 2 apart: the push's x part (-0.06) is lost, its y part kept.
  const auto part = cq::ContactSphereSegment(cq::Sphere<double, 2>{{{1e16, 2}}, 1.5}, V2{{9999999999999996, -4}},
                                             V2{{10000000000000004, 4}});
  ASSERT_TRUE(part.ok());
  EXPECT_EQ(part->push, cq::PushRounding::LostInPart);
  EXPECT_EQ(part->resolvedCenter.x(), 1e16);
  EXPECT_NE(part->resolvedCenter.y(), 2.0);
  // A plane and a box report it too.
  const auto plane = cq::ContactSpherePlane(cq::Sphere<double, 2>{{{0, 1}}, 1e-20}, cq::Plane<double, 2>{{{0, 1}}, 1});
  ASSERT_TRUE(plane.ok());
  EXPECT_EQ(plane->push, cq::PushRounding::Lost);
  const auto box = cq::ContactSphereBox(cq::Sphere<double, 2>{{{0.5, 0.5}}, 0.25}, cq::Aabb<double, 2>{{{0, 0}}, {{1, 1}}});
  ASSERT_TRUE(box.ok());
  EXPECT_EQ(box->push, cq::PushRounding::Kept);
}

// A coordinate the normal does not move keeps the centre's value bit for bit, -0 too:
// -0 + depth * 0 is +0, and a Lost push read "resolvedCenter == center bit for bit" beside
// a centre whose x was -0 (core audit).
TEST(ContactPush, ACoordinateTheNormalDoesNotMoveKeepsTheCentresBits) {
  using V2 = cq::Vec<double, 2>;
  const auto lost = cq::ContactSphereSegment(cq::Sphere<double, 2>{{{-0.0, 1e16 + 2}}, 2.5}, V2{{-1, 1e16}}, V2{{1, 1e16}});
  ASSERT_TRUE(lost.ok());
  EXPECT_EQ(lost->push, cq::PushRounding::Lost);
  EXPECT_TRUE(std::signbit(lost->resolvedCenter.x()));
  const auto kept = cq::ContactSphereSegment(cq::Sphere<double, 2>{{{-0.0, 0.5}}, 1}, V2{{-4, 0}}, V2{{4, 0}});
  ASSERT_TRUE(kept.ok());
  EXPECT_EQ(kept->push, cq::PushRounding::Kept);
  EXPECT_TRUE(std::signbit(kept->resolvedCenter.x()));
  EXPECT_EQ(kept->resolvedCenter.y(), 1.0);
  // A nonzero normal coordinate whose part of the push underflows to 0 (review).
  const auto tiny = cq::ContactSphereSegment(cq::Sphere<double, 2>{{{-0.0, 1e16 + 2}}, 2.4}, V2{{-1e-323, 1e16}},
                                             V2{{-1e-323, 1e16}});
  ASSERT_TRUE(tiny.ok());
  ASSERT_NE(tiny->normal.x(), 0.0) << "precondition";
  EXPECT_EQ(tiny->push, cq::PushRounding::Lost);
  EXPECT_TRUE(std::signbit(tiny->resolvedCenter.x()));
  const auto box =
      cq::ContactSphereBox(cq::Sphere<double, 3>{{{-0.0, 0.5, -0.0}}, 1}, cq::Aabb<double, 3>{{{-1, 0, -1}}, {{1, 0.25, 1}}});
  ASSERT_TRUE(box.ok());
  EXPECT_TRUE(std::signbit(box->resolvedCenter.x()));
  EXPECT_TRUE(std::signbit(box->resolvedCenter.z()));
}

// CompareDistance: the exact sign of |p - q| - length (a lesson tells a rounded radius
// |R| from an exact one with it).
TEST(CompareDistance, IsTheExactSign) {
  using V2 = cq::Vec<double, 2>;
  const double root80 = std::sqrt(80.0);
  // sqrt(80) is no double: the nearest, 8.94427190999916, is 4.4e-16 above it.
  EXPECT_EQ(cq::CompareDistance(V2{{8, 4}}, V2{{0, 0}}, root80), -1);
  EXPECT_EQ(cq::CompareDistance(V2{{8, 4}}, V2{{0, 0}}, std::nextafter(root80, 0.0)), 1);
  EXPECT_EQ(cq::CompareDistance(V2{{3, 4}}, V2{{0, 0}}, 5.0), 0);
  EXPECT_EQ(cq::CompareDistance(V2{{3, 4}}, V2{{0, 0}}, std::nextafter(5.0, 6.0)), -1);
  EXPECT_EQ(cq::CompareDistance(V2{{3, 4}}, V2{{0, 0}}, std::nextafter(5.0, 4.0)), 1);
  EXPECT_EQ(cq::CompareDistance(V2{{1e300, 0}}, V2{{-1e300, 0}}, 2e300), 0);
}

TEST(ContactWire, ACentreExactlyOnThePerpendicularThroughAnEndTakesThatVertex) {
  const cq::Vec<double, 2> a{{0, 0}};
  {  // through B, which the rounded numerator puts inside
    const cq::Vec<double, 2> b{{364746723, 57658344}};
    const cq::Vec<double, 2> c{{307088379, 422405067}};  // B + (-57658344, 364746723)
    if (CQ_MULADD_FUSED) {
      ASSERT_EQ(cq::ClosestPointOnSegment(c, a, b)->region, cq::LinearRegion::Interior);
    }
    const auto r = cq::ContactSphereSegment(cq::Sphere<double, 2>{c, 1e9}, a, b);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->normalFrom, cq::ContactNormalFrom::ClosestToCenter);
    EXPECT_EQ(r->closest, b);
    EXPECT_EQ(r->wireRegion, cq::LinearRegion::VertexB);
    EXPECT_EQ(r->distance, *cq::Distance(c, b));
  }
  {  // through A, likewise
    const cq::Vec<double, 2> b{{177436353, 183961786}};
    const cq::Vec<double, 2> c{{-183961786, 177436353}};  // A + (-b.y, b.x)
    // (The rounded numerator's side, with FMA; the contact's answer below holds either way.)
    if (CQ_MULADD_FUSED) {
      ASSERT_EQ(cq::ClosestPointOnSegment(c, a, b)->region, cq::LinearRegion::Interior);
    }
    const auto r = cq::ContactSphereSegment(cq::Sphere<double, 2>{c, 1e9}, a, b);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->normalFrom, cq::ContactNormalFrom::ClosestToCenter);
    EXPECT_EQ(r->closest, a);
    EXPECT_EQ(r->wireRegion, cq::LinearRegion::VertexA);
    EXPECT_EQ(r->distance, *cq::Distance(c, a));
  }
  {  // through A, which the rounded numerator puts past B: only B's end was rechecked, and
     // the contact answered B (audit). 0.2 is exactly 2 * 0.1 in double.
    const cq::Vec<double, 2> b{{0.1, 0.2}};
    const cq::Vec<double, 2> c{{-2e16, 1e16}};
    if (CQ_MULADD_FUSED) {  // (two roundings cancel without FMA: the region is A's there)
      ASSERT_EQ(cq::ClosestPointOnSegment(c, a, b)->region, cq::LinearRegion::VertexB);
    }
    const auto r = cq::ContactSphereSegment(cq::Sphere<double, 2>{c, 1}, a, b);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->normalFrom, cq::ContactNormalFrom::ClosestToCenter);
    EXPECT_EQ(r->closest, a);
    EXPECT_EQ(r->wireRegion, cq::LinearRegion::VertexA);
    EXPECT_EQ(r->distance, *cq::Distance(c, a));
  }
}

}  // namespace

// A ball exactly touching a box's corner or edge, or a wire's end, is not sunk in: the
// rounded square root of rounded squares read |C - Q| an ulp short of r, and the contact
// penetrating by an ulp (audit of 2026-11-29: 9,095 of 3.1 million exact Pythagorean
// touches at a 3D box edge). 31904559^2 + 769676040^2 = 770337009^2, and in float
// 5707^2 + 96276^2 = 96445^2.
TEST(ContactTouching, ABallExactlyTouchingACornerAnEdgeOrAnEndIsNotSunkIn) {
  using V2 = cq::Vec<double, 2>;
  using V3 = cq::Vec<double, 3>;
  const V2 c{{31904559, 769676040}};
  const double r = 770337009;
  const auto expectTouching = [](const auto& result, auto radius) {
    ASSERT_TRUE(result.ok());
    EXPECT_FALSE(result->penetrating);
    EXPECT_EQ(result->distance, radius);
    EXPECT_EQ(result->depth, 0);
  };
  expectTouching(cq::ContactSphereBox(cq::Sphere<double, 2>{c, r}, cq::Aabb<double, 2>{{{-3, -8}}, {{0, 0}}}), r);
  expectTouching(cq::ContactSphereBox(cq::Sphere<double, 3>{V3{{31904559, 769676040, 0.5}}, r},
                                      cq::Aabb<double, 3>{{{-5, -7, 0}}, {{0, 0, 1}}}),
                 r);
  expectTouching(cq::ContactSphereSegment(cq::Sphere<double, 2>{c, r}, V2{{-1, -1}}, V2{{0, 0}}), r);
  expectTouching(cq::ContactSphereSegment(cq::Sphere<double, 2>{c, r}, V2{{0, 0}}, V2{{0, 0}}), r);  // A == B
  expectTouching(cq::ContactSphereSegment(cq::Sphere<double, 2>{{{379733565, 3819452}}, 379752773}, V2{{-1, 0}},
                                          V2{{0, 0}}),
                 379752773.0);
  expectTouching(cq::ContactSphereBox(cq::Sphere<float, 2>{{{5707.f, 96276.f}}, 96445.f},
                                      cq::Aabb<float, 2>{{{0, 0}}, {{0, 0}}}),
                 96445.f);
  // An ulp more radius sinks it in, by that ulp to within the distance's rounding.
  const double more = std::nextafter(r, 2 * r);
  const auto sunk = cq::ContactSphereBox(cq::Sphere<double, 2>{c, more}, cq::Aabb<double, 2>{{{-3, -8}}, {{0, 0}}});
  ASSERT_TRUE(sunk.ok());
  EXPECT_TRUE(sunk->penetrating);
  EXPECT_LE(cqtest::UlpDistance(sunk->distance, r), 1);
}

// The other way round: where the rounded |C - Q| lands on r or past it and the exact one
// is short of it, the ball is sunk in (by less than an ulp, reported as one), as it is
// exactly. |(754385305, 949301203)| = 1212546890.81172866... rounds up to
// 1212546890.8117287; in float |(83217, 30401)| rounds up to 88596.2188.
TEST(ContactTouching, ABallSunkInByLessThanAnUlpIsSunkIn) {
  using V2 = cq::Vec<double, 2>;
  const V2 c{{754385305, 949301203}};
  const V2 zero{{0, 0}};
  const double rounded = *cq::Distance(c, zero);
  ASSERT_LT(cq::detail::SignOfDistanceMinus(c, zero, rounded), 0) << "precondition: rounded up";
  for (const auto& result : {cq::ContactSphereBox(cq::Sphere<double, 2>{c, rounded}, cq::Aabb<double, 2>{zero, zero}),
                             cq::ContactSphereSegment(cq::Sphere<double, 2>{c, rounded}, V2{{-2, 0}}, zero)}) {
    ASSERT_TRUE(result.ok());
    EXPECT_TRUE(result->penetrating);
    EXPECT_EQ(result->distance, std::nextafter(rounded, 0.0));
    EXPECT_EQ(result->depth, rounded - std::nextafter(rounded, 0.0));
    ExpectUnit(result->normal);
  }
  const cq::Vec<float, 2> cf{{83217.f, 30401.f}};
  const cq::Vec<float, 2> zf{{0, 0}};
  const float roundedF = *cq::Distance(cf, zf);
  ASSERT_LT(cq::detail::SignOfDistanceMinus(cf, zf, roundedF), 0) << "precondition: rounded up";
  const auto f = cq::ContactSphereBox(cq::Sphere<float, 2>{cf, roundedF}, cq::Aabb<float, 2>{zf, zf});
  ASSERT_TRUE(f.ok());
  EXPECT_TRUE(f->penetrating);
  EXPECT_EQ(f->distance, std::nextafter(roundedF, 0.0f));
}

// A tiny distance beside huge coordinates: where long double is double (NoWide.*), the
// exact sum scaled the scene by 2^-996, lost the 1e-300 to underflow, read "touching" and
// put r in place of the distance: a ball of radius 2e-300 sunk in by 1e-300 read clear
// (review of 2026-11-29). Both builds answer it.
TEST(ContactTouching, ATinyDistanceBesideHugeCoordinatesKeepsItsSide) {
  using V2 = cq::Vec<double, 2>;
  const V2 c{{1e300, 1e-300}};
  const auto box = cq::ContactSphereBox(cq::Sphere<double, 2>{c, 2e-300}, cq::Aabb<double, 2>{{{0, -1}}, {{1e300, 0}}});
  ASSERT_TRUE(box.ok());
  EXPECT_TRUE(box->penetrating);
  EXPECT_EQ(box->distance, 1e-300);
  const auto wire = cq::ContactSphereSegment(cq::Sphere<double, 2>{c, 2e-300}, V2{{0, 0}}, V2{{1e300, 0}});
  ASSERT_TRUE(wire.ok());
  EXPECT_TRUE(wire->penetrating);
  EXPECT_EQ(wire->distance, 1e-300);
  const auto clear = cq::ContactSphereBox(cq::Sphere<double, 2>{c, 0.5e-300}, cq::Aabb<double, 2>{{{0, -1}}, {{1e300, 0}}});
  ASSERT_TRUE(clear.ok());
  EXPECT_FALSE(clear->penetrating);
  EXPECT_EQ(clear->distance, 1e-300);
  // Exactly touching there: r = 1e-300.
  const auto touching = cq::ContactSphereBox(cq::Sphere<double, 2>{c, 1e-300}, cq::Aabb<double, 2>{{{0, -1}}, {{1e300, 0}}});
  ASSERT_TRUE(touching.ok());
  EXPECT_FALSE(touching->penetrating);
  EXPECT_EQ(cq::detail::SignOfDistanceMinus(c, V2{{1e300, 0}}, 1e-300), 0);
  EXPECT_EQ(cq::detail::SignOfDistanceMinus(c, V2{{1e300, 0}}, 2e-300), -1);
  // An r far beyond |x - y| in a tiny scene (its square overflowed where nothing is wider).
  EXPECT_EQ(cq::detail::SignOfDistanceMinus(V2{{1e-300, 0}}, V2{{0, 0}}, 1e-10), -1);
  EXPECT_EQ(cq::detail::SignOfDistanceMinus(V2{{1e-300, 0}}, V2{{0, 0}}, std::numeric_limits<double>::max()), -1);
  // Differences that overflow: the scene is scaled.
  const double big = std::numeric_limits<double>::max();
  EXPECT_EQ(cq::detail::SignOfDistanceMinus(V2{{big, 0}}, V2{{-big, 0}}, big), 1);
}

// SignOfDistanceMinus itself: exact at every scale a double spans, and for the float
// and the 3D forms.
TEST(ContactTouching, TheSignOfDistanceMinusRadiusIsExact) {
  using V2 = cq::Vec<double, 2>;
  const V2 zero{{0, 0}};
  EXPECT_EQ(cq::detail::SignOfDistanceMinus(V2{{3, 4}}, zero, 5.0), 0);
  EXPECT_EQ(cq::detail::SignOfDistanceMinus(V2{{3, 4}}, zero, std::nextafter(5.0, 6.0)), -1);
  EXPECT_EQ(cq::detail::SignOfDistanceMinus(V2{{3, 4}}, zero, std::nextafter(5.0, 4.0)), 1);
  EXPECT_EQ(cq::detail::SignOfDistanceMinus(V2{{3e-300, 4e-300}}, zero, 5e-300), 1);  // 5e-300 is not 5 * 1e-300 exactly
  EXPECT_EQ(cq::detail::SignOfDistanceMinus(V2{{0x3p-1000, 0x4p-1000}}, zero, 0x5p-1000), 0);
  EXPECT_EQ(cq::detail::SignOfDistanceMinus(V2{{0x3p+1000, 0x4p+1000}}, V2{{-0x3p+1000, -0x4p+1000}}, 0xAp+1000), 0);
  EXPECT_EQ(cq::detail::SignOfDistanceMinus(V2{{1, 1}}, V2{{1, 1}}, 0.0), 0);
  EXPECT_EQ(cq::detail::SignOfDistanceMinus(V2{{1, 1}}, V2{{1, 1 + 0x1p-52}}, 0.0), 1);
  EXPECT_EQ(cq::detail::SignOfDistanceMinus(V2{{0x1p-1074, 0}}, zero, 0x1p-1074), 0);
  EXPECT_EQ(cq::detail::SignOfDistanceMinus(V2{{0x1p-1074, 0}}, zero, std::numeric_limits<double>::max()), -1);
  EXPECT_EQ(cq::detail::SignOfDistanceMinus(cq::Vec<double, 3>{{2, 3, 6}}, cq::Vec<double, 3>{{0, 0, 0}}, 7.0), 0);
  EXPECT_EQ(cq::detail::SignOfDistanceMinus(cq::Vec<float, 3>{{2, 3, 6}}, cq::Vec<float, 3>{{0, 0, 0}}, 7.0f), 0);
  EXPECT_EQ(cq::detail::SignOfDistanceMinus(cq::Vec<float, 2>{{1e38f, 0}}, cq::Vec<float, 2>{{-1e38f, 0}}, 2e38f),
            (double(1e38f) * 2 > double(2e38f)) - (double(1e38f) * 2 < double(2e38f)));
}
