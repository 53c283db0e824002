// cq/aabb.hpp: closest point on an axis-aligned box: clamp each coordinate.
//
// The box [min, max] is a product of intervals, so the closest point is found one axis
// at a time (Ericson 5.1.3): closest_i = clamp(P_i, min_i, max_i). It is unique.
//
// Regions: per axis, P is below the box (side -1: clamped to min), within the slab (0) or
// above it (+1: clamped to max). The number of clamped axes names the feature reached:
// none = Inside (P is in the closed box, distance 0), and in 3D one = Face, two = Edge,
// three = Vertex; in 2D one = Edge, two = Vertex. Together the sides pick one of the
// 3^N regions (9 in 2D, 27 in 3D); RegionIndex numbers them.
//
// Defined for every input: min > max on some axis is ErrorCode::InvertedBox (a flat box,
// min == max, is valid); NaN/inf anywhere is NonFinite. The clamp is exact at every scale;
// the distance is computed with exact rescaling when its square would under/overflow.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>

#include "cq/detail/scale.hpp"
#include "cq/status.hpp"
#include "cq/vec.hpp"

namespace cq {

template <Real T, int N>
struct Aabb {
  Vec<T, N> min;
  Vec<T, N> max;
};

enum class BoxFeature : std::uint8_t { Inside, Face, Edge, Vertex };

/// "inside", "face", "edge", "vertex".
const char* ToString(BoxFeature feature);

/// The feature reached when `clampedAxes` coordinates were clamped, in dimension N.
template <int N>
constexpr BoxFeature FeatureFromClampedAxes(int clampedAxes) {
  const int dimensionOfFeature = N - clampedAxes;  // 0 = vertex, 1 = edge, 2 = face
  if (clampedAxes == 0) return BoxFeature::Inside;
  if (dimensionOfFeature == 0) return BoxFeature::Vertex;
  if (dimensionOfFeature == 1) return BoxFeature::Edge;
  return BoxFeature::Face;
}

/// The feature of the region numbered `regionIndex` (BoxResult::RegionIndex, 0 .. 3^N - 1):
/// what a point in that region reaches, for shading the 3^N regions by feature.
template <int N>
constexpr BoxFeature FeatureOfRegion(int regionIndex) {
  int clampedAxes = 0;
  for (int i = 0; i < N; ++i, regionIndex /= 3) clampedAxes += regionIndex % 3 != 1 ? 1 : 0;
  return FeatureFromClampedAxes<N>(clampedAxes);
}

template <Real T, int N>
struct BoxResult {
  Vec<T, N> closest;               ///< P clamped into the box
  T distanceSq;                    ///< |P - closest|^2 (0 inside)
  T distance;                      ///< |P - closest|
  BoxFeature feature;              ///< inside, or the face/edge/vertex reached
  std::array<std::int8_t, N> side;  ///< per axis: -1 clamped to min, 0 within, +1 clamped to max

  /// 0 .. 3^N - 1: sum over axes of (side_i + 1) * 3^i. Inside is 4 in 2D, 13 in 3D.
  constexpr int RegionIndex() const {
    int index = 0;
    for (int i = N - 1; i >= 0; --i) index = index * 3 + (side[i] + 1);
    return index;
  }
};

namespace detail {

/// InvertedBox (naming the axis) or NonFinite (naming min or max), or nothing.
template <Real T, int N>
std::optional<QueryError> CheckBox(const Aabb<T, N>& box);

template <Real T, int N>
Checked<BoxResult<T, N>> ClosestPointOnBoxSlow(const Vec<T, N>& p, const Aabb<T, N>& box);

template <Real T, int N>
inline BoxResult<T, N> ClosestPointOnBoxFast(const Vec<T, N>& p, const Aabb<T, N>& box, bool& inRange) {
  BoxResult<T, N> r;
  bool ordered = true;
  int clamped = 0;
  for (int i = 0; i < N; ++i) {
    const T lo = box.min.v[i];
    const T hi = box.max.v[i];
    const bool below = p.v[i] < lo;
    const bool above = p.v[i] > hi;
    r.closest.v[i] = below ? lo : (above ? hi : p.v[i]);
    r.side[i] = static_cast<std::int8_t>(int(above) - int(below));
    clamped += int(below | above);
    // lo <= hi with both finite: the width is false-for-NaN, and inf - x or inf - inf
    // fails the upper bound. (A finite box wider than the range also fails: slow path.)
    const T width = hi - lo;
    ordered &= (width >= T(0)) & (width <= MaxFinite<T>());
  }
  const Vec<T, N> diff = p - r.closest;
  const T distSq = Dot(diff, diff);
  r.distanceSq = distSq;
  r.distance = std::sqrt(distSq);
  r.feature = FeatureFromClampedAxes<N>(clamped);
  // Inside (no axis clamped), the distance is exactly 0. Outside, a square below the safe
  // range may have lost digits to underflow, down to exactly 0 for a point 1e-200 from a
  // face: rescale. So "inside" is decided by the clamp, never by distSq == 0. NaN or inf
  // in P always reaches distSq (a NaN coordinate passes the clamp unchanged; an infinite
  // one is clamped, leaving inf - hi), and a NaN distSq is not 0.
  const bool inside = (clamped == 0) & (distSq == T(0));
  inRange = ordered & (inside | ((distSq >= Range<T>::k_minSafeSquare) & (distSq <= MaxFinite<T>())));
  return r;
}

}  // namespace detail

template <Real T, int N>
inline Checked<BoxResult<T, N>> ClosestPointOnBox(const Vec<T, N>& p, const Aabb<T, N>& box) {
  bool inRange;
  const BoxResult<T, N> r = detail::ClosestPointOnBoxFast(p, box, inRange);
  if (inRange) [[likely]]
    return r;
  return detail::ClosestPointOnBoxSlow(p, box);
}

}  // namespace cq
