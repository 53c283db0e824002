// Where a number line's texts go: every text whole, none over another, in a roomy row and in
// the short rows of a small window at UI scale 2 (where the caption used to run through the
// raw value: "t_raw = t_al1.16667").
#include "logic/number_line_layout.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cq::app {
namespace {

const std::string k_caption = "t along the line P(t) = A + t(B − A): 0 at A, 1 at B";

/// A monospaced font: `width` pixels per UTF-8 character.
TextWidth Mono(double width) {
  return [width](std::string_view s) {
    double n = 0;
    for (const char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
    return n * width;
  };
}

/// Every box of a layout, with a name for the messages.
std::vector<std::pair<std::string, ScreenBox>> Boxes(const NumberLineTexts& t) {
  std::vector<std::pair<std::string, ScreenBox>> boxes{{"name", t.name.box}, {"raw", t.raw.box}};
  if (t.caption) boxes.push_back({"caption", t.caption->box});
  if (t.clamped) boxes.push_back({"clamped", t.clamped->box});
  for (const LineText& tick : t.ticks) boxes.push_back({"tick " + tick.text, tick.box});
  return boxes;
}

/// The segment lesson's t line: ticks at 0 and 1 on an axis showing [-0.5, 1.5].
struct TLine {
  NumberLineRow row;
  double X(double v) const { return row.ToX(v, -0.5, 1.5); }
  NumberLineTexts Lay(double raw, const TextWidth& measure, const std::string& caption = k_caption) const {
    const double clamped = raw < 0 ? 0 : raw > 1 ? 1 : raw;
    return LayOutNumberLine(row, "t", caption, {"t_raw = " + std::to_string(raw), X(raw)},
                            LineMark{"t = " + std::to_string(clamped), X(clamped)},
                            {{"0", X(0)}, {"0.5", X(0.5)}, {"1", X(1)}}, measure);
  }
};

TLine Row(double width, double height, double px, double font, std::size_t index = 0, std::size_t count = 1) {
  const ScreenBox area{{{400, 600}}, {{400 + width, 600 + double(count) * height + 8 * px}}};
  return {NumberLineRowOf(area, index, count, px, font)};
}

TEST(NumberLineLayout, AnAxisWiderThanTheLargestDoubleStillMaps) {
  // The plane's s line for s = 1e308 shows [-1.24e308, 1.24e308]: to - from overflows.
  // Before, every value mapped to NaN or to the left end, and the axis was drawn blank.
  const NumberLineRow row = Row(800, 60, 1, 13).row;
  const double big = 1.24e308;
  EXPECT_DOUBLE_EQ(row.ToX(0, -big, big), 0.5 * (row.left + row.right));
  EXPECT_DOUBLE_EQ(row.ToX(-big, -big, big), row.left);
  EXPECT_DOUBLE_EQ(row.ToX(big, -big, big), row.right);
  EXPECT_DOUBLE_EQ(row.ToX(1e308, -big, big), row.left + (0.5 + 0.5 * 1e308 / big) * (row.right - row.left));
  EXPECT_DOUBLE_EQ(row.ToValue(0.5 * (row.left + row.right), -big, big), 0);
  EXPECT_DOUBLE_EQ(row.ToValue(row.right, -big, big), big);
  const double max = std::numeric_limits<double>::max();
  EXPECT_DOUBLE_EQ(row.ToValue(row.left, -max, max), -max);
  // An ordinary axis, both ways.
  EXPECT_DOUBLE_EQ(row.ToValue(row.ToX(0.3, -0.5, 1.5), -0.5, 1.5), 0.3);
}

TEST(NumberLineLayout, RowsShareTheAreaAndKeepTheirLabelsInside) {
  const ScreenBox area{{{400, 600}}, {{1280, 800}}};
  const NumberLineRow first = NumberLineRowOf(area, 0, 2, 1, 13);
  const NumberLineRow second = NumberLineRowOf(area, 1, 2, 1, 13);
  EXPECT_DOUBLE_EQ(first.top, 604);
  EXPECT_DOUBLE_EQ(first.bottom, second.top);
  EXPECT_DOUBLE_EQ(second.bottom, 796);
  EXPECT_DOUBLE_EQ(first.axisY, first.top + 0.58 * 96);  // roomy: at 58 %
  EXPECT_DOUBLE_EQ(first.left, 470);
  EXPECT_DOUBLE_EQ(first.right, 1250);
  // Short, at UI scale 2: the axis moves up so that the labels under it end in the row.
  const NumberLineRow tight = NumberLineRowOf(area, 0, 2, 2, 34);
  EXPECT_LT(tight.axisY, tight.top + 0.58 * (tight.bottom - tight.top));
  EXPECT_DOUBLE_EQ(tight.axisY + tight.band + 4 * 2 + 34, tight.bottom);
}

TEST(NumberLineLayout, ARoomyRowKeepsEveryTextWhere) {
  const TLine line = Row(880, 104, 1, 13);
  const NumberLineTexts t = line.Lay(1.2, Mono(7));
  ASSERT_TRUE(t.caption);
  EXPECT_EQ(t.caption->text, k_caption);  // whole, at the axis's left end on the top line
  EXPECT_DOUBLE_EQ(t.caption->box.min.x(), line.row.left);
  EXPECT_DOUBLE_EQ(t.caption->box.min.y(), line.row.top);
  // The raw value centred over its marker, above the triangle.
  EXPECT_DOUBLE_EQ(0.5 * (t.raw.box.min.x() + t.raw.box.max.x()), line.X(1.2));
  EXPECT_DOUBLE_EQ(t.raw.box.max.y(), line.row.axisY - line.row.band - 1.6 * line.row.marker - 1);
  // The clamped value under its marker; the tick "1" it covers is left out, "0" and "0.5" stay.
  ASSERT_TRUE(t.clamped);
  EXPECT_DOUBLE_EQ(0.5 * (t.clamped->box.min.x() + t.clamped->box.max.x()), line.X(1));
  ASSERT_EQ(t.ticks.size(), 2u);
  EXPECT_EQ(t.ticks[0].text, "0");
  EXPECT_EQ(t.ticks[1].text, "0.5");
}

TEST(NumberLineLayout, AShortRowGivesTheCaptionOnlyTheRoomTheRawValueLeaves) {
  // The review's case: 800x600 at UI scale 2 (font 34 px), two lines in 270 px.
  const TLine line = Row(320, 131, 2, 34);
  const NumberLineTexts t = line.Lay(1.16667, Mono(17));
  ASSERT_LT(t.raw.box.min.y(), line.row.top + 34);  // the raw value reaches the caption's line
  EXPECT_GE(t.raw.box.min.y(), line.row.top);       // but not the row above
  if (t.caption) {
    EXPECT_FALSE(Overlaps(t.caption->box, t.raw.box)) << t.caption->text;
  }
  EXPECT_FALSE(t.caption) << "no room beside \"t_raw = ...\" in 320 px: " << t.caption->text;
  // Wider, there is room left of the raw value (which sits over 1.16667, at the right):
  // the caption is cut there at a space, with "…".
  const TLine wide = Row(900, 131, 2, 34);
  const NumberLineTexts w = wide.Lay(1.16667, Mono(17));
  ASSERT_TRUE(w.caption);
  EXPECT_NE(w.caption->text, k_caption);
  EXPECT_EQ(w.caption->text.substr(0, 7), "t along");
  EXPECT_EQ(w.caption->text.substr(w.caption->text.size() - 3), "…");
  EXPECT_FALSE(Overlaps(w.caption->box, w.raw.box));
  EXPECT_LE(w.caption->box.max.x(), w.raw.box.min.x() - 16);
  // A caption that would be cut before its second word is left out ("x:…" said nothing).
  const NumberLineTexts x = wide.Lay(1.16667, Mono(17), "x: the box's min.x to max.x");
  EXPECT_TRUE(x.caption);  // "x: the box's…" fits left of the raw value
  const TLine narrow = Row(560, 131, 2, 34);
  EXPECT_FALSE(narrow.Lay(1.16667, Mono(17), "x: the box's min.x to max.x").caption);
  // With the raw value at the left, the caption goes right of it.
  const NumberLineTexts l = wide.Lay(-0.4, Mono(17));
  ASSERT_TRUE(l.caption);
  EXPECT_GE(l.caption->box.min.x(), l.raw.box.max.x() + 16);
  EXPECT_LE(l.caption->box.max.x(), wide.row.areaRight - 16);
}

TEST(NumberLineLayout, NothingOverlapsAndEverythingStaysInItsRow) {
  // Raw values across the axis and beyond, rows from roomy to short, UI scale 1 and 2.
  for (const double px : {1.0, 1.5, 2.0}) {
    const double font = 13 * px;
    for (double height = 104 * px; height >= 50 * px; height -= 9 * px) {
      for (const double width : {360.0, 640.0, 880.0}) {
        const TLine line = Row(width, height, px, font, 1, 3);
        for (double raw = -0.9; raw <= 1.9; raw += 0.05) {
          const NumberLineTexts t = line.Lay(raw, Mono(7 * px));
          const auto boxes = Boxes(t);
          for (size_t i = 0; i < boxes.size(); ++i) {
            const ScreenBox& b = boxes[i].second;
            EXPECT_GE(b.min.y(), line.row.top) << boxes[i].first << " px " << px << " height " << height;
            EXPECT_LE(b.max.y(), line.row.bottom) << boxes[i].first << " px " << px << " height " << height;
            EXPECT_GE(b.min.x(), line.row.areaLeft) << boxes[i].first;
            EXPECT_LE(b.max.x(), line.row.areaRight) << boxes[i].first;
            for (size_t j = i + 1; j < boxes.size(); ++j)
              EXPECT_FALSE(Overlaps(b, boxes[j].second))
                  << boxes[i].first << " over " << boxes[j].first << " (px " << px << ", height " << height
                  << ", width " << width << ", raw " << raw << ")";
          }
        }
      }
    }
  }
}

// The raw value's triangle and the ticks' marks are drawn over the band: the raw value's
// text keeps clear of them, and of the line's name, in every row down to the contact
// lesson's two lines at 640x480 and UI scale 2 (50 UI px each), where the triangle covered
// "t_raw = 1.▼6667" and the tick of r ran through "d = 1.11803" (review s30 #7). There it
// goes beside the marker, as its number alone where the whole text fits nowhere.
TEST(NumberLineLayout, TheRawValueKeepsClearOfItsMarkerTheTicksAndTheName) {
  int besideCount = 0;
  int shortCount = 0;
  for (const double px : {1.0, 1.5, 2.0, 2.5, 3.0}) {
    const double font = 17 * px;  // ImGui's 13 px font draws 17 px tall with its line gap
    for (double height = 104 * px; height >= 50 * px; height -= 6 * px) {
      for (const double width : {176.0 * px, 240.0 * px, 440.0 * px}) {
        const TLine line = Row(width, height, px, font, 1, 2);
        for (double raw = -0.9; raw <= 1.9; raw += 0.05) {
          const double clamped = raw < 0 ? 0 : raw > 1 ? 1 : raw;
          const std::string number = std::to_string(raw);
          const NumberLineTexts t =
              LayOutNumberLine(line.row, "t", k_caption, {"t_raw = " + number, line.X(raw), number},
                               LineMark{"t = " + std::to_string(clamped), line.X(clamped)},
                               {{"0", line.X(0)}, {"1", line.X(1)}}, Mono(7.5 * px));
          const std::string where = "px " + std::to_string(px) + " height " + std::to_string(height) + " width " +
                                    std::to_string(width) + " raw " + number;
          EXPECT_FALSE(Overlaps(t.raw.box, t.rawMarker)) << where;
          EXPECT_FALSE(Overlaps(t.raw.box, t.name.box)) << where;
          for (const ScreenBox& mark : t.tickLines) {  // a mark under the text starts below it,
            EXPECT_FALSE(Overlaps(t.raw.box, mark)) << where;
            EXPECT_LE(mark.min.y(), line.row.axisY - line.row.band / 2) << where;  // still across the band
          }
          if (t.caption) {
            EXPECT_FALSE(Overlaps(t.caption->box, t.rawMarker)) << where << " caption";
          }
          // The triangle points at the value, and the text stays above the axis.
          EXPECT_DOUBLE_EQ(0.5 * (t.rawMarker.min.x() + t.rawMarker.max.x()), line.X(raw));
          EXPECT_LT(t.raw.box.max.y(), line.row.axisY) << where;
          besideCount += t.raw.box.max.y() > t.rawMarker.min.y() ? 1 : 0;
          shortCount += t.raw.text == number ? 1 : 0;
        }
      }
    }
  }
  EXPECT_GT(besideCount, 0);  // the sweep reaches rows where the text must go beside
  EXPECT_GT(shortCount, 0);   // and rows where only the number fits
}

TEST(NumberLineLayout, InARowTooShortForTheTextBesideItsMarkerItGoesOverTheBand) {
  // Review s35, UI scale 4 at 1280x800: rows 45 UI pixels high, where the text fits neither
  // over the triangle nor beside it above the band; it stayed centred, under the triangle.
  int onBand = 0;
  for (const double px : {3.0, 4.0}) {
    const double font = 17 * px;
    for (double height = 50 * px; height >= 40 * px; height -= 2 * px) {
      const TLine line = Row(176 * px, height, px, font, 1, 2);
      for (double raw = -0.4; raw <= 1.4; raw += 0.1) {
        const double clamped = raw < 0 ? 0 : raw > 1 ? 1 : raw;
        const std::string number = std::to_string(raw).substr(0, 4);
        const NumberLineTexts t =
            LayOutNumberLine(line.row, "x", "", {"P.x = " + number, line.X(raw), number},
                             LineMark{"closest.x = " + std::to_string(clamped).substr(0, 4), line.X(clamped)},
                             {{"0", line.X(0)}, {"1", line.X(1)}}, Mono(7.5 * px));
        const std::string where = "px " + std::to_string(px) + " height " + std::to_string(height) + " raw " + number;
        if (!t.rawOnBand) continue;
        ++onBand;
        EXPECT_FALSE(Overlaps(t.raw.box, t.rawMarker)) << where;
        EXPECT_FALSE(Overlaps(t.raw.box, t.name.box)) << where;
        const double m = line.row.marker;
        const ScreenBox diamond{{{line.X(clamped) - m, line.row.axisY - m}}, {{line.X(clamped) + m, line.row.axisY + m}}};
        EXPECT_FALSE(Overlaps(t.raw.box, diamond)) << where;
        EXPECT_GE(t.raw.box.min.y(), line.row.top) << where;
      }
    }
  }
  EXPECT_GT(onBand, 0);  // the sweep reaches such rows
}

TEST(NumberLineLayout, TickLabelsDoNotRunTogether) {
  const TLine line = Row(880, 104, 1, 13);
  const NumberLineTexts t =
      LayOutNumberLine(line.row, "t", "", {"t_raw = 0.5", line.X(0.5)}, std::nullopt,
                       {{"0.25", line.X(0.25)}, {"0.251", line.X(0.251)}, {"0.75", line.X(0.75)}}, Mono(7));
  ASSERT_EQ(t.ticks.size(), 2u);  // 0.251 would sit on 0.25
  EXPECT_EQ(t.ticks[0].text, "0.25");
  EXPECT_EQ(t.ticks[1].text, "0.75");
  EXPECT_FALSE(t.caption);  // nothing to say: no caption box
  // A row shorter than two text heights: the raw value, kept in the row, comes down to the
  // labels under the axis; the tick label under it is left out.
  const TLine tiny = Row(880, 20, 1, 13);
  const NumberLineTexts u =
      LayOutNumberLine(tiny.row, "t", "", {"t_raw = 0.5", tiny.X(0.5)}, std::nullopt,
                       {{"0.5", tiny.X(0.5)}, {"1", tiny.X(1)}}, Mono(7));
  ASSERT_EQ(u.ticks.size(), 1u);
  EXPECT_EQ(u.ticks[0].text, "1");
  EXPECT_FALSE(Overlaps(u.ticks[0].box, u.raw.box));
}

TEST(NumberLineLayout, ATextWiderThanTheAxisUsesTheWholeArea) {
  // At UI scale 2 in a small window the contact lesson's "after the push = 2" is wider than
  // the axis and its margins: it goes inside the area (it ran 54 px past its right edge).
  // Clamping into that empty range was undefined.
  const TLine line = Row(340, 131, 2, 34);
  const std::string text = "after the push = 2";  // 18 characters, 306 px, and 8 px margins
  const NumberLineTexts t = LayOutNumberLine(line.row, "d", "", {"d = 1.11803", line.X(0.2)},
                                             LineMark{text, line.X(1)}, {}, Mono(17));
  ASSERT_TRUE(t.clamped);
  EXPECT_TRUE(Inside(t.clamped->box, {{{line.row.areaLeft, line.row.top}}, {{line.row.areaRight, line.row.bottom}}}));
  // Wider than the area too: from its left edge.
  const std::string huge = "t_raw = -1.7976931348623157e+308 (off scale)";
  const NumberLineTexts h = LayOutNumberLine(line.row, "t", k_caption, {huge, line.X(-0.5)}, std::nullopt, {}, Mono(17));
  EXPECT_DOUBLE_EQ(h.raw.box.min.x(), line.row.areaLeft + 8);
}

TEST(NumberLineLayout, ARawTextWiderThanTheAreaIsItsNumberAlone) {
  // Review s34 GUI #3: at 320x200 the number lines' area is 120 px wide, and "t_raw =
  // 1.42986" (122 px) went over the marker from the area's left edge, 6 px past the
  // window's right edge. Its number alone fits.
  const TLine line = Row(120, 90, 1, 13);
  const TextWidth measure = Mono(8);  // "t_raw = 1.42986": 15 characters, 120 px
  const NumberLineTexts t =
      LayOutNumberLine(line.row, "t", "", {"t_raw = 1.42986", line.X(1.43), "1.42986"}, LineMark{"t = 1", line.X(1)},
                       {{"0", line.X(0)}, {"1", line.X(1)}}, measure);
  EXPECT_EQ(t.raw.text, "1.42986");
  EXPECT_TRUE(Inside(t.raw.box, {{{line.row.areaLeft, line.row.top}}, {{line.row.areaRight, line.row.bottom}}}));
  // Where it fits, the whole text.
  const TLine wide = Row(400, 90, 1, 13);
  EXPECT_EQ(LayOutNumberLine(wide.row, "t", "", {"t_raw = 1.42986", wide.X(1.43), "1.42986"}, std::nullopt, {}, measure)
                .raw.text,
            "t_raw = 1.42986");
}

// A mutation run found the side of the marker untested where the raw value goes beside
// it: the side towards the axis's middle first, so the text reads towards the middle and
// not off the axis's end. A row 48 px high has no room for it over the marker.
TEST(NumberLineLayout, BesideItsMarkerTheRawValueGoesOnTheSideOfTheMiddle) {
  const TLine line = Row(800, 40, 1, 13);
  for (const double raw : {0.0, 1.0}) {
    const std::string number = std::to_string(raw);
    const NumberLineTexts t =
        LayOutNumberLine(line.row, "t", "caption", {"t_raw = " + number, line.X(raw)},
                         LineMark{"t = " + number, line.X(raw)}, {{"0", line.X(0)}, {"1", line.X(1)}}, Mono(7));
    ASSERT_GT(t.raw.box.max.y(), t.rawMarker.min.y()) << "precondition: beside the marker, not over it";
    if (raw == 1.0) {
      EXPECT_LE(t.raw.box.max.x(), t.rawMarker.min.x()) << "right of the middle: the text goes left of its marker";
    } else {
      EXPECT_GE(t.raw.box.min.x(), t.rawMarker.max.x()) << "left of the middle: the text goes right of its marker";
    }
  }
}

// The box's x line at UI scale 2 (1920x1080): "closest.x = 0.7" centred under 0.7 covered
// the label of max.x = 2, which was left out as if it said the same number (classroom
// audit of 2026-11-29). The clamped value slides along, its marker still under it.
TEST(NumberLineLayout, TheClampedValueSlidesOffATickLabelThatSaysAnotherNumber) {
  const NumberLineRow row = Row(1100, 150, 2, 26).row;
  const auto X = [&](double v) { return row.ToX(v, -3.5, 3.5); };
  const TextWidth measure = Mono(15);
  const auto lay = [&](double p) {
    return LayOutNumberLine(row, "x", "x: P.x clamped into [min.x, max.x]", {"P.x = 0.7", X(p)},
                            LineMark{"closest.x = 0.7", X(std::clamp(p, -2.0, 2.0))}, {{"-2", X(-2)}, {"2", X(2)}},
                            measure);
  };
  const NumberLineTexts inside = lay(1.4);
  ASSERT_TRUE(inside.clamped.has_value());
  ASSERT_EQ(inside.ticks.size(), 2u) << "both bounds labelled";
  EXPECT_FALSE(Overlaps(inside.clamped->box, inside.ticks[1].box));
  EXPECT_GE(X(1.4), inside.clamped->box.min.x() + 8 * row.px);
  EXPECT_LE(X(1.4), inside.clamped->box.max.x() - 8 * row.px);
  // Slid off one bound's label, it does not land on the other's (the y line at 1280x720
  // and UI scale 1.5: "closest.y = 0.4" slid off 1.5 and hid -1.5).
  const auto Xy = [&](double v) { return row.ToX(v, -2.3, 2.3); };
  const NumberLineTexts narrow =
      LayOutNumberLine(row, "y", "y: P.y clamped into [min.y, max.y]", {"P.y = 0.4", Xy(0.4)},
                       LineMark{"closest.y = 0.4", Xy(0.4)}, {{"-1.5", Xy(-1.5)}, {"1.5", Xy(1.5)}}, Mono(30));
  ASSERT_TRUE(narrow.clamped.has_value());
  ASSERT_FALSE(narrow.ticks.empty());
  EXPECT_EQ(narrow.ticks[0].text, "-1.5") << "a label clear of the centred text stays";
  // Clamped onto max.x, the tick there says the same number as "closest.x = 2": left out.
  const NumberLineTexts past = lay(3);
  ASSERT_TRUE(past.clamped.has_value());
  ASSERT_EQ(past.ticks.size(), 1u);
  EXPECT_EQ(past.ticks[0].text, "-2");
}

}  // namespace
}  // namespace cq::app
