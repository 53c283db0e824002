// The slow path of the plane query: validation, zero normal, and extreme scales.
// See cq/plane.hpp for the contract.
#include "cq/plane.hpp"

#include "cq/detail/validate.hpp"

namespace cq {

const char* ToString(PlaneRegion region) {
  switch (region) {
    case PlaneRegion::Back: return "back";
    case PlaneRegion::On: return "on";
    case PlaneRegion::Front: return "front";
  }
  return "?";
}

namespace detail {

template <Real T, int N>
Checked<PlaneResult<T, N>> ClosestPointOnPlaneSlow(const Vec<T, N>& pIn, const Plane<T, N>& plane) {
  if (auto error = CheckFinite(plane.normal, Field::Normal)) return *error;
  if (auto error = CheckFinite(plane.offset, Field::Offset)) return *error;
  if (auto error = CheckFinite(pIn, Field::P)) return *error;
  if (plane.normal == Vec<T, N>{}) return QueryError{ErrorCode::ZeroNormal, Field::Normal, -1};

  // Scale n and d together (the plane is unchanged) so n's largest coordinate is in [1, 2).
  const int kn = ExponentOf(MaxAbs(plane.normal));
  const Vec<T, N> n = ScaleByPowerOfTwo(plane.normal, -kn);
  const T offset = std::scalbn(plane.offset, -kn);
  if (!std::isfinite(offset)) return QueryError{ErrorCode::Overflow, Field::Offset, -1};

  // Then the scene (P and d, both lengths now) down if it is near the top of the range.
  const int sceneExponent = PrescaleExponent({MaxAbs(pIn), std::abs(offset)});
  const Vec<T, N> p = ScaleByPowerOfTwo(pIn, -sceneExponent);
  const T d = std::scalbn(offset, -sceneExponent);

  const T nn = Dot(n, n);  // in [1, 4N)
  const T w = Dot(n, p) - d;
  const T step = w / nn;
  Vec<T, N> foot;
  for (int i = 0; i < N; ++i) foot.v[i] = p.v[i] - step * n.v[i];

  PlaneResult<T, N> r;
  r.closest = ScaleByPowerOfTwo(foot, sceneExponent);
  if (!IsFinite(r.closest)) return QueryError{ErrorCode::Overflow, Field::Offset, -1};
  const T s = w / std::sqrt(nn);
  r.signedDistance = std::scalbn(s, sceneExponent);
  // True values rounded to T: n and d were scaled by 2^-kn, P and d by 2^-sceneExponent.
  r.planeValue = std::scalbn(w, kn + sceneExponent);
  r.normalLength = std::scalbn(std::sqrt(nn), kn);
  r.distance = std::abs(r.signedDistance);
  r.distanceSq = ScaledSquare(s, sceneExponent);
  r.region = w > T(0) ? PlaneRegion::Front : (w < T(0) ? PlaneRegion::Back : PlaneRegion::On);
  if (r.region == PlaneRegion::On) r.closest = pIn;
  return r;
}

template Checked<PlaneResult<float, 2>> ClosestPointOnPlaneSlow(const Vec<float, 2>&, const Plane<float, 2>&);
template Checked<PlaneResult<float, 3>> ClosestPointOnPlaneSlow(const Vec<float, 3>&, const Plane<float, 3>&);
template Checked<PlaneResult<double, 2>> ClosestPointOnPlaneSlow(const Vec<double, 2>&, const Plane<double, 2>&);
template Checked<PlaneResult<double, 3>> ClosestPointOnPlaneSlow(const Vec<double, 3>&, const Plane<double, 3>&);

}  // namespace detail
}  // namespace cq
