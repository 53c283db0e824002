// cq/vec.hpp: the small fixed-size vector every query works in.
//
// Vec<T, N> is a plain aggregate of N coordinates (N = 2 or 3, T = float or double) in
// world units. It carries only what the queries need: component-wise arithmetic, the
// dot product, and a few reductions. No normalisation here: every normalisation in core
// goes through a function that first checks for (and documents) the zero vector.
#pragma once

#include <cmath>
#include <cstddef>
#include <type_traits>

namespace cq {

template <class T>
concept Real = std::is_same_v<T, float> || std::is_same_v<T, double>;

template <Real T, int N>
  requires(N == 2 || N == 3)
struct Vec {
  T v[N];

  static constexpr int k_dim = N;
  using Scalar = T;

  constexpr T& operator[](int i) { return v[i]; }
  constexpr const T& operator[](int i) const { return v[i]; }

  constexpr T x() const { return v[0]; }
  constexpr T y() const { return v[1]; }
  constexpr T z() const
    requires(N == 3)
  {
    return v[2];
  }

  /// The vector with every coordinate equal to s.
  static constexpr Vec Splat(T s) {
    Vec r{};
    for (int i = 0; i < N; ++i) r.v[i] = s;
    return r;
  }

  /// The unit vector along axis `axis` (0 = x, 1 = y, 2 = z).
  static constexpr Vec Axis(int axis) {
    Vec r{};
    r.v[axis] = T(1);
    return r;
  }

  friend constexpr bool operator==(const Vec& a, const Vec& b) {
    for (int i = 0; i < N; ++i)
      if (!(a.v[i] == b.v[i])) return false;
    return true;
  }
};

template <class T>
using Vec2 = Vec<T, 2>;
template <class T>
using Vec3 = Vec<T, 3>;
using Vec2f = Vec<float, 2>;
using Vec2d = Vec<double, 2>;
using Vec3f = Vec<float, 3>;
using Vec3d = Vec<double, 3>;

template <Real T, int N>
constexpr Vec<T, N> operator+(const Vec<T, N>& a, const Vec<T, N>& b) {
  Vec<T, N> r;
  for (int i = 0; i < N; ++i) r.v[i] = a.v[i] + b.v[i];
  return r;
}

template <Real T, int N>
constexpr Vec<T, N> operator-(const Vec<T, N>& a, const Vec<T, N>& b) {
  Vec<T, N> r;
  for (int i = 0; i < N; ++i) r.v[i] = a.v[i] - b.v[i];
  return r;
}

template <Real T, int N>
constexpr Vec<T, N> operator-(const Vec<T, N>& a) {
  Vec<T, N> r;
  for (int i = 0; i < N; ++i) r.v[i] = -a.v[i];
  return r;
}

template <Real T, int N>
constexpr Vec<T, N> operator*(T s, const Vec<T, N>& a) {
  Vec<T, N> r;
  for (int i = 0; i < N; ++i) r.v[i] = s * a.v[i];
  return r;
}

template <Real T, int N>
constexpr Vec<T, N> operator*(const Vec<T, N>& a, T s) {
  return s * a;
}

template <Real T, int N>
constexpr T Dot(const Vec<T, N>& a, const Vec<T, N>& b) {
  T s = a.v[0] * b.v[0];
  for (int i = 1; i < N; ++i) s += a.v[i] * b.v[i];
  return s;
}

template <Real T, int N>
constexpr T LengthSquared(const Vec<T, N>& a) {
  return Dot(a, a);
}

/// The largest |coordinate| (the infinity norm). NaN coordinates are skipped by the
/// comparison, so callers that care check finiteness first.
template <Real T, int N>
constexpr T MaxAbs(const Vec<T, N>& a) {
  T m = std::abs(a.v[0]);
  for (int i = 1; i < N; ++i) {
    T c = std::abs(a.v[i]);
    m = c > m ? c : m;
  }
  return m;
}

/// The sum of |coordinates| (the 1-norm). Unlike MaxAbs it propagates NaN, which makes
/// `SumAbs(v) <= max` a one-comparison "finite and not huge" test.
template <Real T, int N>
constexpr T SumAbs(const Vec<T, N>& a) {
  T s = std::abs(a.v[0]);
  for (int i = 1; i < N; ++i) s += std::abs(a.v[i]);
  return s;
}

template <Real T, int N>
bool IsFinite(const Vec<T, N>& a) {
  for (int i = 0; i < N; ++i)
    if (!std::isfinite(a.v[i])) return false;
  return true;
}

/// The 2D cross product (z of the 3D cross product of (a, 0) and (b, 0)).
template <Real T>
constexpr T Cross(const Vec<T, 2>& a, const Vec<T, 2>& b) {
  return a.v[0] * b.v[1] - a.v[1] * b.v[0];
}

template <Real T>
constexpr Vec<T, 3> Cross(const Vec<T, 3>& a, const Vec<T, 3>& b) {
  return {{a.v[1] * b.v[2] - a.v[2] * b.v[1], a.v[2] * b.v[0] - a.v[0] * b.v[2],
           a.v[0] * b.v[1] - a.v[1] * b.v[0]}};
}

/// a rotated a quarter turn counter-clockwise: (-y, x). Same length, exact. 0 - y, not
/// -y: a zero y gives +0, so the left of (1, 0) is (0, 1), not (-0, 1).
template <Real T>
constexpr Vec<T, 2> PerpLeft(const Vec<T, 2>& a) {
  return {{T(0) - a.v[1], a.v[0]}};
}

}  // namespace cq
