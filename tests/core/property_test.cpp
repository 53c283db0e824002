// tests/core/property_test.cpp: seeded random scenes against independent references.
//
// Every case is checked against a long double (x86 80-bit) reference written from the
// textbook formulas (test_support.hpp), and against properties that need no reference:
// - the answer lies on the shape, and no sampled point of the shape (dense samples plus
//   the endpoints / corners) is closer than it;
// - swapping A and B maps t to 1 - t and region A to region B (segments and lines);
// - translating the scene moves the answer with it (within rounding);
// - scaling the scene by a power of two scales the answer exactly: bit for bit, as long
//   as nothing under- or overflows (the scales below keep every intermediate normal, and
//   keep both scenes on the same code path, so the same roundings happen at both scales);
// - boxes: every axis permutation and reflection maps the answer exactly (Jolt's remap).
//
// Tolerances, with S the scene's size (largest |coordinate| of the inputs) and eps the
// type's machine epsilon: closest points, feet and distances within 16 eps S. The bound
// comes from the error analysis, not from observation: the differences P - A and B - A
// and the foot A + t (B - A) each round by at most eps S, and the numerator's
// cancellation moves t (B - A) by at most N eps |P - A| <= 2N eps S, so (2N + 4) eps S,
// at most 10 eps S, rounded up to 16 (observed: under 8). Regions are compared only
// where the reference numerator is more than 8 N eps (|P - A||B - A| + |B - A|^2) from
// a region boundary, since closer than that the rounded numerator may legitimately land
// on either side.
//
// Seeds are fixed, so every run checks the same cases; a failure prints the scene.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "test_support.hpp"

namespace {

using cq::LinearKind;
using cq::LinearRegion;
using cq::PlaneRegion;
using cqtest::AllConfigs;
using cqtest::ConfigNames;
using cqtest::Eps;
using cqtest::FailureLog;
using cqtest::Ld;
using cqtest::SameBits;
using cqtest::VecL;

template <class C>
class LinearProperties : public ::testing::Test {};
TYPED_TEST_SUITE(LinearProperties, AllConfigs, ConfigNames);

template <class C>
class PlaneProperties : public ::testing::Test {};
TYPED_TEST_SUITE(PlaneProperties, AllConfigs, ConfigNames);

template <class C>
class BoxProperties : public ::testing::Test {};
TYPED_TEST_SUITE(BoxProperties, AllConfigs, ConfigNames);

// One out-of-line copy of each query: the bit-exact scaling checks compare two calls of
// the same machine code (an inlined query may be contracted into FMAs differently at
// different call sites, which changes roundings but not their scale covariance).
template <class T, int N>
[[gnu::noinline]] cq::Checked<cq::LinearResult<T, N>> QueryLinear(LinearKind kind, const cq::Vec<T, N>& p,
                                                                  const cq::Vec<T, N>& a, const cq::Vec<T, N>& b) {
  return cq::ClosestPointOnLinear(kind, p, a, b);
}

template <class T, int N>
[[gnu::noinline]] cq::Checked<cq::PlaneResult<T, N>> QueryPlane(const cq::Vec<T, N>& p, const cq::Plane<T, N>& plane) {
  return cq::ClosestPointOnPlane(p, plane);
}

template <class T, int N>
[[gnu::noinline]] cq::Checked<cq::BoxResult<T, N>> QueryBox(const cq::Vec<T, N>& p, const cq::Aabb<T, N>& box) {
  return cq::ClosestPointOnBox(p, box);
}

template <class T, int N>
cq::Vec<T, N> Scaled(const cq::Vec<T, N>& v, int exponent) {
  return cq::detail::ScaleByPowerOfTwo(v, exponent);
}

LinearRegion Swapped(LinearRegion region) {
  return region == LinearRegion::VertexA ? LinearRegion::VertexB
                                         : (region == LinearRegion::VertexB ? LinearRegion::VertexA : region);
}

// ---------------------------------------------------------------------------------------
// Scenes.

template <class T, int N>
struct LinearScene {
  cq::Vec<T, N> p, a, b;
};

/// A mix of ordinary scenes and the awkward ones: far from the origin, very short
/// segments, points within a hair of a region boundary, points on the carrier line,
/// and coincident endpoints.
template <class T, int N>
LinearScene<T, N> RandomLinearScene(cqtest::Rng& rng) {
  LinearScene<T, N> s{rng.InCube<T, N>(-10, 10), rng.InCube<T, N>(-10, 10), rng.InCube<T, N>(-10, 10)};
  const int type = rng.Int(0, 19);
  if (type < 3) {  // far from the origin: cancellation in every difference
    const cq::Vec<T, N> offset = rng.InCube<T, N>(-1000, 1000);
    s = {s.p + offset, s.a + offset, s.b + offset};
  } else if (type < 5) {  // a short segment
    s.b = s.a + T(1e-3) * rng.InCube<T, N>(-1, 1);
  } else if (type < 8) {  // near the perpendicular through A or B
    const cq::Vec<T, N> d = s.b - s.a;
    const cq::Vec<T, N> side = rng.InCube<T, N>(-10, 10);
    const T along = T(rng.Uniform(-1e-4, 1e-4)) + (rng.Chance(0.5) ? T(0) : T(1));
    s.p = s.a + along * d + (side - (cq::Dot(side, d) / cq::Dot(d, d)) * d);
  } else if (type < 10) {  // on the carrier line
    s.p = s.a + T(rng.Uniform(-2, 3)) * (s.b - s.a);
  } else if (type == 10) {  // degenerate
    s.b = s.a;
  }
  return s;
}

/// Distance (long double) from x to the shape.
template <int N>
Ld DistanceToLinear(LinearKind kind, const VecL<N>& x, const VecL<N>& a, const VecL<N>& b) {
  const VecL<N> d = cqtest::Sub(b, a);
  const Ld den = cqtest::DotL(d, d);
  if (den == 0) return cqtest::DistL(x, a);
  Ld t = cqtest::DotL(cqtest::Sub(x, a), d) / den;
  if (kind != LinearKind::Line) t = std::max(t, Ld(0));
  if (kind == LinearKind::Segment) t = std::min(t, Ld(1));
  return cqtest::DistL(x, cqtest::Add(a, cqtest::Mul(t, d)));
}

// ---------------------------------------------------------------------------------------
// Line, ray, segment.

template <class T, int N>
void CheckLinearAgainstReference(LinearKind kind, const LinearScene<T, N>& s, FailureLog& log) {
  const Ld eps = Eps<T>();
  const auto r = cq::ClosestPointOnLinear(kind, s.p, s.a, s.b);
  const auto ref = cqtest::ReferenceLinear(kind, s.p, s.a, s.b);
  const Ld scene = cqtest::SceneSize(s.p, s.a, s.b);
  const Ld tol = 16 * eps * scene;
  const VecL<N> p = cqtest::ToL(s.p);
  const VecL<N> a = cqtest::ToL(s.a);
  const VecL<N> b = cqtest::ToL(s.b);
  const VecL<N> d = cqtest::Sub(b, a);
  const Ld length = cqtest::NormL(d);
  std::string why;
  auto expect = [&](bool condition, const char* what) {
    if (!condition && why.empty()) why = what;
  };
  expect(r.ok(), "not ok");
  if (r.ok()) {
    const VecL<N> closest = cqtest::ToL(r->closest);
    expect(cqtest::DistL(closest, ref.closest) <= tol, "closest differs from the reference");
    expect(std::fabs(Ld(r->distance) - ref.distance) <= tol, "distance differs from the reference");
    expect(std::fabs(Ld(r->distanceSq) - ref.distance * ref.distance) <= 2 * tol * ref.distance + tol * tol,
           "distanceSq differs from the reference");
    expect(std::fabs(Ld(r->distance) - cqtest::DistL(p, closest)) <= tol, "distance is not |P - closest|");
    // On the shape, with t in the shape's range.
    expect(DistanceToLinear<N>(kind, closest, a, b) <= tol, "closest is off the shape");
    if (kind != LinearKind::Line) expect(r->t >= T(0), "t below 0");
    if (kind == LinearKind::Segment) expect(r->t <= T(1), "t above 1");
    // No sampled point of the shape is closer than the answer.
    const Ld range = kind == LinearKind::Segment ? 1 : 2 * (std::fabs(ref.tRaw) + 1);
    const Ld from = kind == LinearKind::Line ? -range : 0;
    for (int j = 0; j <= 64; ++j) {
      const Ld t = from + (range - from) * j / 64;
      expect(cqtest::DistL(p, cqtest::Add(a, cqtest::Mul(t, d))) >= Ld(r->distance) - tol, "a sample is closer");
    }
    expect(cqtest::DistL(p, a) >= Ld(r->distance) - tol, "A is closer");
    if (kind == LinearKind::Segment) expect(cqtest::DistL(p, b) >= Ld(r->distance) - tol, "B is closer");
    if (ref.denominator > 0) {
      // Parameters, in units of length (t is ill-conditioned on a short segment).
      expect(std::fabs(Ld(r->t) - ref.t) * length <= tol, "t differs");
      expect(std::fabs(Ld(r->tRaw) - ref.tRaw) * length <= tol, "t_raw differs");
      expect(cqtest::DistL(cqtest::ToL(r->foot), ref.foot) <= tol, "foot differs");
      Ld sumAbs = 0;
      for (int k = 0; k < N; ++k) sumAbs += std::fabs((p[k] - a[k]) * d[k]);
      expect(std::fabs(Ld(r->numerator) - ref.numerator) <= 4 * N * eps * sumAbs, "numerator differs");
      expect(std::fabs(Ld(r->denominator) - ref.denominator) <= 4 * N * eps * ref.denominator, "denominator differs");
      const Ld margin = 8 * N * eps * (cqtest::DistL(p, a) * length + ref.denominator);
      const bool clear = std::fabs(ref.numerator) > margin && std::fabs(ref.numerator - ref.denominator) > margin;
      if (clear) expect(r->region == ref.region, "region differs from the reference");
      if (r->region == LinearRegion::VertexA) expect(SameBits(r->closest, s.a), "region A but closest is not A");
      if (r->region == LinearRegion::VertexB) expect(SameBits(r->closest, s.b), "region B but closest is not B");
      if (r->region == LinearRegion::Interior) expect(SameBits(r->closest, r->foot), "interior but closest != foot");
    } else {
      expect(r->region == LinearRegion::VertexA && SameBits(r->closest, s.a) && r->t == T(0), "degenerate");
    }
  }
  if (!why.empty() && log.Fail())
    ADD_FAILURE() << cq::ToString(kind) << ": " << why << "\n  p=" << cqtest::Str(s.p) << " a=" << cqtest::Str(s.a)
                  << " b=" << cqtest::Str(s.b);
}

TYPED_TEST(LinearProperties, AgreesWithLongDoubleReference) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'1001 + N + 10 * sizeof(T));
  FailureLog log;
  for (int i = 0; i < 4000; ++i) {
    const auto s = RandomLinearScene<T, N>(rng);
    for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray, LinearKind::Line})
      CheckLinearAgainstReference(kind, s, log);
  }
  EXPECT_EQ(log.count(), 0);
}

TYPED_TEST(LinearProperties, SwappingEndpointsMirrorsTheAnswer) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'1002 + N + 10 * sizeof(T));
  FailureLog log;
  const Ld eps = Eps<T>();
  for (int i = 0; i < 4000; ++i) {
    const auto s = RandomLinearScene<T, N>(rng);
    if (s.a == s.b) continue;  // the point A: no mirror
    for (const LinearKind kind : {LinearKind::Segment, LinearKind::Line}) {
      const auto r = cq::ClosestPointOnLinear(kind, s.p, s.a, s.b);
      const auto m = cq::ClosestPointOnLinear(kind, s.p, s.b, s.a);
      ASSERT_TRUE(r.ok() && m.ok());
      const auto ref = cqtest::ReferenceLinear(kind, s.p, s.a, s.b);
      const Ld scene = cqtest::SceneSize(s.p, s.a, s.b);
      const Ld tol = 16 * eps * scene;
      const Ld length = cqtest::NormL(cqtest::Sub(cqtest::ToL(s.b), cqtest::ToL(s.a)));
      bool ok = cqtest::DistL(cqtest::ToL(r->closest), cqtest::ToL(m->closest)) <= 2 * tol;
      ok = ok && std::fabs(Ld(m->t) - (1 - Ld(r->t))) * length <= 2 * tol;
      ok = ok && std::fabs(Ld(m->tRaw) - (1 - Ld(r->tRaw))) * length <= 2 * tol;
      ok = ok && std::fabs(Ld(m->distance) - Ld(r->distance)) <= 2 * tol;
      // Regions swap, except within rounding of a boundary (where each order may round
      // its own numerator to the other side).
      const Ld margin = 8 * N * eps * (cqtest::DistL(cqtest::ToL(s.p), cqtest::ToL(s.a)) * length + ref.denominator);
      const bool clear =
          std::fabs(ref.numerator) > margin && std::fabs(ref.numerator - ref.denominator) > margin;
      if (clear) ok = ok && m->region == Swapped(r->region);
      if (!ok && log.Fail())
        ADD_FAILURE() << cq::ToString(kind) << " p=" << cqtest::Str(s.p) << " a=" << cqtest::Str(s.a)
                      << " b=" << cqtest::Str(s.b) << ": t " << r->t << " vs mirrored " << m->t << ", regions "
                      << cq::ToString(r->region) << " / " << cq::ToString(m->region);
    }
  }
  EXPECT_EQ(log.count(), 0);
}

TYPED_TEST(LinearProperties, TranslationMovesTheAnswer) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'1003 + N + 10 * sizeof(T));
  FailureLog log;
  const Ld eps = Eps<T>();
  // Everything on a grid of 2^-g with magnitudes below 2^11, so that the translated
  // inputs are exact (41 bits in double, 23 in float): the test then sees only the
  // query's own roundings, not a different (rounded) scene. Without this a short segment
  // far from P turns eps of input rounding into a large angle, legitimately.
  const int g = sizeof(T) == 4 ? 12 : 30;
  auto grid = [&](cq::Vec<T, N> v) {
    for (int k = 0; k < N; ++k) v.v[k] = std::ldexp(std::round(std::ldexp(v.v[k], g)), -g);
    return v;
  };
  for (int i = 0; i < 4000; ++i) {
    auto s = RandomLinearScene<T, N>(rng);
    s = {grid(s.p), grid(s.a), grid(s.b)};
    const cq::Vec<T, N> c = grid(T(std::ldexp(1.0, rng.Int(-4, 9))) * rng.InCube<T, N>(-1, 1));
    const LinearScene<T, N> moved{s.p + c, s.a + c, s.b + c};
    ASSERT_TRUE(moved.p - c == s.p && moved.a - c == s.a && moved.b - c == s.b) << "translation must be exact";
    for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray, LinearKind::Line}) {
      const auto r = cq::ClosestPointOnLinear(kind, s.p, s.a, s.b);
      const auto m = cq::ClosestPointOnLinear(kind, moved.p, moved.a, moved.b);
      ASSERT_TRUE(r.ok() && m.ok());
      // Both scenes are answered to 32 eps of their own size.
      const Ld tol = 16 * eps * (cqtest::SceneSize(s.p, s.a, s.b) + cqtest::SceneSize(moved.p, moved.a, moved.b));
      const VecL<N> back = cqtest::Sub(cqtest::ToL(m->closest), cqtest::ToL(c));
      bool ok = cqtest::DistL(back, cqtest::ToL(r->closest)) <= tol;
      ok = ok && std::fabs(Ld(m->distance) - Ld(r->distance)) <= tol;
      if (!ok && log.Fail())
        ADD_FAILURE() << cq::ToString(kind) << " p=" << cqtest::Str(s.p) << " a=" << cqtest::Str(s.a)
                      << " b=" << cqtest::Str(s.b) << " moved by " << cqtest::Str(c);
    }
  }
  EXPECT_EQ(log.count(), 0);
}

/// Bit-exact comparison of a scene's answer with the answer for the scene scaled by 2^k.
template <class T, int N>
bool SameUnderScaling(const cq::LinearResult<T, N>& base, const cq::LinearResult<T, N>& scaled, int k,
                      bool compareSquares) {
  bool ok = SameBits(Scaled(scaled.closest, -k), base.closest) && SameBits(Scaled(scaled.foot, -k), base.foot);
  ok = ok && SameBits(scaled.t, base.t) && SameBits(scaled.tRaw, base.tRaw);
  ok = ok && SameBits(std::ldexp(scaled.distance, -k), base.distance) && scaled.region == base.region;
  if (compareSquares) {
    ok = ok && SameBits(std::ldexp(scaled.numerator, -2 * k), base.numerator);
    ok = ok && SameBits(std::ldexp(scaled.denominator, -2 * k), base.denominator);
    ok = ok && SameBits(std::ldexp(scaled.distanceSq, -2 * k), base.distanceSq);
  }
  return ok;
}

TYPED_TEST(LinearProperties, PowerOfTwoScalingIsExact) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'1004 + N + 10 * sizeof(T));
  FailureLog log;
  // Fast path at both scales: |k| small enough that |B - A|^2 stays in the fast path's
  // range and every product stays normal (coordinates have magnitude 2^-6 .. 8).
  const int fastK = sizeof(T) == 4 ? 20 : 300;
  // Slow path at both scales: |B - A|^2 under- or overflows T at every one of these.
  const int slowK[] = {sizeof(T) == 4 ? -70 : -700, sizeof(T) == 4 ? -60 : -600, sizeof(T) == 4 ? 70 : 600,
                       sizeof(T) == 4 ? 80 : 700};
  for (int i = 0; i < 3000; ++i) {
    const cq::Vec<T, N> p = T(8) * rng.Sturdy<T, N>();
    const cq::Vec<T, N> a = T(8) * rng.Sturdy<T, N>();
    const cq::Vec<T, N> b = rng.Chance(0.1) ? a : T(8) * rng.Sturdy<T, N>();
    for (const LinearKind kind : {LinearKind::Segment, LinearKind::Ray, LinearKind::Line}) {
      const auto base = QueryLinear(kind, p, a, b);
      ASSERT_TRUE(base.ok());
      const int k = rng.Int(-fastK, fastK);
      const auto fast = QueryLinear(kind, Scaled(p, k), Scaled(a, k), Scaled(b, k));
      ASSERT_TRUE(fast.ok());
      if (!SameUnderScaling(*base, *fast, k, true) && log.Fail())
        ADD_FAILURE() << cq::ToString(kind) << " fast path, k=" << k << " p=" << cqtest::Str(p)
                      << " a=" << cqtest::Str(a) << " b=" << cqtest::Str(b);
      const auto slowBase = QueryLinear(kind, Scaled(p, slowK[0]), Scaled(a, slowK[0]), Scaled(b, slowK[0]));
      ASSERT_TRUE(slowBase.ok());
      for (int j = 1; j < 4; ++j) {
        const int kk = slowK[j] - slowK[0];
        const auto slow = QueryLinear(kind, Scaled(p, slowK[j]), Scaled(a, slowK[j]), Scaled(b, slowK[j]));
        ASSERT_TRUE(slow.ok());
        if (!SameUnderScaling(*slowBase, *slow, kk, false) && log.Fail())
          ADD_FAILURE() << cq::ToString(kind) << " slow path, 2^" << slowK[0] << " vs 2^" << slowK[j]
                        << " p=" << cqtest::Str(p) << " a=" << cqtest::Str(a) << " b=" << cqtest::Str(b);
      }
    }
  }
  EXPECT_EQ(log.count(), 0);
}

// ---------------------------------------------------------------------------------------
// Plane.

TYPED_TEST(PlaneProperties, AgreesWithReferenceAndItsSymmetries) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'2001 + N + 10 * sizeof(T));
  FailureLog log;
  const Ld eps = Eps<T>();
  for (int i = 0; i < 5000; ++i) {
    cq::Vec<T, N> normal = rng.InCube<T, N>(-3, 3);
    if (cqtest::MaxAbsL(cqtest::ToL(normal)) < 0.1) continue;
    normal = Scaled(normal, rng.Int(-20, 20));  // non-unit normals of every size
    const VecL<N> nl = cqtest::ToL(normal);
    const Ld nLength = cqtest::NormL(nl);
    const cq::Plane<T, N> plane{normal, static_cast<T>(Ld(rng.Uniform(-10, 10)) * nLength)};
    const cq::Vec<T, N> p = rng.Chance(0.05) ? cq::Vec<T, N>{} : rng.InCube<T, N>(-10, 10);
    const auto r = QueryPlane(p, plane);
    ASSERT_TRUE(r.ok());
    const auto ref = cqtest::ReferencePlane(p, plane);
    const Ld scene = std::max(cqtest::SceneSize(p), std::fabs(Ld(plane.offset)) / nLength);
    const Ld tol = 16 * eps * scene;
    std::string why;
    auto expect = [&](bool condition, const char* what) {
      if (!condition && why.empty()) why = what;
    };
    const VecL<N> closest = cqtest::ToL(r->closest);
    expect(cqtest::DistL(closest, ref.closest) <= tol, "closest differs");
    expect(std::fabs(Ld(r->signedDistance) - ref.signedDistance) <= tol, "signed distance differs");
    expect(r->distance == std::abs(r->signedDistance), "distance is not |s|");
    expect(std::fabs(Ld(r->normalLength) - ref.normalLength) <= 2 * eps * ref.normalLength, "normalLength differs");
    Ld sumAbs = std::fabs(Ld(plane.offset));
    for (int k = 0; k < N; ++k) sumAbs += std::fabs(nl[k] * Ld(p.v[k]));
    expect(std::fabs(Ld(r->planeValue) - ref.planeValue) <= 2 * N * eps * sumAbs, "planeValue differs");
    // On the plane, and no sampled point of the plane closer.
    expect(std::fabs(cqtest::DotL(nl, closest) - Ld(plane.offset)) / nLength <= tol, "closest is off the plane");
    for (int j = 0; j < 16; ++j) {
      VecL<N> v = cqtest::ToL(rng.InCube<T, N>(-20, 20));
      v = cqtest::Sub(v, cqtest::Mul(cqtest::DotL(v, nl) / (nLength * nLength), nl));  // in-plane
      expect(cqtest::DistL(cqtest::ToL(p), cqtest::Add(ref.closest, v)) >= Ld(r->distance) - tol, "a sample is closer");
    }
    if (std::fabs(ref.planeValue) > 4 * N * eps * sumAbs)
      expect(r->region == (ref.planeValue > 0 ? PlaneRegion::Front : PlaneRegion::Back), "region differs");
    if (r->region == PlaneRegion::On) expect(SameBits(r->closest, p), "on, but closest is not P");
    // (-n, -d) is the same plane facing the other way: the same closest point, bit for
    // bit, and the sign of s flipped exactly.
    const auto flipped = QueryPlane(p, cq::Plane<T, N>{-normal, -plane.offset});
    ASSERT_TRUE(flipped.ok());
    expect(SameBits(flipped->closest, r->closest), "flipped plane: closest changed");
    expect(flipped->signedDistance == -r->signedDistance, "flipped plane: s not negated");
    // (2^j n, 2^j d) is the same plane: identical answer.
    const int j = rng.Int(-10, 10);
    const auto rescaled = QueryPlane(p, cq::Plane<T, N>{Scaled(normal, j), std::ldexp(plane.offset, j)});
    ASSERT_TRUE(rescaled.ok());
    expect(SameBits(rescaled->closest, r->closest) && SameBits(rescaled->signedDistance, r->signedDistance),
           "rescaled normal: answer changed");
    // Scaling the scene (P and d) by 2^k scales the answer exactly.
    const int k = rng.Int(-20, 20);
    const auto big = QueryPlane(Scaled(p, k), cq::Plane<T, N>{normal, std::ldexp(plane.offset, k)});
    ASSERT_TRUE(big.ok());
    expect(SameBits(Scaled(big->closest, -k), r->closest) &&
               SameBits(std::ldexp(big->signedDistance, -k), r->signedDistance),
           "scaled scene: answer not scaled exactly");
    if (!why.empty() && log.Fail())
      ADD_FAILURE() << why << ": n=" << cqtest::Str(normal) << " d=" << plane.offset << " p=" << cqtest::Str(p);
  }
  EXPECT_EQ(log.count(), 0);
}

// ---------------------------------------------------------------------------------------
// Box.

TYPED_TEST(BoxProperties, AgreesWithReferenceUnderEveryAxisMap) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'3001 + N + 10 * sizeof(T));
  FailureLog log;
  const Ld eps = Eps<T>();
  const auto maps = cqtest::AllAxisMaps<N>();
  for (int i = 0; i < 2500; ++i) {
    cq::Aabb<T, N> box{rng.InCube<T, N>(-10, 10), {}};
    for (int k = 0; k < N; ++k) box.max.v[k] = rng.Chance(0.05) ? box.min.v[k] : box.min.v[k] + T(rng.Uniform(0, 10));
    cq::Vec<T, N> p = rng.InCube<T, N>(-25, 25);
    if (rng.Chance(0.1)) p.v[0] = box.max.v[0];  // exactly on a face plane
    const auto r = QueryBox(p, box);
    ASSERT_TRUE(r.ok());
    const auto ref = cqtest::ReferenceBox(p, box);
    std::string why;
    auto expect = [&](bool condition, const char* what) {
      if (!condition && why.empty()) why = what;
    };
    // The clamp is exact: the closest point and the sides equal the reference exactly;
    // the distance is |P - closest| rounded a few times: 4 eps relative.
    expect(cqtest::ToL(r->closest) == ref.closest, "closest differs");
    int clamped = 0;
    for (int k = 0; k < N; ++k) {
      expect(r->side[k] == ref.side[k], "side differs");
      clamped += ref.side[k] != 0 ? 1 : 0;
    }
    expect(r->feature == cq::FeatureFromClampedAxes<N>(clamped), "feature differs");
    expect(std::fabs(Ld(r->distance) - ref.distance) <= 4 * eps * ref.distance, "distance differs");
    // No box point closer: a 9^N grid over the box (corners included).
    const Ld tol = 4 * eps * ref.distance;
    for (int g = 0; g < (N == 2 ? 81 : 729); ++g) {
      VecL<N> x{};
      for (int k = 0, c = g; k < N; ++k, c /= 9)
        x[k] = Ld(box.min.v[k]) + (Ld(box.max.v[k]) - Ld(box.min.v[k])) * (c % 9) / 8;
      expect(cqtest::DistL(cqtest::ToL(p), x) >= Ld(r->distance) - tol, "a grid point is closer");
    }
    // Jolt's remap: every permutation and reflection of the axes maps the answer exactly.
    for (const auto& map : maps) {
      const cq::Vec<T, N> c0 = map.template Apply<T>(box.min);
      const cq::Vec<T, N> c1 = map.template Apply<T>(box.max);
      cq::Aabb<T, N> mapped;
      for (int k = 0; k < N; ++k) {
        mapped.min.v[k] = std::min(c0.v[k], c1.v[k]);
        mapped.max.v[k] = std::max(c0.v[k], c1.v[k]);
      }
      const auto m = QueryBox(map.template Apply<T>(p), mapped);
      ASSERT_TRUE(m.ok());
      expect(m->closest == map.template Apply<T>(r->closest), "axis map: closest not mapped");
      for (int k = 0; k < N; ++k) expect(m->side[k] == int(map.sign[k]) * r->side[map.perm[k]], "axis map: side");
      expect(m->feature == r->feature, "axis map: feature");
      expect(std::fabs(Ld(m->distance) - Ld(r->distance)) <= 4 * eps * Ld(r->distance), "axis map: distance");
    }
    // Power-of-two scaling is exact.
    const int k = rng.Int(sizeof(T) == 4 ? -20 : -300, sizeof(T) == 4 ? 20 : 300);
    const auto big = QueryBox(Scaled(p, k), cq::Aabb<T, N>{Scaled(box.min, k), Scaled(box.max, k)});
    ASSERT_TRUE(big.ok());
    expect(SameBits(Scaled(big->closest, -k), r->closest) && SameBits(std::ldexp(big->distance, -k), r->distance) &&
               big->RegionIndex() == r->RegionIndex(),
           "scaled scene: answer not scaled exactly");
    if (!why.empty() && log.Fail())
      ADD_FAILURE() << why << ": p=" << cqtest::Str(p) << " min=" << cqtest::Str(box.min)
                    << " max=" << cqtest::Str(box.max);
  }
  EXPECT_EQ(log.count(), 0);
}

}  // namespace
