// Lesson: a ball (a circle in 2D) against a wire, the collision-response form of the same
// move. Project the centre onto the wire, clamp, evaluate: that is the wire's closest
// point Q. If the centre is nearer to Q than the radius, the ball is sunk in by
// depth = r − d and is pushed out along the unit normal from Q towards the centre.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "cq/contact.hpp"
#include "cq/linear.hpp"
#include "cq/normalize.hpp"
#include "lessons/lesson_kit.hpp"
#include "lessons/lessons.hpp"

namespace cq::app {
namespace {

constexpr int k_a = 0;
constexpr int k_b = 1;
constexpr int k_center = 2;
constexpr int k_rim = 3;  ///< the radius as a vector: the rim handle sits at C + R

/// r = |R|, rounded to a double once, as every use of the ball takes it; nothing where it
/// is beyond the range.
std::optional<double> RadiusOf(const Points& points) { return cq::Distance(cq::Vec2d{}, points[k_rim]); }

/// The d number line: the centre's distance to the wire against the radius. The contact
/// clamps d to [r, ∞): the raw marker is d, the clamped one where the push leaves it: at r,
/// or, where rounding lost the push (core's ContactResult::push), where core finds C′
/// (review: "after the push = 1e-20", d = r, beside C′ = C and d = 0).
NumberLine MakeDistanceLine(const LinearPoints& points, const cq::ContactResult<double, 2>& contact, double radius,
                            NumberStyle style) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  NumberLine line;
  line.name = "d";
  // Short enough for a projector's row (1280x720 at UI scale 1.5 cut "d, the centre's
  // distance to the wire: sunk in while d…": classroom audit of 2026-11-29).
  line.caption = "d = |C − Q|: sunk in while d < r, pushed out to d = r";
  line.intervals = {{0, radius, Tone::Penetrating}, {radius, inf, Tone::Clear}};
  line.active = contact.penetrating ? 0 : 1;  // touching (d = r) is clear, as core says
  line.ticks = {0, radius};
  line.raw = contact.distance;
  line.rawName = "d";
  line.clamped = contact.penetrating ? radius : contact.distance;
  // "no push: d = 3.5", not "no push = 3.5", which read as a push of 3.5 (teaching audit).
  line.clampedName = contact.penetrating ? "after the push: d" : "no push: d";
  if (contact.push == cq::PushRounding::Lost) {
    line.caption = "d = |C − Q|: sunk in while d < r; the push is lost in double";
    line.clamped = contact.distance;
    line.clampedText = ValueText(contact.distance, style, {radius}) + " (the push is lost in double)";
  } else if (contact.push == cq::PushRounding::LostInPart) {
    line.caption = "d = |C − Q|: sunk in while d < r; the push is lost in part";
    // Core's contact measures C′'s d as it does C's (across the wire, from the exact cross
    // product where the rounded foot is too coarse: at x = 1e16 |C′ − Q′| read 2.25 for 1.46).
    if (const auto after = cq::ContactSphereSegment(cq::Sphere<double, 2>{contact.resolvedCenter, radius}, points.a,
                                                    points.b)) {
      line.clamped = after->distance;
      line.clampedText = ValueText(after->distance, style, {radius}) + " (the push is lost in part)";
    }
  }
  line.dragDirection = contact.normal;
  line.dragFloor = 0.0;
  line.floorPoint = contact.closest;
  const double reach = std::max(radius, contact.distance);
  FitNumberLine(line, 0, reach > 0 ? 1.5 * reach : 1.0);
  return line;
}

/// |C − Q| as rounded, where core measured d across the wire (from the exact cross
/// product) and |C − Q| is not d (RoundedDistanceApart): C a hair off the wire, or a hair
/// inside an end the rounded numerator clamped to. Then the words must not say
/// d = |C − Q| nor that n points from Q to C. Nothing otherwise (Q = C has its own words).
std::optional<std::string> MeasuredAcross(const cq::Vec2d& center, const cq::ContactResult<double, 2>& contact,
                                          NumberStyle style) {
  if (contact.normalFrom != cq::ContactNormalFrom::AcrossWire || contact.closest == center) return std::nullopt;
  return RoundedDistanceApart(center, contact.closest, contact.distance, style);
}

void AddContactSteps(LessonFrame& frame, const LinearPoints& points, double radius, bool radiusRounded,
                     const cq::LinearResult<double, 2>& q, const cq::ContactResult<double, 2>& contact,
                     NumberStyle style, bool degenerate, ExactEnd exactEnd) {
  const cq::Vec2d& center = points.query;
  auto n = [&](double v) { return ValueText(v, style); };
  AddProjectClampEvaluate(frame, cq::LinearKind::Segment, points, q, style, {"C", "Q", "wire"}, degenerate, exactEnd);
  // d and r with the digits that show their order (6 digits read "d = 2 < r = 2").
  const std::string d = ValueText(contact.distance, style, {radius});
  // Where core moved d to r's exact side, the Distance step gives d as rounded (the value
  // the formula gives), and Compare says what core kept (review: "d = |C − Q| =
  // 1.7623974084375256" was neither).
  const std::string dRounded = ValueText(contact.roundedDistance, style, {radius});
  const std::string r = ValueText(radius, style, {contact.distance});
  // Which case core took, from core (review s32: Q == C is no test for "on the wire": a
  // centre a hair off a slanted wire can have a rounded Q equal to C bit for bit).
  const bool onWire = contact.normalFrom == cq::ContactNormalFrom::WirePerpendicular;
  const bool qRoundsToC = !onWire && contact.closest == center;
  const std::optional<std::string> measuredAcross = MeasuredAcross(center, contact, style);
  if (onWire)
    frame.steps.push_back("Distance: C lies on the wire, so Q = C and d = 0.");
  else if (qRoundsToC)
    frame.steps.push_back("Distance: d = " + dRounded +
                          ", C's distance across the wire from the exact cross product (B − A) × (C − A); Q = " +
                          FormatPoint(contact.closest, style, {points.a, points.b}) +
                          " rounds to C itself, so the rounded |C − Q| would read 0.");
  else if (measuredAcross)
    frame.steps.push_back(
        "Distance: d = " + dRounded + ", C's distance across the wire from the exact cross product (B − A) × (C − A). Q = " +
        FormatPoint(contact.closest, style, {points.a, points.b}) +
        " is the rounded foot, and d is as small as its rounding: |C − Q| would read " + *measuredAcross + ".");
  else
    // EqualsText: "d = |C − Q|, beyond the double range (> 1.8e308)", not "= > 1.8e308".
    frame.steps.push_back("Distance: d = |C − Q|" + EqualsText(contact.roundedDistance, style, {radius}) +
                          ", with Q = " + FormatPoint(contact.closest, style, {points.a, points.b}) + ".");
  if (!contact.penetrating) {
    // Core compared exactly: d reads r, but exactly it is a hair more (words audit: "the
    // ball touches" where it was clear by 1.4e-16).
    if (contact.distanceMovedToSide > 0) {
      frame.steps.push_back("Compare: d " +
                            (contact.roundedDistance == radius ? "reads r = " + r
                                                               : "reads " + dRounded + " < r = " + r) +
                            ", yet exactly d is a hair more than r, by less than its rounding (core compares d with r "
                            "exactly and keeps d at r): the ball is clear of the wire, not sunk in, so there is "
                            "nothing to push.");
      return;
    }
    frame.steps.push_back(contact.distance == radius
                              ? "Compare: d = r = " + r + ": the ball touches the wire, which is not sinking in "
                                                          "(d < r would be), so there is nothing to push."
                              : "Compare: " +
                                    (std::isinf(contact.distance) ? "d, beyond the double range, is more than"
                                                                  : "d = " + d + " >") +
                                    " r = " + r +
                                    ": the ball is clear of the wire, not sunk in, so there is nothing to push.");
    return;
  }
  // r = |R| is itself rounded to a double: a ball made to touch exactly (C − B = R, so
  // |C − B| = |R| = √80) gets an r a hair above √80, and core, given that r, finds it sunk
  // in by an ulp; "the ball is sunk in" alone read as wrong (teaching audit). Said where d
  // and r are within a few ulps of r.
  // Only where r = |R| really is rounded (not R = (3, 4), r = 5, and a ball truly sunk in by
  // an ulp), C is off the wire, and the ulp is taken downward (r = 1.8e308 had an infinite
  // one above it; review).
  const double ulpOfR = radius - std::nextafter(radius, 0.0);
  const bool hairDeep = radiusRounded && contact.distance > 0 && contact.depth <= 4 * ulpOfR;
  frame.steps.push_back("Compare: d = " + d + " < r = " + r + ": the ball is sunk in by depth = r − d = " +
                        n(contact.depth) +
                        (hairDeep ? " (within a few ulps of r: r = |R| is rounded to a double, so a ball that "
                                    "touches exactly can read sunk in by that much)"
                                  : std::string()) +
                        // Core compared exactly: the rounded d read r (words audit: "the ball
                        // touches" where it was sunk in by 9.3e-17).
                        (contact.distanceMovedToSide < 0
                             ? "; exactly, d is below r by less than its rounding, which reads d " +
                                   (contact.roundedDistance == radius
                                        ? std::string("= r")
                                        : "= " + ValueText(contact.roundedDistance, style, {radius}) + " > r") +
                                   ": core compares d with r exactly and keeps d below r, at the double just under it"
                             : std::string()) +
                        ".");
  if (onWire)
    frame.steps.push_back("Normal: C − Q is the zero vector, which has no direction; rather than normalise it, "
                          "core uses the wire turned a quarter turn counter-clockwise (+x for a wire that is a "
                          "single point): n = " +
                          FormatPoint(contact.normal, style) + ".");
  else if (qRoundsToC)
    frame.steps.push_back("Normal: the rounded C − Q is the zero vector, yet C is off the wire; rather than "
                          "normalise it, core takes the unit vector across the wire on C's side, from the exact "
                          "cross product: n = " +
                          FormatPoint(contact.normal, style) + ".");
  else if (measuredAcross)
    frame.steps.push_back("Normal: the rounded C − Q does not point across the wire at this scale; core takes the "
                          "unit vector across the wire on C's side, from the exact cross product: n = " +
                          FormatPoint(contact.normal, style) + ".");
  else
    frame.steps.push_back("Normal: the unit vector from Q towards C, n = " + FormatPoint(contact.normal, style) + ".");
  // A push below the rounding of C's coordinates leaves C′ = C bit for bit, and the ball
  // still sunk in: "the smallest move that frees the ball" beside C′ = C was not so (C on a
  // wire at y = 1, r = 1e-20; audit of the one-shot's words).
  // Lost in one coordinate only (C = (1e16, 2): the push's x part, -0.06, is below x's
  // rounding, and the ball stays sunk in: review), the step says that too.
  if (contact.push == cq::PushRounding::Lost)
    frame.steps.push_back("Push out: C′ = C + depth·n = " + FormatPoint(contact.resolvedCenter, style, {center}) +
                          ", C itself: the move, " + n(contact.depth) +
                          ", is below the rounding of C's coordinates, so it is lost in double.");
  else if (contact.push == cq::PushRounding::LostInPart)
    frame.steps.push_back("Push out: C′ = C + depth·n = " + FormatPoint(contact.resolvedCenter, style, {center}) +
                          ": in one coordinate the move is below the rounding of C's, so C′ is the push only in "
                          "part, and the ball may still be sunk in.");
  else if (contact.normalFrom == cq::ContactNormalFrom::WirePerpendicular && degenerate)
    // A wire that is a single point has no sides: every direction frees the ball (review).
    frame.steps.push_back("Push out: C′ = C + depth·n = " + FormatPoint(contact.resolvedCenter, style, {center}) +
                          ", a smallest move that frees the ball (with C on a wire that is a single point, any "
                          "direction would do as well; core's documented choice makes it the same every time).");
  else if (contact.normalFrom == cq::ContactNormalFrom::WirePerpendicular)
    // On the wire, -n frees the ball as well: the move is a smallest one, not the one
    // (teaching audit).
    frame.steps.push_back("Push out: C′ = C + depth·n = " + FormatPoint(contact.resolvedCenter, style, {center}) +
                          ", a smallest move that frees the ball (with C on the wire the other side would do as "
                          "well; core's documented choice makes it the same every time).");
  else
    frame.steps.push_back("Push out: C′ = C + depth·n = " + FormatPoint(contact.resolvedCenter, style, {center}) +
                          ", the smallest move that frees the ball.");
}

}  // namespace

std::string_view ContactLesson::Summary() const {
  return "Collision response is the same move. Project the ball's centre C onto the wire, clamp t to [0, 1] "
         "and evaluate: Q, the wire's closest point. If d = |C − Q| is less than the radius r, the ball is "
         "sunk in by depth = r − d; push it out along the unit normal from Q towards C.";
}

std::vector<PointSpec> ContactLesson::PointSpecs() const {
  return {{"A", "one end of the wire"},
          {"B", "the other end of the wire"},
          {"C", "the ball's centre"},
          {"R", "the radius as a vector from C: the rim handle sits at C + R, and r = |R|"}};
}

std::vector<Preset> ContactLesson::Presets() const {
  return {
      {"Past an end", "C is in B's region: Q is the vertex B, and the push points away from B.",
       {{{-4, 0}}, {{2, 0}}, {{3, 0.5}}, {{0, 2}}}},
      {"Sunk into the wire", "d = 1 < r = 2: pushed out along the wire's normal by depth 1.",
       {{{-4, 0}}, {{4, 0}}, {{1, 1}}, {{0, 2}}}},
      {"Touching", "d = r exactly: touching is not penetrating, so nothing is pushed.",
       {{{-4, 0}}, {{4, 0}}, {{0, 2}}, {{2, 0}}}},
      {"Clear of the wire", "d > r: no contact.", {{{-4, 0}}, {{4, 0}}, {{-1, 3.5}}, {{1.5, 0}}}},
      {"Centre on the wire", "C − Q = 0 has no direction: core uses the documented perpendicular instead of "
                             "normalising a zero vector.",
       // R off the normal: along it the rim handle sat on C′ and hid its marker (teaching audit).
       {{{-4, 0}}, {{4, 0}}, {{1, 0}}, {{1.2, 0.9}}}},
      {"A point-sized ball", "r = 0: d < r never holds, even on the wire. Drag out from C to give the ball a radius "
                             "(the press takes R), or type R.",
       {{{-4, 0}}, {{4, 0}}, {{1, 0}}, {{0, 0}}}},
  };
}

std::vector<DragHandle> ContactLesson::Handles(const Points& points) const {
  std::vector<DragHandle> handles = Lesson::Handles(points);
  for (DragHandle& h : handles)
    if (h.id == k_rim) h.position = points[k_center] + points[k_rim];
  // A point-sized ball (r = 0, or an R below C's rounding): the rim handle sits on C. A
  // press there takes R, listed first (HitTest takes the first of two on one spot, and the
  // canvas draws it on top), so dragging out from the centre grows the radius. C taking
  // it carried R along and kept r = 0: the preset's "drag C away to reach R" could not be
  // done (review). C moves by its fields, Tab and the arrows, or the number lines.
  const auto rim = std::find_if(handles.begin(), handles.end(), [](const DragHandle& h) { return h.id == k_rim; });
  if (rim != handles.end() && rim->position == points[k_center]) std::rotate(handles.begin(), rim, rim + 1);
  return handles;
}

int ContactLesson::MoveHandle(Points& points, int handleId, const cq::Vec2d& target) const {
  if (handleId == k_rim) {
    points[k_rim] = target - points[k_center];
    return handleId;
  }
  return Lesson::MoveHandle(points, handleId, target);
}

WorldRect ContactLesson::Extent(const Points& points) const {
  WorldRect extent{points[k_a], points[k_a]};
  extent = Enclose(extent, points[k_b]);
  const auto radius = RadiusOf(points);
  if (!radius) return Enclose(extent, points[k_center]);
  const cq::Vec2d reach = cq::Vec2d::Splat(*radius);
  auto encloseBall = [&](const cq::Vec2d& center) {
    extent = Enclose(Enclose(extent, center - reach), center + reach);
  };
  encloseBall(points[k_center]);
  if (const auto contact = cq::ContactSphereSegment(cq::Sphere<double, 2>{points[k_center], *radius}, points[k_a],
                                                    points[k_b]))
    encloseBall(contact->resolvedCenter);
  return extent;
}

LessonFrame ContactLesson::Evaluate(const Points& points, const WorldRect& view, NumberStyle style) const {
  const cq::Vec2d& a = points[k_a];
  const cq::Vec2d& b = points[k_b];
  const cq::Vec2d& c = points[k_center];
  LessonFrame frame;
  frame.origin = ViewOrigin(view);
  const auto radius = RadiusOf(points);
  if (!radius) {
    // In the lesson's words: core's "radius: the answer lies beyond the floating-point
    // range (its coordinates overflow)" was said of r itself here and of the push below.
    SetError(frame, cq::QueryError{cq::ErrorCode::Overflow, cq::Field::Radius});
    frame.errorText =
        "The radius r = |R| is beyond the double range (about 1.8e308): no number can stand for "
        "it. Bring the rim handle R closer to C, or undo (Ctrl+Z).";
    return frame;
  }
  // The centre's own project-clamp-evaluate (t, the region, the raw foot), and the contact.
  const auto projected = cq::ClosestPointOnSegment<cq::NearLine::Across>(c, a, b);
  const auto contact = cq::ContactSphereSegment(cq::Sphere<double, 2>{c, *radius}, a, b);
  if (!projected || !contact) {
    SetError(frame, !projected ? projected.error() : contact.error());
    // A wire's contact overflows only in the push (an infinite distance is never sunk in).
    if (projected && contact.error().code == cq::ErrorCode::Overflow)
      frame.errorText =
          "The pushed-out centre C′ = C + depth·n lies beyond the double range (about ±1.8e308): "
          "no number can stand for it. Bring C or the wire back from the edge of the range, or make "
          "the ball smaller, or undo (Ctrl+Z).";
    return frame;
  }
  // Core's contact decides C's feature of the wire exactly (wireRegion, from the exact
  // projection), and the rounded numerator of the projection can contradict it within its
  // rounding of an end. The lesson shows core's decision, with t_raw as projected:
  // - a vertex the rounded numerator does not give: a centre a hair past an end, or
  //   exactly on the perpendicular through it, read inside [0, |B − A|²] (it showed region
  //   "interior", t = 0.9999999999999998 and the foot next to Q = B: review s34), and a
  //   centre far off read past the other end (C exactly on the perpendicular through A,
  //   2e16 from a wire 0.22 long, read region B: audit). Q is that vertex, t 0 or 1;
  // - the interior where the rounded numerator clamped to an end: measured across the wire
  //   (t and Q as rounded), or C exactly on the wire (C = (3.9999999999999996, 0) on the
  //   wire from (-4, 0) to (4, 0)), where core's Q is C itself: region B, t = 1 and "the
  //   vertex B itself" had sat beside the values' closest (3.9999999999999996, 0) (audit).
  cq::LinearResult<double, 2> shown = *projected;
  ExactEnd exactEnd = ExactEnd::AsRounded;
  const cq::LinearRegion wireRegion = contact->wireRegion.value_or(projected->region);
  if (wireRegion != projected->region) {
    shown.region = wireRegion;
    if (wireRegion != cq::LinearRegion::Interior) {
      shown.t = wireRegion == cq::LinearRegion::VertexB ? 1.0 : 0.0;
      shown.closest = contact->closest;  // the vertex, bit for bit
      exactEnd = ExactEnd::AtVertex;
    } else if (contact->normalFrom == cq::ContactNormalFrom::WirePerpendicular) {
      shown.closest = contact->closest;  // C itself
      exactEnd = ExactEnd::OnWire;
    } else {
      exactEnd = ExactEnd::Inside;
    }
  }
  const cq::LinearResult<double, 2>* const q = &shown;
  frame.result = *contact;
  frame.regionName = cq::ToString(q->region);

  // "foot", as in the segment lesson: "P(t_raw)" named a P the contact has none of.
  AddLinearPicture(frame, cq::LinearKind::Segment, a, b, c, *q, view, "foot");
  frame.markers.push_back({contact->closest, Marker::Closest, "Q"});
  frame.distance = StrokeLine{c, contact->closest, Stroke::Distance};
  frame.distanceText = NameEquals("d", contact->distance, style, false, {*radius});
  frame.circles.push_back({c, *radius, CircleRole::Ball});
  if (contact->penetrating) {
    frame.circles.push_back({contact->resolvedCenter, *radius, CircleRole::Resolved});
    frame.pushOut = StrokeLine{c, contact->resolvedCenter, Stroke::PushOut};
    frame.pushOutText = NameEquals("depth", contact->depth, style);
    frame.markers.push_back({contact->resolvedCenter, Marker::Resolved, "C′"});
  }

  // Held as 0 in double though the exact numerator is not 0: said so (TText), on the t
  // line too.
  const int exactSign = a == b ? 0 : ExactNumeratorSign({c, a, b}, *q);
  frame.numberLines.push_back(MakeTNumberLine(cq::LinearKind::Segment, *q, b - a, exactSign));
  // The wire's line, with no P: the contact has none ("P(t)" read as a point of the scene,
  // as the foot's "P(t_raw)" did: teaching audit).
  if (a != b) frame.numberLines.back().caption = "t along the wire's line A + t(B − A): 0 at A, 1 at B";
  frame.numberLines.push_back(MakeDistanceLine({c, a, b}, *contact, *radius, style));

  AddValue(frame, "radius", ValueText(*radius, style, {contact->distance}), "r = |R|");
  AddValue(frame, "t_raw", TRawText(q->tRaw, a == b, exactSign, style),
           "(C − A)·(B − A) / |B − A|²: where C projects onto the wire's line");
  AddValue(frame, "t", TText(q->t, q->region == cq::LinearRegion::Interior ? exactSign : 0, style),
           "t_raw clamped to [0, 1]: Q = A + t(B − A)");
  AddValue(frame, "region", frame.regionName, "the Voronoi region of C: which feature of the wire is closest");
  // Q apart from the wire's ends, C′ from C: a push of 1e-14 read "(0, 1.5)", C itself.
  AddValue(frame, "closest", FormatPoint(contact->closest, style, {a, b}), "Q, the wire's closest point to C");
  // Across the wire, d and n come from the exact cross product (the words of the steps).
  const bool across = contact->normalFrom == cq::ContactNormalFrom::AcrossWire;
  AddValue(frame, "distance", ValueText(contact->distance, style, {*radius}),
           MeasuredAcross(c, *contact, style)
               ? "C's distance across the wire, from the exact cross product (|C − Q| is not d here: d is as "
                 "small as the rounding of Q)"
           : across ? "d = |C − Q|, taken across the wire from the exact cross product"
                    : "d = |C − Q|");
  AddValue(frame, "penetrating", contact->penetrating ? "yes" : "no", "d < r (touching, d = r, is not penetrating)");
  AddValue(frame, "depth", ValueText(contact->depth, style), "r − d when penetrating, else 0");
  // C on the wire: C − Q = 0 has no direction, and "from Q towards C" was no rule core used
  // (teaching audit); the words of closest-query.
  const bool onWire = contact->normalFrom == cq::ContactNormalFrom::WirePerpendicular;
  AddValue(frame, "normal", FormatPoint(contact->normal, style),
           onWire   ? "unit: C is on the wire, so C − Q = 0 has no direction; core's documented perpendicular"
           : across ? "unit, across the wire towards C (exact cross product): the way out"
                    : "unit, from Q towards C: the way out");
  AddValue(frame, "resolved centre", FormatPoint(contact->resolvedCenter, style, {c}),
           contact->push == cq::PushRounding::Lost
               ? "C′ = C + depth·n: C itself, the move is below the rounding of C's coordinates"
           : contact->push == cq::PushRounding::LostInPart
               ? "C′ = C + depth·n: the move is lost in one coordinate, so the ball may still be sunk in"
           // Not sunk in: nothing moves (it read "the smallest move that frees the ball"
           // beside depth 0: teaching audit).
           : contact->push == cq::PushRounding::NoPush ? "C′ = C: not sunk in, so nothing moves (depth = 0)"
           : onWire ? "C′ = C + depth·n: a smallest move that frees the ball (C on the wire: the other side would do "
                      "as well)"
                    : "C′ = C + depth·n: the smallest move that frees the ball");
  // r = |R| rounded to a double, or exactly |R| (R = (3, 4): 5): core's exact comparison.
  const bool radiusRounded = cq::CompareDistance(points[k_rim], cq::Vec2d{}, *radius) != 0;
  AddContactSteps(frame, {c, a, b}, *radius, radiusRounded, *q, *contact, style, a == b, exactEnd);
  return frame;
}

Lesson::QueryCommand ContactLesson::ClosestQueryCommand(const Points& points) const {
  const auto radius = RadiusOf(points);  // as the lesson hands it to core
  const std::string r = radius ? FormatNumber(*radius, NumberStyle::Exact) : "inf";
  return {"closest-query contact --center=" + CommandLinePoint(points[k_center]) + " --radius=" + r +
              " --shape segment --a=" + CommandLinePoint(points[k_a]) + " --b=" + CommandLinePoint(points[k_b]),
          radius ? "" : "r = |R| is beyond the double range; closest-query refuses it too"};
}

}  // namespace cq::app
