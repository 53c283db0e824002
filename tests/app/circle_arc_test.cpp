// VisibleCircleArc: every visible point of the circle is within a quarter pixel (plus
// rounding) of the polyline, no vertex is off the circle, nothing is returned for a
// circle the view cannot show, and no vertex lies far outside the view however large the
// circle is (the canvas converts them to float pixels).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <tuple>
#include <utility>

#include "logic/circle_arc.hpp"

namespace cq::app {
namespace {

const ScreenRect k_view{{{400, 20}}, {{1600, 800}}};

double DistanceToSegment(const cq::Vec2d& p, const cq::Vec2d& a, const cq::Vec2d& b) {
  const cq::Vec2d d = b - a;
  const double len2 = cq::Dot(d, d);
  const double t = len2 > 0 ? std::clamp(cq::Dot(p - a, d) / len2, 0.0, 1.0) : 0.0;
  const cq::Vec2d e = p - (a + t * d);
  return std::sqrt(cq::Dot(e, e));
}

double DistanceToPolyline(const cq::Vec2d& p, const std::vector<cq::Vec2d>& line) {
  double best = std::numeric_limits<double>::infinity();
  if (line.size() == 1) return std::sqrt(cq::Dot(p - line[0], p - line[0]));
  for (size_t i = 1; i < line.size(); ++i) best = std::min(best, DistanceToSegment(p, line[i - 1], line[i]));
  return best;
}

/// Samples the true circle finely; each sample inside the view must be near the polyline.
/// Returns how many samples were inside the view.
int ExpectCoversVisiblePart(const cq::Vec2d& center, double radius, const std::vector<cq::Vec2d>& arc,
                            double tolerance) {
  int inside = 0;
  constexpr int k_samples = 20000;
  for (int i = 0; i < k_samples; ++i) {
    const double a = 2 * std::numbers::pi * (i + 0.5) / k_samples;
    const cq::Vec2d p = center + radius * cq::Vec2d{{std::cos(a), std::sin(a)}};
    if (!k_view.Contains(p)) continue;
    ++inside;
    const double d = DistanceToPolyline(p, arc);
    EXPECT_LE(d, tolerance) << "angle " << a;
    if (d > tolerance) break;
  }
  return inside;
}

void ExpectOnCircleAndNearTheView(const cq::Vec2d& center, double radius, const std::vector<cq::Vec2d>& arc) {
  const double diagonal = std::sqrt(cq::Dot(k_view.Size(), k_view.Size()));
  for (const cq::Vec2d& p : arc) {
    const cq::Vec2d e = p - center;
    EXPECT_LE(std::abs(std::sqrt(cq::Dot(e, e)) - radius), 1e-6 * radius + 1e-9);
    const cq::Vec2d fromView = p - k_view.Center();
    EXPECT_LE(std::sqrt(cq::Dot(fromView, fromView)), 2 * diagonal);
  }
}

TEST(VisibleCircleArc, WholeCircleInsideTheViewIsClosedAndWithinAQuarterPixel) {
  const cq::Vec2d center{{900, 400}};
  for (const double radius : {0.1, 3.0, 40.0, 250.0}) {
    const auto arc = VisibleCircleArc(center, radius, k_view);
    ASSERT_GE(arc.size(), 9u) << radius;
    EXPECT_EQ(arc.front(), arc.back()) << radius;
    ExpectOnCircleAndNearTheView(center, radius, arc);
    // The middle of each chord is the point farthest from the circle.
    for (size_t i = 1; i < arc.size(); ++i) {
      const cq::Vec2d mid = 0.5 * (arc[i - 1] + arc[i]) - center;
      EXPECT_LE(radius - std::sqrt(cq::Dot(mid, mid)), 0.25 + 1e-9) << radius;
    }
    EXPECT_GT(ExpectCoversVisiblePart(center, radius, arc, 0.26), 0);
  }
}

TEST(VisibleCircleArc, NothingWhenTheViewCannotShowIt) {
  EXPECT_TRUE(VisibleCircleArc({{100, 100}}, 50, k_view).empty());          // outside, to the left
  EXPECT_TRUE(VisibleCircleArc({{1000, 400}}, 5000, k_view).empty());       // the view is inside it
  EXPECT_TRUE(VisibleCircleArc({{1000, 400}}, 0, k_view).empty());
  EXPECT_TRUE(VisibleCircleArc({{1000, 400}}, -3, k_view).empty());
  EXPECT_TRUE(VisibleCircleArc({{1000, 400}}, std::nan(""), k_view).empty());
  EXPECT_TRUE(VisibleCircleArc({{1000, 400}}, std::numeric_limits<double>::infinity(), k_view).empty());
  EXPECT_TRUE(VisibleCircleArc({{std::nan(""), 400}}, 30, k_view).empty());
}

TEST(VisibleCircleArc, PartlyVisibleCirclesAreCoveredWhereverTheyCross) {
  // Centres outside the view on every side and at a corner, radii from a little to far
  // more than the view, including arcs through two opposite edges.
  const cq::Vec2d centers[] = {{{200, 400}}, {{1900, 300}}, {{1000, -300}}, {{800, 1200}}, {{100, -100}},
                               {{1000, 400}}, {{1590, 790}}};
  for (const cq::Vec2d& center : centers) {
    for (const double radius : {250.0, 700.0, 1200.0, 3000.0}) {
      const auto arc = VisibleCircleArc(center, radius, k_view);
      const int inside = ExpectCoversVisiblePart(center, radius, arc, 0.26);
      EXPECT_EQ(arc.empty(), inside == 0) << center.x() << "," << center.y() << " r " << radius;
      ExpectOnCircleAndNearTheView(center, radius, arc);
      if (::testing::Test::HasFailure()) return;
    }
  }
}

/// For a circle far larger than the view: samples the circle every 2 pixels along it for
/// 2000 pixels either side of the point nearest the view's centre; each sample inside the
/// view must be within `tolerance` of the polyline. Returns how many were inside.
int ExpectCoversNearTheView(const cq::Vec2d& center, double radius, const std::vector<cq::Vec2d>& arc,
                            double tolerance) {
  const cq::Vec2d toView = k_view.Center() - center;
  const double towards = std::atan2(toView.y(), toView.x());
  int inside = 0;
  for (int i = -1000; i <= 1000; ++i) {
    const double a = towards + double(i) * 2.0 / radius;
    const cq::Vec2d p = center + radius * cq::Vec2d{{std::cos(a), std::sin(a)}};
    if (!k_view.Contains(p)) continue;
    ++inside;
    const double d = DistanceToPolyline(p, arc);
    EXPECT_LE(d, tolerance) << radius << " " << i;
    if (d > tolerance) break;
  }
  return inside;
}

TEST(VisibleCircleArc, HugeCirclesAreTheirTangentLineWithinAFractionOfAPixel) {
  // A ball of radius 1e12 pixels (zoomed far in on a big ball) whose edge crosses the view
  // at a slant, one just over the straight-line threshold, and one just under it (sampled).
  const cq::Vec2d direction{{0.6, -0.8}};
  for (const double radius : {0.5 * k_straightRadius, 2 * k_straightRadius, 1e12}) {
    const cq::Vec2d center = k_view.Center() - (radius - 37.0) * direction;  // the edge passes 37 px off the centre
    const auto arc = VisibleCircleArc(center, radius, k_view);
    ASSERT_GE(arc.size(), 2u) << radius;
    if (radius > k_straightRadius) {
      EXPECT_EQ(arc.size(), 2u) << radius;
    }
    for (const cq::Vec2d& p : arc) {
      const cq::Vec2d fromView = p - k_view.Center();
      EXPECT_LE(std::sqrt(cq::Dot(fromView, fromView)), 2 * std::sqrt(cq::Dot(k_view.Size(), k_view.Size())));
    }
    EXPECT_GT(ExpectCoversNearTheView(center, radius, arc, 0.3), 100) << radius;
  }
}

}  // namespace
// The dash pattern along a piece: 8 px drawn, 6 skipped, carried from piece to piece.
// A phase one rounding below the period's end (13.999999999999998 of 14) left a gap of
// 1.8e-15 px that s + gap did not move past at s = 100: the drawing loop never ended, and
// the app hung while a ball's centre was dragged near the wire (interaction audit of
// 2026-11-29). Every dash lies inside the piece, in order, and the pattern goes on.
TEST(DashesAlong, EndsWhereverTheRoundingFalls) {
  double phase = 0;
  auto dashes = DashesAlong(30, phase, 8, 6);
  ASSERT_EQ(dashes.size(), 3u);
  EXPECT_EQ(dashes[0], (std::pair<double, double>{0, 8}));
  EXPECT_EQ(dashes[1], (std::pair<double, double>{14, 22}));
  EXPECT_EQ(dashes[2], (std::pair<double, double>{28, 30}));
  EXPECT_EQ(phase, 2);  // 2 px into the next dash
  dashes = DashesAlong(10, phase, 8, 6);
  ASSERT_FALSE(dashes.empty());
  EXPECT_EQ(dashes[0], (std::pair<double, double>{0, 6}));  // the rest of that dash
  // The hang: a piece whose rounding leaves a sliver of a gap past a long run of s.
  for (double start : {13.999999999999998, std::nextafter(14.0, 0.0), std::nextafter(8.0, 0.0), 1e-300}) {
    for (double length : {100.0, 333.33333333333331, 1e4}) {
      double p = start;
      dashes = DashesAlong(length, p, 8, 6);
      ASSERT_FALSE(dashes.empty()) << start << " " << length;
      for (std::size_t k = 0; k < dashes.size(); ++k) {
        EXPECT_LT(dashes[k].first, dashes[k].second);
        EXPECT_GE(dashes[k].first, 0);
        EXPECT_LE(dashes[k].second, length);
        if (k > 0) {
          EXPECT_GT(dashes[k].first, dashes[k - 1].second);
        }
      }
      EXPECT_GE(p, 0);
      EXPECT_LT(p, 14);
    }
  }
  // Pieces on which the old loop never ended (found by emulating it: the rounding of the
  // carried phase leaves a sliver below the rounding of s).
  for (const auto& [length, start, dash, gap] : {std::tuple{269.59412398069003, 11.864072317121257, 8.0, 6.0},
                                                 std::tuple{1527.7854633342515, 3.5709663603519037, 8.0, 6.0},
                                                 std::tuple{188.62531396169555, 0.5952970069621325, 12.0, 9.0}}) {
    double at = start;
    dashes = DashesAlong(length, at, dash, gap);
    ASSERT_FALSE(dashes.empty());
    EXPECT_EQ(dashes.back().second <= length, true);
    EXPECT_GT(dashes.size(), std::size_t(length / (dash + gap)) - 1) << length;
  }
  // Nothing to dash: no hang, no dash.
  double p = 0;
  EXPECT_TRUE(DashesAlong(0, p, 8, 6).empty());
  EXPECT_TRUE(DashesAlong(std::numeric_limits<double>::infinity(), p, 8, 6).empty());
  EXPECT_TRUE(DashesAlong(10, p, 0, 6).empty());
}

}  // namespace cq::app
