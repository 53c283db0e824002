// cq/detail/validate.hpp: the input checks shared by every slow path.
#pragma once

#include <cmath>
#include <initializer_list>
#include <optional>

#include "cq/detail/scale.hpp"
#include "cq/status.hpp"
#include "cq/vec.hpp"

namespace cq::detail {

/// NonFinite naming `field` and the first offending coordinate, or nothing.
template <Real T, int N>
std::optional<QueryError> CheckFinite(const Vec<T, N>& v, Field field) {
  for (int i = 0; i < N; ++i)
    if (!std::isfinite(v.v[i])) return QueryError{ErrorCode::NonFinite, field, i};
  return std::nullopt;
}

template <Real T>
std::optional<QueryError> CheckFinite(T s, Field field) {
  if (!std::isfinite(s)) return QueryError{ErrorCode::NonFinite, field, -1};
  return std::nullopt;
}

/// The exponent a slow path pre-scales its scene down by: k_prescaleExponent when some
/// coordinate is so large that differences of coordinates could overflow, else 0.
template <Real T>
int PrescaleExponent(std::initializer_list<T> maxAbsValues) {
  for (T m : maxAbsValues)
    if (m > Range<T>::k_hugeCoordinate) return k_prescaleExponent;
  return 0;
}

}  // namespace cq::detail
