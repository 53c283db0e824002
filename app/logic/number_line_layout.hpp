// app/logic/number_line_layout.hpp: where the texts of one number line under the canvas go.
//
// A row holds, top to bottom: the caption ("t along the line P(t) = A + t(B − A): ..."),
// the raw value over its marker ("t_raw = 1.16667"), the axis, and under it the tick labels
// and the clamped value ("t = 1"). A short row (a small window at UI scale 2) has no room
// for the caption on a line of its own: it used to be drawn through the raw value
// ("t_raw = t_al1.16667"). Here every text gets a box, and nothing is drawn over another.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "logic/label_layout.hpp"
#include "logic/text_wrap.hpp"

namespace cq::app {

/// One number line's row on screen, in pixels (y down).
struct NumberLineRow {
  double areaLeft = 0;   ///< the number lines' area: its left edge (the name is drawn there) ...
  double areaRight = 0;  ///< ... and its right edge
  double top = 0;        ///< the row's top (the row above ends here) ...
  double bottom = 0;     ///< ... and bottom
  double axisY = 0;      ///< the axis
  double left = 0;       ///< where the axis starts ...
  double right = 0;      ///< ... and ends
  double band = 0;       ///< half the height of the coloured band along the axis
  double marker = 0;     ///< the markers' size: the raw value's triangle is 1.6 of it tall, over the band
  double font = 0;       ///< the text's height
  double px = 1;         ///< one UI pixel (1 at UI scale 1, 2 at UI scale 2)

  /// The screen x of value v on an axis showing [from, to], and back. Finite for every
  /// finite range: the differences are taken of halves, and the way back is a weighted
  /// mean, so an axis from -1e308 to 1e308 (wider than the largest double) still maps.
  double ToX(double v, double from, double to) const {
    return left + (0.5 * v - 0.5 * from) / (0.5 * to - 0.5 * from) * (right - left);
  }
  double ToValue(double x, double from, double to) const {
    const double f = (x - left) / (right - left);
    return from * (1 - f) + to * f;
  }
};

/// Row `index` of `count` rows sharing `area` (4 UI pixels of margin above and below), at
/// `px` pixels per UI pixel and text `font` pixels high. The axis is at 58 % of the row's
/// height, but high enough that the labels under it end inside the row (at UI scale 2 in a
/// short window they ran into the next row's caption).
NumberLineRow NumberLineRowOf(const ScreenBox& area, std::size_t index, std::size_t count, double px, double font);

/// A text and the box it is drawn in (its top-left corner is where the text starts, but for
/// the clamped value, whose box has a margin of 4 UI pixels each side).
struct LineText {
  std::string text;
  ScreenBox box;
};

/// A text centred over or under a point of the axis: the raw value, the clamped one, a tick.
struct LineMark {
  std::string text;
  double x = 0;
  std::string shortText = {};  ///< the raw value's text when `text` fits nowhere clear (its number alone), or empty
};

struct NumberLineTexts {
  LineText name;                   ///< "t", at 1.25 times the font, left of the axis
  std::optional<LineText> caption; ///< whole, cut at a space with "…", or left out: see LayOutNumberLine
  LineText raw;                    ///< the raw value, over its marker (or beside it: see LayOutNumberLine)
  std::optional<LineText> clamped; ///< the clamped value, under its marker
  std::vector<LineText> ticks;     ///< the tick labels that are drawn
  ScreenBox rawMarker;             ///< the raw value's triangle: its top edge, and its tip at the band
  bool rawOnBand = false;          ///< the raw value sits over the band (a very short row): draw it on a background
  std::vector<ScreenBox> tickLines;  ///< every tick's mark across the band (labelled or not)
};

/// The boxes of one number line's texts in `row`: `raw` is the raw value's text and its
/// marker's x, `clamped` the clamped value's (none on a line without a clamp), `ticks` the
/// visible ticks', and `measure` the text's width at the row's font.
///
/// - The raw value is centred over its marker, kept between 40 px left of the axis and
///   20 px right of its end (a text wider than that: inside the area, 4 px from its
///   edges; wider still: from its left edge), and never above the row's top (it would run
///   into the row above). Where the row is too short for it to clear the marker there
///   (640x480 at UI scale 2: the triangle covered "t_raw = 1.▼6667"), or a tick's mark
///   runs through it, it goes beside the marker, down by the band, at the nearest place
///   that clears the marker and every tick's mark; where the whole text fits nowhere so,
///   its number alone (LineMark::shortText: the marker's colour and the clamped value's
///   name say which value it is); failing that (UI scale 4 at 1280x800) beside the marker
///   from the row's top, over the band (rawOnBand: drawn on a background), clear of the
///   clamped value's diamond; failing that too it stays centred.
/// - The clamped value is centred under its marker within the same limits, and slides
///   along (its marker still under the text, 8 px or more from its ends) to clear the
///   labels of ticks elsewhere; a tick label it still covers is left out (at the marker it
///   says the same number), and so is one that would cover an earlier tick's label.
/// - The caption starts at the axis's left end on the row's top line, cut at a space with
///   "…" to fit the area (FitOnOneLine). Where the raw value reaches up to that line, the
///   caption takes the wider of the free spans left and right of it, cut to fit there. A
///   caption cut before its second word ("x:…") is left out.
/// - A tick label that would cover the raw value is left out too (only in a row shorter
///   than the raw value, the band and the labels under it can they meet).
/// No two of the returned boxes overlap, but for the raw and the clamped value in a row
/// too short to hold both (about two text heights at most).
NumberLineTexts LayOutNumberLine(const NumberLineRow& row, const std::string& name, const std::string& caption,
                                 const LineMark& raw, const std::optional<LineMark>& clamped,
                                 const std::vector<LineMark>& ticks, const TextWidth& measure);

}  // namespace cq::app
