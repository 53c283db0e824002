// cq/detail/scale.hpp: exact power-of-two rescaling, the tool behind "exact at every scale".
//
// The fast paths compute squares and products of coordinate differences directly. That
// is exact to a few ulps while the squares stay inside the normal floating-point range;
// far outside it (a segment 1e-300 long, a point 1e300 away) the squares underflow to 0
// or overflow to infinity. Instead of an absolute epsilon (which breaks every scene
// smaller than it), the slow paths multiply by powers of two, which is exact, solve the
// problem with coordinates of order 1, and scale back.
#pragma once

#include <cmath>
#include <limits>

#include "cq/vec.hpp"

namespace cq::detail {

template <Real T>
struct Range;

template <>
struct Range<double> {
  // Squared lengths at or above 2^-900 keep every product in the normal range with a
  // wide margin; below it, gradual underflow (from 2^-1022) could cost digits that matter
  // relative to the scene. 2^-900 ~ 1.2e-271: a segment shorter than ~1e-135 takes the
  // (exact, slower) scaled path.
  static constexpr double k_minSafeSquare = 0x1p-900;
  // The plane's slow path scales a scene whose size reaches this down by 2^-8 first, so
  // that its sums cannot overflow (double max is ~2^1024).
  static constexpr double k_hugeCoordinate = 0x1p1016;
};

template <>
struct Range<float> {
  // Same reasoning for float: normal range starts at 2^-126, max is ~2^128.
  static constexpr float k_minSafeSquare = 0x1p-90f;
  static constexpr float k_hugeCoordinate = 0x1p120f;
};

inline constexpr int k_prescaleExponent = 8;

template <Real T>
constexpr T MaxFinite() {
  return std::numeric_limits<T>::max();
}

/// v * 2^exponent, exact unless the result under- or overflows.
template <Real T, int N>
Vec<T, N> ScaleByPowerOfTwo(const Vec<T, N>& v, int exponent) {
  Vec<T, N> r;
  for (int i = 0; i < N; ++i) r.v[i] = std::scalbn(v.v[i], exponent);
  return r;
}

/// The exponent e with 2^e <= m < 2^(e+1) for finite m > 0 (subnormals included).
template <Real T>
int ExponentOf(T m) {
  return std::ilogb(m);
}

/// Whether a square (m 2^e)^2, m in [1, 2), can fall below the normal range, where
/// squaring m and then scaling would round twice: there the callers square the value at
/// its own scale, once (it is normal itself, or its square rounds to 0 either way).
template <Real T>
constexpr bool SquareMayBeSubnormal(int e) {
  return 2 * e < std::numeric_limits<T>::min_exponent - 1;
}

template <Real T>
struct ScaledLength {
  T length;    ///< |v|, correctly scaled (finite whenever |v| is representable)
  T lengthSq;  ///< |v|^2, rounded to T: may underflow to 0 or overflow to +inf
};

/// |v| without overflow or underflow in the squares: v is scaled by a power of two so its
/// largest coordinate lies in [1, 2), squared and summed there, and scaled back. The
/// result is multiplied by 2^extraExponent (for callers that pre-scaled v).
template <Real T, int N>
ScaledLength<T> ScaledNorm(const Vec<T, N>& v, int extraExponent = 0) {
  const T m = MaxAbs(v);
  if (m == T(0)) return {T(0), T(0)};
  const int k = ExponentOf(m);
  const Vec<T, N> s = ScaleByPowerOfTwo(v, -k);
  const T sumSq = Dot(s, s);
  const T length = std::scalbn(std::sqrt(sumSq), k + extraExponent);
  // The sum scaled into the subnormals was rounded twice (P = (0, 1.29e-154) read an ulp
  // over y * y in a vertex region).
  if (SquareMayBeSubnormal<T>(k + extraExponent)) {
    const Vec<T, N> u = ScaleByPowerOfTwo(v, extraExponent);
    return {length, Dot(u, u)};
  }
  return {length, std::scalbn(sumSq, 2 * (k + extraExponent))};
}

/// |p - q| (times 2^extraExponent) for finite p and q, with no pre-scaling of the points:
/// p - q where that is finite, so that a subnormal coordinate next to a huge one keeps
/// every bit (scaling the scene down first would flush it); else, where some coordinate
/// of the difference overflows, the difference of the halves, which loses at most the
/// last bit of a subnormal coordinate, and only in such a scene.
template <Real T, int N>
ScaledLength<T> ScaledDistance(const Vec<T, N>& p, const Vec<T, N>& q, int extraExponent = 0) {
  const Vec<T, N> diff = p - q;
  for (int i = 0; i < N; ++i)
    if (!std::isfinite(diff.v[i])) return ScaledNorm(T(0.5) * p - T(0.5) * q, extraExponent + 1);
  return ScaledNorm(diff, extraExponent);
}

/// (s * 2^extraExponent)^2 rounded once: no intermediate under- or overflow. An infinite
/// s (a signed distance beyond the range) squares to +inf; ilogb(inf) is INT_MAX, and
/// doubling it was a signed overflow.
template <Real T>
T ScaledSquare(T s, int extraExponent) {
  if (s == T(0)) return T(0);
  if (!std::isfinite(s)) return s * s;
  const int k = ExponentOf(std::abs(s));
  // m * m scaled into the subnormals was an ulp high for about 1 % of them (found by a
  // mutation run).
  if (SquareMayBeSubnormal<T>(k + extraExponent)) {
    const T v = std::scalbn(s, extraExponent);
    return v * v;
  }
  const T m = std::scalbn(s, -k);
  return std::scalbn(m * m, 2 * (k + extraExponent));
}

/// v / |v| for a non-zero finite v, of unit length to within an ulp at every scale.
/// Precondition: v != 0 (every caller decides separately, and documents, what a zero
/// vector means in its context).
template <Real T, int N>
Vec<T, N> NormalizeNonZero(const Vec<T, N>& v) {
  const int k = ExponentOf(MaxAbs(v));
  const Vec<T, N> s = ScaleByPowerOfTwo(v, -k);
  const T length = std::sqrt(Dot(s, s));  // in [1, sqrt(N) * 2)
  Vec<T, N> r;
  for (int i = 0; i < N; ++i) r.v[i] = s.v[i] / length;
  return r;
}

}  // namespace cq::detail
