#include "logic/palette.hpp"

#include <algorithm>
#include <cmath>

namespace cq::app {
namespace {

constexpr Rgba Hex(std::uint32_t rgb, float alpha = 1.0f) {
  return {float((rgb >> 16) & 0xff) / 255.0f, float((rgb >> 8) & 0xff) / 255.0f, float(rgb & 0xff) / 255.0f, alpha};
}

}  // namespace

Rgba ToneColor(Tone tone) {
  switch (tone) {
    case Tone::VertexA: return Hex(0x56B4E9);    // sky blue
    case Tone::Interior: return Hex(0xE69F00);   // orange
    case Tone::VertexB: return Hex(0xCC79A7);    // reddish purple
    case Tone::Back: return Hex(0xD55E00);       // vermillion
    case Tone::Front: return Hex(0x009E73);      // bluish green
    case Tone::BoxInside: return Hex(0x009E73);  // bluish green
    case Tone::BoxEdge: return Hex(0xE69F00);    // orange
    case Tone::BoxVertex: return Hex(0x56B4E9);  // sky blue
    case Tone::Penetrating: return Hex(0xD55E00);  // vermillion
    case Tone::Clear: return Hex(0x009E73);      // bluish green
  }
  return Hex(0x999999);
}

Rgba ToneInk(Tone tone) {
  const Rgba c = ToneColor(tone);
  constexpr float k_darken = 0.6f;  // keeps the hue, reaches text contrast on the light paper
  return {c.r * k_darken, c.g * k_darken, c.b * k_darken, 1.0f};
}

Rgba StrokeColor(Stroke stroke) {
  switch (stroke) {
    case Stroke::Shape: return Hex(0x1A1A1A);
    case Stroke::Carrier: return Hex(0x555555);
    case Stroke::Boundary: return Hex(0x6E6E6E);
    case Stroke::Perpendicular: return Hex(0x0072B2);  // blue
    case Stroke::ClampMove: return Hex(0xD55E00);      // vermillion
    case Stroke::Distance: return Hex(0x000000);
    case Stroke::Normal: return Hex(0x0072B2);
    case Stroke::PushOut: return Hex(0x009E73);  // bluish green, like the clear side of the d line
  }
  return Hex(0x000000);
}

Rgba MarkerColor(Marker marker) {
  switch (marker) {
    case Marker::RawFoot: return Hex(0x0072B2);  // blue, like the perpendicular that lands on it
    case Marker::Closest: return Hex(0xD55E00);  // vermillion: the answer
    case Marker::Resolved: return Hex(0x009E73);  // bluish green, like the push-out arrow
  }
  return Hex(0x000000);
}

Rgba CircleColor(CircleRole role) {
  switch (role) {
    case CircleRole::Ball: return QueryPointColor();  // its centre is the query point
    case CircleRole::Resolved: return StrokeColor(Stroke::PushOut);
  }
  return Hex(0x000000);
}

Rgba PaperColor() { return Hex(0xFBFAF7); }
Rgba MinorGridColor() { return Hex(0x000000, 0.06f); }
Rgba MajorGridColor() { return Hex(0x000000, 0.14f); }
Rgba AxisColor() { return Hex(0x000000, 0.45f); }
Rgba HandleColor() { return Hex(0x1A1A1A); }
Rgba QueryPointColor() { return Hex(0x0072B2); }
Rgba HoverColor() { return Hex(0xF0E442); }  // yellow
Rgba SelectedColor() { return Hex(0x0072B2); }
Rgba LabelColor() { return Hex(0x111111); }
Rgba ErrorColor() { return Hex(0xB00020); }

float RegionAlpha(bool holdsP) { return holdsP ? 0.34f : 0.13f; }

Rgba BlendOverPaper(Tone tone, bool holdsP) {
  const Rgba paper = PaperColor();
  const Rgba ink = ToneColor(tone);
  const float a = RegionAlpha(holdsP);
  return {paper.r + (ink.r - paper.r) * a, paper.g + (ink.g - paper.g) * a, paper.b + (ink.b - paper.b) * a, 1.0f};
}

std::uint32_t PackAbgr(const Rgba& c, float alphaScale) {
  auto byte = [](float v) { return std::uint32_t(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
  return byte(c.r) | (byte(c.g) << 8) | (byte(c.b) << 16) | (byte(c.a * alphaScale) << 24);
}

}  // namespace cq::app
