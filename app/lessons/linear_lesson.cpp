// The picture shared by the segment, ray and line lessons: core's closest point on
// P(t) = A + t(B - A), with every part of project-clamp-evaluate drawn and written out.
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include "cq/linear.hpp"
#include "cq/normalize.hpp"
#include "lessons/lesson_kit.hpp"
#include "lessons/lessons.hpp"

namespace cq::app {
namespace {

/// The fixed tolerance the absolute-epsilon pitfall is shown with: a typical one.
constexpr double k_teachingEpsilon = 1e-5;

/// How far off an answer at distance `wrong` is, beside the right one at `right`: "2.8
/// times the true distance", "where the true distance is 0", or, where the ratio is
/// beyond the double range, "more than 1e308 times the true distance"; nothing where the
/// wrong answer is within 10 % of the right one (no pitfall to show: "1 times the true
/// distance" stood for P far off a 1e-6 segment: review).
std::optional<std::string> RatioWords(double wrong, double right) {
  if (right == 0) return wrong > 0 ? std::optional<std::string>("where the true distance is 0") : std::nullopt;
  const double ratio = wrong / right;
  if (!std::isfinite(ratio)) return "more than 1e308 times the true distance";
  if (!(ratio >= 1.1)) return std::nullopt;
  char text[64];
  std::snprintf(text, sizeof text, "%.2g times the true distance", ratio);
  return text;
}

/// |B − A|² as core holds it, and where that 0 is an underflow (A ≠ B, |B − A| below
/// about 1.6e−162) rather than A = B, saying so: "0" alone read as a zero-length segment.
std::string DenominatorText(const cq::LinearResult<double, 2>& q, bool degenerate, NumberStyle style) {
  if (q.denominator == 0 && !degenerate) return "0 in double (|B − A|² underflows; core rescales)";
  return ValueText(q.denominator, style, {q.numerator});
}

void AddSteps(LessonFrame& frame, cq::LinearKind kind, const LinearPoints& points, const cq::LinearResult<double, 2>& q,
              NumberStyle style, bool degenerate) {
  const cq::Vec2d& p = points.query;
  AddProjectClampEvaluate(frame, kind, points, q, style, StepNames{}, degenerate);
  // Where d is as small as the rounding of the closest point (A = (0, 0), B = (2e300,
  // 2e300), P = (1e300, 1.0000000000000002e300): d = 1.05e284, the rounded closest point
  // 1.49e284 from P), core measures d from the exact foot.
  const std::optional<std::string> rounded = RoundedDistanceApart(p, q.closest, q.distance, style);
  const std::string squared =
      " (squared: " +
      (q.distanceSq == 0 && q.distance != 0 ? ZeroInDoubleText(1) + ": d² underflows" : ValueText(q.distanceSq, style)) +
      (std::isfinite(q.distanceSq) || !std::isfinite(q.distance) ? "" : "; the distance itself is not") + ").";
  if (degenerate)
    frame.steps.push_back("Distance: |P − A|" + EqualsText(q.distance, style) + squared);
  else if (rounded)
    frame.steps.push_back("Distance: d = " + ValueText(q.distance, style) +
                          ", from the exact closest point: the one shown is rounded, and at this scale d is as "
                          "small as its rounding (|P − closest| would read " +
                          *rounded + ").");
  else
    frame.steps.push_back("Distance: |P − closest|" + EqualsText(q.distance, style) + squared);
  // The absolute-epsilon pitfall shown, not only named (teaching audit of 2026-11-29: the
  // "Tiny" preset's note said an epsilon would break it, and nothing showed how): where a
  // fixed epsilon of 1e-5 would call the shape a point and answer A, the wrong answer
  // beside core's. Both distances are core's.
  const std::optional<double> length = cq::Distance(points.a, points.b);
  const std::optional<double> toA = cq::Distance(p, points.a);
  const std::optional<std::string> howFar =
      toA && !(q.closest == points.a) ? RatioWords(*toA, q.distance) : std::nullopt;
  if (!degenerate && length && *length < k_teachingEpsilon && howFar)
    frame.steps.push_back("No absolute epsilon: |B − A| = " + ValueText(*length, style) +
                          ". Code that calls anything shorter than a fixed epsilon such as 1e-5 a point would answer A "
                          "here, at |P − A| = " + ValueText(*toA, style) + ", " + *howFar +
                          "; core has no such epsilon and answers " + FormatPoint(q.closest, style, {points.a, points.b}) +
                          " at d = " + ValueText(q.distance, style) + ".");
}

}  // namespace

std::vector<PointSpec> LinearLesson::PointSpecs() const {
  // What A and B are to this shape: a line has no ends, a ray one (its start).
  switch (m_kind) {
    case cq::LinearKind::Segment: return {{"A", "endpoint A (t = 0)"}, {"B", "endpoint B (t = 1)"}, {"P", "query point"}};
    case cq::LinearKind::Ray:
      return {{"A", "start A (t = 0)"}, {"B", "point B (t = 1): the direction"}, {"P", "query point"}};
    case cq::LinearKind::Line: break;
  }
  return {{"A", "point A (t = 0)"}, {"B", "point B (t = 1)"}, {"P", "query point"}};
}

WorldRect LinearLesson::Extent(const Points& points) const {
  WorldRect extent = Lesson::Extent(points);
  if (const auto q = cq::ClosestPointOnLinear<cq::NearLine::Across>(m_kind, points[2], points[0], points[1])) extent = Enclose(extent, q->foot);
  return extent;
}

LessonFrame LinearLesson::Evaluate(const Points& points, const WorldRect& view, NumberStyle style) const {
  const cq::Vec2d& a = points[0];
  const cq::Vec2d& b = points[1];
  const cq::Vec2d& p = points[2];
  LessonFrame frame;
  frame.origin = ViewOrigin(view);
  const auto q = cq::ClosestPointOnLinear<cq::NearLine::Across>(m_kind, p, a, b);
  if (!q) {
    SetError(frame, q.error());
    return frame;
  }
  frame.result = *q;
  frame.regionName = cq::ToString(q->region);

  // "foot", as the inspector and the glossary name it: "P(t_raw)" beside the handle P read
  // as P itself moved (teaching audits of 2026-11-29).
  AddLinearPicture(frame, m_kind, a, b, p, *q, view, "foot");
  frame.markers.push_back({q->closest, Marker::Closest, "closest"});
  frame.distance = StrokeLine{p, q->closest, Stroke::Distance};
  frame.distanceText = NameEquals("d", q->distance, style);

  // A numerator, t_raw or interior t held as 0 in double though the exact numerator is not
  // 0 says so (audit: an underflowed numerator read a plain "0"), on the t line too.
  const LinearPoints linearPoints{p, a, b};
  const int exactSign = a == b ? 0 : ExactNumeratorSign(linearPoints, *q);
  frame.numberLines.push_back(MakeTNumberLine(m_kind, *q, b - a, exactSign));

  auto v = [&](double x) { return ValueText(x, style); };
  AddValue(frame, "t_raw", TRawText(q->tRaw, a == b, exactSign, style),
           "(P − A)·(B − A) / |B − A|²: where P projects onto the line through A and B");
  AddValue(frame, "t", TText(q->t, q->region == cq::LinearRegion::Interior ? exactSign : 0, style),
           m_kind == cq::LinearKind::Line ? std::string("t_raw itself (a line has no clamp): closest = A + t(B − A)")
                                          : std::string("t_raw clamped to ") + ClampRange(m_kind) +
                                                ": closest = A + t(B − A)");
  AddValue(frame, "region", frame.regionName, "the Voronoi region of P: which feature is closest");
  AddValue(frame, "distance", v(q->distance),
           RoundedDistanceApart(p, q->closest, q->distance, style)
               ? "from the exact closest point (the rounded one is too coarse at this scale)"
               : "|P − closest|");
  AddValue(frame, "distance²", SquareText(q->distanceSq, q->distance, style, "d"),
           "|P − closest|², what to compare when only the order matters");
  AddValue(frame, "numerator", NumeratorText(m_kind, linearPoints, *q, style, "P"), "(P − A)·(B − A)");
  AddValue(frame, "denominator", DenominatorText(*q, a == b, style), "|B − A|²");
  // Both apart from A and B: a closest point 1e-14 short of B read "(1, 0)", B itself,
  // beside "interior" (audit), and a foot a hair past B read as B, with no clamp to see.
  AddValue(frame, "closest", FormatPoint(q->closest, style, {a, b}), "the closest point of the shape, P(t)");
  // A = B spans no line: the foot is A itself, not A + t_raw(B − A) of a t_raw there is none of.
  AddValue(frame, "foot",
           FormatPoint(q->foot, style, {a, b}) + (a == b ? " (A itself: A = B spans no line)" : std::string()),
           "the projection onto the line through A and B (the carrier line), A + t_raw(B − A)");
  AddSteps(frame, m_kind, linearPoints, *q, style, a == b);
  return frame;
}

Lesson::QueryCommand LinearLesson::ClosestQueryCommand(const Points& points) const {
  const int p = QueryPointIndex();
  return {"closest-query " + std::string(Id()) + " --a=" + CommandLinePoint(points[0]) +
              " --b=" + CommandLinePoint(points[1]) + " --p=" + CommandLinePoint(points[size_t(p)]),
          {}};
}

}  // namespace cq::app
