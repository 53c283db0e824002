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
  if (!std::isfinite(r.depth) || !IsFinite(r.resolvedCenter))
    return QueryError{ErrorCode::Overflow, Field::Radius, -1};
  return r;
}

/// (from - to) / |from - to| for from != to, exact in direction at every scale.
/// The unit vector from `to` towards `from` for finite from != to: exact in direction
/// at every scale (a difference that overflows is formed from halved coordinates).
template <Real T, int N>
Vec<T, N> DirectionBetween(const Vec<T, N>& from, const Vec<T, N>& to) {
  const Vec<T, N> diff = from - to;
  if (IsFinite(diff)) return detail::NormalizeNonZero(diff);
  return detail::NormalizeNonZero(T(0.5) * from - T(0.5) * to);
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
  // B - A, or when that overflows the difference of the halves: halving is exact, so the
  // components keep their order of magnitude.
  const Vec<T, N> diff = b - a;
  const Vec<T, N> d = IsFinite(diff) ? diff : T(0.5) * b - T(0.5) * a;
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
  r.normal = sphere.center == q->closest ? WirePerpendicular(a, b) : DirectionBetween(sphere.center, q->closest);
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
