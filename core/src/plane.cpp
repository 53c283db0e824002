// The slow path of the plane query: validation, zero normal, and extreme scales.
// See cq/plane.hpp for the contract.
#include "cq/plane.hpp"

#include <algorithm>
#include <cmath>
#include <concepts>
#include <limits>

#include "cq/detail/exact_sum.hpp"
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
namespace {

/// n.p - d summed in F: each product split into a rounded part and its error (a fused
/// multiply-add), and all of them summed exactly. The result has the exact sign, and is 0
/// only when n.p - d is, as long as no product and no product's error under- or
/// overflows in F.
template <std::floating_point F, Real T, int N>
F PlaneValueIn(const Vec<T, N>& n, const Vec<T, N>& p, T d) {
  ExactSum<F, 2 * N + 1> sum;
  sum.Add(-F(d));
  for (int i = 0; i < N; ++i) sum.AddProduct(F(n.v[i]), F(p.v[i]));
  return sum.Value();
}

}  // namespace

template <Real T, int N>
Checked<PlaneResult<T, N>> ClosestPointOnPlaneSlow(const Vec<T, N>& pIn, const Plane<T, N>& plane) {
  if (auto error = CheckFinite(plane.normal, Field::Normal)) return *error;
  if (auto error = CheckFinite(plane.offset, Field::Offset)) return *error;
  if (auto error = CheckFinite(pIn, Field::P)) return *error;
  if (plane.normal == Vec<T, N>{}) return QueryError{ErrorCode::ZeroNormal, Field::Normal, -1};

  // Scale n and d together (the plane is unchanged) so n's largest coordinate is in [1, 2).
  const int kn = ExponentOf(MaxAbs(plane.normal));
  const Vec<T, N> n = ScaleByPowerOfTwo(plane.normal, -kn);
  // Then the scene (P and d, both lengths now) down if it is near the top of the range,
  // or up to order 1 if it is small, so that no product's rounding error underflows.
  // (Only up: scaling down could flush a scene's tiny coordinates to zero.) The scene's
  // size is taken from exponents, and d scaled in one step: d 2^-kn alone may overflow
  // where the answer does not (n = (0, 0.75), d = 1.2e308: the foot is at 1.6e308).
  constexpr int k_none = std::numeric_limits<int>::min();
  const int pExponent = MaxAbs(pIn) > T(0) ? ExponentOf(MaxAbs(pIn)) : k_none;
  const int dExponent = plane.offset != T(0) ? ExponentOf(std::abs(plane.offset)) - kn : k_none;
  const int sizeExponent = std::max(pExponent, dExponent);
  const int sceneExponent = sizeExponent == k_none ? 0
                            : sizeExponent < 0     ? sizeExponent
                            : sizeExponent >= ExponentOf(Range<T>::k_hugeCoordinate) ? k_prescaleExponent
                                                                                     : 0;
  const Vec<T, N> p = ScaleByPowerOfTwo(pIn, -sceneExponent);
  const T d = std::scalbn(plane.offset, -kn - sceneExponent);
  if (!std::isfinite(d)) return QueryError{ErrorCode::Overflow, Field::Offset, -1};

  // The plane value w = n.P - d: its sign decides the region, exactly. In long double
  // where that is wide enough, from the numbers as given (scaling n by 2^-kn could flush
  // a tiny coordinate of it, or a small d, before any sum sees them); else in T from the
  // scaled numbers, exact unless a product's error underflows (coordinates of n or P
  // more than about 2^1000 apart).
  TwoParts<T> wParts;  // w at this scale, as hi + lo
  T planeValue;
  PlaneRegion region;
  if constexpr (k_extendedIsWide) {
    const long double exact = PlaneValueIn<long double>(plane.normal, pIn, plane.offset);
    const long double scaled = std::ldexp(exact, -(kn + sceneExponent));
    wParts.hi = static_cast<T>(scaled);
    wParts.lo = static_cast<T>(scaled - static_cast<long double>(wParts.hi));
    planeValue = static_cast<T>(exact);
    region = SideOf(exact);
  } else {
    wParts = PlaneValueParts(n, p, d);
    planeValue = std::scalbn(wParts.hi, kn + sceneExponent);
    region = SideOf(wParts.hi);
  }
  const T nn = Dot(n, n);  // in [1, 4N)
  const T length = std::sqrt(nn);
  const T s = DivideParts(wParts, length);
  bool cancelled;
  const Vec<T, N> foot = PlaneFoot(n, p, d, s, length, nn, true, cancelled);  // at this scale

  PlaneResult<T, N> r;
  r.closest = ScaleByPowerOfTwo(foot, sceneExponent);
  if (!IsFinite(r.closest)) return QueryError{ErrorCode::Overflow, Field::Offset, -1};
  r.signedDistance = std::scalbn(s, sceneExponent);
  // True values rounded to T: n and d were scaled by 2^-kn, P and d by 2^-sceneExponent.
  r.planeValue = planeValue;
  r.normalLength = std::scalbn(length, kn);
  r.distance = std::abs(r.signedDistance);
  r.distanceSq = ScaledSquare(s, sceneExponent);
  r.region = region;
  if (r.region == PlaneRegion::On) r.closest = pIn;
  return r;
}

template <Real T, int N>
Checked<PlaneResult<T, N>> ClosestPointOnPlaneThroughPointSlow(const Vec<T, N>& pIn, const Vec<T, N>& normal,
                                                               const Vec<T, N>& point) {
  if (auto error = CheckFinite(pIn, Field::P)) return *error;
  if (auto error = CheckFinite(normal, Field::Normal)) return *error;
  if (auto error = CheckFinite(point, Field::Point)) return *error;
  if (normal == Vec<T, N>{}) return QueryError{ErrorCode::ZeroNormal, Field::Normal, -1};

  // d = n.point overflowed. The same plane with n's largest coordinate in [1, 2), the
  // scene divided by 8: |n_i| < 2, so |n.point| < 2 N max|point_i| / 8 <= 0.75 max.
  static_assert(N <= 3, "the scene's scale of 1/8 is for 2D and 3D");
  constexpr int k_sceneExponent = 3;
  const int kn = ExponentOf(MaxAbs(normal));
  const Vec<T, N> n = ScaleByPowerOfTwo(normal, -kn);
  const Vec<T, N> p = ScaleByPowerOfTwo(pIn, -k_sceneExponent);
  const auto scaled = ClosestPointOnPlane(p, PlaneThroughPoint(n, ScaleByPowerOfTwo(point, -k_sceneExponent)));
  if (!scaled) return scaled.error();

  PlaneResult<T, N> r;
  r.closest = ScaleByPowerOfTwo(scaled->closest, k_sceneExponent);
  if (!IsFinite(r.closest)) return QueryError{ErrorCode::Overflow, Field::Offset, -1};
  r.signedDistance = std::scalbn(scaled->signedDistance, k_sceneExponent);
  r.planeValue = std::scalbn(scaled->planeValue, kn + k_sceneExponent);
  r.normalLength = std::scalbn(scaled->normalLength, kn);
  r.distance = std::abs(r.signedDistance);
  r.distanceSq = ScaledSquare(scaled->signedDistance, k_sceneExponent);
  r.region = scaled->region;
  if (r.region == PlaneRegion::On) r.closest = pIn;  // P itself, as ClosestPointOnPlane answers
  return r;
}

template Checked<PlaneResult<float, 2>> ClosestPointOnPlaneSlow(const Vec<float, 2>&, const Plane<float, 2>&);
template Checked<PlaneResult<float, 3>> ClosestPointOnPlaneSlow(const Vec<float, 3>&, const Plane<float, 3>&);
template Checked<PlaneResult<double, 2>> ClosestPointOnPlaneSlow(const Vec<double, 2>&, const Plane<double, 2>&);
template Checked<PlaneResult<double, 3>> ClosestPointOnPlaneSlow(const Vec<double, 3>&, const Plane<double, 3>&);

#define CQ_INSTANTIATE_PLANE_THROUGH_POINT(T, N)                                                              \
  template Checked<PlaneResult<T, N>> ClosestPointOnPlaneThroughPointSlow(const Vec<T, N>&, const Vec<T, N>&, \
                                                                          const Vec<T, N>&);
CQ_INSTANTIATE_PLANE_THROUGH_POINT(float, 2)
CQ_INSTANTIATE_PLANE_THROUGH_POINT(float, 3)
CQ_INSTANTIATE_PLANE_THROUGH_POINT(double, 2)
CQ_INSTANTIATE_PLANE_THROUGH_POINT(double, 3)
#undef CQ_INSTANTIATE_PLANE_THROUGH_POINT

}  // namespace detail
}  // namespace cq
