// cq/contact.hpp: a sphere (a circle in 2D) against a segment, a plane or a box: is it
// sunk in, how deep, and which way out. The closest-point query does most of the work:
// the contact normal is the direction from the shape's closest point to the centre, and
// the penetration depth is the radius minus the centre's distance (Ericson 5.2.5).
//
// Shapes:
// - Segment AB: a thin wire (no inside). distance = |C - Q|, Q the closest point. Where Q
//   is inside the wire (not a vertex) the normal is not C - Q, which for a centre on the
//   wire or a hair off it is only Q's rounding and can point anywhere, even along the
//   wire: it is the part of C - A across AB, from the exact (B - A) x (C - A) of the
//   numbers given (differences and products split without rounding, summed as an exact
//   expansion), so it is perpendicular to AB to a few ulps and on the centre's exact side,
//   however close C is. The centre is on the wire when that cross product is exactly 0
//   (C on the line AB; where long double is no wider than double, a coordinate more than
//   ~2^1000 below the scene's largest may count as 0); then distance = 0 and Q = C.
// - Plane n.x = d: a solid half-space, the solid behind the plane (the side n points
//   away from). distance is the signed distance s of C; a centre behind the plane
//   (s < 0) is still pushed out along +n/|n|, by depth = r - s. A point-sized ball
//   (r = 0) is sunk in exactly when the centre is behind by the exact sign of n.C - d
//   (the plane query's region), also where s rounds to -0: its distance then reads as
//   the largest value below 0, as any distance short of r does (below).
// - Box [min, max]: solid. Outside, as the wire. A centre inside the closed box is pushed
//   out through the nearest face: distance = -(distance to that face), depth = r + that
//   distance. Ties between faces go to the first of x-, x+, y-, y+, z-, z+.
//
// Results: penetrating iff distance < r (touching is not penetrating). That comparison is
// exact: the rounded distance is kept on the side of r that the exact one is on (exactly
// r when C touches, no less than r when C is clear, the largest value below r when C is
// sunk in by less than its rounding), so a ball touching a corner, an end, the wire's
// inside or a plane is never sunk in by an ulp, nor clear of it by one. (Inside the wire
// and against a plane with r > 0 only where long double is wider than double, as with
// GCC and Clang on x86-64; elsewhere, as on MSVC, the rounded distance is compared there.)
// depth = r - distance when penetrating, else 0. resolvedCenter = C + depth * normal, the minimal translation
// (equal to C when not penetrating). The normal is always of unit length and never comes
// from normalising a zero vector:
// - a centre exactly on the wire: the documented perpendicular of AB, in 2D AB turned a
//   quarter turn counter-clockwise, in 3D AB x e_k for the first axis k along which AB is
//   shortest (|B_k - A_k| compared as computed, before any normalising), normalised;
//   if the wire is a single point (A == B), +x;
// - a plane: n / |n|; a centre inside a box: the outward normal of the nearest face.
//
// Errors: NaN/inf in the centre ("center") or radius ("radius"), negative radius, and the
// shape's own errors (zero normal, inverted box, ...). A depth or resolved centre beyond
// the type's range is Overflow, decided on their rounded values: within an ulp or two of
// the largest value, a centre that rounds to it may read Overflow and one just past it be
// returned as the largest value (review s35).
#pragma once

#include <optional>

#include "cq/aabb.hpp"
#include "cq/linear.hpp"
#include "cq/plane.hpp"
#include "cq/status.hpp"
#include "cq/vec.hpp"

namespace cq {

template <Real T, int N>
struct Sphere {
  Vec<T, N> center;
  T radius;  ///< >= 0
};

/// Where a contact's normal came from, so a lesson can explain the one it draws (the app
/// told "C − Q is the zero vector" from Q == C, which the rounded Q can be for a centre a
/// hair off a slanted wire, and then named a perpendicular core had not used).
enum class ContactNormalFrom {
  ClosestToCenter,    ///< (C − Q) / |C − Q|: Q a vertex of the wire, or a box's surface point, C outside
  AcrossWire,         ///< C's offset across the wire's line, from the exact cross product (Q inside the wire)
  WirePerpendicular,  ///< C exactly on the wire: WirePerpendicular(a, b)
  PlaneNormal,        ///< n / |n|
  NearestFace,        ///< C inside the box: the outward normal of the nearest face
};

/// How much of the push resolvedCenter = center + depth * normal survives rounding: the
/// sum rounds per coordinate, and a move below a coordinate's spacing of doubles leaves it
/// as it was (a ball of radius 1e-20 on a wire at y = 1; x = 1e16, where doubles are 2
/// apart, pushed by 0.06). Where it is not Kept the ball may still be sunk in.
enum class PushRounding {
  NoPush,      ///< not penetrating: nothing to push
  Kept,        ///< every coordinate the normal moves moved
  LostInPart,  ///< some of them kept the centre's value, some moved
  Lost,        ///< resolvedCenter == center bit for bit
};

template <Real T, int N>
struct ContactResult {
  bool penetrating;         ///< distance < radius
  T depth;                  ///< radius - distance when penetrating, else 0
  T distance;               ///< centre to shape: >= 0 for the wire; signed for the plane and box (negative inside)
  Vec<T, N> normal;         ///< unit, from the shape towards the centre: the direction to push
  Vec<T, N> closest;        ///< the shape's surface point the normal starts from
  Vec<T, N> resolvedCenter;  ///< center + depth * normal
  ContactNormalFrom normalFrom;  ///< which rule gave the normal
  PushRounding push;             ///< how much of the push rounding kept
  /// Where the rounded distance read r itself or lay on the wrong side of it, and the
  /// exact one is not r (see Results above): -1 exactly below r, now the largest value
  /// below r; +1 exactly above r, now r (read as touching, though clear by a hair). 0
  /// elsewhere (C touching exactly included), so a lesson can say why d reads so.
  int distanceMovedToSide = 0;
  /// The distance as rounded, before it was moved (== distance where distanceMovedToSide
  /// is 0): |C - Q| or the distance across, at r or an ulp past it on the wrong side.
  T roundedDistance;
  /// The wire only (nullopt for a plane or a box): the feature of the wire the centre
  /// exactly projects onto (ProjectExactly), which the rounded numerator of
  /// ClosestPointOnSegment can contradict within its rounding of an end: a centre a hair
  /// past B whose rounded t_raw reads 0.9999999999999998 is VertexB here. VertexA /
  /// VertexB: Q is that vertex, bit for bit. Interior: Q is the query's closest point as
  /// rounded (normalFrom AcrossWire; a vertex, bit for bit, where the rounded numerator
  /// clamped to it), or the centre itself on the wire (WirePerpendicular).
  std::optional<LinearRegion> wireRegion;
};

template <Real T, int N>
Checked<ContactResult<T, N>> ContactSphereSegment(const Sphere<T, N>& sphere, const Vec<T, N>& a,
                                                  const Vec<T, N>& b);

template <Real T, int N>
Checked<ContactResult<T, N>> ContactSpherePlane(const Sphere<T, N>& sphere, const Plane<T, N>& plane);

template <Real T, int N>
Checked<ContactResult<T, N>> ContactSphereBox(const Sphere<T, N>& sphere, const Aabb<T, N>& box);

/// The unit perpendicular the wire contact uses when the centre lies exactly on AB
/// (see above). Exposed so the app can draw the same one.
template <Real T, int N>
Vec<T, N> WirePerpendicular(const Vec<T, N>& a, const Vec<T, N>& b);

}  // namespace cq
