// app/logic/camera.hpp: world units <-> screen pixels for the canvas.
//
// The world is y-up, the screen y-down with its origin at the window's top-left. The
// camera keeps a world point at the centre of its viewport and a zoom in pixels per world
// unit; everything geometric in the app lives in world units and goes through here to
// reach a pixel (and back, for the mouse).
#pragma once

#include <optional>

#include "cq/regions2d.hpp"
#include "cq/vec.hpp"

namespace cq::app {

struct ScreenRect {
  cq::Vec2d min;  ///< top-left pixel corner
  cq::Vec2d max;  ///< bottom-right pixel corner
  cq::Vec2d Size() const { return max - min; }
  cq::Vec2d Center() const { return 0.5 * (min + max); }
  bool Contains(const cq::Vec2d& p) const {
    return p.x() >= min.x() && p.x() < max.x() && p.y() >= min.y() && p.y() < max.y();
  }
};

class Camera {
 public:
  /// Pixels per world unit. Small enough that F frames any scene core answers, and more
  /// (a scene 6e305 across fits in 600 pixels; core's range ends at 1e300), large enough
  /// that the world a 10^4-pixel viewport shows stays finite (its corners are at most
  /// 5e306 from a centre that is at most the largest coordinate, 1.7e308).
  static constexpr double k_minZoom = 1e-303;
  static constexpr double k_maxZoom = 1e13;  ///< a 1e-9 segment still fills the view

  /// A viewport smaller than the one the zoom was chosen in (by SetZoom, ZoomAbout or
  /// Frame) scales the zoom down by the ratio of the tighter side, keeping the centre, so
  /// the view chosen stays in view (shrinking the window from 1200x800 to 640x480 left P,
  /// O and N off the canvas until F); a larger one brings it back, up to the zoom chosen.
  void SetViewport(const ScreenRect& viewport);
  const ScreenRect& Viewport() const { return m_viewport; }

  cq::Vec2d Center() const { return m_center; }
  double Zoom() const { return m_zoom; }  ///< pixels per world unit
  void SetCenter(const cq::Vec2d& center) { m_center = center; }
  /// Clamped to [k_minZoom, MaxZoom()].
  void SetZoom(double zoom);
  /// k_maxZoom, or less far from the origin: the viewport's shorter side spans at least
  /// four of the doubles' steps at the centre (1e15 from the origin, where they are 0.125
  /// apart, 1700 pixels per unit for an 860-pixel canvas). Zoomed in further, the whole
  /// view would fall between two doubles: its corners would coincide and nothing could be
  /// drawn in it.
  double MaxZoom() const;

  cq::Vec2d WorldToScreen(const cq::Vec2d& world) const;
  /// The screen position of origin + local, without forming that sum (which, far from
  /// the world's origin, rounds to the doubles' spacing there): a LessonFrame's regions
  /// and strokes. With origin 0 it is WorldToScreen.
  cq::Vec2d LocalToScreen(const cq::Vec2d& local, const cq::Vec2d& origin) const;
  cq::Vec2d ScreenToWorld(const cq::Vec2d& screen) const;
  /// A length in pixels as world units.
  double PixelsToWorld(double pixels) const { return pixels / m_zoom; }

  /// Scales the zoom by `factor` keeping the world point under `screenAnchor` fixed.
  void ZoomAbout(const cq::Vec2d& screenAnchor, double factor);
  /// Moves the view so the world follows a mouse drag of `screenDelta` pixels, no further
  /// than keeps the view's corners finite (panning on at the widest zoom near 1.7e308 took
  /// the centre to infinity, and every point under the mouse with it).
  void PanByPixels(const cq::Vec2d& screenDelta);
  /// Centres `world` and zooms so it fills the viewport less `marginPixels` on each side
  /// (at most a quarter of the viewport's side each, so a small canvas keeps half of it),
  /// leaving out the viewport's top `reservedTop` pixels (where a refused scene's banner
  /// sits): the scene is centred in the part below them.
  void Frame(const cq::Rect2<double>& world, double marginPixels, double reservedTop = 0);
  /// Whether Frame(world, marginPixels) would show all of `world`: false for a scene wider
  /// than the view holds at k_minZoom (about 6e305 across in 600 pixels).
  bool CanFrame(const cq::Rect2<double>& world, double marginPixels) const;

  /// The world rectangle the viewport shows.
  cq::Rect2<double> VisibleWorld() const;

 private:
  /// Keeps the centre where the visible world's corners are finite (after a pan, a zoom,
  /// a resize and a framing).
  void KeepViewFinite();

  ScreenRect m_viewport{{{0, 0}}, {{800, 600}}};
  cq::Vec2d m_center{{0, 0}};
  double m_zoom = 50;
  double m_chosenZoom = 50;          ///< the zoom as last set, and ...
  std::optional<cq::Vec2d> m_chosenSize;  ///< ... the viewport's size then (none: not yet set)
};

}  // namespace cq::app
