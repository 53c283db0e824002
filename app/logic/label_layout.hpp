// app/logic/label_layout.hpp: where a text label goes so it never sits on a handle or on
// another label. Screen pixels, y down.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "cq/vec.hpp"

namespace cq::app {

struct ScreenCircle {
  cq::Vec2d center;
  double radius;
};

struct ScreenBox {
  cq::Vec2d min;
  cq::Vec2d max;
};

/// The box of a `size` label placed `gap` pixels from `anchor`, in the first of eight
/// directions (starting at `preferred`, then turning in 45-degree steps alternately to
/// either side) whose box overlaps none of `circles` and `boxes` (and, given an `area`,
/// lies whole inside it); if all eight collide, the same again a label height farther
/// out; if those collide too, the free place nearest the anchor between them within one
/// and a half rings (NearestFreePlace, so that a place by the anchor is not passed over for
/// one too far to be drawn: NearItsAnchor), then the rings farther out (four more). If everything
/// collides, the free place nearest the anchor between those (below); failing that, the
/// one of those 48 places, moved inside `area` (KeepInside), that the others cover least
/// (CoveredArea; the first such in that order, a place with no rival nearer than the anchor
/// first): on a crowded small canvas the preferred place put the contact lesson's "depth =
/// 0.881966" under a handle.
/// `preferred` need not be unit length but must be non-zero. A place is free only if no
/// point of `rivals` (the other named points) is nearer to the box than `anchor` is: the
/// contact lesson's "C′" sat right above C, 11 pixels from it and 29 from C′, and "C"
/// beside C′, so a student read the centre as C′.
///
/// `soft` are the drawn lines (discs along them). Within the first k_softRings rings, a
/// free place off them is taken first, else the free place that crosses the fewest discs
/// of them (a ring out counting as two; a line across a label covers about five; one in
/// the third ring only after the places between the directions). Past those rings the lines are ignored (a label
/// across a line beats one far from its point, or on a handle). The distance's "s =
/// -0.742781" sat across the distance line, "closest" across a box edge.
///
/// Where none of those 48 places is free, the free place nearest the anchor anywhere
/// within the rings (NearestFreePlace) is taken (at 640x400 "C" sat beside C′, 14 pixels
/// from it and 28 from C, where a free place up and left of C was nearest C; app audit of
/// 2026-11-28). Where the points lie closer together than a name is wide, no place may be
/// nearer the anchor than every rival (at UI scale 2 in 800x600 the ball's C, C′ and raw
/// foot are 12 to 20 pixels apart, the names 42 pixels tall): then the place free of the
/// discs and boxes nearest the anchor, rivals or not, and the caller draws a leader from
/// it to the anchor (RivalLead > 0). Only where nothing is free, the place covered least
/// (above), of those with no rival nearer where there are such.
inline constexpr int k_softRings = 3;
inline constexpr int k_rings = 6;  ///< the rings PlaceLabel tries
ScreenBox PlaceLabel(const cq::Vec2d& anchor, const cq::Vec2d& size, double gap, const cq::Vec2d& preferred,
                     const std::vector<ScreenCircle>& circles, const std::vector<ScreenBox>& boxes,
                     const std::optional<ScreenBox>& area = std::nullopt, const std::vector<cq::Vec2d>& rivals = {},
                     const std::vector<ScreenCircle>& soft = {});

/// Whether `box`, a label of `anchor`, is free as PlaceLabel counts it: whole inside
/// `area` where one is given, over none of `circles` and `boxes`, and with no point of
/// `rivals` as near to it as `anchor` is.
bool PlaceIsFree(const ScreenBox& box, const cq::Vec2d& anchor, const std::vector<ScreenCircle>& circles,
                 const std::vector<ScreenBox>& boxes, const std::optional<ScreenBox>& area,
                 const std::vector<cq::Vec2d>& rivals);

/// PlaceLabel, steady from frame to frame: `previous`, the label's box of the frame before
/// moved with its anchor, where it is still free (PlaceIsFree), crosses none of `soft` and
/// lies by its anchor (NearItsAnchor); else PlaceLabel's place. As a point is dragged its
/// preferred side turns, and its name jumped between two places nearly as good, back and
/// forth on a slow drag ("closest" 21 times over a sweep of P that PlaceLabel alone makes);
/// kept, it moves only when its place is taken.
ScreenBox PlaceLabelSteady(const std::optional<ScreenBox>& previous, const cq::Vec2d& anchor, const cq::Vec2d& size,
                           double gap, const cq::Vec2d& preferred, const std::vector<ScreenCircle>& circles,
                           const std::vector<ScreenBox>& boxes, const std::optional<ScreenBox>& area = std::nullopt,
                           const std::vector<cq::Vec2d>& rivals = {}, const std::vector<ScreenCircle>& soft = {});

/// Where a line's value goes ("d = …", "depth = …", "s = …"): its box, and a leader from
/// the box to the line where it could not sit by it.
struct LineLabelPlace {
  ScreenBox box;
  std::optional<std::pair<cq::Vec2d, cq::Vec2d>> leader;  ///< from the box's edge to a point of the line
};

/// A value of segment ab (its visible part, on the canvas), always placed: PlaceLabel's place
/// from `anchor` (the segment's middle) where it is free (`circles`, `boxes`, inside `area`)
/// and by the line (NearItsAnchor); else the free place nearest the line within that reach
/// (NearestFreePlace: between PlaceLabel's directions); else the free place nearest the
/// line anywhere in `area`, with a leader to the line; else PlaceLabel's place all the same,
/// with a leader where it is not by the line. A value left out was a number the user could
/// not see: the contact lesson's "depth = 0.881966" at 800x600, where the push-out arrow is
/// 23 pixels long among C, C′, R and their names (app audit of 2026-11-28).
LineLabelPlace PlaceLineLabel(const cq::Vec2d& a, const cq::Vec2d& b, const cq::Vec2d& anchor, const cq::Vec2d& size,
                              double gap, const cq::Vec2d& preferred, const std::vector<ScreenCircle>& circles,
                              const std::vector<ScreenBox>& boxes, const ScreenBox& area,
                              const std::vector<ScreenCircle>& soft = {});

/// The free place for a `size` label nearest what it names, segment ab (a point when a ==
/// b), at any position rather than PlaceLabel's eight directions: the label's top-left
/// corner tried every `step` pixels (coarser where that would be more than about 40000
/// places), the box at least `gap` and at most `reach` from ab, whole inside `area` when
/// given, overlapping none of `circles` and `boxes`, and with no point of `rivals` nearer to
/// it than `a`. Of those, the one with the least d + n (size.y + 2) / 2 (d its distance
/// from ab, n the discs of `soft` it overlaps: a ring out weighs as two discs crossed, as in
/// PlaceLabel), of equal cost the one most in the `preferred` direction from ab's middle.
/// Nothing where no place is free.
std::optional<ScreenBox> NearestFreePlace(const cq::Vec2d& a, const cq::Vec2d& b, const cq::Vec2d& size, double gap,
                                          double reach, const cq::Vec2d& preferred,
                                          const std::vector<ScreenCircle>& circles, const std::vector<ScreenBox>& boxes,
                                          const std::optional<ScreenBox>& area = std::nullopt,
                                          const std::vector<cq::Vec2d>& rivals = {},
                                          const std::vector<ScreenCircle>& soft = {}, double step = 2);

/// How much nearer to `box` the nearest of `rivals` is than `anchor` (pixels): positive where
/// the box would be read as that rival's, -infinity with no rivals.
double RivalLead(const ScreenBox& box, const cq::Vec2d& anchor, const std::vector<cq::Vec2d>& rivals);

/// The point of `box` nearest `point` (the point itself inside it): where a leader from a
/// label to what it names starts.
cq::Vec2d NearestPointOfBox(const ScreenBox& box, const cq::Vec2d& point);

/// The distance from `point` to the nearest point of `box` (0 inside it).
double DistanceToBox(const ScreenBox& box, const cq::Vec2d& point);

/// The distance from segment ab (a point when a == b) to the nearest point of `box` (0
/// where they meet).
double DistanceToBox(const ScreenBox& box, const cq::Vec2d& a, const cq::Vec2d& b);

/// Whether a label `box` `labelHeight` pixels high (padding included), meant to sit `gap`
/// from what it names (segment ab: a line's value such as "depth = …" names the whole
/// line; a point when a == b), is still by it: no farther than halfway between
/// PlaceLabel's second and third rings (one and a half label heights past the gap). Past
/// that a value or a marker's name is left out: at UI scale 3 "depth = 0.881966" sat under
/// A, 150 pixels from the push arrow, and "C′" beside "region B", 148 pixels from C′; at
/// 800x600 and UI scale 2 "closest" sat by the grid's "-5", 100 pixels from it (review s30 #9).
inline constexpr double k_nearRings = 1.5;
bool NearItsAnchor(const ScreenBox& box, const cq::Vec2d& a, const cq::Vec2d& b, double gap, double labelHeight);

/// How much of `box` the `boxes` and `circles` cover, in square pixels: the sum of the
/// overlaps, each circle taken as its bounding square and counted four times (a handle or
/// marker is drawn over a label and hides what it covers; a label box has a see-through
/// background).
double CoveredArea(const ScreenBox& box, const std::vector<ScreenCircle>& circles, const std::vector<ScreenBox>& boxes);

bool Overlaps(const ScreenBox& box, const ScreenCircle& circle);
bool Overlaps(const ScreenBox& a, const ScreenBox& b);
/// Whether `box` lies whole inside `area` (touching its edges counts as inside).
bool Inside(const ScreenBox& box, const ScreenBox& area);

/// `box` moved by the least amount that puts it inside `area` (per axis; a box larger than
/// the area is aligned with its top-left corner).
ScreenBox KeepInside(const ScreenBox& box, const ScreenBox& area);

/// Circles of `radius` every `spacing` pixels along the part of segment ab inside `area`
/// (ends included): a drawn line as something a label keeps off. Nothing for a segment
/// that misses the area or has a non-finite end.
std::vector<ScreenCircle> CirclesAlong(const cq::Vec2d& a, const cq::Vec2d& b, double radius, double spacing,
                                       const ScreenBox& area);

/// The middle of the part of segment ab inside `area`, where a label of the segment goes
/// (the distance's "d = 3.2114" sat at the middle of the whole segment, off the canvas
/// when P was, and only "14" of it showed); nothing when no part is inside.
std::optional<cq::Vec2d> VisibleMiddle(const cq::Vec2d& a, const cq::Vec2d& b, const ScreenBox& area);

/// The part of a convex polygon (screen pixels, vertices in order) inside `area`
/// (Sutherland-Hodgman): what of a region is on the canvas.
std::vector<cq::Vec2d> ClipToBox(const std::vector<cq::Vec2d>& polygon, const ScreenBox& area);

/// The area of a simple polygon (vertices in order, either orientation), in square pixels.
double PolygonArea(const std::vector<cq::Vec2d>& polygon);

/// Whether every point of `box` lies in the convex polygon `region` (screen pixels,
/// vertices in order, either orientation).
bool InsideConvex(const ScreenBox& box, const std::vector<cq::Vec2d>& region);

/// A region's name: a `size` box whole inside the convex polygon `region`, clear of every
/// disc and every box in `taken`, centred as near `preferred` as it can be (tried first,
/// then points `step` pixels apart over the region, nearest first). Nothing when there is
/// no such place: the name is left out rather than drawn over a neighbouring region (at
/// 800x600 and UI scale 2, "region A" sat mostly on the ray's interior).
std::optional<ScreenBox> PlaceInsideRegion(const std::vector<cq::Vec2d>& region, const cq::Vec2d& preferred,
                                           const cq::Vec2d& size, double step, const std::vector<ScreenCircle>& discs,
                                           const std::vector<ScreenBox>& taken);

/// Whether a grid label's `box` is drawn: only whole inside `area` (the canvas: a label
/// the edge would cut, such as a lone "100" of 1000000000000003, is left out), clear of
/// every box in `taken` (the canvas's other labels, which matter more: "region A" sat on
/// the grid's "-4") and of every disc in `handles` (the handles and markers, drawn on top:
/// a handle on the x axis hid half of the "2" under it).
bool GridLabelFits(const ScreenBox& box, const ScreenBox& area, const std::vector<ScreenBox>& taken,
                   const std::vector<ScreenCircle>& handles = {});

}  // namespace cq::app
