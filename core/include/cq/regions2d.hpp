// cq/regions2d.hpp: the Voronoi (feature) regions of a 2D shape as drawable geometry.
//
// The queries say which region a point is in; this header says where the regions are,
// clipped to a rectangle (the visible part of the world), so that a picture of the
// regions and the query's answer come from the same definitions:
//
// - segment AB: region A is (X - A).(B - A) <= 0, region B is (X - A).(B - A) >= |B - A|^2,
//   the interior is the slab between; boundaries are the perpendiculars to AB through
//   A and through B. A ray has region A and the interior (one boundary, through A); a line
//   is all interior. A degenerate segment/ray/line (A == B) is one region A, no boundary.
// - plane (a 2D line) n.x = d: back (n.x < d) and front (n.x > d); the boundary is the
//   line itself.
// - box: the 3 x 3 grid of slabs; boundaries are the four lines extending the box's sides.
//   Region ids are BoxResult::RegionIndex() values (inside = 4).
//
// Region ids of the linear shapes are LinearRegion values, of the plane PlaneRegion
// values, cast to int, so a renderer can colour by the same id the query returns.
#pragma once

#include <array>
#include <optional>

#include "cq/aabb.hpp"
#include "cq/linear.hpp"
#include "cq/plane.hpp"
#include "cq/status.hpp"
#include "cq/vec.hpp"

namespace cq {

/// The clip rectangle: an axis-aligned box in the plane.
template <Real T>
using Rect2 = Aabb<T, 2>;

/// A straight piece of a boundary or carrier line, already clipped.
template <Real T>
struct Segment2 {
  Vec<T, 2> p0;
  Vec<T, 2> p1;
};

/// The half-plane { x : normal.x <= offset }.
template <Real T>
struct HalfPlane2 {
  Vec<T, 2> normal;
  T offset;
};

/// A convex polygon with at most 8 vertices, counter-clockwise. A rectangle clipped by
/// two half-planes has at most 6, so 8 is enough for every region here.
template <Real T>
struct ConvexPolygon2 {
  static constexpr int k_capacity = 8;
  std::array<Vec<T, 2>, k_capacity> vertices{};
  int count = 0;
};

template <Real T>
struct RegionPiece2 {
  int region = 0;  ///< LinearRegion / PlaneRegion / box RegionIndex, as int
  ConvexPolygon2<T> polygon;
};

template <Real T>
struct RegionMap2 {
  static constexpr int k_maxPieces = 9;
  static constexpr int k_maxBoundaries = 4;
  /// The pieces the clip leaves with 3 or more vertices (of positive area in a rect of
  /// positive area; a zero-area rect can leave zero-area pieces, or none).
  std::array<RegionPiece2<T>, k_maxPieces> pieces{};
  int pieceCount = 0;
  std::array<Segment2<T>, k_maxBoundaries> boundaries{};  ///< region boundaries inside the rect
  int boundaryCount = 0;
};

/// The rectangle as a counter-clockwise polygon.
template <Real T>
ConvexPolygon2<T> PolygonFromRect(const Rect2<T>& rect);

/// `polygon` cut down to the half-plane (Sutherland-Hodgman against one edge), for a
/// normal of order 1 (the maps' are unit vectors) and any finite polygon and offset: a
/// scene near the top of the range is clipped at a power-of-two scale. A cut adds at most
/// one vertex, so the polygon may have at most k_capacity - 1 = 7: a full one (an octagon
/// cut across a corner needs 9) is a precondition failure (asserted in debug builds; the
/// maps' polygons have at most 6).
template <Real T>
ConvexPolygon2<T> ClipPolygon(const ConvexPolygon2<T>& polygon, const HalfPlane2<T>& halfPlane);

/// The part of the infinite line through `point` along `direction` inside `rect`
/// (Liang-Barsky), or nothing when it misses the rect or direction is zero.
template <Real T>
std::optional<Segment2<T>> ClipLineToRect(const Vec<T, 2>& point, const Vec<T, 2>& direction, const Rect2<T>& rect);

/// Same for the part of the line with parameter t in [tMin, tMax] (point + t direction);
/// use +-infinity for an open end; nothing for a zero or non-finite direction (a NaN one
/// gave NaN ends). Any finite non-zero direction works, from subnormal to
/// the largest (it is rescaled by a power of two first, t by the inverse, both exactly):
/// a direction of 1e-320 used to make every t infinite and the ends infinite. Any finite
/// point and rect too: a scene near the top of the range is clipped at a power-of-two
/// scale (a rect of +-9e307 made the ends NaN). The ends are finite.
template <Real T>
std::optional<Segment2<T>> ClipParametricToRect(const Vec<T, 2>& point, const Vec<T, 2>& direction, T tMin, T tMax,
                                                const Rect2<T>& rect);

/// The same for the points A + t direction, t in [tMin, tMax], of a line through two
/// given points A and B = A + direction (a segment: [0, 1]; a ray: [0, inf)): computed
/// from whichever of A and B is nearer the rect. From a far A alone (A at -1e17, B = (3,
/// 1.5), a view 20 wide about B) A + t direction keeps A's spacing, 16 there, all along:
/// the piece in view came out misplaced, short, or not at all. The ends are in
/// increasing t whichever point the arithmetic starts from. They are computed, not
/// copied: an end at the point the arithmetic did not start from is that point to within
/// the rounding of the scene (from B, A inside the rect came back as 0.099999999999999645
/// for 0.1).
template <Real T>
std::optional<Segment2<T>> ClipThroughPointsToRect(const Vec<T, 2>& a, const Vec<T, 2>& b, const Vec<T, 2>& direction,
                                                   T tMin, T tMax, const Rect2<T>& rect);

/// The region maps: the shape's regions clipped to `rect`, and the boundaries between them
/// inside it. Errors: the shape's, as its query reports them (a or b not finite, a zero
/// normal, an inverted box, naming a, b, n, d, point, min or max), or the rect's, naming
/// rect.min or rect.max (Field::RectMin, RectMax: a coordinate not finite, or min > max on
/// an axis, "rect.min/rect.max coordinate 0: min is greater than max ...").
template <Real T>
Checked<RegionMap2<T>> LinearRegions(LinearKind kind, const Vec<T, 2>& a, const Vec<T, 2>& b, const Rect2<T>& rect);

/// The same with the direction B - A given separately, for A, B and rect moved to another
/// origin (a drawing near the view's centre): there A and B are rounded to that frame's
/// spacing, which can spoil B - A (a segment 1.5 long seen from 1.5e31 away) or merge A
/// and B (a segment 1e-320 long seen from 0.5 away), while the direction computed before
/// the move is exact. The boundaries go through A and B, perpendicular to `direction`;
/// with A == B the interior is a slab of zero width between A's side and B's. A zero or
/// non-finite direction is ignored (B - A is used, as above).
template <Real T>
Checked<RegionMap2<T>> LinearRegions(LinearKind kind, const Vec<T, 2>& a, const Vec<T, 2>& b,
                                     const Vec<T, 2>& direction, const Rect2<T>& rect);

template <Real T>
Checked<RegionMap2<T>> PlaneRegions(const Plane<T, 2>& plane, const Rect2<T>& rect);

/// The same for the plane through `point` with normal `normal`, as
/// ClosestPointOnPlaneThroughPoint takes it: also where the offset n.point overflows.
template <Real T>
Checked<RegionMap2<T>> PlaneRegionsThroughPoint(const Vec<T, 2>& normal, const Vec<T, 2>& point, const Rect2<T>& rect);

template <Real T>
Checked<RegionMap2<T>> BoxRegions(const Aabb<T, 2>& box, const Rect2<T>& rect);

}  // namespace cq
