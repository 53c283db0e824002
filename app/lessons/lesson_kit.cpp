#include "lessons/lesson_kit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "cq/normalize.hpp"

namespace cq::app {

void AddStroke(LessonFrame& frame, const cq::Vec2d& p0, const cq::Vec2d& p1, Stroke stroke) {
  frame.strokes.push_back({p0 - frame.origin, p1 - frame.origin, stroke});
}

void AddValue(LessonFrame& frame, std::string label, std::string text, std::string help) {
  frame.values.push_back({std::move(label), std::move(text), std::move(help)});
}

void SetError(LessonFrame& frame, const cq::QueryError& error) {
  frame.error = error;
  frame.errorText = cq::Describe(error);
  frame.regionName = "none (invalid input)";
}

Tone LinearTone(int region) {
  switch (cq::LinearRegion(region)) {
    case cq::LinearRegion::VertexA: return Tone::VertexA;
    case cq::LinearRegion::Interior: return Tone::Interior;
    case cq::LinearRegion::VertexB: return Tone::VertexB;
  }
  return Tone::Interior;
}

NumberLine MakeTNumberLine(cq::LinearKind kind, const cq::LinearResult<double, 2>& q, const cq::Vec2d& direction,
                           int exactSign) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  NumberLine line;
  line.name = "t";
  line.caption = "t along the line P(t) = A + t(B − A): 0 at A, 1 at B";
  if (direction == cq::Vec2d{}) {
    // A == B: every t gives the point A, which is the one region the canvas shows (core
    // answers t = 0 by definition). Coloured by kind, the axis said "interior" there.
    line.caption = "A = B: every t gives the point A; t = 0 by definition";
    line.intervals = {{-inf, inf, Tone::VertexA}};
    line.rawText = "0 / 0, none";  // no quotient was formed (TRawText), and nothing to mark
    line.rawMarked = false;
  } else {
    switch (kind) {
      case cq::LinearKind::Segment:
        line.intervals = {{-inf, 0, Tone::VertexA}, {0, 1, Tone::Interior}, {1, inf, Tone::VertexB}};
        break;
      case cq::LinearKind::Ray:
        line.intervals = {{-inf, 0, Tone::VertexA}, {0, inf, Tone::Interior}};
        break;
      case cq::LinearKind::Line:
        line.intervals = {{-inf, inf, Tone::Interior}};
        break;
    }
  }
  // Core's region: the intervals are in region order (A, interior, B), and a line has one.
  const int region = q.region == cq::LinearRegion::VertexA ? 0 : (q.region == cq::LinearRegion::Interior ? 1 : 2);
  line.active = std::min(region, int(line.intervals.size()) - 1);
  line.ticks = {0, 1};
  line.raw = q.tRaw;
  line.rawName = "t_raw";
  // A line's t is its t_raw, one mark; but with A = B there is no t_raw to mark, and t = 0
  // by definition is marked as the segment's and the ray's is (the line's t line showed
  // nothing: GUI audit).
  if (kind != cq::LinearKind::Line || !line.rawMarked) {
    line.clamped = q.t;
    line.clampedName = "t";
  }
  // As the inspector says them (TText): a 0 that is not 0 exactly.
  if (q.tRaw == 0 && exactSign != 0) line.rawText = ZeroInDoubleText(exactSign);
  if (line.clamped && q.t == 0 && q.region == cq::LinearRegion::Interior && exactSign != 0)
    line.clampedText = ZeroInDoubleText(exactSign);
  // No drag where t moves nothing (A == B) or where B - A overflows the double range (A and
  // B near opposite ends of it: each step of t would move P by infinity).
  if ((direction.x() != 0 || direction.y() != 0) && cq::IsFinite(direction))
    line.dragDirection = direction;
  else
    line.noDragReason = direction == cq::Vec2d{}
                            ? "A = B: every t gives the point A, so the t line moves nothing; move A or B apart first."
                            : "B − A is beyond the double range: a step of t would move the point by infinity, so "
                              "the t line moves nothing.";
  FitNumberLine(line, -0.5, 1.5);
  return line;
}

void AddLinearPicture(LessonFrame& frame, cq::LinearKind kind, const cq::Vec2d& a, const cq::Vec2d& b,
                      const cq::Vec2d& query, const cq::LinearResult<double, 2>& q, const WorldRect& view,
                      const std::string& footLabel) {
  // Regions and clipped lines in the frame's local coordinates (LessonFrame::origin): A
  // and B shifted, rounded to the spacing there, with the direction B - A taken before
  // the shift, where it is exact (seen from far away, the shifted B - A can be spoilt or
  // even zero; core draws the perpendiculars through the shifted points along it).
  const cq::Vec2d o = frame.origin;
  const WorldRect local = LocalView(view, o);
  const auto map = a == b ? cq::LinearRegions(kind, a - o, a - o, local)
                          : cq::LinearRegions(kind, a - o, b - o, b - a, local);
  if (map) AddRegionMap(frame, *map, int(q.region), LinearTone);
  if (!(a == b)) {
    // Each clipped from whichever of A and B is nearer the view (core's
    // ClipThroughPointsToRect): from A alone, A at -1e17 with B in view drew nothing.
    const cq::Vec2d d = b - a;
    constexpr double inf = std::numeric_limits<double>::infinity();
    auto clip = [&](double tMin, double tMax) { return cq::ClipThroughPointsToRect(a - o, b - o, d, tMin, tMax, local); };
    if (kind == cq::LinearKind::Line) {
      if (auto line = clip(-inf, inf)) frame.strokes.push_back({line->p0, line->p1, Stroke::Shape});
    } else {
      if (auto carrier = clip(-inf, inf)) frame.strokes.push_back({carrier->p0, carrier->p1, Stroke::Carrier});
      if (auto shape = clip(0.0, kind == cq::LinearKind::Segment ? 1.0 : inf))
        frame.strokes.push_back({shape->p0, shape->p1, Stroke::Shape});
    }
  }
  // The clamp moved the answer only where it changed t. Where t_raw is already 0 or 1 the
  // foot is the vertex to within core's rounding, which far from A is coarse: A at -1e17
  // put P(t_raw) 3 units from B, t_raw = t = 1, and drew a clamp that did not happen.
  const bool clamped = q.tRaw != q.t && !(q.foot == q.closest);
  const cq::Vec2d& foot = clamped ? q.foot : q.closest;
  if (!(foot == query)) AddStroke(frame, query, foot, Stroke::Perpendicular);
  if (clamped) {
    AddStroke(frame, q.foot, q.closest, Stroke::ClampMove);
    frame.markers.push_back({q.foot, Marker::RawFoot, footLabel});
  }
}

const char* ClampRange(cq::LinearKind kind) {
  switch (kind) {
    case cq::LinearKind::Segment: return "[0, 1]";
    case cq::LinearKind::Ray: return "[0, ∞)";
    case cq::LinearKind::Line: return "(−∞, ∞)";
  }
  return "";
}

Apart TMarks() { return {0.0, 1.0}; }

std::string ZeroInDoubleText(int exactSign) {
  return std::string("0 in double, though exactly ") + (exactSign > 0 ? "> 0" : "< 0");
}

int ExactNumeratorSign(const LinearPoints& points, const cq::LinearResult<double, 2>& q) {
  // Onto A: exactly 0 (every P where A = B); before A: below 0; any other side: above 0.
  switch (cq::ProjectExactly(points.query, points.a, points.b, q.region)) {
    case cq::ExactProjection::OntoA: return 0;
    case cq::ExactProjection::BeforeA: return -1;
    default: return 1;
  }
}

std::string NumeratorText(cq::LinearKind kind, const LinearPoints& points, const cq::LinearResult<double, 2>& q,
                          NumberStyle style, const std::string& query) {
  if (q.numerator == 0) {
    if (const int sign = ExactNumeratorSign(points, q); sign != 0)
      return ZeroInDoubleText(sign) + " (" + query + " projects " +
             cq::ToString(cq::ProjectExactly(points.query, points.a, points.b, q.region), kind) + ")";
  }
  return ValueText(q.numerator, style, {q.denominator});
}

std::string TText(double t, int exactSign, NumberStyle style) {
  if (t == 0 && exactSign != 0) return ZeroInDoubleText(exactSign);
  return ValueText(t, style, TMarks());
}

std::string TRawText(double tRaw, bool degenerate, int exactSign, NumberStyle style) {
  return degenerate ? std::string(k_noTRaw) : TText(tRaw, exactSign, style);
}

std::string SquareText(double square, double root, NumberStyle style, const std::string& name) {
  if (square == 0 && root != 0) return ZeroInDoubleText(1) + " (" + name + "² underflows)";
  return ValueText(square, style);
}

std::optional<std::string> RoundedDistanceApart(const cq::Vec2d& from, const cq::Vec2d& to, double distance,
                                                NumberStyle style) {
  if (!std::isfinite(distance)) return std::nullopt;
  const std::optional<double> rounded = cq::Distance(from, to);  // none: beyond the range
  if (rounded && ValueText(*rounded, NumberStyle::Readable) == ValueText(distance, NumberStyle::Readable))
    return std::nullopt;
  return rounded ? ValueText(*rounded, style) : "more than the double range";
}

std::string OriginWords(const cq::Vec2d& closest) {
  if (closest.x() != 0 || closest.y() != 0) return {};
  return ". (0, 0) is the origin, and a real answer: code that returned the zero vector to mean \"no answer\" "
         "would throw it away; core reports a failure as an error of its own";
}

void AddProjectClampEvaluate(LessonFrame& frame, cq::LinearKind kind, const LinearPoints& points,
                             const cq::LinearResult<double, 2>& q, NumberStyle style, const StepNames& names,
                             bool degenerate, ExactEnd exactEnd) {
  const std::string& query = names.query;
  auto n = [&](double v) { return ValueText(v, style); };
  // The closest point never reads as an end it is not (FormatPoint's `apart`).
  const PointsApart ends = {points.a, points.b};
  // t_raw and t never read as a clamp bound they are not, nor the numerator as |B − A|²;
  // nor as 0 where core holds them as 0 but the exact numerator is not (TText). tText is
  // only ever given t_raw and an interior t, never a t the clamp set to 0.
  const Apart bounds = TMarks();
  const int exactSign = degenerate ? 0 : ExactNumeratorSign(points, q);
  auto tText = [&](double t) {
    return t == 0 && exactSign != 0 ? " = " + ZeroInDoubleText(exactSign) : EqualsText(t, style, bounds);
  };
  if (degenerate) {
    frame.steps.push_back("Project: |B − A|² = 0, so A and B coincide: the shape is the single point A. "
                          "No division by zero: t = 0 by definition.");
    frame.steps.push_back("Evaluate: " + names.closest + " = A = " + FormatPoint(q.closest, style) +
                          OriginWords(q.closest) + ".");
    return;
  }
  // Where the Project step says core rescaled (every branch but the plain quotient), core
  // compared the rescaled numerator, not the double one shown.
  bool rescaled = true;
  if (q.denominator == 0 || !std::isfinite(q.denominator))
    // A segment shorter than about 1e-154 (or longer than 1e154): |B − A|² under- or
    // overflows in double, and core divides at an exact power-of-two scale instead.
    frame.steps.push_back(std::string("Project: |B − A|² ") +
                          (q.denominator == 0 ? "underflows to 0 in double (the square is below the smallest double)"
                                              : "overflows in double (the square is beyond the double range)") +
                          ", so core rescales by a power of two before dividing: t_raw = (" + query +
                          " − A)·(B − A) / |B − A|²" + tText(q.tRaw) + ".");
  else if (!std::isfinite(q.numerator))
    // A point far out (P.x = 1e308): the dot product overflows in double, t_raw does not
    // ("= inf / 55.25 = 1.26697e+307" was arithmetic no student could follow).
    frame.steps.push_back("Project: (" + query +
                          " − A)·(B − A) overflows in double (the dot product overflows), "
                          "so core rescales by a power of two before dividing: t_raw = (" +
                          query + " − A)·(B − A) / |B − A|²" + tText(q.tRaw) + ".");
  else if (q.numerator == 0 && exactSign != 0)
    // The numerator underflowed to 0 (P = (1e-170, 5) over A = (0, 0), B = (1e-160, 0): it
    // is 1e-330), which read "= 0" as if P were on the perpendicular through A (audit).
    frame.steps.push_back(
        "Project: (" + query + " − A)·(B − A) = " + NumeratorText(kind, points, q, style, query) +
        ", as it underflows" +
        (std::fpclassify(q.denominator) == FP_SUBNORMAL
             ? ", and |B − A|² = " + ValueText(q.denominator, style) + " in double has lost digits to underflow"
             : std::string()) +
        ", so core rescales by a power of two before dividing: t_raw = (" + query + " − A)·(B − A) / |B − A|²" +
        tText(q.tRaw) + ".");
  else if (ValueText(q.numerator / q.denominator, NumberStyle::Readable) != ValueText(q.tRaw, NumberStyle::Readable))
    // The quotient as written only where it reads as t_raw does: an underflowed numerator
    // read "= 0 / 1e-300 = 1e-30" (review).
    frame.steps.push_back("Project: (" + query + " − A)·(B − A) = " + ValueText(q.numerator, style, {q.denominator}) +
                          " and |B − A|² = " + ValueText(q.denominator, style, {q.numerator}) +
                          " in double have lost digits to underflow, so core rescales by a power of two before "
                          "dividing: t_raw = (" + query + " − A)·(B − A) / |B − A|²" + tText(q.tRaw) + ".");
  else {
    rescaled = false;
    // The products of the rounded differences can cancel to less than their rounding: the
    // numerator then reads digits that are noise (1.85651e-16 where it is exactly
    // 1.01572e-15; 1.6e-17 for a P exactly on the perpendicular through A: words audit).
    const double exactNumerator = cq::ExactNumerator(points.query, points.a, points.b);
    const bool cancelled = ValueText(exactNumerator, NumberStyle::Readable) != ValueText(q.numerator, NumberStyle::Readable);
    frame.steps.push_back(
        "Project: t_raw = (" + query + " − A)·(B − A) / |B − A|² = " + ValueText(q.numerator, style, {q.denominator}) +
        " / " + ValueText(q.denominator, style, {q.numerator}) + tText(q.tRaw) + "." +
        (cancelled ? " (The numerator as rounded: its products cancel to less than their rounding. Exactly, (" + query +
                         " − A)·(B − A) = " + ValueText(exactNumerator, style) +
                         (exactNumerator == 0 ? ": " + query + " projects onto A, and the exact t_raw is 0."
                                              : ", and the exact t_raw is about " +
                                                    ValueText(exactNumerator / q.denominator, style) + ".") +
                         ")"
                   : std::string()));
  }
  std::string clamp = std::string("Clamp to ") + ClampRange(kind) + ": ";
  // Numerator and |B − A|² as doubles, or compared where core rescaled them (an infinity
  // compared with an infinity says nothing).
  const bool inDouble = std::isfinite(q.numerator) && std::isfinite(q.denominator) && q.denominator != 0;
  if (exactEnd == ExactEnd::Inside || exactEnd == ExactEnd::OnWire) {
    const bool onWire = exactEnd == ExactEnd::OnWire;
    const bool nearB = q.t == 1;
    clamp += (inDouble ? "the numerator " + ValueText(q.numerator, style, {q.denominator}) +
                             (nearB ? " ≥ |B − A|² = " + ValueText(q.denominator, style, {q.numerator}) : " ≤ 0")
                       : std::string(nearB ? "the numerator ≥ |B − A|²" : "the numerator ≤ 0") + " at that scale") +
             " as rounded, so t = " + (nearB ? "1" : "0") + "; but " + query + " lies exactly " +
             (nearB ? "before the perpendicular through B: (" + query + " − B)·(B − A) < 0"
                    : "after the perpendicular through A: (" + query + " − A)·(B − A) > 0") +
             ", summed without rounding: " + query + " is a hair inside the wire" +
             (onWire ? ", and exactly on it (its cross product with B − A is 0), so Q = " + query + " itself."
                     : ", so the contact's normal is the one across the wire.");
    frame.steps.push_back(clamp);
    // C one ulp inside B on the wire read "Evaluate: closest = A + t(B − A) = (4, 0), the
    // vertex B itself" beside the values' closest (3.9999999999999996, 0) (audit).
    frame.steps.push_back((onWire ? "Evaluate: Q = " + query + " = " + FormatPoint(q.closest, style, ends) + ", not " +
                                        std::string(nearB ? "B" : "A") + ": " + query +
                                        " lies on the wire between its ends"
                                  : "Evaluate: Q = A + t(B − A) = " + FormatPoint(q.closest, style, ends) +
                                        ", the rounded foot, within rounding of the exact one") +
                          OriginWords(q.closest) + ".");
    return;
  }
  if (exactEnd == ExactEnd::AtVertex && q.region != cq::LinearRegion::Interior) {
    const bool atB = q.region == cq::LinearRegion::VertexB;
    // Where it rounds: inside, or (a centre far off) past the other end.
    const char* rounds = q.tRaw >= 1 ? " rounds past B, but " : q.tRaw <= 0 ? " rounds before A, but " : " rounds inside, but ";
    clamp += "t_raw" + tText(q.tRaw) + rounds + query + " lies exactly " +
             (atB ? "on or past the perpendicular through B: (" + query + " − B)·(B − A) ≥ 0"
                  : "on or before the perpendicular through A: (" + query + " − A)·(B − A) ≤ 0") +
             ", summed without rounding, so t = " + (atB ? "1" : "0") + ", and " + (atB ? "B" : "A") +
             " is the answer.";
    frame.steps.push_back(clamp);
    frame.steps.push_back("Evaluate: " + names.closest + " = A + t(B − A) = " + FormatPoint(q.closest, style, ends) +
                          ", the vertex " + (atB ? "B" : "A") + " itself" + OriginWords(q.closest) + ".");
    return;
  }
  // Where the query point projects, without rounding (core's ProjectExactly): the words say
  // "onto the vertex itself" or "before A" / "past B" from it, not from the rounded
  // numerator; where it is another side than core's region, the note below says so.
  const cq::ExactProjection exact = cq::ProjectExactly(points.query, points.a, points.b, q.region);
  const bool agrees = cq::RegionMatchesProjection(kind, q.region, exact);
  // "P projects onto A itself" / "before A" (at B: "onto B itself" / "past B"), or nothing
  // where the exact side is another one.
  const auto beyondWords = [&](bool atB) -> std::string {
    if (!agrees) return "";
    if (exact == (atB ? cq::ExactProjection::OntoB : cq::ExactProjection::OntoA))
      return query + " projects onto " + (atB ? "B" : "A") + " itself";
    return query + " projects " + (atB ? "past B" : "before A");
  };
  bool decidedExactly = false;  // an end, or the interior, decided by core's exact test, not on the rounded numerator
  switch (q.region) {
    // The numerator as rounded: 0 (or |B − A|²) says "onto the vertex" only where the exact
    // projection does (a P 3 ulps past B read "t_raw is exactly 1: P projects onto B
    // itself"), and where core decided the end without rounding, the rounded numerator can
    // even lie on the other side (P = B read "the numerator 1.1299999999999999e-278 ≥
    // |B − A|² = 1.13e-278").
    case cq::LinearRegion::VertexA:
      if (inDouble && q.numerator == 0)
        clamp += "the numerator is 0" +
                 (exact == cq::ExactProjection::OntoA ? ", and exactly so: " + beyondWords(false) + ", so t = 0"
                  : agrees ? " as rounded, though " + beyondWords(false) + ": t = 0 either way"
                           : std::string(" as rounded, so t = 0")) +
                 ", and A is the answer.";
      // (A rounded numerator above 0 never comes with region A: core decides A on the sign of
      // the very numerator it rounds.)
      else
        clamp +=
            (inDouble ? "the numerator " + n(q.numerator) + " ≤ 0" : std::string("the numerator ≤ 0 at that scale")) +
            ", so t = 0" + (agrees ? ": " + beyondWords(false) : std::string()) + ", and A is the answer.";
      break;
    case cq::LinearRegion::VertexB:
      if (inDouble && q.numerator == q.denominator)
        clamp += "the numerator equals |B − A|² = " + n(q.denominator) +
                 (exact == cq::ExactProjection::OntoB ? ", and exactly so: " + beyondWords(true) + ", so t = 1"
                  : agrees ? " as rounded, though " + beyondWords(true) + ": t = 1 either way"
                           : std::string(" as rounded, so t = 1")) +
                 ", and B is the answer.";
      else if (inDouble && q.numerator < q.denominator) {
        // Decided by the exact test, not on the rounded numerator: the note below says so
        // (it said "decided on the numerator", beside this: teaching audit). Where P
        // projects, as core's exact projection says ("onto B itself", as closest-query).
        decidedExactly = true;
        clamp += "the numerator " + ValueText(q.numerator, style, {q.denominator}) + " reads below |B − A|² = " +
                 ValueText(q.denominator, style, {q.numerator}) +
                 ", but core decides the end without rounding: (" + query + " − B)·(B − A) ≥ 0, so t = 1: " +
                 (agrees ? beyondWords(true) : query + " projects onto or past B") + ", and B is the answer.";
      }
      else
        clamp += (inDouble ? "the numerator " + ValueText(q.numerator, style, {q.denominator}) +
                                 " ≥ |B − A|² = " + ValueText(q.denominator, style, {q.numerator})
                           : std::string("the numerator ≥ |B − A|² at that scale")) +
                 ", so t = 1" + (agrees ? ": " + beyondWords(true) : std::string()) + ", and B is the answer.";
      break;
    case cq::LinearRegion::Interior:
      if (kind == cq::LinearKind::Line)
        clamp = "No clamp: a line is unbounded, so t = t_raw" + tText(q.t) + ".";
      else if (q.t != q.tRaw)
        // t_raw rounded past an end that the exact test says P is inside of (the slow
        // path's t_raw = 1.0000000000000002 with P exactly before B): t is that end.
        clamp += "t_raw" + tText(q.tRaw) + " rounds just outside, but " + query +
                 " lies exactly inside (decided without rounding), so t" + tText(q.t) +
                 ": the foot is the answer.";
      else {
        // The numerator against 0 (and |B − A|²), as the ends are decided: the step said
        // "t_raw is inside" and then "decided on the numerator before dividing" (review).
        const bool ray = kind == cq::LinearKind::Ray;
        const bool readsInside = q.numerator > 0 && (ray || q.numerator < q.denominator);
        if (rescaled)
          clamp += ray ? "the numerator > 0 at that scale" : "0 < the numerator < |B − A|² at that scale";
        else if (readsInside)
          clamp += (ray ? "" : "0 < ") + std::string("the numerator ") + ValueText(q.numerator, style, {q.denominator}) +
                   (ray ? " > 0" : " < |B − A|² = " + ValueText(q.denominator, style, {q.numerator}));
        else {  // the rounded numerator reads at an end, core's exact test inside (said below)
          decidedExactly = true;
          clamp += query + " projects inside, decided without rounding";
        }
        clamp += ", so t = t_raw" + tText(q.t) +
                 (!ray && q.t == 1 ? " (" + query + " lies a hair before B: t reads 1 only as rounded)" : "") +
                 ": the foot is the answer.";
      }
      break;
  }
  // The Project step showed the quotient (the t line draws it), so the note says what the
  // deferral saves: an end is decided, and answered, with no division at all; only an
  // interior t is the quotient (teaching audit: "divide, then clamp" read as the order).
  if (kind != cq::LinearKind::Line && decidedExactly)
    clamp += std::string(" (Decided before dividing, by core's exact test: Ericson's deferred division, with no "
                         "rounding. ") +
             (q.region == cq::LinearRegion::Interior ? "Only an interior t needs the quotient.)"
                                                     : "An end needs no division at all.)");
  else if (kind != cq::LinearKind::Line)
    clamp += std::string(" (Decided on the ") + (rescaled ? "rescaled " : "") +
             "numerator before dividing: Ericson's deferred division. " +
             (q.region == cq::LinearRegion::Interior
                  ? "Only an interior t needs the quotient.)"
                  : "An end needs no division at all: the decision never uses the quotient, which core forms only to report t_raw.)");
  // Far off, or a hair from a perpendicular through an end, the rounding of the numerator
  // and |B − A|² can be larger than what decides the side: P = (-2e16, 1e16) lies exactly
  // on the perpendicular through A = 0 of the segment to B = (0.1, 0.2), and the rounded
  // numerator reads past B (audit); at tenths, |B − A|² alone can round across (review).
  // Where core's exact projection says another side, the step says so.
  if (!agrees)
    clamp += " As rounded, though: exactly, " + query + " projects " + cq::ToString(exact, kind) +
             "; here the rounding of (" + query +
             " − A)·(B − A) and |B − A|² is larger than the margin that decides the side, and the answer is right "
             "to within the rounding of the scene's size.";
  frame.steps.push_back(clamp);
  std::string evaluate = "Evaluate: " + names.closest + " = A + t(B − A) = " + FormatPoint(q.closest, style, ends);
  // t is the exact quotient of the numerator and |B − A|² as core holds them (no rescaling).
  const bool tIsExact = !rescaled && std::isfinite(q.t) && std::fma(q.t, q.denominator, -q.numerator) == 0;
  // Whether the step still reads as the formula A + t(B − A); each branch that writes the
  // step another way clears it (rather than testing the step's text for its opening).
  bool byFormula = true;
  if (!std::isfinite(q.t)) {
    // t itself overflows (a point far along a line whose B - A is tiny): its product with
    // B - A does not, and core forms it at the same power-of-two scale as t_raw.
    evaluate =
        "Evaluate: t is beyond the double range, but t(B − A) is not: core forms it at the power-of-two "
        "scale it divided at, " + names.closest + " = " +
        FormatPoint(q.closest, style, ends);
    byFormula = false;
  }
  // Core put the point strictly inside a segment, so t lies strictly between the ends and
  // reads 0 or 1 only as rounded (A = (-1e200, 1e200), B = (0, 0), P = (-1e140, 1e140): t =
  // 1 - 1e-60 read 1 beside "closest = A + t(B − A) = (-1e+140, 1e+140)", which with t = 1
  // is B); inside a ray, likewise t = 0. A ray's t = 1 and a line's t are ordinary values.
  // Where core's closest point is that vertex all the same (t underflowed on the fast path,
  // or the foot was kept in the box of A and B), the formula holds as written.
  const bool tAtEnd = q.t == 0 || (kind == cq::LinearKind::Segment && q.t == 1);
  const bool tReadsAnEnd = q.region == cq::LinearRegion::Interior && kind != cq::LinearKind::Line && tAtEnd &&
                           !(q.closest == (q.t == 1 ? points.b : points.a));
  if (tReadsAnEnd) {
    const bool nearB = q.t == 1;
    evaluate = "Evaluate: " + names.closest + " = " + FormatPoint(q.closest, style, ends) +
               ", the foot of the perpendicular: t reads " + (nearB ? "1" : "0") + " only as rounded (" + query +
               " lies a hair " + (nearB ? "before B" : "after A") +
               "), and core forms the foot without that rounding; A + t(B − A) with t = " + (nearB ? "1" : "0") +
               " would be " + (nearB ? "B" : "A") + " itself";
    byFormula = false;
  }
  // A point on the shape is its own closest point, at distance exactly 0 (core takes the
  // foot across the line from the exact cross product: cq::NearLine::Across). "closest =
  // A + t(B − A) = (0, 0)" for P = (0, 0) on (−4, 0)–(2, 0) held for the real t = 2/3, not
  // for t as rounded to a double, with which the formula gives (−2.2e-16, 0) (audit).
  // (Where t reads an end only as rounded, the words above say more.) On the shape
  // exactly, from core's exact cross product (cq::LiesOnLine): a distance of 0 and a foot
  // equal to P are no test, since both round so for a point 1.6e-325 off the segment
  // (0, 0)-(1, 3) (review; the contact lesson then said "C lies on the segment" beside "C
  // is off the wire").
  if (!tReadsAnEnd && q.region == cq::LinearRegion::Interior && q.closest == points.query &&
      cq::LiesOnLine(points.query, points.a, points.b)) {
    evaluate = "Evaluate: " + names.closest + " = " + query + " = " + FormatPoint(q.closest, style, ends) + " itself: " + query +
               " lies on the " + (names.shape.empty() ? std::string(cq::ToString(kind)) : names.shape) + " (at distance exactly 0), so it is its own foot; A + t(B − A) gives " +
               // "up to the rounding of t" only where t rounds the formula off P: t = 0.625
               // on (−4, 0)–(4, 0) gives (1, 0) exactly (teaching audit).
               // t itself exact too (t·|B − A|² is the numerator with no rounding): for P = (1,
               // 0) on (0, 0)–(3, 0) the fused multiply-add's rounding landed on P for t =
               // 0.333…, which as shown (0.333333) gives 0.999999 (review). t is then written
               // with every digit.
               (tIsExact && cq::PointAtParameter(points.a, points.b, q.t) == points.query
                    ? "the same point with t" + EqualsText(q.t, NumberStyle::Exact, bounds)
                    : std::string("the same point up to the rounding of t"));
    byFormula = false;
  }
  // A coordinate a few ulps of the scene's size from 0: A + t(B − A) with t rounded, where
  // the real t may give 0 itself. "closest = (-2.22045e-16, 0)" for P = (0, 1) over
  // (−4, 0)–(2, 0), where t = 2/3 gives 0 by hand, stood without a word (lesson audit).
  if (byFormula && q.region == cq::LinearRegion::Interior) {
    for (int k = 0; k < 2; ++k) {
      if (!cq::ReadsAsRoundedZero(q.closest.v[k], points.a.v[k], points.b.v[k])) continue;
      // Only where the exact foot's coordinate is 0: P = (3e-16, 1) has the foot's x 3e-16,
      // and "-2.22045e-16 is 0 up to the rounding of t" told a student it was 0 (words audit).
      // (None where no wider type holds the exact sums: then the old words, as a likelihood.)
      const std::optional<double> exactFoot = cq::ExactFootCoordinate(points.query, points.a, points.b, k);
      if (exactFoot && *exactFoot == q.closest.v[k]) continue;
      const char* axis = k == 0 ? "x" : "y";
      evaluate += std::string(" (its ") + axis + " = " + FormatNumber(q.closest.v[k], style) +
                  (!exactFoot || *exactFoot == 0
                       ? std::string(" is 0 up to the rounding of t")
                       : std::string(" is the exact foot's ") + axis + ", " + FormatNumber(*exactFoot, style) +
                             ", moved by the rounding of t") +
                  ", a few ulps of A's and B's " + axis + ")";
    }
  }
  if (q.region == cq::LinearRegion::VertexA)
    evaluate += kind == cq::LinearKind::Ray ? ", the start A itself" : ", the vertex A itself";
  if (q.region == cq::LinearRegion::VertexB) evaluate += ", the vertex B itself";
  frame.steps.push_back(evaluate + OriginWords(q.closest) + ".");
}

void FitNumberLine(NumberLine& line, double lo, double hi) {
  if (std::isfinite(line.raw)) {
    lo = std::min(lo, line.raw);
    hi = std::max(hi, line.raw);
  }
  // Each end 12 % of the range further out, the range taken by parts and each end held
  // to the largest double: s = 1e308 (hi - lo = 2e308) left the whole axis blank.
  const double pad = 0.12 * hi - 0.12 * lo;
  constexpr double k_max = std::numeric_limits<double>::max();
  line.viewFrom = std::max(lo - pad, -k_max);
  line.viewTo = std::min(hi + pad, k_max);
  // Where every value is one double and the padding rounds away (a flat box at y = 1e16
  // with P on it), the axis had no width and every place on it was 0 / 0: widen it by
  // ulps until its half-width, which NumberLineRow::ToX divides by, is positive.
  for (int i = 0; i < 4 && !(0.5 * line.viewTo - 0.5 * line.viewFrom > 0); ++i) {
    line.viewFrom = std::nextafter(line.viewFrom, -k_max);
    line.viewTo = std::nextafter(line.viewTo, k_max);
  }
}

}  // namespace cq::app
