// Sphere contact against a wire, a half-space and a solid box. See cq/contact.hpp.
#include "cq/contact.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "cq/detail/exact_geometry.hpp"
#include "cq/detail/exact_sum.hpp"
#include "cq/detail/validate.hpp"
#include "cq/linear.hpp"

namespace cq {
namespace {

using detail::ExactSum;

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
  // A zero coordinate of the normal as +0: a -0 there (the other side of a horizontal
  // wire: -(0, 1) is (-0, -1)) says nothing about the direction, and the tool would print
  // it as -0.0. x + 0 is x for every other x.
  for (int k = 0; k < N; ++k) r.normal.v[k] += T(0);
  if (r.distanceMovedToSide == 0) r.roundedDistance = r.distance;
  r.penetrating = r.distance < sphere.radius;
  r.depth = r.penetrating ? sphere.radius - r.distance : T(0);
  // A coordinate the push does not move keeps the centre's value bit for bit: -0 + 0 would
  // be +0 (core audit: a Lost push changed a -0 centre's x), also where depth * n[k]
  // underflows to 0 from a nonzero n[k] (review).
  r.resolvedCenter = sphere.center;
  if (r.penetrating)
    for (int k = 0; k < N; ++k)
      if (const T step = r.depth * r.normal[k]; step != T(0)) r.resolvedCenter.v[k] = sphere.center[k] + step;
  r.push = r.penetrating ? PushRounding::Kept : PushRounding::NoPush;
  if (r.penetrating) {
    bool lost = false;
    bool moved = false;
    for (int k = 0; k < N; ++k)
      if (r.normal[k] != T(0)) (r.resolvedCenter[k] == sphere.center[k] ? lost : moved) = true;
    if (lost) r.push = moved ? PushRounding::LostInPart : PushRounding::Lost;
  }
  // Overflow: blamed on the centre when its distance to the shape is already beyond the
  // range (a centre far behind a plane), else on the radius (the push itself overflows).
  if (!std::isfinite(r.depth) || !IsFinite(r.resolvedCenter))
    return QueryError{ErrorCode::Overflow, std::isfinite(r.distance) ? Field::Radius : Field::Center, -1};
  return r;
}

/// A rounded distance (|C - Q|, or a plane's signed distance) on the side of r that the
/// exact one is, given that side (`exactSide`, called only when needed). The rounding can
/// land it an ulp on the other side of the radius: a ball exactly touching a box's corner
/// or a wire's end (C = (31904559, 769676040), r = 770337009 over the corner (0, 0), where
/// 31904559^2 + 769676040^2 = 770337009^2) read distance 770337008.9999999 and
/// penetrating, by an ulp (audit); a centre 2 - 9.3e-17 from a wire's inside read d = r =
/// 2, touching (words audit); a ball sunk into a plane by less than half an ulp read
/// touching where the same face of a box read sunk in (review). Exactly r, then, is r;
/// beyond it, no less than r; short of it, the largest value below r (sunk in by less
/// than an ulp, and so by one; -the least double for a point-sized ball behind a plane).
/// Sets r.distance, and r.distanceMovedToSide where the rounded one read r or the wrong side.
template <Real T, int N, typename Side>
void DistanceOnTheExactSide(ContactResult<T, N>& r, T distance, T radius, Side exactSide) {
  r.distance = distance;
  // Only a distance within a few ulps of r can be on the wrong side of it; any other is
  // kept as it is (and so is never at the mercy of the exact sums' one limit, where long
  // double is no wider than double).
  const T ulp = std::nextafter(radius, std::numeric_limits<T>::infinity()) - radius;
  if (!(std::abs(distance - radius) <= 4 * ulp)) return;
  const int side = exactSide();
  if (side == 0) r.distance = radius;
  if (side > 0) r.distance = std::max(distance, radius);
  if (side < 0) r.distance = distance < radius ? distance : std::nextafter(radius, -std::numeric_limits<T>::infinity());
  // Read at r or past it on the wrong side: said, for the words.
  if ((side < 0 && distance >= radius) || (side > 0 && distance <= radius)) {
    r.distanceMovedToSide = side;
    r.roundedDistance = distance;
  }
}

/// The unit vector from `to` towards `from` for finite from != to: exact in direction
/// at every scale.
template <Real T, int N>
Vec<T, N> DirectionBetween(const Vec<T, N>& from, const Vec<T, N>& to) {
  return detail::NormalizeNonZero(detail::DifferenceOrHalves(from, to));
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
  const Vec<T, N> d = detail::DifferenceOrHalves(b, a);
  // Cross the unit direction, not d, so the cross product cannot underflow to zero.
  return detail::NormalizeNonZero(PerpendicularOf(detail::NormalizeNonZero(d), d));
}

template <Real T, int N>
Checked<ContactResult<T, N>> ContactSphereSegment(const Sphere<T, N>& sphere, const Vec<T, N>& a,
                                                  const Vec<T, N>& b) {
  if (auto error = CheckSphere(sphere)) return *error;
  const auto q = ClosestPointOnSegment<NearLine::Across>(sphere.center, a, b);
  if (!q) return q.error();
  ContactResult<T, N> r{};
  r.closest = q->closest;
  r.distance = q->distance;
  // The region comes from the rounded numerator, which can put a centre a hair from one
  // of the wire's ends on the wrong side of it. Just inside, at the vertex: C - Q is then
  // the rounding and points along the wire (C = (1 - 2^-53, 0) on the wire from (-1, 0)
  // to (1, 0) read region B, and was pushed along the wire, still on it). Just past it,
  // in the interior: the distance and the normal were taken across the carrier line, from
  // a foot beyond the end (a centre 1.57e-16 from B, past it, read distance 1.31e-16, and
  // a ball of radius 1.45e-16 sunk in, with a normal 34 degrees off). Far off, where the
  // numerator's rounding is larger than |B - A|^2, even the other end: a centre exactly on
  // the perpendicular through A, 2e16 from a wire 0.22 long, read region B (audit). So the
  // exact projection decides (ProjectExactly): a centre strictly between the
  // perpendiculars through the ends takes the interior's exact normal, one on or beyond
  // either end takes that vertex (a centre on the one through A = 0 that the rounded
  // numerator put in the interior was answered with a foot 5.4e-9 off A: a mutation run).
  // Q stays the query's inside, within rounding of the exact foot; across the wire the
  // distance is the cross product's (see detail::ExactAcrossLine), which decides whether
  // a ball much smaller than the scene's rounding is sunk in.
  const Vec<T, N>& c = sphere.center;
  const ExactProjection projection = ProjectExactly(c, a, b, q->region);  // B's end first where q says B
  const Vec<T, N>* vertex = nullptr;  // Q, where it is a vertex exactly
  if (RegionMatchesProjection(LinearKind::Segment, LinearRegion::VertexA, projection)) vertex = &a;
  if (RegionMatchesProjection(LinearKind::Segment, LinearRegion::VertexB, projection)) vertex = &b;
  const LinearRegion vertexRegion = vertex == &a ? LinearRegion::VertexA : LinearRegion::VertexB;
  if (vertex != nullptr && q->region != vertexRegion) {
    r.closest = *vertex;
    r.distance = detail::ScaledDistance(c, *vertex).length;
  }
  r.wireRegion = vertex == nullptr ? LinearRegion::Interior : vertexRegion;
  if (vertex != nullptr) {
    const bool onVertex = c == r.closest;
    if (!onVertex)
      DistanceOnTheExactSide(r, r.distance, sphere.radius,
                             [&] { return detail::SignOfDistanceMinus(c, r.closest, sphere.radius); });
    r.normal = onVertex ? WirePerpendicular(a, b) : DirectionBetween(c, r.closest);
    r.normalFrom = onVertex ? ContactNormalFrom::WirePerpendicular : ContactNormalFrom::ClosestToCenter;
  } else if (const auto across = detail::ExactAcrossLine(sphere.center, a, b); !across.onLine) {
    r.normal = across.direction;
    r.normalFrom = ContactNormalFrom::AcrossWire;
    // The exact side only where long double is wider than double (else the rounded one).
    r.distance = across.distance;
    if (detail::k_hasWide<T>)
      DistanceOnTheExactSide(r, across.distance, sphere.radius,
                             [&] { return detail::SignOfLineDistanceMinus(c, a, b, sphere.radius); });
  } else {
    // Exactly on the wire (between its ends: C != A, and A != B in the interior).
    r.closest = sphere.center;
    r.distance = T(0);
    r.normal = WirePerpendicular(a, b);
    r.normalFrom = ContactNormalFrom::WirePerpendicular;
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
  // s on the exact side of r. A point-sized ball (r = 0) is sunk in exactly when the centre
  // is behind, which the query's region says from the exact sign, wherever that is exact;
  // s itself can round to -0 from behind (n = (2, 0), d = the smallest subnormal, C at
  // x = 0: s = -2^-1075 reads -0, and -0 < 0 is false; tool audit). A larger ball is
  // compared exactly where long double is wider than double.
  const PlaneRegion side = q->region;
  const auto exactSide = [&] {
    if (sphere.radius == T(0)) return side == PlaneRegion::Back ? -1 : (side == PlaneRegion::On ? 0 : 1);
    return detail::SignOfPlaneDistanceMinus(sphere.center, plane.normal, plane.offset, sphere.radius);
  };
  if (sphere.radius == T(0) || detail::k_hasWide<T>) DistanceOnTheExactSide(r, r.distance, sphere.radius, exactSide);
  r.normal = detail::NormalizeNonZero(plane.normal);  // non-zero: the query checked it
  r.normalFrom = ContactNormalFrom::PlaneNormal;
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
    DistanceOnTheExactSide(r, q->distance, sphere.radius,
                           [&] { return detail::SignOfDistanceMinus(sphere.center, q->closest, sphere.radius); });
    r.normal = DirectionBetween(sphere.center, q->closest);  // outside: they differ
    r.normalFrom = ContactNormalFrom::ClosestToCenter;
    return Resolve(sphere, r);
  }
  // Inside the closed box: leave through the nearest face (first one on ties), compared
  // exactly: the rounded distances to two faces can tie where the exact ones do not
  // (C_x = 0.05 in [-1e-300, 0.1]: both read 0.05, but x+ is nearer by 1e-300), and the
  // tie rule would then push the sphere out through the farther face, still overlapping.
  const Vec<T, N>& c = sphere.center;
  using F = detail::WideOf<T>;
  const auto nearer = [](T from1, T to1, T from2, T to2) {  // (from1 - to1) < (from2 - to2), exactly
    ExactSum<F, 4> sum;
    sum.Add(F(from1));
    sum.Add(-F(to1));
    sum.Add(-F(from2));
    sum.Add(F(to2));
    return sum.Value() < F(0);
  };
  int bestAxis = 0;
  int bestSide = -1;
  for (int i = 0; i < N; ++i) {
    const auto bestFrom = [&] { return bestSide < 0 ? c.v[bestAxis] : box.max.v[bestAxis]; };
    const auto bestTo = [&] { return bestSide < 0 ? box.min.v[bestAxis] : c.v[bestAxis]; };
    if (nearer(c.v[i], box.min.v[i], bestFrom(), bestTo())) bestAxis = i, bestSide = -1;
    if (nearer(box.max.v[i], c.v[i], bestFrom(), bestTo())) bestAxis = i, bestSide = +1;
  }
  const T best = bestSide < 0 ? c.v[bestAxis] - box.min.v[bestAxis] : box.max.v[bestAxis] - c.v[bestAxis];
  r.closest = c;
  r.closest.v[bestAxis] = bestSide < 0 ? box.min.v[bestAxis] : box.max.v[bestAxis];
  r.normal = Vec<T, N>{};
  r.normal.v[bestAxis] = T(bestSide);
  r.normalFrom = ContactNormalFrom::NearestFace;
  r.distance = T(0) - best;  // +0, not -0, for a centre on a face (best == 0)
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
