// Sphere contact against a wire, a half-space and a solid box. See cq/contact.hpp.
#include "cq/contact.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <initializer_list>

#include "cq/detail/exact_sum.hpp"
#include "cq/detail/validate.hpp"
#include "cq/linear.hpp"

namespace cq {
namespace {

using detail::ExactDifference;
using detail::TwoParts;
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

/// x - y exactly for every coordinate, as hi + lo parts in F = WideOf<T>. Where F is wider
/// than T (float; double with the x87's long double) the numbers are used as given. Where
/// it is not (double elsewhere), x and y are first scaled by the power of two of their
/// scene (`sceneExponent`: no difference overflows; only a coordinate some 2^1000 below
/// the scene's largest loses bits), and the difference vector then by its own largest
/// part's, so that products of parts of two such vectors stay clear of underflow unless a
/// vector's own coordinates span more than ~2^500. Scaling a vector by a power of two
/// changes no sign of a dot or cross product, and no direction.
/// `ownExponent`, when given, receives the power of two of that second scaling (0 where
/// there is none): the true difference is the parts times 2^(sceneExponent + own).
template <Real T, int N>
std::array<TwoParts<detail::WideOf<T>>, N> ExactDifferences(const Vec<T, N>& x, const Vec<T, N>& y, int sceneExponent,
                                                            int* ownExponent = nullptr) {
  using F = detail::WideOf<T>;
  std::array<TwoParts<F>, N> d;
  for (int k = 0; k < N; ++k)
    d[k] = ExactDifference(F(std::scalbn(x.v[k], -sceneExponent)), F(std::scalbn(y.v[k], -sceneExponent)));
  int e = 0;
  if constexpr (!detail::k_hasWide<T>) {
    F largest = F(0);
    for (const TwoParts<F>& part : d) largest = std::max(largest, std::abs(part.hi));
    if (largest != F(0)) {
      e = std::ilogb(largest);
      for (TwoParts<F>& part : d) part = {std::scalbn(part.hi, -e), std::scalbn(part.lo, -e)};
    }
  }
  if (ownExponent) *ownExponent = e;
  return d;
}

/// |v| for a vector held in F, without under- or overflow in the squares.
template <std::floating_point F, std::size_t N>
F WideNorm(const std::array<F, N>& v) {
  F largest = F(0);
  for (const F x : v) largest = std::max(largest, std::abs(x));
  if (largest == F(0)) return F(0);
  const int k = std::ilogb(largest);
  F sum = F(0);
  for (const F x : v) sum += std::scalbn(x, -k) * std::scalbn(x, -k);
  return std::scalbn(std::sqrt(sum), k);
}

/// The power of two ExactDifferences scales a scene by: 0 where F is wider than T, else
/// the exponent of the largest coordinate of the points (0 for a scene of zeros).
template <Real T, int N>
int SceneExponent(std::initializer_list<const Vec<T, N>*> points) {
  if constexpr (detail::k_hasWide<T>) {
    return 0;
  } else {
    T largest = T(0);
    for (const Vec<T, N>* point : points) largest = std::max(largest, MaxAbs(*point));
    return largest == T(0) ? 0 : detail::ExponentOf(largest);
  }
}

/// (u x v) for the exact u = B - A and v = C - A, one coordinate of it (the one whose
/// other two axes are i and j), rounded once to F from an exact sum: each difference
/// split exactly into hi + lo, each of the eight products of parts split into its
/// rounded value and its error. Exact in sign, and 0 only when the exact value is,
/// wherever F holds every product and its error (k_hasWide: always).
template <std::floating_point F>
F ExactCrossCoordinate(const TwoParts<F>& ui, const TwoParts<F>& uj, const TwoParts<F>& vi, const TwoParts<F>& vj) {
  ExactSum<F, 16> sum;
  for (const F x : {ui.hi, ui.lo})
    for (const F y : {vj.hi, vj.lo}) sum.AddProduct(x, y);
  for (const F x : {uj.hi, uj.lo})
    for (const F y : {vi.hi, vi.lo}) sum.AddProduct(-x, y);
  return sum.Value();
}

/// The unit normal from the inside of the wire AB towards the centre C, from the exact
/// (B - A) x (C - A) of the numbers given. Neither from C - Q (Q, the closest point, is
/// rounded: for a centre on or a hair off the wire C - Q is that rounding, and can point
/// anywhere, even along the wire) nor from the rounded differences C - A and B - A (their
/// rounding moves the wire by up to an ulp, which for a centre that close decides the
/// side: C = (-0.24, -0.4) lies 7.5e-18 left of A = (0.4, -0.8), B = (-0.4, -0.3), and the
/// rounded differences put it on the right). Returns false, and leaves `normal` alone,
/// exactly when C lies on the line AB. Where double has no wider type (k_hasWide), see
/// ExactDifferences for the scaling and its one limit.
///
/// `distance` receives the distance from C to the wire's line, |(B - A) x (C - A)| / |B - A|
/// from the same cross product: good to a few ulps of itself. |C - Q| from the rounded Q
/// is good only to ulps of the scene: C = (1, 1e-20) over the wire (-4, 0)-(2, 0) has
/// Q = (1.0000000000000002, 0), and a ball of radius 1e-19 there read clear, 2.2e-16 off.
template <Real T, int N>
bool NormalAcrossWire(const Vec<T, N>& cIn, const Vec<T, N>& aIn, const Vec<T, N>& bIn, Vec<T, N>& normal,
                      T& distance) {
  using F = detail::WideOf<T>;
  const int scene = SceneExponent<T, N>({&cIn, &aIn, &bIn});
  int eu = 0;
  int ev = 0;
  const std::array<TwoParts<F>, N> u = ExactDifferences(bIn, aIn, scene, &eu);  // B - A
  const std::array<TwoParts<F>, N> v = ExactDifferences(cIn, aIn, scene, &ev);  // C - A
  // The cross product is the true one over 2^(2 scene + eu + ev), |B - A| over
  // 2^(scene + eu): their quotient is the distance over 2^(scene + ev).
  std::array<F, N> uWide;
  for (int k = 0; k < N; ++k) uWide[std::size_t(k)] = u[std::size_t(k)].hi + u[std::size_t(k)].lo;
  const F length = WideNorm(uWide);
  auto toDistance = [&](F crossLength) {
    return static_cast<T>(std::scalbn(crossLength / length, scene + ev));
  };
  if constexpr (N == 2) {
    const F side = ExactCrossCoordinate(u[0], u[1], v[0], v[1]);  // > 0: C left of AB
    if (side == F(0)) return false;
    const Vec<T, 2> left = PerpLeft(detail::NormalizeNonZero(DifferenceOrHalves(bIn, aIn)));
    normal = side > F(0) ? left : -left;
    distance = toDistance(std::abs(side));
    return true;
  } else {
    // w = (B - A) x (C - A), each coordinate within an ulp of the exact one and exactly 0
    // where that is; then w x (B - A) = |B - A|^2 (C - A) - ((C - A).(B - A)) (B - A),
    // the part of C - A across the wire. w is perpendicular to B - A (to an ulp), so that
    // cross product does not cancel: its direction is good to a few ulps.
    const std::array<F, 3> w = {ExactCrossCoordinate(u[1], u[2], v[1], v[2]),
                                ExactCrossCoordinate(u[2], u[0], v[2], v[0]),
                                ExactCrossCoordinate(u[0], u[1], v[0], v[1])};
    if (w[0] == F(0) && w[1] == F(0) && w[2] == F(0)) return false;
    const F across[3] = {w[1] * u[2].hi - w[2] * u[1].hi, w[2] * u[0].hi - w[0] * u[2].hi,
                         w[0] * u[1].hi - w[1] * u[0].hi};
    // To T with the largest coordinate in [1, 2) (F's range is wider), then unit length.
    // (Zero only where F is double and w is so small that its products underflow: too
    // close to tell from on the wire, so the wire's perpendicular, never a zero normal.)
    const F largest = std::max({std::abs(across[0]), std::abs(across[1]), std::abs(across[2])});
    if (largest == F(0)) return false;
    const int k = std::ilogb(largest);
    Vec<T, 3> direction;
    for (int i = 0; i < 3; ++i) direction.v[i] = static_cast<T>(std::scalbn(across[i], -k));
    normal = detail::NormalizeNonZero(direction);
    distance = toDistance(WideNorm(w));
    return true;
  }
}

/// The exact sign of (C - V).(B - A) for the numbers given (V: A or B): -1, 0 or +1.
/// Differences split exactly into hi + lo and every product of parts summed exactly, as
/// in NormalAcrossWire (ExactDifferences). The test of a centre that the rounded
/// numerator puts at a vertex: past B when > 0 for V = B, before A when < 0 for V = A.
template <Real T, int N>
int ExactAlongSign(const Vec<T, N>& c, const Vec<T, N>& v, const Vec<T, N>& a, const Vec<T, N>& b) {
  using F = detail::WideOf<T>;
  const int scene = SceneExponent<T, N>({&c, &v, &a, &b});
  const std::array<TwoParts<F>, N> along = ExactDifferences(c, v, scene);
  const std::array<TwoParts<F>, N> u = ExactDifferences(b, a, scene);
  ExactSum<F, 8 * N> sum;
  for (int k = 0; k < N; ++k)
    for (const F x : {along[k].hi, along[k].lo})
      for (const F y : {u[k].hi, u[k].lo}) sum.AddProduct(x, y);
  const F value = sum.Value();
  return (value > F(0)) - (value < F(0));
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
  // The region comes from the rounded numerator, which can put a centre on or a hair off
  // the wire, just inside one of its ends, at that vertex: C - Q is then the rounding and
  // points along the wire (C = (1 - 2^-53, 0) on the wire from (-1, 0) to (1, 0) read
  // region B, and was pushed along the wire, still on it). At a vertex the exact test
  // decides: a centre not past the vertex (nor on the perpendicular through it) takes the
  // interior's exact normal. Q stays the query's, within rounding of the exact one; across
  // the wire the distance is the cross product's (see NormalAcrossWire), which decides
  // whether a ball much smaller than the scene's rounding is sunk in.
  bool atVertex = q->region != LinearRegion::Interior;
  if (q->region == LinearRegion::VertexA) atVertex = ExactAlongSign(sphere.center, a, a, b) <= 0;
  if (q->region == LinearRegion::VertexB) atVertex = ExactAlongSign(sphere.center, b, a, b) >= 0;
  if (atVertex) {  // Q is a vertex, exactly
    r.normal = sphere.center == q->closest ? WirePerpendicular(a, b) : DirectionBetween(sphere.center, q->closest);
  } else if (!NormalAcrossWire(sphere.center, a, b, r.normal, r.distance)) {
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
