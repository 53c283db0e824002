// app/logic/lesson.hpp: what a lesson is, and the one struct a lesson's evaluation
// produces each frame (LessonFrame) for the canvas, the inspector and the number lines.
//
// A lesson is GL-free and ImGui-free: it names its points, gives default scenes
// (presets), turns mouse drags on its handles into point moves, and evaluates the scene
// by asking core. Everything it shows, regions, feet, t, distances, comes from core's
// result; the renderer only maps world units to pixels and picks colours.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "cq/aabb.hpp"
#include "cq/contact.hpp"
#include "cq/linear.hpp"
#include "cq/plane.hpp"
#include "cq/regions2d.hpp"
#include "cq/status.hpp"
#include "cq/vec.hpp"
#include "logic/format.hpp"

namespace cq::app {

using Points = std::vector<cq::Vec2d>;
using WorldRect = cq::Rect2<double>;

/// The middle of `view`, the origin of a frame's local geometry (LessonFrame::origin).
/// Halves first, so that a view across the whole double range does not overflow.
inline cq::Vec2d ViewOrigin(const WorldRect& view) { return 0.5 * view.min + 0.5 * view.max; }

/// `rect` moved by -by.
inline WorldRect Translated(const WorldRect& rect, const cq::Vec2d& by) { return {rect.min - by, rect.max - by}; }

/// The view in a frame's local coordinates (relative to `origin`), grown by two of the
/// doubles' steps at its corners on every side: far from the world's origin the view's
/// corners are themselves rounded to that spacing (0.125 at 1e15, which can be 160 pixels
/// zoomed in), and regions clipped to the rounded view left bare strips at the canvas
/// edges. The canvas clips what overshoots (the GL pass by scissor, ImGui by its clip rect).
WorldRect LocalView(const WorldRect& view, const cq::Vec2d& origin);

/// A named point of the scene (the lesson's state is just these positions).
struct PointSpec {
  std::string name;         ///< "A", "B", "P", "O", "N", "Min", "Max", "C", "R": used by --set and the inspector
  std::string description;  ///< "endpoint A", "query point", ...
};

/// A named starting scene. The first preset of a lesson is its default scene.
struct Preset {
  std::string name;
  std::string note;  ///< one sentence: what this case shows
  Points points;
};

enum class HandleShape : std::uint8_t { QueryPoint, Point, Corner, Body };

/// Something on the canvas the mouse can grab. Usually one stored point; a box's corners
/// and body move several coordinates at once.
struct DragHandle {
  int id = 0;                     ///< lesson-defined, stable while the scene is unchanged
  std::string label;              ///< drawn next to the handle ("A", "P", ...); empty for none
  cq::Vec2d position{};           ///< where it is drawn and hit-tested (world units)
  HandleShape shape = HandleShape::Point;
  std::optional<WorldRect> area;  ///< for a Body: grabbed anywhere inside this rectangle
  /// What --dump-state calls a handle with no label (the box's corner "(Max.x, Min.y)");
  /// empty: its label.
  std::string name;
};

/// Colour roles of the feature regions (the palette maps them to colour-blind-safe colours).
enum class Tone : std::uint8_t {
  VertexA,
  Interior,
  VertexB,
  Back,
  Front,
  BoxInside,
  BoxEdge,
  BoxVertex,
  Penetrating,  ///< a distance below the radius: the ball is sunk in
  Clear,        ///< a distance of at least the radius: no contact to resolve
};

struct RegionFill {
  cq::ConvexPolygon2<double> polygon;  ///< the visible part of the region (core's piece)
  Tone tone = Tone::Interior;
  bool holdsP = false;  ///< the region the query point is in: drawn highlighted
};

enum class Stroke : std::uint8_t {
  Shape,          ///< the shape itself (segment, ray, plane line, box outline)
  Carrier,        ///< the carrier line beyond the shape, dashed
  Boundary,       ///< a region boundary
  Perpendicular,  ///< from P to the raw (unclamped) foot, dotted
  ClampMove,      ///< arrow from the raw foot to the clamped point: what the clamp did
  Distance,       ///< from P to the closest point, labelled with its length
  Normal,         ///< the plane's normal arrow
  PushOut,        ///< arrow from a ball's centre to where the contact pushes it
};

struct StrokeLine {
  cq::Vec2d p0{};
  cq::Vec2d p1{};
  Stroke stroke = Stroke::Shape;
};

enum class Marker : std::uint8_t { RawFoot, Closest, Resolved };

struct MarkerPoint {
  cq::Vec2d position{};
  Marker marker = Marker::Closest;
  std::string label;
};

enum class CircleRole : std::uint8_t {
  Ball,      ///< the ball (a circle in 2D): solid outline
  Resolved,  ///< the ball where the contact pushes it: dashed outline
};

/// A circle on the canvas, in world units.
struct CircleShape {
  cq::Vec2d center{};
  double radius = 0;
  CircleRole role = CircleRole::Ball;
};

/// One interval of a number line, coloured like the region it stands for.
struct NumberInterval {
  double from;  ///< may be -inf
  double to;    ///< may be +inf
  Tone tone;
};

/// A number line under the canvas: the lesson's parameter (t, signed distance, or a box
/// coordinate), its raw value and what the clamp made of it.
struct NumberLine {
  std::string name;          ///< "t", "s", "x", "y"
  std::string caption;       ///< e.g. "t along A->B: 0 at A, 1 at B"
  std::vector<NumberInterval> intervals;
  /// The interval core's answer lies in, drawn strong; -1 for none (a point on the plane).
  /// Set from core's region, not from the raw value: at a boundary (t_raw exactly 0, d
  /// exactly r) the raw value lies in two intervals, and both were drawn strong.
  int active = -1;
  std::vector<double> ticks;  ///< labelled breakpoints (0 and 1 for a segment)
  double raw = 0;            ///< the unclamped value (P's own)
  /// Whether the raw value is marked (the triangle): not where there is none to mark (A ==
  /// B: t_raw would be 0 / 0, and a triangle at 0 under "t_raw = 0 / 0, none" read as
  /// t_raw = 0: teaching audit). Its text is still written there.
  bool rawMarked = true;
  std::optional<double> clamped;  ///< where the closest point sits on this line (absent: no clamp)
  std::string rawName;       ///< marker captions: "t_raw" / "t", "s" / "foot", "P.x" / "closest.x"
  std::string clampedName;
  /// What the raw (clamped) value reads where its number would mislead, as the inspector
  /// says it: "0 in double, though exactly > 0" for a t_raw or s that underflowed to 0 off
  /// the boundary (a plain "t_raw = 0" read as P on the perpendicular through A). Empty:
  /// the number itself.
  std::string rawText;
  std::string clampedText;
  /// Its values are coordinates (the box's P.x, min.x, max.x), written as the fields write
  /// them (FieldNumber): at 6 digits P.x = 1000005 read "1e+06", as its clamp to 1000000 did.
  bool coordinates = false;
  double viewFrom = -1;      ///< the visible range
  double viewTo = 2;
  /// Dragging the raw marker by dv moves P by dv * dragDirection; nothing where the marker
  /// cannot be dragged (a segment whose A == B: t does not move with P).
  std::optional<cq::Vec2d> dragDirection;
  /// Where there is none, why, for the status line when the line is pressed: a press on
  /// the t line of A = B did nothing and said nothing (interaction audit).
  std::string noDragReason;
  /// The least value the raw one can take where it is a distance (the contact's d: 0), and
  /// where the query point is at that value (core's closest point). A drag below it stops
  /// there: carrying the centre on by (target - raw) along the normal took the ball
  /// through the wire and out the other side, into another region (review s30 #3).
  std::optional<double> dragFloor;
  cq::Vec2d floorPoint{};
};

/// Where the query point goes when the raw marker of `line` is dragged to `target`: by
/// (target - raw) along `direction` (the line's dragDirection when the drag began: at the
/// floor the contact's normal is the wire's documented perpendicular, which may point to
/// the other side), or onto the line's floorPoint for a target at or below its floor.
/// nullopt where the move is not defined (raw or target not finite).
std::optional<cq::Vec2d> DraggedQueryPoint(const NumberLine& line, const cq::Vec2d& point, double target,
                                           const cq::Vec2d& direction);

/// A line of the inspector: a name, the value as shown, and what it means.
struct InspectorValue {
  std::string label;
  std::string text;
  std::string help;
};

using CoreResult = std::variant<std::monostate, cq::LinearResult<double, 2>, cq::PlaneResult<double, 2>,
                                cq::BoxResult<double, 2>, cq::ContactResult<double, 2>>;

/// Everything a lesson shows for one scene, recomputed every frame.
struct LessonFrame {
  /// The regions and the strokes are given relative to this point (world = origin +
  /// local; ViewOrigin of the view the frame was made for). Geometry clipped to the view
  /// is computed from inputs shifted by it, near zero, where doubles resolve far below a
  /// pixel even when the scene is 1e15 from the world's origin; computed in world
  /// coordinates there, its corners would round to the doubles' spacing (0.125 units).
  /// Markers, circles, the distance and the push-out are in world coordinates.
  cq::Vec2d origin{};
  CoreResult result;                     ///< core's answer, exactly as returned
  std::optional<cq::QueryError> error;   ///< core refused the scene (e.g. zero normal)
  std::string errorText;                 ///< core's description of it
  std::string regionName;                ///< "A", "interior", "front", "edge", ...

  std::vector<RegionFill> regions;
  std::vector<StrokeLine> strokes;       ///< region boundaries, carrier, shape, construction lines
  std::vector<MarkerPoint> markers;
  std::optional<StrokeLine> distance;    ///< P to closest, labelled with distanceText
  std::string distanceText;              ///< the label, e.g. "d = 2" or "s = −0.74"
  std::vector<CircleShape> circles;      ///< a contact lesson's ball and where it is pushed
  std::optional<StrokeLine> pushOut;     ///< centre to pushed-out centre, labelled with pushOutText
  std::string pushOutText;               ///< e.g. "depth = 1"

  std::vector<NumberLine> numberLines;
  std::vector<InspectorValue> values;    ///< the inspector's live values
  std::vector<std::string> steps;        ///< project / clamp / evaluate, with this scene's numbers
};

class Lesson {
 public:
  virtual ~Lesson() = default;

  virtual std::string_view Id() const = 0;     ///< "segment": --lesson and scene files
  virtual std::string_view Title() const = 0;  ///< "Segment"
  virtual std::string_view Summary() const = 0;  ///< one paragraph: what this lesson teaches

  virtual std::vector<PointSpec> PointSpecs() const = 0;
  virtual std::vector<Preset> Presets() const = 0;  ///< non-empty; the first is the default

  /// The grabbable things for the current points. Default: one per point, P first.
  virtual std::vector<DragHandle> Handles(const Points& points) const;
  /// Moves handle `handleId` so it sits at `target` (world units), adjusting the points.
  /// Returns the id to keep dragging with (a box corner dragged past its opposite corner
  /// becomes the other corner). Default: points[handleId] = target.
  virtual int MoveHandle(Points& points, int handleId, const cq::Vec2d& target) const;
  /// Moves a Body handle so its area is `area`, every corner as given: a nudge or a drag of
  /// the whole box moves both corners in decimal (re-adding the box's size in doubles made
  /// Max.x 0.6000000000000001 after three nudges of 0.1; review s32). Default:
  /// MoveHandle(points, handleId, area.min).
  virtual void MoveArea(Points& points, int handleId, const WorldRect& area) const;

  /// Asks core about the scene and describes everything to show. `view` is the visible
  /// world rectangle, to which unbounded things (regions, lines) are clipped; `numbers`
  /// is how values are written into the frame's texts.
  virtual LessonFrame Evaluate(const Points& points, const WorldRect& view, NumberStyle numbers) const = 0;

  /// A rectangle that holds the scene's interesting parts (for framing the view).
  virtual WorldRect Extent(const Points& points) const;

  /// How many number lines Evaluate produces (fixed per lesson; the layout needs it first).
  virtual size_t NumberLineCount() const { return 1; }

  /// The scene as a closest-query one-shot command that asks core the lesson's question
  /// (Edit > Copy as closest-query command, Ctrl+Shift+C): the same inputs, each the
  /// shortest text that reads back to the same double, so that the tool's numbers are the
  /// lab's. `note` says where they are not (the plane: the tool takes n·x = d, with d =
  /// n·O rounded), else is empty.
  struct QueryCommand {
    std::string command;
    std::string note;
  };
  virtual QueryCommand ClosestQueryCommand(const Points& points) const = 0;

  /// Index of the named point (case-insensitive), or -1.
  int PointIndex(std::string_view name) const;

  /// The point the lesson asks about (drawn blue, listed first among the handles, moved
  /// by dragging on a number line). Default: the one named P.
  virtual int QueryPointIndex() const { return PointIndex("P"); }
};

/// The smallest rectangle holding `rect` and `point`.
WorldRect Enclose(const WorldRect& rect, const cq::Vec2d& point);

/// The lessons in menu order: Segment, Ray, Line, Plane, Box, Contact (app/lessons/registry.cpp).
const std::vector<const Lesson*>& LessonTable();

/// The lesson with this id or title (case-insensitive), or nullptr.
const Lesson* FindLesson(std::string_view name);

/// "segment, ray, line, plane, box, contact"
std::string LessonIdList();

}  // namespace cq::app
