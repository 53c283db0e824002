#include "logic/number_line_layout.hpp"

#include <algorithm>

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

  // Over the axis: the raw value over its marker, not above the row.
  const double rawWidth = measure(raw.text);
  const double rawLeft = CentredOn(row, raw.x, rawWidth);
  const double rawTop = std::max(row.top, row.axisY - row.band - 1.6 * row.marker - row.font - row.px);
  out.raw = {raw.text, {{{rawLeft, rawTop}}, {{rawLeft + rawWidth, rawTop + row.font}}}};

  // Under the axis: the clamped value, then the ticks it and the raw value leave free.
  const double labelY = row.axisY + row.band + 4 * row.px;
  if (clamped) {
    const double w = measure(clamped->text);
    const double x = CentredOn(row, clamped->x, w);
    out.clamped = LineText{clamped->text, {{{x - 4 * row.px, labelY}}, {{x + w + 4 * row.px, labelY + row.font}}}};
  }
  for (const LineMark& tick : ticks) {
    const double w = measure(tick.text);
    const ScreenBox box{{{tick.x - w / 2, labelY}}, {{tick.x + w / 2, labelY + row.font}}};
    if (out.clamped && Overlaps(box, out.clamped->box)) continue;
    if (Overlaps(box, out.raw.box)) continue;
    if (std::any_of(out.ticks.begin(), out.ticks.end(), [&](const LineText& t) { return Overlaps(box, t.box); }))
      continue;
    out.ticks.push_back({tick.text, box});
  }

  // The caption on the row's top line, in the widest span the raw value leaves free.
  const double gap = 8 * row.px;
  double from = row.left;
  double to = row.areaRight - gap;
  const bool shared = rawTop < row.top + row.font;
  if (shared) {
    const double leftSpan = out.raw.box.min.x() - gap - row.left;
    const double rightSpan = row.areaRight - gap - (out.raw.box.max.x() + gap);
    if (leftSpan >= rightSpan) {
      to = row.left + leftSpan;
    } else {
      from = out.raw.box.max.x() + gap;
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
