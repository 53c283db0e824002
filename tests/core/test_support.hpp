// tests/core/test_support.hpp: what every core test shares.
//
// - The type/dimension matrix (float and double, 2D and 3D) for typed tests.
// - Bit-level comparisons and ulp distances, for the places where the contract promises
//   exactness (a clamped answer is the input vertex; power-of-two scaling is exact).
// - An independent reference for every query, computed in long double. On x86-64 that is
//   the 80-bit extended format: a 64-bit significand (11 more bits than double) and an
//   exponent range of about 1e+-4932, so the squares of 1e300 and of 1e-300 are ordinary
//   numbers there. The references are written from the textbook formulas (Ericson,
//   Real-Time Collision Detection 5.1; Eberly, "Distance Between Point and Line, Ray, or
//   Line Segment"), not from core's code: no rescaling tricks, no fast path.
// - A seeded random source, so every property test is reproducible.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "cq/cq.hpp"

namespace cqtest {

// ---------------------------------------------------------------------------------------
// The matrix.

template <class T, int N>
struct Config {
  using Scalar = T;
  static constexpr int k_dim = N;
};

using AllConfigs = ::testing::Types<Config<float, 2>, Config<float, 3>, Config<double, 2>, Config<double, 3>>;
using Configs2D = ::testing::Types<Config<float, 2>, Config<double, 2>>;
using Scalars = ::testing::Types<float, double>;

/// Readable typed-test names: "float2D", "double3D", or "float" / "double".
struct ConfigNames {
  template <class C>
  static std::string GetName(int /*index*/) {
    if constexpr (std::is_same_v<C, float>) {
      return "float";
    } else if constexpr (std::is_same_v<C, double>) {
      return "double";
    } else {
      return std::string(std::is_same_v<typename C::Scalar, float> ? "float" : "double") +
             std::to_string(C::k_dim) + "D";
    }
  }
};

/// The first N of up to three coordinates (z is dropped in 2D).
template <class T, int N>
cq::Vec<T, N> V(double x, double y, double z = 0.0) {
  cq::Vec<T, N> r{};
  r.v[0] = T(x);
  r.v[1] = T(y);
  if constexpr (N == 3) r.v[2] = T(z);
  return r;
}

// Axis maps: the symmetries of the coordinate frame (Jolt-style remapping).

/// One axis map: coordinate i of the image is sign[i] * coordinate perm[i] of the source.
template <int N>
struct AxisMap {
  std::array<int, N> perm;
  std::array<double, N> sign;

  template <class T>
  cq::Vec<T, N> Apply(const std::array<double, 3>& x) const {
    cq::Vec<T, N> r{};
    for (int i = 0; i < N; ++i) r.v[i] = T(sign[i] * x[perm[i]]);
    return r;
  }

  /// The image of a vector already in the source frame.
  template <class T>
  cq::Vec<T, N> Apply(const cq::Vec<T, N>& x) const {
    cq::Vec<T, N> r{};
    for (int i = 0; i < N; ++i) r.v[i] = T(sign[i]) * x.v[perm[i]];
    return r;
  }
};

/// Every permutation of the N axes, each with every choice of reflections.
template <int N>
std::vector<AxisMap<N>> AllAxisMaps() {
  std::vector<AxisMap<N>> maps;
  std::array<int, N> perm{};
  for (int i = 0; i < N; ++i) perm[i] = i;
  do {
    for (int mask = 0; mask < (1 << N); ++mask) {
      AxisMap<N> m{perm, {}};
      for (int i = 0; i < N; ++i) m.sign[i] = (mask >> i) & 1 ? -1.0 : 1.0;
      maps.push_back(m);
    }
  } while (std::next_permutation(perm.begin(), perm.end()));
  return maps;
}

// ---------------------------------------------------------------------------------------
// Bits and ulps.

template <class T>
bool SameBits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class T, int N>
bool SameBits(const cq::Vec<T, N>& a, const cq::Vec<T, N>& b) {
  return std::memcmp(a.v, b.v, sizeof(a.v)) == 0;
}

/// The number of representable values between a and b (0 when equal, also for +0/-0).
/// Both must be finite.
template <class T>
std::int64_t UlpDistance(T a, T b) {
  using Bits = std::conditional_t<std::is_same_v<T, float>, std::int32_t, std::int64_t>;
  auto ordered = [](T x) -> std::int64_t {
    const Bits bits = std::bit_cast<Bits>(x);
    // Sign-magnitude to a monotone integer line: negatives mirror below zero.
    return bits < 0 ? std::int64_t(std::numeric_limits<Bits>::min()) - std::int64_t(bits) : std::int64_t(bits);
  };
  const std::int64_t d = ordered(a) - ordered(b);
  return d < 0 ? -d : d;
}

template <class T>
constexpr T Eps() {
  return std::numeric_limits<T>::epsilon();
}

template <class T>
T NaN() {
  return std::numeric_limits<T>::quiet_NaN();
}

template <class T>
T Inf() {
  return std::numeric_limits<T>::infinity();
}

// ---------------------------------------------------------------------------------------
// Long double vectors.

using Ld = long double;
static_assert(std::numeric_limits<Ld>::digits >= 64 && std::numeric_limits<Ld>::max_exponent >= 16384,
              "the references need x86 80-bit long double (64-bit significand, exponent to 16384)");

template <int N>
using VecL = std::array<Ld, N>;

template <class T, int N>
VecL<N> ToL(const cq::Vec<T, N>& v) {
  VecL<N> r{};
  for (int i = 0; i < N; ++i) r[i] = Ld(v.v[i]);
  return r;
}

template <class T, int N>
cq::Vec<T, N> FromL(const VecL<N>& v) {
  cq::Vec<T, N> r{};
  for (int i = 0; i < N; ++i) r.v[i] = static_cast<T>(v[i]);
  return r;
}

template <std::size_t N>
VecL<N> Add(const VecL<N>& a, const VecL<N>& b) {
  VecL<N> r{};
  for (std::size_t i = 0; i < N; ++i) r[i] = a[i] + b[i];
  return r;
}

template <std::size_t N>
VecL<N> Sub(const VecL<N>& a, const VecL<N>& b) {
  VecL<N> r{};
  for (std::size_t i = 0; i < N; ++i) r[i] = a[i] - b[i];
  return r;
}

template <std::size_t N>
VecL<N> Mul(Ld s, const VecL<N>& a) {
  VecL<N> r{};
  for (std::size_t i = 0; i < N; ++i) r[i] = s * a[i];
  return r;
}

template <std::size_t N>
Ld DotL(const VecL<N>& a, const VecL<N>& b) {
  Ld s = 0;
  for (std::size_t i = 0; i < N; ++i) s += a[i] * b[i];
  return s;
}

template <std::size_t N>
Ld NormL(const VecL<N>& a) {
  return std::sqrt(DotL(a, a));
}

template <std::size_t N>
Ld DistL(const VecL<N>& a, const VecL<N>& b) {
  return NormL(Sub(a, b));
}

template <std::size_t N>
Ld MaxAbsL(const VecL<N>& a) {
  Ld m = 0;
  for (std::size_t i = 0; i < N; ++i) m = std::max(m, std::fabs(a[i]));
  return m;
}

/// The scene's size: the largest |coordinate| of the given inputs.
template <class T, int N, class... Rest>
Ld SceneSize(const cq::Vec<T, N>& first, const Rest&... rest) {
  Ld m = MaxAbsL(ToL(first));
  ((m = std::max(m, MaxAbsL(ToL(rest)))), ...);
  return m;
}

// ---------------------------------------------------------------------------------------
// References (long double, textbook formulas).

template <int N>
struct LinearRef {
  VecL<N> closest;
  VecL<N> foot;
  Ld tRaw = 0;
  Ld t = 0;
  Ld numerator = 0;
  Ld denominator = 0;
  Ld distance = 0;
  cq::LinearRegion region = cq::LinearRegion::VertexA;
};

/// Project, clamp, evaluate (Ericson 5.1.2) with t = (P - A).(B - A) / |B - A|^2.
template <class T, int N>
LinearRef<N> ReferenceLinear(cq::LinearKind kind, const cq::Vec<T, N>& pIn, const cq::Vec<T, N>& aIn,
                             const cq::Vec<T, N>& bIn) {
  const VecL<N> p = ToL(pIn);
  const VecL<N> a = ToL(aIn);
  const VecL<N> b = ToL(bIn);
  const VecL<N> d = Sub(b, a);
  LinearRef<N> r;
  r.numerator = DotL(Sub(p, a), d);
  r.denominator = DotL(d, d);
  if (r.denominator == 0) {  // the point A
    r.closest = a;
    r.foot = a;
    r.distance = DistL(p, a);
    r.numerator = 0;
    return r;
  }
  r.tRaw = r.numerator / r.denominator;
  r.foot = Add(a, Mul(r.tRaw, d));
  const bool beforeA = kind != cq::LinearKind::Line && r.numerator <= 0;
  const bool pastB = kind == cq::LinearKind::Segment && r.numerator >= r.denominator;
  if (beforeA) {
    r.region = cq::LinearRegion::VertexA;
    r.t = 0;
    r.closest = a;
  } else if (pastB) {
    r.region = cq::LinearRegion::VertexB;
    r.t = 1;
    r.closest = b;
  } else {
    r.region = cq::LinearRegion::Interior;
    r.t = r.tRaw;
    r.closest = r.foot;
  }
  r.distance = DistL(p, r.closest);
  return r;
}

template <int N>
struct PlaneRef {
  VecL<N> closest;
  Ld signedDistance = 0;
  Ld planeValue = 0;
  Ld normalLength = 0;
};

/// s = (n.P - d) / |n|, closest = P - ((n.P - d) / |n|^2) n (Ericson 5.1.1).
template <class T, int N>
PlaneRef<N> ReferencePlane(const cq::Vec<T, N>& pIn, const cq::Plane<T, N>& plane) {
  const VecL<N> p = ToL(pIn);
  const VecL<N> n = ToL(plane.normal);
  PlaneRef<N> r;
  const Ld nn = DotL(n, n);
  r.planeValue = DotL(n, p) - Ld(plane.offset);
  r.normalLength = std::sqrt(nn);
  r.signedDistance = r.planeValue / r.normalLength;
  r.closest = Sub(p, Mul(r.planeValue / nn, n));
  return r;
}

template <int N>
struct BoxRef {
  VecL<N> closest;
  std::array<int, N> side{};
  Ld distance = 0;
};

/// Clamp per axis (Ericson 5.1.3).
template <class T, int N>
BoxRef<N> ReferenceBox(const cq::Vec<T, N>& pIn, const cq::Aabb<T, N>& box) {
  BoxRef<N> r;
  const VecL<N> p = ToL(pIn);
  for (int i = 0; i < N; ++i) {
    const Ld lo = box.min.v[i];
    const Ld hi = box.max.v[i];
    r.side[i] = p[i] < lo ? -1 : (p[i] > hi ? 1 : 0);
    r.closest[i] = std::clamp(p[i], lo, hi);
  }
  r.distance = DistL(p, r.closest);
  return r;
}

// ---------------------------------------------------------------------------------------
// Seeded randomness.

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : m_engine(seed) {}

  /// What std::uniform_real_distribution<double>(lo, hi) computes, u (hi - lo) + lo, with
  /// the fused multiply-add written out: GCC contracts it in an optimised build and not at
  /// -O0 (the sanitizers' build), and the two built different scenes from one seed (a
  /// rounded u (hi - lo) put B - A on a coarser grid: 41 mixed-loop segments of 200 in
  /// double instead of over 50).
  double Uniform(double lo, double hi) {
    return std::fma(std::generate_canonical<double, std::numeric_limits<double>::digits>(m_engine), hi - lo, lo);
  }
  int Int(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_engine); }
  bool Chance(double p) { return Uniform(0.0, 1.0) < p; }

  template <class T, int N>
  cq::Vec<T, N> InCube(double lo, double hi) {
    cq::Vec<T, N> r{};
    for (int i = 0; i < N; ++i) r.v[i] = T(Uniform(lo, hi));
    return r;
  }

  /// A random direction-ish vector with every |coordinate| in [2^-6, 1] (no tiny
  /// coordinates, so products stay far from underflow under the scaling tests).
  template <class T, int N>
  cq::Vec<T, N> Sturdy() {
    cq::Vec<T, N> r{};
    for (int i = 0; i < N; ++i) {
      const double m = std::ldexp(Uniform(1.0, 2.0), Int(-6, -1));
      r.v[i] = T(Chance(0.5) ? m : -m);
    }
    return r;
  }

 private:
  std::mt19937_64 m_engine;
};

// ---------------------------------------------------------------------------------------
// Reporting from property loops: the first few failures in detail, then a count.

class FailureLog {
 public:
  explicit FailureLog(int detailed = 8) : m_detailed(detailed) {}
  /// Records a failure; true when the caller should print its details (ADD_FAILURE).
  bool Fail() { return m_count++ < m_detailed; }
  int count() const { return m_count; }

 private:
  int m_detailed;
  int m_count = 0;
};

template <class T, int N>
std::string Str(const cq::Vec<T, N>& v) {
  std::string s = "(";
  char buffer[64];
  for (int i = 0; i < N; ++i) {
    std::snprintf(buffer, sizeof buffer, "%.17g", double(v.v[i]));
    s += buffer;
    s += i + 1 < N ? ", " : ")";
  }
  return s;
}

}  // namespace cqtest
