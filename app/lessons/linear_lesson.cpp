// The picture shared by the segment, ray and line lessons: core's closest point on
// P(t) = A + t(B - A), with every part of project-clamp-evaluate drawn and written out.
#include <cmath>
#include <limits>

#include "cq/linear.hpp"
#include "cq/regions2d.hpp"
#include "lessons/lesson_kit.hpp"
#include "lessons/lessons.hpp"

namespace cq::app {
namespace {

Tone ToneOf(int region) {
  switch (cq::LinearRegion(region)) {
    case cq::LinearRegion::VertexA: return Tone::VertexA;
    case cq::LinearRegion::Interior: return Tone::Interior;
    case cq::LinearRegion::VertexB: return Tone::VertexB;
  }
  return Tone::Interior;
}

const char* ClampRange(cq::LinearKind kind) {
  switch (kind) {
    case cq::LinearKind::Segment: return "[0, 1]";
    case cq::LinearKind::Ray: return "[0, ∞)";
    case cq::LinearKind::Line: return "(−∞, ∞)";
  }
  return "";
}

NumberLine MakeTLine(cq::LinearKind kind, const cq::LinearResult<double, 2>& q, const cq::Vec2d& a,
                     const cq::Vec2d& b) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  NumberLine line;
  line.name = "t";
  line.caption = "t along the line P(t) = A + t(B − A): 0 at A, 1 at B";
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
  line.ticks = {0, 1};
  line.raw = q.tRaw;
  line.rawName = "t_raw";
  if (kind != cq::LinearKind::Line) {
    line.clamped = q.t;
    line.clampedName = "t";
  }
  line.dragDirection = b - a;
  FitNumberLine(line, -0.5, 1.5);
  return line;
}

void AddSteps(LessonFrame& frame, cq::LinearKind kind, const cq::LinearResult<double, 2>& q, NumberStyle style) {
  auto n = [&](double v) { return FormatNumber(v, style); };
  if (q.denominator == 0) {
    frame.steps.push_back("Project: |B − A|² = 0, so A and B coincide: the shape is the single point A. "
                          "No division by zero: t = 0 by definition.");
    frame.steps.push_back("Evaluate: closest = A = " + FormatPoint(q.closest, style) + ".");
    frame.steps.push_back("Distance: |P − A| = " + n(q.distance) + ".");
    return;
  }
  frame.steps.push_back("Project: t_raw = (P − A)·(B − A) / |B − A|² = " + n(q.numerator) + " / " +
                        n(q.denominator) + " = " + n(q.tRaw) + ".");
  std::string clamp = std::string("Clamp to ") + ClampRange(kind) + ": ";
  switch (q.region) {
    case cq::LinearRegion::VertexA:
      clamp += "the numerator " + n(q.numerator) + " ≤ 0, so t = 0: P projects before A, and A is the answer.";
      break;
    case cq::LinearRegion::VertexB:
      clamp += "the numerator " + n(q.numerator) + " ≥ |B − A|² = " + n(q.denominator) +
               ", so t = 1: P projects past B, and B is the answer.";
      break;
    case cq::LinearRegion::Interior:
      if (kind == cq::LinearKind::Line)
        clamp = "No clamp: a line is unbounded, so t = t_raw = " + n(q.t) + ".";
      else
        clamp += "t_raw is inside, so t = t_raw = " + n(q.t) + ": the foot is the answer.";
      break;
  }
  if (kind != cq::LinearKind::Line)
    clamp += " (Decided on the numerator before dividing: Ericson's deferred division.)";
  frame.steps.push_back(clamp);
  std::string evaluate = "Evaluate: closest = A + t(B − A) = " + FormatPoint(q.closest, style);
  if (q.region == cq::LinearRegion::VertexA) evaluate += ", the vertex A itself";
  if (q.region == cq::LinearRegion::VertexB) evaluate += ", the vertex B itself";
  frame.steps.push_back(evaluate + ".");
  frame.steps.push_back("Distance: |P − closest| = " + n(q.distance) + "  (squared: " + n(q.distanceSq) + ").");
}

}  // namespace

std::vector<PointSpec> LinearLesson::PointSpecs() const {
  return {{"A", "endpoint A (t = 0)"}, {"B", "point B (t = 1)"}, {"P", "query point"}};
}

WorldRect LinearLesson::Extent(const Points& points) const {
  WorldRect extent = Lesson::Extent(points);
  if (const auto q = cq::ClosestPointOnLinear(m_kind, points[2], points[0], points[1])) extent = Enclose(extent, q->foot);
  return extent;
}

LessonFrame LinearLesson::Evaluate(const Points& points, const WorldRect& view, NumberStyle style) const {
  const cq::Vec2d& a = points[0];
  const cq::Vec2d& b = points[1];
  const cq::Vec2d& p = points[2];
  LessonFrame frame;
  const auto q = cq::ClosestPointOnLinear(m_kind, p, a, b);
  if (!q) {
    SetError(frame, q.error());
    return frame;
  }
  frame.result = *q;
  frame.regionName = cq::ToString(q->region);

  if (const auto map = cq::LinearRegions(m_kind, a, b, view)) AddRegionMap(frame, *map, int(q->region), ToneOf);

  if (!(a == b)) {
    const cq::Vec2d d = b - a;
    if (m_kind == cq::LinearKind::Line) {
      if (auto line = cq::ClipLineToRect(a, d, view)) frame.strokes.push_back({line->p0, line->p1, Stroke::Shape});
    } else {
      if (auto carrier = cq::ClipLineToRect(a, d, view))
        frame.strokes.push_back({carrier->p0, carrier->p1, Stroke::Carrier});
      const double tEnd = m_kind == cq::LinearKind::Segment ? 1.0 : std::numeric_limits<double>::infinity();
      if (auto shape = cq::ClipParametricToRect(a, d, 0.0, tEnd, view))
        frame.strokes.push_back({shape->p0, shape->p1, Stroke::Shape});
    }
  }

  const bool clamped = !(q->foot == q->closest);
  if (!(q->foot == p)) frame.strokes.push_back({p, q->foot, Stroke::Perpendicular});
  if (clamped) {
    frame.strokes.push_back({q->foot, q->closest, Stroke::ClampMove});
    frame.markers.push_back({q->foot, Marker::RawFoot, "P(t_raw)"});
  }
  frame.markers.push_back({q->closest, Marker::Closest, "closest"});
  frame.distance = StrokeLine{p, q->closest, Stroke::Distance};
  frame.distanceText = "d = " + FormatNumber(q->distance, style);

  frame.numberLines.push_back(MakeTLine(m_kind, *q, a, b));

  auto n = [&](double v) { return FormatNumber(v, style); };
  AddValue(frame, "t_raw", n(q->tRaw), "(P − A)·(B − A) / |B − A|²: where P projects onto the line through A and B");
  AddValue(frame, "t", n(q->t), std::string("t_raw clamped to ") + ClampRange(m_kind) + ": closest = A + t(B − A)");
  AddValue(frame, "region", frame.regionName, "the Voronoi region of P: which feature is closest");
  AddValue(frame, "distance", n(q->distance), "|P − closest|");
  AddValue(frame, "distance²", n(q->distanceSq), "|P − closest|², what to compare when only the order matters");
  AddValue(frame, "numerator", n(q->numerator), "(P − A)·(B − A)");
  AddValue(frame, "denominator", n(q->denominator), "|B − A|²");
  AddValue(frame, "closest", FormatPoint(q->closest, style), "the closest point of the shape, P(t)");
  AddValue(frame, "foot", FormatPoint(q->foot, style), "the projection onto the carrier line, P(t_raw)");
  AddSteps(frame, m_kind, *q, style);
  return frame;
}

}  // namespace cq::app
