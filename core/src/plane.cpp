// The slow path of the plane query: validation, zero normal, and extreme scales.
// See cq/plane.hpp for the contract.
#include "cq/plane.hpp"

#include <algorithm>
#include <cmath>
#include <concepts>
#include <limits>
#include <optional>

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

/// n.p - d (or n.p - n.O) summed in F: each product split into a rounded part and its
/// error (a fused multiply-add), and all of them summed exactly. The result has the exact
/// sign, and is 0 only when n.p - d is, as long as no product and no product's error
/// under- or overflows in F.
template <std::floating_point F, Real T, int N, class Offset>
F PlaneValueIn(const Vec<T, N>& n, const Vec<T, N>& p, const Offset& offset) {
  ExactSum<F, 2 * N + 2 * k_offsetParts<Offset>> sum;
  SubtractOffset(sum, n, offset);
  for (int i = 0; i < N; ++i) sum.AddProduct(F(n.v[i]), F(p.v[i]));
  return sum.Value();
}

constexpr int k_none = std::numeric_limits<int>::min();

/// What the slow path needs of each kind of offset: the check of the inputs (n, d, P for
/// the plane n.x = d, as closest-query's fields read; P, n, point for the plane through a
/// point, as its arguments), the exponent of the offset's size as a length once n is
/// divided by 2^kn, and the offset of that scaled plane.
template <Real T, int N>
std::optional<QueryError> CheckInputs(const Vec<T, N>& p, const Vec<T, N>& n, const OffsetNumber<T>& offset) {
  if (auto error = CheckFinite(n, Field::Normal)) return error;
  if (auto error = CheckFinite(offset.d, Field::Offset)) return error;
  return CheckFinite(p, Field::P);
}
template <Real T, int N>
std::optional<QueryError> CheckInputs(const Vec<T, N>& p, const Vec<T, N>& n, const OffsetPoint<T, N>& offset) {
  if (auto error = CheckFinite(p, Field::P)) return error;
  if (auto error = CheckFinite(n, Field::Normal)) return error;
  return CheckFinite(offset.point, Field::Point);
}
/// d / |n| is a length: its size is d's exponent less n's.
template <Real T>
int OffsetExponent(const OffsetNumber<T>& offset, int kn) {
  return offset.d != T(0) ? ExponentOf(std::abs(offset.d)) - kn : k_none;
}
/// O is a point of the scene.
template <Real T, int N>
int OffsetExponent(const OffsetPoint<T, N>& offset, int) {
  return MaxAbs(offset.point) > T(0) ? ExponentOf(MaxAbs(offset.point)) : k_none;
}
/// d scaled in one step (d 2^-kn alone may overflow where the answer does not:
/// n = (0, 0.75), d = 1.2e308 has its foot at 1.6e308); O as the scene is.
template <Real T>
OffsetNumber<T> ScaleOffset(const OffsetNumber<T>& offset, int kn, int sceneExponent) {
  return {std::scalbn(offset.d, -kn - sceneExponent)};
}
template <Real T, int N>
OffsetPoint<T, N> ScaleOffset(const OffsetPoint<T, N>& offset, int, int sceneExponent) {
  return {ScaleByPowerOfTwo(offset.point, -sceneExponent)};
}
template <Real T>
bool IsFiniteOffset(const OffsetNumber<T>& offset) {
  return std::isfinite(offset.d);
}
template <Real T, int N>
bool IsFiniteOffset(const OffsetPoint<T, N>& offset) {
  return IsFinite(offset.point);
}

}  // namespace

template <Real T, int N, class Offset>
Checked<PlaneResult<T, N>> ClosestPointOnPlaneSlow(const Vec<T, N>& pIn, const Vec<T, N>& normal,
                                                   const Offset& offsetIn) {
  if (auto error = CheckInputs(pIn, normal, offsetIn)) return *error;
  if (normal == Vec<T, N>{}) return QueryError{ErrorCode::ZeroNormal, Field::Normal, -1};

  // Scale n (and d with it: the plane is unchanged) so n's largest coordinate is in [1, 2).
  const int kn = ExponentOf(MaxAbs(normal));
  const Vec<T, N> n = ScaleByPowerOfTwo(normal, -kn);
  // Then the scene (P, and d or O) down if it is near the top of the range, or up to
  // order 1 if it is small, so that no product's rounding error underflows. (Only up:
  // scaling down could flush a scene's tiny coordinates to zero.) The scene's size is
  // taken from exponents. With |n_i| < 2 and the scene below 2^(max exponent - 8), no
  // sum overflows: n.O stays below 2 N 2^-8 of the range.
  const int pExponent = MaxAbs(pIn) > T(0) ? ExponentOf(MaxAbs(pIn)) : k_none;
  const int sizeExponent = std::max(pExponent, OffsetExponent(offsetIn, kn));
  const int sceneExponent = sizeExponent == k_none ? 0
                            : sizeExponent < 0     ? sizeExponent
                            : sizeExponent >= ExponentOf(Range<T>::k_hugeCoordinate) ? k_prescaleExponent
                                                                                     : 0;
  const Vec<T, N> p = ScaleByPowerOfTwo(pIn, -sceneExponent);
  const Offset offset = ScaleOffset(offsetIn, kn, sceneExponent);
  if (!IsFiniteOffset(offset)) return QueryError{ErrorCode::Overflow, Field::Offset, -1};

  // The plane value w = n.P - d: its sign decides the region, exactly. In long double
  // where that is wide enough, from the numbers as given (scaling n by 2^-kn could flush
  // a tiny coordinate of it, or a small d, before any sum sees them); else in T from the
  // scaled numbers, exact unless a product's error underflows (coordinates of n or P
  // more than about 2^1000 apart).
  TwoParts<T> wParts;  // w at this scale, as hi + lo
  T planeValue;
  PlaneRegion region;
  if constexpr (k_extendedIsWide) {
    const long double exact = PlaneValueIn<long double>(normal, pIn, offsetIn);
    const long double scaled = std::ldexp(exact, -(kn + sceneExponent));
    wParts.hi = static_cast<T>(scaled);
    wParts.lo = static_cast<T>(scaled - static_cast<long double>(wParts.hi));
    planeValue = static_cast<T>(exact);
    region = SideOf(exact);
  } else {
    wParts = PlaneValueParts(n, p, offset);
    planeValue = std::scalbn(wParts.hi, kn + sceneExponent);
    region = SideOf(wParts.hi);
  }
  const T nn = Dot(n, n);  // in [1, 4N)
  const T length = std::sqrt(nn);
  const T s = DivideParts(wParts, length);
  bool cancelled;
  const Vec<T, N> foot = PlaneFoot(n, p, offset, s, length, nn, true, cancelled);  // at this scale

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

#define CQ_INSTANTIATE_PLANE_SLOW(T, N)                                                                  \
  template Checked<PlaneResult<T, N>> ClosestPointOnPlaneSlow(const Vec<T, N>&, const Vec<T, N>&,         \
                                                              const OffsetNumber<T>&);                    \
  template Checked<PlaneResult<T, N>> ClosestPointOnPlaneSlow(const Vec<T, N>&, const Vec<T, N>&,         \
                                                              const OffsetPoint<T, N>&);
CQ_INSTANTIATE_PLANE_SLOW(float, 2)
CQ_INSTANTIATE_PLANE_SLOW(float, 3)
CQ_INSTANTIATE_PLANE_SLOW(double, 2)
CQ_INSTANTIATE_PLANE_SLOW(double, 3)
#undef CQ_INSTANTIATE_PLANE_SLOW

}  // namespace detail
}  // namespace cq
