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

/// The slow path where T has a wide type (WideOf<T>: double for float; the x87's long
/// double for double), in which no product of two T, nor its rounding error, can under- or
/// overflow: every value from the numbers as given, never rescaled. The plane value w is
/// the exact sum, rounded to the wide type; s = w / |n| there; each foot coordinate its
/// exact numerator over the exact |n|^2 (FootCoordinateIn), P's own where n's coordinate
/// is 0. Each is rounded to T last, so good to about an ulp of itself at every scale.
/// (A scene near the top of the range used to be scaled down by 2^-8 first, which
/// rounded away the bits of its subnormal coordinates: P = (1.7e308, 1.5e-308) against
/// the plane x = 0 had its foot at y = 1.4999999999999707e-308, though n_y = 0 keeps y;
/// the plane y = 1.450811603935498e-308 read s = 3.979284103242644e-309 for the
/// representable 3.97928410324322e-309, and a ball of that radius "penetrated" it;
/// review s34.)
template <Real T, int N, class Offset>
PlaneResult<T, N> PlaneInWide(const Vec<T, N>& p, const Vec<T, N>& n, const Offset& offset) {
  using W = WideOf<T>;
  const W w = PlaneValueIn<W>(n, p, offset);
  W nn = 0;
  for (int i = 0; i < N; ++i) nn += W(n.v[i]) * W(n.v[i]);
  const W length = std::sqrt(nn);
  PlaneResult<T, N> r;
  r.region = SideOf(w);
  r.planeValue = static_cast<T>(w);
  r.normalLength = static_cast<T>(length);
  r.signedDistance = static_cast<T>(w / length);
  for (int i = 0; i < N; ++i)
    r.closest.v[i] = n.v[i] == T(0) ? p.v[i] : static_cast<T>(FootCoordinateIn<W>(n, p, offset, i, nn));
  return r;
}

template <Real T, int N, class Offset>
Checked<PlaneResult<T, N>> ClosestPointOnPlaneSlow(const Vec<T, N>& pIn, const Vec<T, N>& normal,
                                                   const Offset& offsetIn) {
  if (auto error = CheckInputs(pIn, normal, offsetIn)) return *error;
  if (normal == Vec<T, N>{}) return QueryError{ErrorCode::ZeroNormal, Field::Normal, -1};

  PlaneResult<T, N> r;
  if constexpr (k_hasWide<T>) {
    r = PlaneInWide(pIn, normal, offsetIn);
  } else {
    // Where long double is double (MSVC), in T at an exact power-of-two scale: n's largest
    // coordinate in [1, 2) (d scaled with it: the plane is unchanged), then the scene (P,
    // and d or O) down if it is near the top of the range, or up to order 1 if it is
    // small, so that no product's rounding error underflows. (Only up: scaling down could
    // flush a scene's tiny coordinates to zero.) The scene's size is taken from
    // exponents. With |n_i| < 2 and the scene below 2^(max exponent - 8), no sum
    // overflows: n.O stays below 2 N 2^-8 of the range. Exact unless a product's error
    // underflows (coordinates of n or P more than about 2^1000 apart).
    const int kn = ExponentOf(MaxAbs(normal));
    const Vec<T, N> n = ScaleByPowerOfTwo(normal, -kn);
    const int pExponent = MaxAbs(pIn) > T(0) ? ExponentOf(MaxAbs(pIn)) : k_none;
    const int sizeExponent = std::max(pExponent, OffsetExponent(offsetIn, kn));
    const int sceneExponent = sizeExponent == k_none                                   ? 0
                              : sizeExponent < 0                                       ? sizeExponent
                              : sizeExponent >= ExponentOf(Range<T>::k_hugeCoordinate) ? k_prescaleExponent
                                                                                       : 0;
    const Vec<T, N> p = ScaleByPowerOfTwo(pIn, -sceneExponent);
    const Offset offset = ScaleOffset(offsetIn, kn, sceneExponent);
    if (!IsFiniteOffset(offset)) return QueryError{ErrorCode::Overflow, Field::Offset, -1};
    const TwoParts<T> wParts = PlaneValueParts(n, p, offset);  // w at this scale, as hi + lo
    const T nn = Dot(n, n);                                    // in [1, 4N)
    const T length = std::sqrt(nn);
    const T s = DivideParts(wParts, length);
    bool cancelled;
    r.closest = ScaleByPowerOfTwo(PlaneFoot(n, p, offset, s, length, nn, true, cancelled), sceneExponent);
    r.signedDistance = std::scalbn(s, sceneExponent);
    // True values rounded to T: n and d were scaled by 2^-kn, P and d by 2^-sceneExponent.
    r.planeValue = std::scalbn(wParts.hi, kn + sceneExponent);
    r.normalLength = std::scalbn(length, kn);
    r.region = SideOf(wParts.hi);
  }
  if (!IsFinite(r.closest)) return QueryError{ErrorCode::Overflow, Field::Offset, -1};
  r.distance = std::abs(r.signedDistance);
  r.distanceSq = ScaledSquare(r.signedDistance, 0);
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
