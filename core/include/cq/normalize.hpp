// cq/normalize.hpp: unit vectors without the zero-vector pitfall, and the distance between
// two points without overflow or underflow in its squares.
#pragma once

#include <cmath>
#include <optional>

#include "cq/detail/exact_geometry.hpp"
#include "cq/detail/scale.hpp"
#include "cq/vec.hpp"

namespace cq {

/// v / |v|, its length within 2 epsilon of 1 at every scale (a few roundings: the sum of
/// squares, its square root and the division; measured at most 1.28 epsilon in float and
/// 1.12 in double, where an ulp is epsilon just above 1 and epsilon / 2 just below; tiny
/// and huge vectors are rescaled exactly first). Nothing for the zero vector or a non-finite one: a direction
/// computed from a zero-length vector is the classic bug this refuses to commit.
template <Real T, int N>
std::optional<Vec<T, N>> Normalize(const Vec<T, N>& v) {
  if (!IsFinite(v) || v == Vec<T, N>{}) return std::nullopt;
  return detail::NormalizeNonZero(v);
}

/// |p - q| for finite p and q, correctly scaled at every scale: the squares are taken at a
/// power-of-two scale, so two points 1e200 apart (whose squared distance overflows) or
/// 1e-200 apart (whose squared distance underflows) still get their distance. Nothing
/// when a point is not finite or the distance exceeds the type's range (from -max to
/// +max on one axis).
template <Real T, int N>
std::optional<T> Distance(const Vec<T, N>& p, const Vec<T, N>& q) {
  if (!IsFinite(p) || !IsFinite(q)) return std::nullopt;
  const T length = detail::ScaledDistance(p, q).length;
  if (!std::isfinite(length)) return std::nullopt;
  return length;
}

/// The exact sign of |p - q| - length for finite p, q and length >= 0, with no rounding:
/// -1, 0 or +1. Distance's rounded |p - q| can equal a length the exact distance is not:
/// |(8, 4)| = sqrt(80) rounds to 8.94427190999916, which is not sqrt(80) (a ball's radius
/// given as a vector R is |R| rounded, and a lesson tells that apart from an exact one).
template <Real T, int N>
int CompareDistance(const Vec<T, N>& p, const Vec<T, N>& q, T length) {
  return detail::SignOfDistanceMinus(p, q, length);
}

}  // namespace cq
