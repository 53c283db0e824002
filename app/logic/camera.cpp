#include "logic/camera.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cq::app {

double Camera::MaxZoom() const {
  const double far = std::max(std::abs(m_center.x()), std::abs(m_center.y()));
  const double step = std::nextafter(far, std::numeric_limits<double>::infinity()) - far;  // ulp
  const cq::Vec2d size = m_viewport.Size();
  const double side = std::max(1.0, std::min(size.x(), size.y()));
  const double limit = side / (4 * step);
  return std::isfinite(far) && limit < k_maxZoom ? std::max(limit, k_minZoom) : k_maxZoom;
}

void Camera::SetZoom(double zoom) {
  m_zoom = std::clamp(zoom, k_minZoom, MaxZoom());
  m_chosenZoom = m_zoom;
  m_chosenSize = m_viewport.Size();
}

void Camera::SetViewport(const ScreenRect& viewport) {
  m_viewport = viewport;
  const cq::Vec2d size = viewport.Size();
  if (!m_chosenSize) m_chosenSize = size;
  if (!(size.x() > 0 && size.y() > 0 && m_chosenSize->x() > 0 && m_chosenSize->y() > 0)) return;
  const double ratio = std::min({1.0, size.x() / m_chosenSize->x(), size.y() / m_chosenSize->y()});
  m_zoom = std::clamp(m_chosenZoom * ratio, k_minZoom, MaxZoom());
  KeepViewFinite();  // a wider canvas at the range's edge reached past it (review s34)
}

cq::Vec2d Camera::LocalToScreen(const cq::Vec2d& local, const cq::Vec2d& origin) const {
  const cq::Vec2d c = m_viewport.Center();
  const cq::Vec2d shift = origin - m_center;  // exact when the frame is this view's (Sterbenz)
  return {{c.x() + (local.x() + shift.x()) * m_zoom, c.y() - (local.y() + shift.y()) * m_zoom}};
}

cq::Vec2d Camera::WorldToScreen(const cq::Vec2d& world) const {
  const cq::Vec2d c = m_viewport.Center();
  return {{c.x() + (world.x() - m_center.x()) * m_zoom, c.y() - (world.y() - m_center.y()) * m_zoom}};
}

cq::Vec2d Camera::ScreenToWorld(const cq::Vec2d& screen) const {
  const cq::Vec2d c = m_viewport.Center();
  return {{m_center.x() + (screen.x() - c.x()) / m_zoom, m_center.y() - (screen.y() - c.y()) / m_zoom}};
}

void Camera::ZoomAbout(const cq::Vec2d& screenAnchor, double factor) {
  const cq::Vec2d anchorWorld = ScreenToWorld(screenAnchor);
  SetZoom(m_zoom * factor);
  // Move the centre so anchorWorld maps back to screenAnchor.
  const cq::Vec2d c = m_viewport.Center();
  m_center = {{anchorWorld.x() - (screenAnchor.x() - c.x()) / m_zoom,
               anchorWorld.y() + (screenAnchor.y() - c.y()) / m_zoom}};
  KeepViewFinite();
}

void Camera::PanByPixels(const cq::Vec2d& screenDelta) {
  m_center = {{m_center.x() - screenDelta.x() / m_zoom, m_center.y() + screenDelta.y() / m_zoom}};
  KeepViewFinite();
}

void Camera::KeepViewFinite() {
  constexpr double k_max = std::numeric_limits<double>::max();
  const cq::Vec2d half = (0.5 / m_zoom) * m_viewport.Size();
  for (int k = 0; k < 2; ++k) {
    const double limit = k_max - half.v[k];
    if (limit > 0) m_center.v[k] = std::clamp(m_center.v[k], -limit, limit);
  }
}

namespace {

/// The zoom that fits `world` into `pixels` less the margin (not clamped); +inf for a
/// single point.
double ZoomToFit(const cq::Rect2<double>& world, const cq::Vec2d& pixels, double marginPixels) {
  // Halves first: max - min overflows for a scene from -1e308 to 1e308.
  const cq::Vec2d size = 2.0 * (0.5 * world.max - 0.5 * world.min);
  // The margin takes at most a quarter of each side: at 800x600 and UI scale 2 the canvas
  // is 320 pixels wide, and a 180-pixel margin on each side left 1 pixel for the scene
  // (it opened at 0.1 pixels per unit, every handle on one pixel).
  const double usableX = std::max(1.0, pixels.x() - 2 * std::min(marginPixels, 0.25 * pixels.x()));
  const double usableY = std::max(1.0, pixels.y() - 2 * std::min(marginPixels, 0.25 * pixels.y()));
  const double inf = std::numeric_limits<double>::infinity();
  const double zoomX = size.x() > 0 ? usableX / size.x() : inf;
  const double zoomY = size.y() > 0 ? usableY / size.y() : inf;
  return std::min(zoomX, zoomY);
}

}  // namespace

bool Camera::CanFrame(const cq::Rect2<double>& world, double marginPixels) const {
  return ZoomToFit(world, m_viewport.Size(), marginPixels) >= k_minZoom;
}

void Camera::Frame(const cq::Rect2<double>& world, double marginPixels, double reservedTop) {
  const cq::Vec2d size = m_viewport.Size();
  const double reserved = std::clamp(reservedTop, 0.0, std::max(0.0, size.y() - 1));
  const double fit = ZoomToFit(world, {{size.x(), size.y() - reserved}}, marginPixels);
  const double zoom = std::isinf(fit) ? m_zoom : fit;  // a single point: keep the zoom
  m_center = 0.5 * world.min + 0.5 * world.max;  // first: the zoom's limit depends on it
  SetZoom(zoom);
  // The scene's centre at the middle of the part below the reserved strip, half the strip
  // below the viewport's centre (screen y grows downwards, world y upwards).
  if (reserved > 0) m_center.v[1] += 0.5 * reserved / m_zoom;
  KeepViewFinite();
}

cq::Rect2<double> Camera::VisibleWorld() const {
  const cq::Vec2d a = ScreenToWorld(m_viewport.min);
  const cq::Vec2d b = ScreenToWorld(m_viewport.max);
  return {{{std::min(a.x(), b.x()), std::min(a.y(), b.y())}}, {{std::max(a.x(), b.x()), std::max(a.y(), b.y())}}};
}

}  // namespace cq::app
