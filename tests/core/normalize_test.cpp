// tests/core/normalize_test.cpp: cq::Normalize and cq::Distance (cq/normalize.hpp).
//
// Nothing for the zero vector and for non-finite vectors; otherwise a unit vector along
// v at every scale, subnormal and near-overflow inputs included. Unit length is checked
// in long double: |n| - 1 within 2 eps, as the header promises (measured up to 1.28 eps
// in float by the core audit of 2026-11-29, where the header said "within an ulp"). Direction: each coordinate within 2 eps of v / |v| (long double).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "test_support.hpp"

namespace {

using cqtest::AllConfigs;
using cqtest::ConfigNames;
using cqtest::Eps;
using cqtest::Ld;
using cqtest::V;

template <class T, int N>
void ExpectUnitAlong(const cq::Vec<T, N>& v) {
  const auto n = cq::Normalize(v);
  ASSERT_TRUE(n.has_value()) << cqtest::Str(v);
  const cqtest::VecL<N> vl = cqtest::ToL(v);
  const Ld length = cqtest::NormL(vl);
  EXPECT_LE(std::fabs(cqtest::NormL(cqtest::ToL(*n)) - 1), 2 * Ld(Eps<T>())) << cqtest::Str(v);
  for (int i = 0; i < N; ++i) EXPECT_LE(std::fabs(Ld(n->v[i]) - vl[i] / length), 2 * Ld(Eps<T>())) << cqtest::Str(v);
}

template <class C>
class NormalizeVec : public ::testing::Test {};
TYPED_TEST_SUITE(NormalizeVec, AllConfigs, ConfigNames);

TYPED_TEST(NormalizeVec, ZeroAndNonFiniteHaveNoDirection) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  EXPECT_FALSE(cq::Normalize(cq::Vec<T, N>{}).has_value());
  EXPECT_FALSE(cq::Normalize(cq::Vec<T, N>::Splat(-T(0))).has_value());
  for (int axis = 0; axis < N; ++axis) {
    for (const T bad : {cqtest::NaN<T>(), cqtest::Inf<T>(), -cqtest::Inf<T>()}) {
      cq::Vec<T, N> v = V<T, N>(1, 2, 3);
      v.v[axis] = bad;
      EXPECT_FALSE(cq::Normalize(v).has_value()) << "axis " << axis << " " << bad;
    }
  }
}

TYPED_TEST(NormalizeVec, HandValues) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  // (3,4,0) / 5 = (0.6,0.8,0); in 3D also (2,3,6) / 7. Correctly rounded within 1 ulp.
  const auto n = cq::Normalize(V<T, N>(3, 4, 0));
  ASSERT_TRUE(n.has_value());
  EXPECT_LE(cqtest::UlpDistance(n->v[0], T(0.6)), 1);
  EXPECT_LE(cqtest::UlpDistance(n->v[1], T(0.8)), 1);
  if constexpr (N == 3) {
    const auto m = cq::Normalize(V<T, N>(2, 3, 6));
    ASSERT_TRUE(m.has_value());
    EXPECT_LE(cqtest::UlpDistance(m->v[0], T(2.0 / 7)), 1);
    EXPECT_LE(cqtest::UlpDistance(m->v[1], T(3.0 / 7)), 1);
    EXPECT_LE(cqtest::UlpDistance(m->v[2], T(6.0 / 7)), 1);
  }
  // An axis stays an axis, exactly, whatever its length.
  EXPECT_EQ(*cq::Normalize(cq::Vec<T, N>::Axis(N - 1) * T(-7)), (cq::Vec<T, N>::Axis(N - 1) * T(-1)));
}

TYPED_TEST(NormalizeVec, TinyAndHugeVectors) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const T tiny = sizeof(T) == 4 ? T(1e-30) : T(1e-300);
  const T huge = sizeof(T) == 4 ? T(1e30) : T(1e300);
  const T denorm = std::numeric_limits<T>::denorm_min();
  const T max = std::numeric_limits<T>::max();
  ExpectUnitAlong(tiny * V<T, N>(3, 4, 0));
  ExpectUnitAlong(tiny * V<T, N>(-1, 2, 5));
  ExpectUnitAlong(huge * V<T, N>(3, 4, 0));
  ExpectUnitAlong(huge * V<T, N>(-1, 2, 5));
  // Subnormal: 3 and 4 times the smallest subnormal are exact, and so is (0.6, 0.8).
  ExpectUnitAlong(V<T, N>(3 * double(denorm), 4 * double(denorm), 0));
  EXPECT_EQ(*cq::Normalize(cq::Vec<T, N>::Axis(0) * denorm), (cq::Vec<T, N>::Axis(0)));
  // |v| itself overflows here; its direction does not.
  ExpectUnitAlong(cq::Vec<T, N>::Splat(max));
  ExpectUnitAlong(cq::Vec<T, N>::Splat(-max));
  // Wildly different coordinates.
  ExpectUnitAlong(V<T, N>(double(max), double(denorm), 1));
}

TYPED_TEST(NormalizeVec, RandomVectorsAtEveryScale) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'5001 + N + 10 * sizeof(T));
  const int top = std::numeric_limits<T>::max_exponent - 2;
  const int bottom = std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits;  // subnormals
  for (int i = 0; i < 3000; ++i) {
    cq::Vec<T, N> v{};
    const int e = rng.Int(bottom + 4, top);
    for (int k = 0; k < N; ++k) v.v[k] = std::ldexp(T(rng.Uniform(-1, 1)), e);
    if (v == cq::Vec<T, N>{}) continue;
    ExpectUnitAlong(v);
    if (::testing::Test::HasFailure()) break;
  }
}

// cq::Distance: |p - q| within 2 eps (relative) of the long double reference at every
// scale, plus the subnormal spacing where the distance itself is that small, the same both ways round, 0 for a point and itself, nothing for a non-finite
// point or a distance beyond the range.
template <class T, int N>
void ExpectDistance(const cq::Vec<T, N>& p, const cq::Vec<T, N>& q) {
  const auto d = cq::Distance(p, q);
  ASSERT_TRUE(d.has_value()) << cqtest::Str(p) << " " << cqtest::Str(q);
  const Ld want = cqtest::DistL(cqtest::ToL(p), cqtest::ToL(q));
  const Ld tolerance = 2 * Ld(Eps<T>()) * want + Ld(std::numeric_limits<T>::denorm_min());
  EXPECT_LE(std::fabs(Ld(*d) - want), tolerance) << cqtest::Str(p) << " " << cqtest::Str(q);
  EXPECT_EQ(cq::Distance(q, p), d);
}

template <class C>
class DistanceVec : public ::testing::Test {};
TYPED_TEST_SUITE(DistanceVec, AllConfigs, ConfigNames);

TYPED_TEST(DistanceVec, HandValuesAndDegenerateCases) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  EXPECT_EQ(cq::Distance(V<T, N>(1, 2, 3), V<T, N>(4, 6, 3)), T(5));
  EXPECT_EQ(cq::Distance(V<T, N>(1, 2, 3), V<T, N>(1, 2, 3)), T(0));
  EXPECT_EQ(cq::Distance(cq::Vec<T, N>{}, cq::Vec<T, N>::Splat(-T(0))), T(0));
  for (int axis = 0; axis < N; ++axis) {
    for (const T bad : {cqtest::NaN<T>(), cqtest::Inf<T>(), -cqtest::Inf<T>()}) {
      cq::Vec<T, N> v = V<T, N>(1, 2, 3);
      v.v[axis] = bad;
      EXPECT_FALSE(cq::Distance(v, V<T, N>(0, 0, 0)).has_value()) << "axis " << axis << " " << bad;
      EXPECT_FALSE(cq::Distance(V<T, N>(0, 0, 0), v).has_value()) << "axis " << axis << " " << bad;
    }
  }
  // From -max to +max is 2 max: beyond the range, so nothing rather than +inf.
  const T max = std::numeric_limits<T>::max();
  EXPECT_FALSE(cq::Distance(cq::Vec<T, N>::Axis(0) * -max, cq::Vec<T, N>::Axis(0) * max).has_value());
  // max / 2 from each side of the origin is max itself: still in range.
  ExpectDistance(cq::Vec<T, N>::Axis(0) * (-max / 2), cq::Vec<T, N>::Axis(0) * (max / 2));
}

TYPED_TEST(DistanceVec, SquaresThatOverflowOrUnderflow) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  const T tiny = sizeof(T) == 4 ? T(1e-30) : T(1e-300);
  const T huge = sizeof(T) == 4 ? T(1e30) : T(1e300);
  const T denorm = std::numeric_limits<T>::denorm_min();
  // |p - q|^2 underflows to 0 (tiny) or overflows to inf (huge); the distance does not.
  ExpectDistance(tiny * V<T, N>(3, 4, 0), cq::Vec<T, N>{});
  ExpectDistance(huge * V<T, N>(3, 4, 0), huge * V<T, N>(-1, 1, 2));
  EXPECT_EQ(cq::Distance(cq::Vec<T, N>::Axis(0) * denorm, cq::Vec<T, N>{}), denorm);
  // A subnormal offset next to a large coordinate keeps its bits.
  ExpectDistance(V<T, N>(double(huge), double(denorm), 0), V<T, N>(double(huge), 0, 0));
}

TYPED_TEST(DistanceVec, RandomPointsAtEveryScale) {
  using T = typename TypeParam::Scalar;
  constexpr int N = TypeParam::k_dim;
  cqtest::Rng rng(0x5eed'5002 + N + 10 * sizeof(T));
  const int top = std::numeric_limits<T>::max_exponent - 3;
  const int bottom = std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits;
  for (int i = 0; i < 3000; ++i) {
    cq::Vec<T, N> p{};
    cq::Vec<T, N> q{};
    const int e = rng.Int(bottom + 4, top);
    for (int k = 0; k < N; ++k) {
      p.v[k] = std::ldexp(T(rng.Uniform(-1, 1)), e);
      q.v[k] = std::ldexp(T(rng.Uniform(-1, 1)), e);
    }
    if (p == q) continue;
    ExpectDistance(p, q);
    if (::testing::Test::HasFailure()) break;
  }
}

}  // namespace
