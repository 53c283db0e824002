#include "logic/circle_arc.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cq::app {
namespace {

constexpr std::size_t k_maxSegments = 4096;

/// The angle of `v` relative to `reference`, in (-pi, pi].
double AngleFrom(double reference, const cq::Vec2d& v) {
  double a = std::atan2(v.y(), v.x()) - reference;
  while (a > std::numbers::pi) a -= 2 * std::numbers::pi;
  while (a <= -std::numbers::pi) a += 2 * std::numbers::pi;
  return a;
}

}  // namespace

std::vector<cq::Vec2d> VisibleCircleArc(const cq::Vec2d& center, double radius, const ScreenRect& view,
                                        double maxError) {
  if (!cq::IsFinite(center) || !std::isfinite(radius) || !(radius > 0) || !(maxError > 0)) return {};
  // The nearest and the farthest point of the view from the centre: the circle crosses
  // the view only for a radius between the two.
  const double nx = std::max({view.min.x() - center.x(), 0.0, center.x() - view.max.x()});
  const double ny = std::max({view.min.y() - center.y(), 0.0, center.y() - view.max.y()});
  const double fx = std::max(std::abs(center.x() - view.min.x()), std::abs(center.x() - view.max.x()));
  const double fy = std::max(std::abs(center.y() - view.min.y()), std::abs(center.y() - view.max.y()));
  if (radius < std::hypot(nx, ny) || radius > std::hypot(fx, fy)) return {};

  const cq::Vec2d toView = view.Center() - center;
  const double towards = std::atan2(toView.y(), toView.x());
  const cq::Vec2d corners[4] = {view.min, {{view.max.x(), view.min.y()}}, view.max, {{view.min.x(), view.max.y()}}};

  if (radius > k_straightRadius) {
    // The circle's point on the way to the view's centre (within half the view's
    // diagonal of it), and the tangent there, long enough to cross the view: over a
    // view of a few thousand pixels the circle is that line to within 0.2 pixels.
    const cq::Vec2d u{{std::cos(towards), std::sin(towards)}};
    const cq::Vec2d along = cq::PerpLeft(u);
    const cq::Vec2d onCircle = center + radius * u;
    double reach = 1;
    for (const cq::Vec2d& corner : corners) reach = std::max(reach, std::abs(cq::Dot(corner - onCircle, along)) + 1);
    return {onCircle - reach * along, onCircle + reach * along};
  }

  double from = 0;
  double to = 2 * std::numbers::pi;
  const bool whole = view.Contains(center);
  if (!whole) {
    // Seen from a centre outside the view, the view spans less than half a turn: the
    // arc between its corners' extreme angles holds every visible point of the circle.
    double lo = 0;
    double hi = 0;
    for (const cq::Vec2d& corner : corners) {
      const double a = AngleFrom(towards, corner - center);
      lo = std::min(lo, a);
      hi = std::max(hi, a);
    }
    from = towards + lo;
    to = towards + hi;
  }
  // A chord of angle h leaves the circle by radius (1 - cos(h / 2)) at its middle.
  const double step = radius <= maxError ? std::numbers::pi / 4 : 2 * std::acos(1 - maxError / radius);
  const auto segments = std::clamp<std::size_t>(std::size_t(std::ceil((to - from) / step)), 1, k_maxSegments);
  std::vector<cq::Vec2d> points;
  points.reserve(segments + 1);
  for (std::size_t i = 0; i <= segments; ++i) {
    // The last point of a whole circle is its first, exactly: the outline closes.
    const double a = (whole && i == segments) ? from : from + (to - from) * double(i) / double(segments);
    points.push_back(center + radius * cq::Vec2d{{std::cos(a), std::sin(a)}});
  }
  return points;
}

std::vector<std::pair<double, double>> DashesAlong(double length, double& phase, double dash, double gap) {
  std::vector<std::pair<double, double>> dashes;
  const double period = dash + gap;
  if (!std::isfinite(length) || !(length > 0) || !std::isfinite(period) || !(dash > 0) || !(gap >= 0) ||
      !std::isfinite(phase))
    return dashes;
  phase = std::fmod(std::max(phase, 0.0), period);
  double s = 0;
  while (s < length) {
    const double left = phase < dash ? dash - phase : period - phase;  // to the end of this dash or gap
    const double next = std::min(length, s + left);
    if (!(next > s)) {
      // What is left of this dash or gap is below the rounding of s: on to the next one.
      phase = phase < dash ? dash : 0.0;
      continue;
    }
    if (phase < dash) dashes.emplace_back(s, next);
    phase = std::fmod(phase + (next - s), period);
    s = next;
  }
  return dashes;
}

}  // namespace cq::app
