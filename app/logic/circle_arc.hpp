// app/logic/circle_arc.hpp: the part of a circle the canvas can show, as a polyline in
// screen pixels. Rendering only (the circle itself, centre and radius, comes from the
// lesson); kept GL- and ImGui-free so it can be tested.
#pragma once

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

/// Above this radius (pixels) the visible part of a circle is drawn as its tangent.
inline constexpr double k_straightRadius = 1e7;

}  // namespace cq::app
