// Sphere contact against a wire, a half-space and a solid box. See cq/contact.hpp.
#include "cq/contact.hpp"

#include <cmath>

#include "cq/detail/validate.hpp"
#include "cq/linear.hpp"

namespace cq {
namespace {

template <Real T, int N>
std::optional<QueryError> CheckSphere(const Sphere<T, N>& sphere) {
  if (auto error = detail::CheckFinite(sphere.center, Field::Center)) return error;
  if (auto error = detail::CheckFinite(sphere.radius, Field::Radius)) return error;
  if (sphere.radius < T(0)) return QueryError{ErrorCode::NegativeRadius, Field::Radius, -1};
  return std::nullopt;
}

/// Fills depth, penetrating and resolvedCenter from distance, normal and the radius.
template <Real T, int N>
Checked<ContactResult<T, N>> Resolve(const Sphere<T, N>& sphere, ContactResult<T, N> r) {
  r.penetrating = r.distance < sphere.radius;
  r.depth = r.penetrating ? sphere.radius - r.distance : T(0);
  r.resolvedCenter = r.penetrating ? sphere.center + r.depth * r.normal : sphere.center;
  // Overflow: blamed on the centre when its distance to the shape is already beyond the
  // range (a centre far behind a plane), else on the radius (the push itself overflows).
  if (!std::isfinite(r.depth) || !IsFinite(r.resolvedCenter))
    return QueryError{ErrorCode::Overflow, std::isfinite(r.distance) ? Field::Radius : Field::Center, -1};
  return r;
}

/// from - to for finite points, or, where that overflows, the difference of the halves
/// (halving is exact, so the direction is kept).
template <Real T, int N>
Vec<T, N> DifferenceOrHalves(const Vec<T, N>& from, const Vec<T, N>& to) {
  const Vec<T, N> diff = from - to;
  return IsFinite(diff) ? diff : T(0.5) * from - T(0.5) * to;
}

/// The unit vector from `to` towards `from` for finite from != to: exact in direction
/// at every scale.
template <Real T, int N>
Vec<T, N> DirectionBetween(const Vec<T, N>& from, const Vec<T, N>& to) {
  return detail::NormalizeNonZero(DifferenceOrHalves(from, to));
}

/// A finite non-zero v times the power of two that puts its largest |coordinate| in
/// [1, 2): the same direction exactly, and products of two such vectors cannot overflow.
template <Real T, int N>
Vec<T, N> ScaledToUnitRange(const Vec<T, N>& v) {
  return detail::ScaleByPowerOfTwo(v, -detail::ExponentOf(MaxAbs(v)));
}

/// p q - r s rounded about once (Kahan): the error of r s is recovered exactly by a fused
/// multiply-add, so the result is exactly 0 when p q == r s, and otherwise within a couple
/// of ulps of the exact value (barring underflow).
template <Real T>
T DifferenceOfProducts(T p, T q, T r, T s) {
  const T rs = r * s;
  // std::fma, not MulAdd: without an FMA instruction MulAdd is x * y + z, and the error
  // term would come out 0.
  return std::fma(p, q, -rs) + std::fma(-r, s, rs);
}

template <Real T>
Vec<T, 3> CrossAccurate(const Vec<T, 3>& u, const Vec<T, 3>& v) {
  return {{DifferenceOfProducts(u.v[1], v.v[2], u.v[2], v.v[1]), DifferenceOfProducts(u.v[2], v.v[0], u.v[0], v.v[2]),
           DifferenceOfProducts(u.v[0], v.v[1], u.v[1], v.v[0])}};
}

/// The unit normal from the inside of the wire towards the centre: the part of e = C - A
/// across d = B - A (both finite, non-zero, scaled to unit range). From cross products,
/// each coordinate a difference of products rounded about once, not from C - Q: the
/// closest point Q is rounded, and for a centre on or a hair off the wire C - Q is that
/// rounding, which can point anywhere, even along the wire. Returns false, and leaves
/// `normal` alone, when e is exactly parallel to d: the centre lies on the wire.
template <Real T>
bool NormalAcrossWire(const Vec<T, 2>& e, const Vec<T, 2>& d, Vec<T, 2>& normal) {
  const T side = DifferenceOfProducts(d.v[0], e.v[1], d.v[1], e.v[0]);  // d x e: > 0 left of AB
  if (side == T(0)) return false;
  const Vec<T, 2> left = PerpLeft(detail::NormalizeNonZero(d));
  normal = side > T(0) ? left : -left;
  return true;
}

template <Real T>
bool NormalAcrossWire(const Vec<T, 3>& e, const Vec<T, 3>& d, Vec<T, 3>& normal) {
  const Vec<T, 3> w = CrossAccurate(e, d);  // |e| |d| sin(angle), perpendicular to both
  if (w == Vec<T, 3>{}) return false;
  // d x (e x d) = |d|^2 e - (d.e) d: the part of e across d, up to a positive factor.
  normal = detail::NormalizeNonZero(CrossAccurate(d, ScaledToUnitRange(w)));
  return true;
}

/// The documented perpendicular of the wire, given its unit direction u and B - A itself
/// (d): in 2D u turned a quarter turn counter-clockwise.
template <Real T>
Vec<T, 2> PerpendicularOf(const Vec<T, 2>& u, const Vec<T, 2>& /*d*/) {
  return PerpLeft(u);
}

/// In 3D u x e_k, k the first axis of smallest |d_k|. k is chosen on d, not on u:
/// normalising rounds, and two components one ulp apart can round to the same value,
/// which would silently move the choice to an earlier axis.
template <Real T>
Vec<T, 3> PerpendicularOf(const Vec<T, 3>& u, const Vec<T, 3>& d) {
  int k = 0;
  for (int i = 1; i < 3; ++i)
    if (std::abs(d.v[i]) < std::abs(d.v[k])) k = i;
  return Cross(u, Vec<T, 3>::Axis(k));
}

}  // namespace

template <Real T, int N>
Vec<T, N> WirePerpendicular(const Vec<T, N>& a, const Vec<T, N>& b) {
  if (a == b) return Vec<T, N>::Axis(0);
  const Vec<T, N> d = DifferenceOrHalves(b, a);
  // Cross the unit direction, not d, so the cross product cannot underflow to zero.
  return detail::NormalizeNonZero(PerpendicularOf(detail::NormalizeNonZero(d), d));
}

template <Real T, int N>
Checked<ContactResult<T, N>> ContactSphereSegment(const Sphere<T, N>& sphere, const Vec<T, N>& a,
                                                  const Vec<T, N>& b) {
  if (auto error = CheckSphere(sphere)) return *error;
  const auto q = ClosestPointOnSegment(sphere.center, a, b);
  if (!q) return q.error();
  ContactResult<T, N> r{};
  r.closest = q->closest;
  r.distance = q->distance;
  if (q->region != LinearRegion::Interior) {  // Q is a vertex, exactly
    r.normal = sphere.center == q->closest ? WirePerpendicular(a, b) : DirectionBetween(sphere.center, q->closest);
  } else if (!NormalAcrossWire(ScaledToUnitRange(DifferenceOrHalves(sphere.center, a)),
                               ScaledToUnitRange(DifferenceOrHalves(b, a)), r.normal)) {
    // Exactly on the wire (between its ends: C != A, and A != B in the interior).
    r.closest = sphere.center;
    r.distance = T(0);
    r.normal = WirePerpendicular(a, b);
  }
  return Resolve(sphere, r);
}

template <Real T, int N>
Checked<ContactResult<T, N>> ContactSpherePlane(const Sphere<T, N>& sphere, const Plane<T, N>& plane) {
  if (auto error = CheckSphere(sphere)) return *error;
  const auto q = ClosestPointOnPlane(sphere.center, plane);
  if (!q) return q.error();
  ContactResult<T, N> r{};
  r.closest = q->closest;
  r.distance = q->signedDistance;
  r.normal = detail::NormalizeNonZero(plane.normal);  // non-zero: the query checked it
  return Resolve(sphere, r);
}

template <Real T, int N>
Checked<ContactResult<T, N>> ContactSphereBox(const Sphere<T, N>& sphere, const Aabb<T, N>& box) {
  if (auto error = CheckSphere(sphere)) return *error;
  const auto q = ClosestPointOnBox(sphere.center, box);
  if (!q) return q.error();
  ContactResult<T, N> r{};
  if (q->feature != BoxFeature::Inside) {
    r.closest = q->closest;
    r.distance = q->distance;
    r.normal = DirectionBetween(sphere.center, q->closest);  // outside: they differ
    return Resolve(sphere, r);
  }
  // Inside the closed box: leave through the nearest face (first one on ties).
  const Vec<T, N>& c = sphere.center;
  int bestAxis = 0;
  int bestSide = -1;
  T best = c.v[0] - box.min.v[0];
  for (int i = 0; i < N; ++i) {
    const T toMin = c.v[i] - box.min.v[i];
    const T toMax = box.max.v[i] - c.v[i];
    if (toMin < best) best = toMin, bestAxis = i, bestSide = -1;
    if (toMax < best) best = toMax, bestAxis = i, bestSide = +1;
  }
  r.closest = c;
  r.closest.v[bestAxis] = bestSide < 0 ? box.min.v[bestAxis] : box.max.v[bestAxis];
  r.normal = Vec<T, N>{};
  r.normal.v[bestAxis] = T(bestSide);
  r.distance = -best;
  return Resolve(sphere, r);
}

#define CQ_INSTANTIATE_CONTACT(T, N)                                                                    \
  template Vec<T, N> WirePerpendicular(const Vec<T, N>&, const Vec<T, N>&);                             \
  template Checked<ContactResult<T, N>> ContactSphereSegment(const Sphere<T, N>&, const Vec<T, N>&,     \
                                                             const Vec<T, N>&);                         \
  template Checked<ContactResult<T, N>> ContactSpherePlane(const Sphere<T, N>&, const Plane<T, N>&);    \
  template Checked<ContactResult<T, N>> ContactSphereBox(const Sphere<T, N>&, const Aabb<T, N>&);
CQ_INSTANTIATE_CONTACT(float, 2)
CQ_INSTANTIATE_CONTACT(float, 3)
CQ_INSTANTIATE_CONTACT(double, 2)
CQ_INSTANTIATE_CONTACT(double, 3)

}  // namespace cq
