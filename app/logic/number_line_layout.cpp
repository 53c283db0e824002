#include "logic/number_line_layout.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace cq::app {
namespace {

/// The left edge of a text `width` wide centred on x, kept from 40 px left of the axis to
/// 20 px right of its end; a text wider than that ("after the push = 2" at UI scale 2 in a
/// small window) within 4 px of the area's edges, and one wider than the area at its left.
double CentredOn(const NumberLineRow& row, double x, double width) {
  double lo = row.left - 40 * row.px;
  double hi = row.right + 20 * row.px - width;
  if (hi < lo) {
    lo = row.areaLeft + 4 * row.px;
    hi = row.areaRight - 4 * row.px - width;
  }
  return hi < lo ? lo : std::clamp(x - width / 2, lo, hi);
}

}  // namespace

NumberLineRow NumberLineRowOf(const ScreenBox& area, std::size_t index, std::size_t count, double px, double font) {
  const double height = (area.max.y() - area.min.y() - 8 * px) / double(std::max<std::size_t>(count, 1));
  NumberLineRow row;
  row.areaLeft = area.min.x();
  row.areaRight = area.max.x();
  row.top = area.min.y() + 4 * px + double(index) * height;
  row.bottom = row.top + height;
  row.left = area.min.x() + 70 * px;
  row.right = area.max.x() - 30 * px;
  row.band = 7 * px;
  row.marker = 7 * px;
  row.font = font;
  row.px = px;
  row.axisY = std::min(row.top + 0.58 * height, row.bottom - row.band - 4 * px - font);
  return row;
}

NumberLineTexts LayOutNumberLine(const NumberLineRow& row, const std::string& name, const std::string& caption,
                                 const LineMark& raw, const std::optional<LineMark>& clamped,
                                 const std::vector<LineMark>& ticks, const TextWidth& measure) {
  NumberLineTexts out;
  const double nameLeft = row.areaLeft + 14 * row.px;
  const double nameTop = row.axisY - row.font * 0.65;
  out.name = {name, {{{nameLeft, nameTop}}, {{nameLeft + 1.25 * measure(name), nameTop + 1.25 * row.font}}}};

  // The marks drawn over the band: the raw value's triangle and the ticks' lines.
  const double bandTop = row.axisY - row.band;
  out.rawMarker = {{{raw.x - row.marker, bandTop - 1.6 * row.marker}}, {{raw.x + row.marker, bandTop + 1}}};
  for (const LineMark& tick : ticks)
    out.tickLines.push_back({{{tick.x - row.px, bandTop - 3 * row.px}}, {{tick.x + row.px, row.axisY + row.band + 3 * row.px}}});
  auto clearOfMarks = [&](const ScreenBox& box) {
    return !Overlaps(box, out.rawMarker) &&
           std::none_of(out.tickLines.begin(), out.tickLines.end(), [&](const ScreenBox& l) { return Overlaps(box, l); });
  };
  // Beside the marker a text may come down to the band, and into its upper half in a row
  // too short for that (the axis, at the band's middle, stays clear): a tick's mark then
  // starts under the text (it reaches 3 px above the band only to be seen there).
  auto clearOfMarker = [&](const ScreenBox& box) {
    return !Overlaps(box, out.rawMarker) && !Overlaps(box, out.name.box) && box.max.y() <= bandTop + 0.5 * row.band;
  };

  // Over the axis: the raw value over its marker, not above the row; else beside it, or
  // its value alone beside it. Its value alone over the marker too where the whole text is
  // wider than the area ("t_raw = 1.42986" ran 6 px past the window's edge at 320x200).
  const bool fits = measure(raw.text) <= row.areaRight - row.areaLeft - 8 * row.px;
  const std::string& overText = fits || raw.shortText.empty() ? raw.text : raw.shortText;
  const double rawLeft = CentredOn(row, raw.x, measure(overText));
  const double rawTop = std::max(row.top, bandTop - 1.6 * row.marker - row.font - row.px);
  out.raw = {overText, {{{rawLeft, rawTop}}, {{rawLeft + measure(overText), rawTop + row.font}}}};
  if (!clearOfMarks(out.raw.box)) {
    const double gap = 3 * row.px;
    const double besideTop = std::max(row.top, bandTop - 4 * row.px - row.font);
    const double lo = row.areaLeft + 4 * row.px;
    // The text, else its number alone, beside the marker with its top at `top`, where
    // `clear` accepts the box: right of the marker or left of it, whichever is nearer the
    // axis's middle first (the text then reads towards the axis, not off its end).
    auto placeBeside = [&](double top, const auto& clear) -> std::optional<LineText> {
      for (const std::string* text : {&raw.text, &raw.shortText}) {
        if (text->empty()) continue;
        const double width = measure(*text);
        double lefts[2] = {out.rawMarker.max.x() + gap, out.rawMarker.min.x() - gap - width};
        if (raw.x > 0.5 * (row.left + row.right)) std::swap(lefts[0], lefts[1]);
        const double hi = row.areaRight - 4 * row.px - width;
        for (const double left : lefts) {
          const ScreenBox box{{{left, top}}, {{left + width, top + row.font}}};
          if (left >= lo && left <= hi && clear(box)) return LineText{*text, box};
        }
      }
      return std::nullopt;
    };
    // A row too short for the text above the band even beside the marker (UI scale 4 at
    // 1280x800: the triangle sat on the digits of "P.x = 4"): beside the marker from the
    // row's top, over the band, on a background, clear of the clamped value's diamond.
    const std::optional<ScreenBox> diamond =
        clamped ? std::optional<ScreenBox>(ScreenBox{{{clamped->x - row.marker, row.axisY - row.marker}},
                                                     {{clamped->x + row.marker, row.axisY + row.marker}}})
                : std::nullopt;
    auto clearOnBand = [&](const ScreenBox& box) {
      return !Overlaps(box, out.rawMarker) && !Overlaps(box, out.name.box) && !(diamond && Overlaps(box, *diamond));
    };
    if (auto beside = placeBeside(besideTop, clearOfMarker)) {
      out.raw = *beside;
    } else if (auto onBand = placeBeside(row.top, clearOnBand)) {
      out.raw = *onBand;
      out.rawOnBand = true;
    }
    for (ScreenBox& l : out.tickLines)
      if (Overlaps(l, out.raw.box)) l.min.v[1] = out.raw.box.max.y();
  }

  // Under the axis: the clamped value, then the ticks it and the raw value leave free.
  const double labelY = row.axisY + row.band + 4 * row.px;
  const auto tickBox = [&](const LineMark& tick) {
    const double w = measure(tick.text);
    return ScreenBox{{{tick.x - w / 2, labelY}}, {{tick.x + w / 2, labelY + row.font}}};
  };
  if (clamped) {
    const double w = measure(clamped->text);
    const double x = CentredOn(row, clamped->x, w);
    out.clamped = LineText{clamped->text, {{{x - 4 * row.px, labelY}}, {{x + w + 4 * row.px, labelY + row.font}}}};
    // Slid along, still under its marker, off the labels of ticks elsewhere: at UI scale 2
    // "closest.x = 0.7" took the place of the box's max.x, 2, which then went unlabelled
    // (classroom audit of 2026-11-29). A tick at the marker itself says the same number.
    double lo = row.areaLeft + 4 * row.px;  // as CentredOn keeps a text from the area's edges
    double hi = row.areaRight - 4 * row.px;
    bool blocked = false;
    for (const LineMark& tick : ticks) {
      const ScreenBox box = tickBox(tick);
      if (std::abs(tick.x - clamped->x) < row.px || Overlaps(box, out.raw.box)) continue;
      // Every such label bounds the slide, not only the ones in the way: "closest.y = 0.4"
      // slid off 1.5 onto -1.5.
      blocked = blocked || Overlaps(box, out.clamped->box);
      if (tick.x > clamped->x) hi = std::min(hi, box.min.x() - 8 * row.px);
      else lo = std::max(lo, box.max.x() + 8 * row.px);
    }
    ScreenBox& c = out.clamped->box;
    const double width = c.max.x() - c.min.x();
    const double inset = 8 * row.px;  // the marker stays under the text, not at its very end
    // (Room first: std::clamp with lo above hi - width is undefined; review.)
    const double left = hi - lo >= width ? std::clamp(c.min.x(), lo, hi - width) : c.min.x();
    if (blocked && hi - lo >= width && clamped->x >= left + inset && clamped->x <= left + width - inset) {
      c.max.v[0] = left + width;
      c.min.v[0] = left;
    }
  }
  for (const LineMark& tick : ticks) {
    const ScreenBox box = tickBox(tick);
    if (out.clamped && Overlaps(box, out.clamped->box)) continue;
    if (Overlaps(box, out.raw.box)) continue;
    if (std::any_of(out.ticks.begin(), out.ticks.end(), [&](const LineText& t) { return Overlaps(box, t.box); }))
      continue;
    out.ticks.push_back({tick.text, box});
  }

  // The caption on the row's top line, in the widest span the raw value and its marker
  // leave free there.
  const double gap = 8 * row.px;
  double from = row.left;
  double to = row.areaRight - gap;
  for (const ScreenBox& obstacle : {out.raw.box, out.rawMarker}) {
    if (obstacle.min.y() >= row.top + row.font) continue;  // below the caption's line
    const double leftSpan = std::min(to, obstacle.min.x() - gap) - from;
    const double rightSpan = to - std::max(from, obstacle.max.x() + gap);
    if (obstacle.max.x() + gap <= from || obstacle.min.x() - gap >= to) continue;  // outside the span
    if (leftSpan >= rightSpan) {
      to = from + leftSpan;
    } else {
      from = to - rightSpan;
    }
  }
  if (to > from) {
    const std::string text = FitOnOneLine(caption, to - from, measure);
    // Whole, or cut after two words at least: a lone "x:…" says nothing.
    const bool whole = text == caption;
    const bool twoWords = text.find(' ') != std::string::npos;
    if (!text.empty() && (whole || twoWords) && measure(text) <= to - from)
      out.caption = LineText{text, {{{from, row.top}}, {{from + measure(text), row.top + row.font}}}};
  }
  return out;
}

}  // namespace cq::app
