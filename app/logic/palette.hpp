// app/logic/palette.hpp: every colour the canvas uses, by role.
//
// Region tones come from the Okabe-Ito palette (Okabe & Ito, "Color Universal Design"),
// distinguishable under the common colour-vision deficiencies; neighbouring regions never
// share a tone. Regions are laid over the paper as translucent fills; the one holding P
// is more opaque. Kept GL-free so the rendering tests can predict pixel colours.
#pragma once

#include <cstdint>

#include "logic/lesson.hpp"

namespace cq::app {

struct Rgba {
  float r, g, b, a;
};

/// Opaque colours; alpha is applied by the fill rules below.
Rgba ToneColor(Tone tone);
/// The tone darkened for text on the paper (region names).
Rgba ToneInk(Tone tone);
Rgba StrokeColor(Stroke stroke);
Rgba MarkerColor(Marker marker);
Rgba CircleColor(CircleRole role);

Rgba PaperColor();       ///< canvas background
Rgba MinorGridColor();   ///< alpha = how strongly it is mixed over the paper
Rgba MajorGridColor();
Rgba AxisColor();
Rgba HandleColor();      ///< shape handles
Rgba QueryPointColor();  ///< the query point P
Rgba HoverColor();       ///< ring around the handle under the mouse or being dragged
Rgba SelectedColor();    ///< ring around the handle the arrow keys move
Rgba LabelColor();
Rgba ErrorColor();

/// Fill opacity of a region: stronger for the one that holds P.
float RegionAlpha(bool holdsP);

/// The colour a fill of `tone` at RegionAlpha(holdsP) produces over the paper.
Rgba BlendOverPaper(Tone tone, bool holdsP);

/// Packs to ImGui's ABGR byte order (IM_COL32) without including ImGui.
std::uint32_t PackAbgr(const Rgba& c, float alphaScale = 1.0f);

}  // namespace cq::app
