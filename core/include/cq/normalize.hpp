// cq/normalize.hpp: unit vectors without the zero-vector pitfall.
#pragma once

#include <optional>

#include "cq/detail/scale.hpp"
#include "cq/vec.hpp"

namespace cq {

/// v / |v|, of unit length to within an ulp at every scale (tiny and huge vectors are
/// rescaled exactly first). Nothing for the zero vector or a non-finite one: a direction
/// computed from a zero-length vector is the classic bug this refuses to commit.
template <Real T, int N>
std::optional<Vec<T, N>> Normalize(const Vec<T, N>& v) {
  if (!IsFinite(v) || v == Vec<T, N>{}) return std::nullopt;
  return detail::NormalizeNonZero(v);
}

}  // namespace cq
