// The slow path of the box query: validation and extreme scales. See cq/aabb.hpp.
#include "cq/aabb.hpp"

#include "cq/detail/validate.hpp"

namespace cq {

const char* ToString(BoxFeature feature) {
  switch (feature) {
    case BoxFeature::Inside: return "inside";
    case BoxFeature::Face: return "face";
    case BoxFeature::Edge: return "edge";
    case BoxFeature::Vertex: return "vertex";
  }
  return "?";
}

namespace detail {

template <Real T, int N>
std::optional<QueryError> CheckBox(const Aabb<T, N>& box) {
  if (auto error = CheckFinite(box.min, Field::Min)) return error;
  if (auto error = CheckFinite(box.max, Field::Max)) return error;
  for (int i = 0; i < N; ++i)
    if (box.min.v[i] > box.max.v[i]) return QueryError{ErrorCode::InvertedBox, Field::Min, i};
  return std::nullopt;
}

template <Real T, int N>
Checked<BoxResult<T, N>> ClosestPointOnBoxSlow(const Vec<T, N>& p, const Aabb<T, N>& box) {
  if (auto error = CheckFinite(p, Field::P)) return *error;
  if (auto error = CheckBox(box)) return *error;

  BoxResult<T, N> r;
  int clamped = 0;
  for (int i = 0; i < N; ++i) {
    const bool below = p.v[i] < box.min.v[i];
    const bool above = p.v[i] > box.max.v[i];
    r.closest.v[i] = below ? box.min.v[i] : (above ? box.max.v[i] : p.v[i]);
    r.side[i] = static_cast<std::int8_t>(int(above) - int(below));
    clamped += int(below || above);
  }
  r.feature = FeatureFromClampedAxes<N>(clamped);
  // The clamp is exact; only the difference needs care near the top of the range.
  const ScaledLength<T> dist = ScaledDistance(p, r.closest);
  r.distance = dist.length;
  r.distanceSq = dist.lengthSq;
  return r;
}

template std::optional<QueryError> CheckBox(const Aabb<float, 2>&);
template std::optional<QueryError> CheckBox(const Aabb<float, 3>&);
template std::optional<QueryError> CheckBox(const Aabb<double, 2>&);
template std::optional<QueryError> CheckBox(const Aabb<double, 3>&);
template Checked<BoxResult<float, 2>> ClosestPointOnBoxSlow(const Vec<float, 2>&, const Aabb<float, 2>&);
template Checked<BoxResult<float, 3>> ClosestPointOnBoxSlow(const Vec<float, 3>&, const Aabb<float, 3>&);
template Checked<BoxResult<double, 2>> ClosestPointOnBoxSlow(const Vec<double, 2>&, const Aabb<double, 2>&);
template Checked<BoxResult<double, 3>> ClosestPointOnBoxSlow(const Vec<double, 3>&, const Aabb<double, 3>&);

}  // namespace detail
}  // namespace cq
