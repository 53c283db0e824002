// cq/detail/validate.hpp: the input checks shared by every slow path.
#pragma once

#include <cmath>
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

}  // namespace cq::detail
