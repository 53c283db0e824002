// app/logic/circle_arc.hpp: the part of a circle the canvas can show, as a polyline in
// screen pixels. Rendering only (the circle itself, centre and radius, comes from the
// lesson); kept GL- and ImGui-free so it can be tested.
#pragma once

#include <utility>
#include <vector>

#include "cq/vec.hpp"
#include "logic/camera.hpp"

namespace cq::app {

/// Points along the circle of `radius` pixels about `center`, covering every part of it
/// inside `view`, no chord farther than `maxError` pixels from the circle (but for a
/// radius over k_straightRadius, where the visible part is a straight line to within a
/// fraction of a pixel and is returned as that line). The whole circle (first point
/// repeated at the end) when it fits the view's angular range, else one open arc; empty
/// when no part of the circle is inside the view (it lies outside it, or the view lies
/// inside the circle), for a radius that is not positive, and for non-finite input. No
/// point lies far outside the view, so the result converts to float pixels safely however
/// large the circle is.
std::vector<cq::Vec2d> VisibleCircleArc(const cq::Vec2d& center, double radius, const ScreenRect& view,
                                        double maxError = 0.25);

/// The dashes along a piece `length` pixels long that starts `phase` pixels into a period
/// of `dash` pixels drawn and `gap` skipped: each dash as its [from, to] distance along the
/// piece; `phase` is carried on to the piece's end. It ends however the rounding falls: a
/// phase one rounding below the period's end (13.999999999999998 of 14) left a gap of
/// 1.8e-15 px that s + gap did not move past, and the app hung drawing a pushed-out ball
/// (interaction audit of 2026-11-29). Nothing for a length, dash or gap that is not
/// finite or not positive (a gap may be 0).
std::vector<std::pair<double, double>> DashesAlong(double length, double& phase, double dash, double gap);

/// Above this radius (pixels) the visible part of a circle is drawn as its tangent.
inline constexpr double k_straightRadius = 1e7;

}  // namespace cq::app
