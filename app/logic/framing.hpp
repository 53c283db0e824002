// app/logic/framing.hpp: what F (and start-up, and a preset) frames. Normally the whole
// scene; a scene wider than the view holds at its widest (about 6e305 across in 600
// pixels) cannot be shown whole, and centring it showed none of it: P at 1e308 put the
// view's middle at 5e307, with no handle, no shape and no answer on the canvas.
#pragma once

#include <string>
#include <vector>

#include "logic/camera.hpp"
#include "logic/lesson.hpp"

namespace cq::app {

struct Framing {
  WorldRect rect;                  ///< what to frame
  bool whole = true;               ///< the whole scene fits
  std::vector<std::string> left;  ///< the named handles that did not fit
  /// What the framing is centred on, in words: "the closest point", or where core refuses
  /// the scene the query point's name ("P"): a refused scene's status said "framed the
  /// closest point" though there was none (review s35).
  std::string focus = "the closest point";
};

/// The lesson's Extent where `camera` can frame it with `marginPixels`; else the closest
/// point (core's, from the lesson's own evaluation; the query point where core refuses
/// the scene) and every handle that still fits with it, nearest first, so that the answer
/// and the shape round it are in view and the handles left out are named.
Framing FramingFor(const Lesson& lesson, const Points& points, const Camera& camera, double marginPixels);

/// The named handles (those with a label) whose place is off `canvas`, in the lesson's
/// order: what the framing note says is off the canvas. A box's unlabelled corners and its
/// body are not named (they read as empty names: "P, Min, , Max, ." (soak test)).
std::vector<std::string> NamedHandlesOffCanvas(const Lesson& lesson, const Points& points, const Camera& camera,
                                               const ScreenRect& canvas);

}  // namespace cq::app
