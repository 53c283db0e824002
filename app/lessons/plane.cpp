// Lesson: closest point on a plane (in 2D a line with a front side). No clamp: subtract
// the signed distance along the normal.
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "cq/normalize.hpp"
#include "cq/plane.hpp"
#include "cq/regions2d.hpp"
#include "lessons/lesson_kit.hpp"
#include "lessons/lessons.hpp"

namespace cq::app {
namespace {

/// What a + b lost to rounding when it came out as `sum` (= a + b in double), exactly:
/// Knuth's two-sum. 0 where the sum is exact.
double RoundingOfSum(double a, double b, double sum) {
  const double back = sum - a;
  return (a - (sum - back)) + (b - back);
}

/// Where N − O is not a double (0.4 − 0.1 is 0.30000000000000004), the plane core answers
/// for is the one at right angles to the rounded n, and its numbers follow from that n, not
/// from the n shown at 6 digits (s = 3.8e-17 beside n = (0.3, 0.5): teaching audit): " (N −
/// O rounded to doubles: (0.30000000000000004, 0.49999999999999994))", else nothing. Exact
/// where what the subtraction lost (Knuth's two-sum) is 0 in both coordinates.
std::string RoundedNormalWords(const cq::Vec2d& o, const cq::Vec2d& tip, const cq::Vec2d& n) {
  bool exact = true;
  for (int k = 0; k < 2; ++k) exact = exact && RoundingOfSum(tip[k], -o[k], n[k]) == 0;
  if (exact || !cq::IsFinite(n)) return "";
  return " (N − O rounded to doubles: " + FormatPoint(n, NumberStyle::Exact) + ")";
}

constexpr int k_anchor = 0;
constexpr int k_normalTip = 1;
constexpr int k_query = 2;

Tone ToneOf(int region) { return cq::PlaneRegion(region) == cq::PlaneRegion::Front ? Tone::Front : Tone::Back; }

/// The lesson's normal n = N - O; where that overflows (O and N near opposite ends of the
/// range), half of it, exactly N/2 - O/2 but for the last bit of a subnormal coordinate:
/// a normal of any length gives the same plane.
struct LessonNormal {
  cq::Vec2d n;
  bool halved = false;
};

LessonNormal NormalOf(const Points& points) {
  const cq::Vec2d full = points[k_normalTip] - points[k_anchor];
  if (cq::IsFinite(full)) return {full, false};
  return {0.5 * points[k_normalTip] - 0.5 * points[k_anchor], true};
}

/// Core's refusals in the lesson's own terms: the user sees O, N and P, not n and d.
std::string PlaneErrorText(const cq::QueryError& error) {
  switch (error.code) {
    case cq::ErrorCode::ZeroNormal:
      return "N is on O, so the normal n = N − O is the zero vector and there is no plane (a plane needs a "
             "non-zero normal). Drag the dot where they meet (a click there takes O) or type N, or undo (Ctrl+Z).";
    case cq::ErrorCode::Overflow:
      return "The foot P − s n̂ lies beyond the double range (about ±1.8e308): no number can stand for it. "
             "Bring P closer to O, or undo (Ctrl+Z).";
    default: return cq::Describe(error);
  }
}

}  // namespace

std::string_view PlaneLesson::Summary() const {
  return "A plane n·x = d splits space into a front (where n points) and a back. The signed distance "
         "s = (n·P − d) / |n| says how far P is in front; step back by s along the unit normal and you "
         "are on the plane. A plane is unbounded: nothing to clamp.";
}

std::vector<PointSpec> PlaneLesson::PointSpecs() const {
  return {{"O", "a point on the plane"}, {"N", "tip of the normal drawn from O (n = N − O)"}, {"P", "query point"}};
}

std::vector<Preset> PlaneLesson::Presets() const {
  return {
      {"Behind the plane", "s < 0: P is on the back side; the foot is P − s n̂.", {{{0, 0}}, {{0.8, 2}}, {{3, -2}}}},
      {"In front", "s > 0: P is on the side the normal points to.", {{{0, 0}}, {{0.8, 2}}, {{-2, 3}}}},
      {"Long normal", "n need not be a unit vector: s divides by |n|, so the answer is that of \"Behind the plane\" "
       "(whose n points the same way, 3 times shorter), up to rounding.",
       {{{0, 0}}, {{2.4, 6}}, {{3, -2}}}},
      {"Zero normal (invalid)", "N on top of O makes n = 0: no plane, and core says so instead of returning NaN.",
       {{{0, 0}}, {{0, 0}}, {{3, -2}}}},
  };
}

WorldRect PlaneLesson::Extent(const Points& points) const {
  WorldRect extent = Lesson::Extent(points);
  if (const auto q = cq::ClosestPointOnPlaneThroughPoint(points[k_query], NormalOf(points).n, points[k_anchor]))
    extent = Enclose(extent, q->closest);
  return extent;
}

LessonFrame PlaneLesson::Evaluate(const Points& points, const WorldRect& view, NumberStyle style) const {
  const cq::Vec2d& o = points[k_anchor];
  const cq::Vec2d& tip = points[k_normalTip];
  const cq::Vec2d& p = points[k_query];
  const LessonNormal normal = NormalOf(points);
  // d = n·O as core forms it; it may overflow (n = (1e200, 1e200) through O = (1e200,
  // 1e200)), and core answers that plane all the same.
  const cq::Plane<double, 2> plane = cq::PlaneThroughPoint(normal.n, o);
  LessonFrame frame;
  frame.origin = ViewOrigin(view);
  AddStroke(frame, o, tip, Stroke::Normal);
  const auto q = cq::ClosestPointOnPlaneThroughPoint(p, normal.n, o);
  if (!q) {
    SetError(frame, q.error());
    frame.errorText = PlaneErrorText(q.error());
    // The pitfall of a normal from a zero-length vector, in the steps where it happens
    // (teaching audit of 2026-11-29: a refused scene had no steps, and the banner spoke of
    // the mouse, not of the arithmetic).
    if (q.error().code == cq::ErrorCode::ZeroNormal) {
      frame.steps.push_back("Normal: n = N − O = (0, 0), so |n| = 0.");
      frame.steps.push_back("No plane: s = n·(P − O) / |n| would be 0 / 0, and the unit normal n / |n| would be "
                            "(NaN, NaN): no direction at all, and every number made from it would be NaN too. "
                            "Core checks |n| first and refuses the plane: no answer beats a NaN answer.");
    }
    return frame;
  }
  frame.result = *q;
  frame.regionName = cq::ToString(q->region);

  // The same plane through O - origin: its regions in the frame's local coordinates.
  if (const auto map = cq::PlaneRegionsThroughPoint(normal.n, o - frame.origin, LocalView(view, frame.origin))) {
    AddRegionMap(frame, *map, int(q->region), ToneOf);
    // The region boundary of a plane is the plane itself: draw it as the shape.
    for (StrokeLine& line : frame.strokes)
      if (line.stroke == Stroke::Boundary) line.stroke = Stroke::Shape;
  }
  if (!(q->closest == p)) AddStroke(frame, p, q->closest, Stroke::Perpendicular);
  frame.markers.push_back({q->closest, Marker::Closest, "closest"});
  frame.distance = StrokeLine{p, q->closest, Stroke::Distance};
  // Off the plane, core's s (and so |s| and s²) can underflow to 0, and n·(P − O) too; core
  // takes the side from the exact sign. A plain "0" read as P on the plane (audit), on the
  // canvas and the s line too (review: "s = 0" there beside the inspector's words).
  const bool off = q->region != cq::PlaneRegion::On;
  const int exactSide = q->region == cq::PlaneRegion::Front ? 1 : -1;
  const bool sRoundsTo0 = off && q->signedDistance == 0;
  frame.distanceText = sRoundsTo0 ? "s = " + ZeroInDoubleText(exactSide) : NameEquals("s", q->signedDistance, style);

  NumberLine line;
  line.name = "s";
  // The whole sign rule in a projector's row ("signed distance along the unit normal: 0
  // on the plane, > 0 in…" at 1920x1080 and UI scale 2: classroom audit of 2026-11-29).
  line.caption = "s along n̂: > 0 in front, 0 on the plane, < 0 behind";
  constexpr double inf = std::numeric_limits<double>::infinity();
  line.intervals = {{-inf, 0, Tone::Back}, {0, inf, Tone::Front}};
  // On the plane (s = 0): neither side is P's.
  line.active = q->region == cq::PlaneRegion::Back ? 0 : (q->region == cq::PlaneRegion::Front ? 1 : -1);
  line.ticks = {0};
  line.raw = q->signedDistance;
  line.rawName = "s";
  if (sRoundsTo0) line.rawText = ZeroInDoubleText(exactSide);
  line.clamped = 0.0;  // the foot lies on the plane, s = 0
  line.clampedName = "foot: s";  // "foot = 0" read as the foot being 0 (teaching audit)
  const std::optional<cq::Vec2d> unit = cq::Normalize(plane.normal);  // n̂; non-zero: core accepted the plane
  line.dragDirection = unit;
  // Drawn to the scene's size, the normal's length: at least [-1, 1] put s = -0.001 on the
  // foot for a plane scene 1e-3 across (lesson audit), where the canvas showed P well off
  // the plane. A scene scaled by any factor draws the same line.
  const double reach = std::max(std::hypot(normal.n.x(), normal.n.y()), std::abs(q->signedDistance));
  FitNumberLine(line, -reach, reach);
  frame.numberLines.push_back(line);

  auto n = [&](double v) { return ValueText(v, style); };
  const std::string sideWords = q->region == cq::PlaneRegion::Front ? "P is in front" : "P is behind";
  const std::string sText =
      sRoundsTo0 ? ZeroInDoubleText(exactSide) + " (" + sideWords + ")" : ValueText(q->signedDistance, style);
  AddValue(frame, "signed distance", sText, "s = n·(P − O) / |n|: positive in front, negative behind");
  AddValue(frame, "distance",
           sRoundsTo0 ? ZeroInDoubleText(1) + " (P is off the plane)" : ValueText(q->distance, style), "|s|");
  AddValue(
      frame, "distance²",
      sRoundsTo0 ? ZeroInDoubleText(1) + " (P is off the plane)" : SquareText(q->distanceSq, q->distance, style, "s"),
      "s²");
  // The side comes from the exact sign of n·(P − O); s can underflow to 0 off the plane
  // (P = (2e-323, -5e-324) in front of n = (1, 3) through the origin read "front (s > 0)"
  // beside s = 0: review).
  AddValue(frame, "side", frame.regionName,
           q->signedDistance == 0 && q->region != cq::PlaneRegion::On
               ? "from the exact sign of n·(P − O), which is not 0: s = n·(P − O) / |n| underflows to 0 in double"
               : "front (s > 0), back (s < 0) or on the plane (n·(P − O) exactly 0)");
  AddValue(frame, "closest", FormatPoint(q->closest, style), "the foot: P − s n̂");
  const bool offsetFinite = std::isfinite(plane.offset);
  const std::string offsetText = offsetFinite ? n(plane.offset) : "beyond the double range";
  AddValue(frame, "n", FormatPoint(plane.normal, style),
           normal.halved ? "the normal, (N − O) / 2: N − O itself overflows the double range (any length but zero)"
                         : "the normal, N − O (any length but zero)");
  AddValue(frame, "offset d", offsetText, "the plane is n·x = d (d is its offset, not a distance), here d = n·O (rounded to a double; core takes the side from the exact n·(P − O))");

  const std::string normalPart =
      normal.halved ? "n = (N − O) / 2 = " + FormatPoint(plane.normal, style) +
                          (RoundedNormalWords(0.5 * o, 0.5 * tip, plane.normal).empty()
                               ? " (N − O itself overflows the double range; half of it gives the same plane)"
                               : " (N − O itself overflows the double range, and half of it is rounded to doubles)")
                    : "n = N − O = " + FormatPoint(plane.normal, style) + RoundedNormalWords(o, tip, plane.normal);
  const std::string offsetPart =
      offsetFinite
          ? "d = n·O = " + offsetText + "."
          : "d = n·O is beyond the double range; core answers this plane all the same, from sums that do not overflow.";
  frame.steps.push_back("Plane: " + normalPart + ", " + offsetPart);
  // The quotient as written only where it reads as s does: a numerator that underflowed
  // read "s = n·(P − O) / |n| = 0 / 1e-164 = -2e-277" (review). An s that underflows off
  // the plane is no plain 0 either: "= 5e-324 / 3.16228 = 0" read as P on the plane.
  const bool planeValueRoundsTo0 = off && q->planeValue == 0;
  if (sRoundsTo0)
    frame.steps.push_back("Project: the signed distance s = n·(P − O) / |n| = " + sText +
                          ": s underflows, and core takes the side from the exact sign of n·(P − O).");
  else if (planeValueRoundsTo0)
    frame.steps.push_back("Project: the signed distance s = n·(P − O) / |n|" + EqualsText(q->signedDistance, style) +
                          " (n·(P − O) is " + ZeroInDoubleText(exactSide) +
                          ", as it underflows; core divides it at a power-of-two scale).");
  else if (std::isfinite(q->planeValue) && ValueText(q->planeValue / q->normalLength, NumberStyle::Readable) ==
                                               ValueText(q->signedDistance, NumberStyle::Readable))
    frame.steps.push_back("Project: the signed distance s = n·(P − O) / |n| = " + n(q->planeValue) + " / " + n(q->normalLength) +
                          " = " + n(q->signedDistance) + ".");
  else if (std::isfinite(q->planeValue))
    frame.steps.push_back("Project: the signed distance s = n·(P − O) / |n|" + EqualsText(q->signedDistance, style) +
                          " (n·(P − O) = " + n(q->planeValue) + " in double has lost digits to underflow; core "
                          "divides it at a power-of-two scale).");
  else
    frame.steps.push_back("Project: the signed distance s = n·(P − O) / |n|" + EqualsText(q->signedDistance, style) +
                          " (n·(P − O) overflows the double range; core divides it in a wider range).");
  // n = N − O is rounded to doubles: the plane core answers for is the one through O at
  // right angles to that n, and the side of the plane through O at right angles to N − O
  // itself can differ (O = (0.1, 0.2), N = (0.4, 0.7), P = (35716.376733281155,
  // -21429.566039968697): front for the rounded n, exactly behind: teaching audit). Core's
  // exact projection onto the line from O to N
  // gives that side (the sign of (P − O)·(N − O)); where it differs, the step says so.
  {
    const cq::ExactProjection along = cq::ProjectExactly(p, o, tip);
    const cq::PlaneRegion exactRegion = along == cq::ExactProjection::BeforeA ? cq::PlaneRegion::Back
                                        : along == cq::ExactProjection::OntoA ? cq::PlaneRegion::On
                                                                              : cq::PlaneRegion::Front;
    if (exactRegion != q->region) {
      const char* exactWords = exactRegion == cq::PlaneRegion::Front  ? "in front of it"
                               : exactRegion == cq::PlaneRegion::Back ? "behind it"
                                                                      : "on it";
      frame.steps.back() += std::string(" As rounded, though: n is ") + (normal.halved ? "(N − O) / 2" : "N − O") +
                            " rounded to doubles, and against the plane through O at right angles to N − O exactly, P "
                            "lies " +
                            exactWords + ".";
    }
  }
  frame.steps.push_back("No clamp: a plane is unbounded, so the foot is always on it.");
  const std::string side = q->region == cq::PlaneRegion::Front  ? "in front"
                           : q->region == cq::PlaneRegion::Back ? "behind"
                                                                : "on the plane";
  // The formula as written, with s and n̂ as rounded to doubles: where it is evaluated
  // without rounding (every product s n̂_k and difference P_k − s n̂_k exact) and is another
  // point than core's foot, that difference is s's own rounding, and the step says so (O =
  // (1, 0), N = (0, 0), P = (1e300, 5): s = -1e300 gives exactly (0, 5) beside the foot
  // (1, 5); review). Where the formula itself rounds (n̂ = (0.707…, 0.707…)), the app cannot
  // tell s's rounding from the formula's own ("4.44089e-16" beside a foot at 0 is the
  // formula's: review) and keeps the formula; with such a normal and s at 1e300 the formula
  // evaluated in double loses the foot to cancellation, which the step does not say.
  std::optional<cq::Vec2d> exactFormula;
  if (unit && std::isfinite(q->signedDistance)) {
    cq::Vec2d f;
    bool exact = true;
    for (int k = 0; k < 2; ++k) {
      const double product = q->signedDistance * (*unit)[k];
      const double difference = p[k] - product;
      // Both exact: the fused product's remainder is 0, and so is the difference's.
      exact = exact && std::fma(q->signedDistance, (*unit)[k], -product) == 0 &&
              RoundingOfSum(p[k], -product, difference) == 0 && std::isfinite(difference);
      f[k] = difference;
    }
    if (exact) exactFormula = f;
  }
  // Told only where the two read apart in the style shown: a last bit of 0.1 is no lesson
  // at six digits.
  if (exactFormula && FormatPoint(*exactFormula, style) != FormatPoint(q->closest, style))
    frame.steps.push_back("Evaluate: closest = " + FormatPoint(q->closest, style) + ", the foot of the perpendicular (P is " +
                          side + "): s is rounded to a double, and P − s n̂ with that s is exactly " +
                          FormatPoint(*exactFormula, style) + "; core forms the foot without that rounding" +
                          OriginWords(q->closest) + ".");
  else
    frame.steps.push_back("Evaluate: closest = P − s n̂ = " + FormatPoint(q->closest, style) +
                          (unit ? ", with n̂ = n / |n| = " + FormatPoint(*unit, style) : std::string()) + " (P is " +
                          side + ")" + OriginWords(q->closest) + ".");
  return frame;
}

Lesson::QueryCommand PlaneLesson::ClosestQueryCommand(const Points& points) const {
  // closest-query takes the plane as n·x = d: n is the lesson's (N − O, or its half where
  // that overflows), d = n·O as core rounds it (PlaneThroughPoint). The lesson answers for
  // the plane through O itself; where the two answers differ, the note says so.
  const LessonNormal normal = NormalOf(points);
  const cq::Plane<double, 2> plane = cq::PlaneThroughPoint(normal.n, points[k_anchor]);
  QueryCommand out{"closest-query plane --n=" + CommandLinePoint(normal.n) + " --d=" +
                       FormatNumber(plane.offset, NumberStyle::Exact) + " --p=" + CommandLinePoint(points[k_query]),
                   {}};
  const auto lab = cq::ClosestPointOnPlaneThroughPoint(points[k_query], normal.n, points[k_anchor]);
  if (!std::isfinite(plane.offset)) {
    out.note = lab.ok() ? "d = n·O is beyond the double range, so closest-query cannot take this plane as n·x = d; "
                          "the lab answers for the plane through O"
                        : "d = n·O is beyond the double range, so closest-query cannot take this plane as n·x = d";
    return out;
  }
  const auto tool = cq::ClosestPointOnPlane(points[k_query], plane);
  if (!lab.ok() || !tool.ok()) {
    if (lab.ok() != tool.ok())
      out.note = std::string("closest-query takes the plane as n·x = d with d = n·O rounded to a double, off the "
                             "lab's plane through O by that rounding over |n|: here ") +
                 (lab.ok() ? "closest-query refuses it" : "the lab refuses it and closest-query answers");
  } else if (!(lab->closest == tool->closest) || lab->signedDistance != tool->signedDistance ||
             lab->region != tool->region) {
    out.note = "closest-query takes the plane as n·x = d with d = n·O rounded to a double, off the lab's plane "
               "through O by that rounding over |n|: here their answers differ";
  }
  return out;
}

}  // namespace cq::app
