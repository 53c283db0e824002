// Small pieces of the app logic: grid spacing, number formatting, label placement,
// frame statistics, palette blending and the --dump-state document.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "cq/linear.hpp"
#include "lessons/lessons.hpp"
#include "logic/format.hpp"
#include "logic/frame_stats.hpp"
#include "logic/grid.hpp"
#include "logic/keys.hpp"
#include "logic/label_layout.hpp"
#include "logic/palette.hpp"
#include "logic/state_json.hpp"

namespace cq::app {
namespace {

TEST(GridSpacing, MultiplesInRangeOrNoneWhenTheLoopCouldNotEnd) {
  GridRange r = GridMultiples(-1.2, 3.1, 0.5);
  EXPECT_EQ(r.first, -2);
  EXPECT_EQ(r.last, 6);
  r = GridMultiples(0.1, 0.4, 0.5);  // no multiple inside
  EXPECT_GT(r.first, r.last);
  // Far from the origin, zoomed in below the coordinates' precision: k would stop
  // changing under k += 1 (a view at 1e25 with a 1e8 step: k near 1e17 > 2^53).
  r = GridMultiples(1e25, 1e25 + 1e9, 1e8);
  EXPECT_GT(r.first, r.last);
  // More lines than a screen can show (a step far too small for the range).
  r = GridMultiples(0, 1e6, 1e-3);
  EXPECT_GT(r.first, r.last);
  r = GridMultiples(0, std::numeric_limits<double>::infinity(), 1);
  EXPECT_GT(r.first, r.last);
  r = GridMultiples(0, 1, 0);
  EXPECT_GT(r.first, r.last);
}

TEST(GridSpacing, OneTwoFiveStepsAtLeastTheMinimumApart) {
  // 50 px per unit, lines at least 90 px apart: 1.8 units -> the next 1-2-5 step is 2.
  GridSpacing g = ChooseGridSpacing(50, 90);
  EXPECT_DOUBLE_EQ(g.major, 2);
  EXPECT_DOUBLE_EQ(g.minor, 0.5);
  EXPECT_EQ(g.decimals, 0);
  g = ChooseGridSpacing(1000, 90);  // 0.09 units -> 0.1
  EXPECT_NEAR(g.major, 0.1, 1e-15);
  EXPECT_NEAR(g.minor, 0.02, 1e-15);
  EXPECT_EQ(g.decimals, 1);
  g = ChooseGridSpacing(1e11, 90);  // a 1e-9 scene
  EXPECT_NEAR(g.major, 1e-9, 1e-24);
  EXPECT_EQ(g.decimals, 9);
  g = ChooseGridSpacing(0.01, 90);  // 9000 units -> 10000
  EXPECT_DOUBLE_EQ(g.major, 10000);
  for (double zoom : {1e-6, 0.3, 7.0, 123.0, 5e4, 1e13}) {
    const GridSpacing s = ChooseGridSpacing(zoom, 90);
    EXPECT_GE(s.major * zoom, 90 * (1 - 1e-12)) << zoom;
    EXPECT_LT(s.major * zoom, 90 * 2.5 + 1e-9) << zoom;  // never more than one 1-2-5 step too coarse
  }
}

// Far from the origin, zoomed in, the grid may not be finer than the doubles there: at
// 1e15 (doubles 0.125 apart) and 3000 px per unit the zoom alone asks for a 0.05 major
// step, whose lines near 1e15 are multiples beyond 2^52 (no grid at all: the x grid
// vanished) and whose 0.01 minor steps and nudges are lost in rounding (an arrow key did
// not move the point). And a step must be a whole number of the doubles' spacing unless
// it is hundreds of them: at 1e17 (16 apart) lines 200 apart were drawn at 192, 408, 608.
TEST(GridSpacing, NeverFinerThanTheDoublesInView) {
  EXPECT_DOUBLE_EQ(DoublesSpacing(1e15), 0.125);
  EXPECT_DOUBLE_EQ(DoublesSpacing(-1e15), 0.125);
  EXPECT_DOUBLE_EQ(DoublesSpacing(1e17), 16);
  EXPECT_DOUBLE_EQ(DoublesSpacing(1), std::numeric_limits<double>::epsilon());
  EXPECT_EQ(DoublesSpacing(std::numeric_limits<double>::infinity()), 0);
  EXPECT_GT(DoublesSpacing(std::numeric_limits<double>::max()), 0);
  EXPECT_TRUE(std::isfinite(DoublesSpacing(std::numeric_limits<double>::max())));
  EXPECT_TRUE(GridStepFits(0.5, 0.125));
  EXPECT_FALSE(GridStepFits(0.2, 0.125));  // not a whole number of them
  EXPECT_FALSE(GridStepFits(0.0625, 0.125));
  EXPECT_FALSE(GridStepFits(200, 16));
  EXPECT_TRUE(GridStepFits(2000, 16));
  EXPECT_TRUE(GridStepFits(0.1, DoublesSpacing(5)));  // near the origin: thousands of them
  EXPECT_TRUE(GridStepFits(0.1, 0));
  const GridSpacing plain = ChooseGridSpacing(3000, 90);
  EXPECT_NEAR(plain.major, 0.05, 1e-15);
  const GridSpacing far = ChooseGridSpacing(3000, 90, DoublesSpacing(1e15));
  EXPECT_DOUBLE_EQ(far.major, 0.5);  // the smallest 1-2-5 step that is a whole number of 0.125
  EXPECT_DOUBLE_EQ(far.minor, 0.5);  // no minor lines 0.1 apart: every line is labelled
  EXPECT_EQ(far.mantissa, 5);
  EXPECT_EQ(far.exponent, -1);
  const GridRange lines = GridMultiples(1e15 - 20, 1e15 + 20, far.minor);
  EXPECT_LE(lines.first, lines.last);  // a grid, where the plain step gave none
  EXPECT_GT(GridMultiples(1e15 - 20, 1e15 + 20, plain.minor).first,
            GridMultiples(1e15 - 20, 1e15 + 20, plain.minor).last);
  // Where the subdivision fits it stays: 2 units of minor lines 0.5 apart at 1e15.
  const GridSpacing subdivided = ChooseGridSpacing(50, 90, DoublesSpacing(1e15));
  EXPECT_DOUBLE_EQ(subdivided.major, 2);
  EXPECT_DOUBLE_EQ(subdivided.minor, 0.5);
  // At 1e17: 2000 (a whole number of 16), never 200 or 500.
  EXPECT_DOUBLE_EQ(ChooseGridSpacing(10, 90, DoublesSpacing(1e17)).major, 2000);
  // Near the origin the fit changes nothing; wherever it applies, it is met by the
  // smallest such step, and the zoom's own minimum still holds. Every line of a fitted
  // step near `largest` is a double, or within 1/1024 of a step of one.
  EXPECT_DOUBLE_EQ(ChooseGridSpacing(3000, 90, DoublesSpacing(10)).major, plain.major);
  for (double largest : {1.0, 1e6, 1e12, 1e15, 3e15, 6e15, 1e16, 1.5e16, 3e16, 1e17, 1e18, 1e100, 1e300})
    for (double zoom : {1e-3, 1.0, 3000.0, 1e9}) {
      const double spacing = DoublesSpacing(largest);
      const GridSpacing g = ChooseGridSpacing(zoom, 90, spacing);
      EXPECT_TRUE(GridStepFits(g.major, spacing)) << largest << " " << zoom;
      EXPECT_TRUE(GridStepFits(g.minor, spacing)) << largest << " " << zoom;
      EXPECT_TRUE(g.minor == g.major || g.minor == g.major / (g.mantissa == 2 ? 4 : 5)) << largest << " " << zoom;
      EXPECT_GE(g.major * zoom, 90 * (1 - 1e-12)) << largest << " " << zoom;
      if (g.major * zoom > 90 * 2.5 + 1e-9) {  // coarser than the zoom asks: the fit's doing
        // The next finer 1-2-5 step (5 -> 2 -> 1 -> 0.5) would not have fitted.
        const double finerMajor = g.mantissa == 5 ? 0.4 * g.major : 0.5 * g.major;
        EXPECT_FALSE(GridStepFits(finerMajor, spacing) && finerMajor * zoom >= 90) << largest << " " << zoom;
      }
      if (g.major < 512 * spacing) {
        const double k = std::floor(largest / g.major);
        EXPECT_EQ(std::fmod(k * g.major, spacing), 0) << largest << " " << zoom;
      }
      // And a view three steps wide around it has lines, minor and major (with the old
      // 2^52 cap on the multiples a step of one spacing, 2 at 1e16, had none).
      if (largest < 1e300) {
        for (const double step : {g.minor, g.major}) {
          const GridRange around = GridMultiples(largest - 3 * g.major, largest, step);
          EXPECT_LE(around.first, around.last) << largest << " " << zoom << " step " << step;
        }
      }
    }
}

// Far from the origin along x only (a segment 20 long at x = 1e17, where the doubles are
// 16 apart): the x grid is coarse, the y grid keeps the zoom's own step. With one step for
// both, the y lines had gone too.
TEST(GridSpacing, EachAxisHasItsOwnFloor) {
  const AxisGrids grids = ChooseAxisGrids(10, 90, {{1e17 - 40, -30}}, {{1e17 + 40, 30}});
  EXPECT_DOUBLE_EQ(grids[0].major, 2000);  // a whole number of 16
  EXPECT_DOUBLE_EQ(grids[0].minor, 2000);  // no minor lines 400 apart (not a whole number of 16)
  EXPECT_DOUBLE_EQ(grids[1].major, 10);    // 90 px at 10 px per unit
  EXPECT_DOUBLE_EQ(grids[1].minor, 2);
  // Near the origin both are the zoom's step.
  const AxisGrids near = ChooseAxisGrids(10, 90, {{-40, -30}}, {{40, 30}});
  EXPECT_DOUBLE_EQ(near[0].major, 10);
  EXPECT_DOUBLE_EQ(near[1].major, 10);
  // And the other way round: far along y.
  const AxisGrids up = ChooseAxisGrids(10, 90, {{-40, -1e17 - 30}}, {{40, -1e17 + 30}});
  EXPECT_DOUBLE_EQ(up[0].major, 10);
  EXPECT_DOUBLE_EQ(up[1].major, 2000);
}

GridSpacing Spacing(int mantissa, int exponent) {
  GridSpacing g{};
  g.mantissa = mantissa;
  g.exponent = exponent;
  g.major = mantissa * std::pow(10.0, exponent);
  g.decimals = std::max(0, -exponent);
  return g;
}

TEST(GridSpacing, LabelsAreTheExactDecimalValueOfTheLine) {
  EXPECT_EQ(GridLabel(-5, Spacing(5, -1)), "-2.5");
  EXPECT_EQ(GridLabel(3, Spacing(1, -1)), "0.3");  // not 0.30000000000000004
  EXPECT_EQ(GridLabel(4, Spacing(5, -1)), "2.0");
  EXPECT_EQ(GridLabel(1, Spacing(2, -3)), "0.002");
  EXPECT_EQ(GridLabel(-0.0, Spacing(1, 0)), "0");  // no "-0"
  EXPECT_EQ(GridLabel(7, Spacing(2, 3)), "14000");
  EXPECT_EQ(GridLabel(500000000000001, Spacing(2, 0)), "1000000000000002");
  // Three lines 5 apart near 1.2e16 read three different, exact values (they all read
  // "1.2e+16" when printed from the rounded product with 16 digits).
  EXPECT_EQ(GridLabel(2399999999999999, Spacing(5, 0)), "11999999999999995");
  EXPECT_EQ(GridLabel(2400000000000000, Spacing(5, 0)), "12000000000000000");
  EXPECT_EQ(GridLabel(2400000000000001, Spacing(5, 0)), "12000000000000005");
  // Beyond 17 digits: every significant digit, then the exponent.
  EXPECT_EQ(GridLabel(2400000000000000, Spacing(5, 1)), "1.2e+17");
  EXPECT_EQ(GridLabel(2400000000000001, Spacing(5, 1)), "1.2000000000000005e+17");
  // No rounding noise far out: 8.8e+303, not 8.800000000000001e+303.
  EXPECT_EQ(GridLabel(44, Spacing(2, 302)), "8.8e+303");
  EXPECT_EQ(GridLabel(5, Spacing(2, 301)), "1e+302");
  EXPECT_EQ(GridLabel(-25, Spacing(1, 19)), "-2.5e+20");
  // One format per axis: where one visible label needs the exponent, they all get it.
  EXPECT_EQ(GridLabel(99999999999999, Spacing(1, 3)), "99999999999999000");
  EXPECT_EQ(GridLabel(99999999999999, Spacing(1, 3), true), "9.9999999999999e+16");
  EXPECT_EQ(GridLabel(100000000000001, Spacing(1, 3), true), "1.00000000000001e+17");
  EXPECT_TRUE(GridLabelsScientific(99999999999999, 100000000000001, Spacing(1, 3)));
  EXPECT_TRUE(GridLabelsScientific(-100000000000001, -99999999999999, Spacing(1, 3)));
  EXPECT_FALSE(GridLabelsScientific(99999999999990, 99999999999999, Spacing(1, 3)));
  EXPECT_FALSE(GridLabelsScientific(1, 0, Spacing(1, 3)));  // an empty range
  EXPECT_EQ(GridLabel(0, Spacing(2, 5), true), "0");
  // Zeros to count are an exponent (teaching audit of 2026-11-29): lines a million or more
  // apart ("4000000000" beside fields that read 4e+09), or an axis whose every label is
  // below 1e-4 ("0.0000000004"). Lines 1 apart near 1e6, or tenths, keep their digits.
  EXPECT_TRUE(GridLabelsScientific(-4, 4, Spacing(1, 9)));
  EXPECT_EQ(GridLabel(4, Spacing(1, 9), true), "4e+09");
  EXPECT_EQ(GridLabel(-25, Spacing(2, 6), true), "-5e+07");
  EXPECT_TRUE(GridLabelsScientific(-4, 4, Spacing(1, -10)));
  EXPECT_EQ(GridLabel(4, Spacing(1, -10), true), "4e-10");
  EXPECT_EQ(GridLabel(-3, Spacing(5, -11), true), "-1.5e-10");
  EXPECT_EQ(GridLabel(0, Spacing(5, -11), true), "0");
  EXPECT_FALSE(GridLabelsScientific(999998, 1000004, Spacing(1, 0)));
  EXPECT_FALSE(GridLabelsScientific(-20, 20, Spacing(5, -1)));
  EXPECT_FALSE(GridLabelsScientific(99990, 100010, Spacing(1, -5)));  // 0.9999 to 1.0001: no zeros to count
  EXPECT_FALSE(GridLabelsScientific(-4, 4, Spacing(2, -4)));          // up to 0.0008, as %g writes it too
  EXPECT_TRUE(GridLabelsScientific(-4, 4, Spacing(2, -5)));           // up to 0.00008: %g's 8e-05
  // Held across a pan (review of 2026-11-29: -8..8 at 1e-5 read 8e-05, and two lines
  // further on the whole axis read 0.00001 ... 0.0001): until the labels reach 1e-3.
  EXPECT_TRUE(GridLabelsScientific(-8, 8, Spacing(1, -5)));
  EXPECT_FALSE(GridLabelsScientific(-6, 10, Spacing(1, -5)));
  EXPECT_TRUE(GridLabelsScientific(-6, 10, Spacing(1, -5), true));
  EXPECT_FALSE(GridLabelsScientific(50, 120, Spacing(1, -5), true));  // up to 0.0012
  EXPECT_FALSE(GridLabelsScientific(-4, 4, Spacing(1, 0), true));     // another step: the form is chosen afresh
  // The spacing the zoom picks carries the mantissa and exponent its major step is made of.
  for (double zoom : {1e-300, 1e-6, 0.3, 7.0, 123.0, 5e4, 1e13}) {
    const GridSpacing g = ChooseGridSpacing(zoom, 90);
    EXPECT_TRUE(g.mantissa == 1 || g.mantissa == 2 || g.mantissa == 5) << zoom;
    EXPECT_NEAR(g.major, g.mantissa * std::pow(10.0, g.exponent), 1e-12 * g.major) << zoom;
  }
}

TEST(GridSpacing, LabelStrideKeepsSideBySideLabelsApart) {
  EXPECT_EQ(LabelStride(100, 40, 8), 1);      // labels narrower than the spacing: all of them
  EXPECT_EQ(LabelStride(100, 110, 8), 2);     // "100000000000002" at 100 px apart
  EXPECT_EQ(LabelStride(100, 230, 8), 5);
  EXPECT_EQ(LabelStride(90, 950, 8), 20);
  EXPECT_EQ(LabelStride(0, 50, 8), 1);
  EXPECT_EQ(LabelStride(std::nan(""), 50, 8), 1);
  // Whatever the sizes, the labelled lines are at least a label and a gap apart, and the
  // next smaller 1-2-5 stride would not be.
  for (double spacing : {50.0, 91.0, 173.0})
    for (double widest : {10.0, 99.0, 130.0, 400.0, 1e4}) {
      const double stride = LabelStride(spacing, widest, 8);
      EXPECT_GE(stride * spacing, widest + 8);
      for (const double smaller : {1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0}) {
        if (smaller >= stride) break;
        EXPECT_LT(smaller * spacing, widest + 8) << spacing << " " << widest;
      }
    }
}

// A field too narrow for its text cut it at its right edge, exponent and all: P.y =
// 8.108108108108109e+299 read "8.108108108108109e", 2.85e+305 read "2.8500000000000005"
// (classroom audit). The text that fits keeps the exponent, with the digits there is room for.
TEST(FormatNumber, AFieldTooNarrowForItsTextShowsFewerDigitsNotACutOne) {
  const auto measure = [](const std::string& text) { return 7.0 * double(text.size()); };
  EXPECT_EQ(FittedFieldNumber(8.108108108108109e299, NumberStyle::Readable, 7.0 * 22, measure), "8.108108108108109e+299");
  EXPECT_EQ(FittedFieldNumber(8.108108108108109e299, NumberStyle::Readable, 7.0 * 12, measure), "8.10811e+299");
  EXPECT_EQ(FittedFieldNumber(2.8500000000000005e305, NumberStyle::Readable, 7.0 * 10, measure), "2.85e+305");
  EXPECT_EQ(FittedFieldNumber(12345678901234567.0, NumberStyle::Readable, 7.0 * 11, measure), "1.23457e+16");
  EXPECT_EQ(FittedFieldNumber(-1.5, NumberStyle::Readable, 7.0 * 4, measure), "-1.5");
  EXPECT_EQ(FittedFieldNumber(8.108108108108109e299, NumberStyle::Readable, 7.0 * 3, measure), "8e+299");  // none fits
  // Every text is the same value to its digits: never a different number.
  for (const double v : {8.108108108108109e299, -3.0000000000000004e-300, 12345.678901234, 1e16 + 2})
    for (double w = 7.0; w <= 7.0 * 24; w += 7.0) {
      const std::string text = FittedFieldNumber(v, NumberStyle::Readable, w, measure);
      const double read = std::strtod(text.c_str(), nullptr);
      EXPECT_LE(std::abs(read - v), 0.5 * std::abs(v)) << v << " as " << text;
      EXPECT_EQ(std::signbit(read), std::signbit(v)) << text;
    }
}

// ImGui's in-field keys (Ctrl+A, C, V, X, Y, Z) by the letter each place types: on AZERTY
// Ctrl+A in a field was the key marked Q (US A's place), and on QWERTZ Ctrl+Z undid by
// the key marked Y.
TEST(Keys, InFieldKeysFollowTheLettersOnTheLayout) {
  const auto azerty = [](int key) -> const char* {
    switch (key) {
      case 'Q': return "a";
      case 'A': return "q";
      case 'W': return "z";
      case 'Z': return "w";
      case ';': return "m";
      default: return nullptr;  // the rest as on a US keyboard, below
    }
  };
  const auto withUs = [](auto layout) {
    return [layout](int key) -> const char* {
      static const char* letters[] = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m",
                                      "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z"};
      if (const char* name = layout(key)) return name;
      return key >= 'A' && key <= 'Z' ? letters[key - 'A'] : nullptr;
    };
  };
  EXPECT_EQ(LetterKeyOnLayout('a', withUs(azerty)), 'Q');
  EXPECT_EQ(LetterKeyOnLayout('z', withUs(azerty)), 'W');
  EXPECT_EQ(LetterKeyOnLayout('c', withUs(azerty)), 'C');
  const auto qwertz = withUs([](int key) -> const char* { return key == 'Y' ? "z" : key == 'Z' ? "y" : nullptr; });
  EXPECT_EQ(LetterKeyOnLayout('z', qwertz), 'Y');
  EXPECT_EQ(LetterKeyOnLayout('y', qwertz), 'Z');
  const auto us = withUs([](int) -> const char* { return nullptr; });
  for (const char letter : {'a', 'c', 'v', 'x', 'y', 'z'}) EXPECT_EQ(LetterKeyOnLayout(letter, us), letter - 'a' + 'A');
  // A layout with no letter there (Cyrillic): the US place.
  EXPECT_EQ(LetterKeyOnLayout('a', [](int) -> const char* { return "\xd1\x84"; }), 'A');
}

// The lesson keys [ and ] by the character typed: on a French (AZERTY) keyboard AltGr+5
// types [ and AltGr+° types ], and GLFW reports the keys 5 and - with no modifier for
// AltGr, so they loaded preset 5 and did nothing. GLFW's bracket codes are their ASCII
// codes ('[' = 91, ']' = 93); its digit keys are '0' to '9'.
TEST(Keys, ATypedBracketSwitchesLessonsWhateverKeyTypedIt) {
  EXPECT_EQ(KeyForTypedChar('5', U'['), '[');
  EXPECT_EQ(KeyForTypedChar('-', U']'), ']');
  EXPECT_EQ(KeyForTypedChar('[', U'['), '[');          // a US keyboard
  EXPECT_EQ(KeyForTypedChar('5', U'('), '5');          // AZERTY's 5 without Shift: preset 5 still
  EXPECT_EQ(KeyForTypedChar('5', U'5'), '5');
  EXPECT_EQ(KeyForTypedChar('[', U'^'), '[');          // AZERTY's key at US [: its place kept
  EXPECT_EQ(KeyForTypedChar('Q', U'a'), 'Q');          // letters: LayoutLetterKey's business
}

// The presets header offered "keys 1-9" over three presets (teaching audit of
// 2026-11-29): it names the keys the lesson has.
TEST(Keys, ThePresetsHeaderNamesTheKeysTheLessonHas) {
  EXPECT_EQ(PresetsTitle(3), "Presets   (keys 1-3, R resets)###presets");
  EXPECT_EQ(PresetsTitle(8), "Presets   (keys 1-8, R resets)###presets");
  EXPECT_EQ(PresetsTitle(1), "Presets   (key 1, R resets)###presets");
  EXPECT_EQ(PresetsTitle(12), "Presets   (keys 1-9, R resets)###presets");
}

// Shortcuts read the letter a key types on the layout in use, not its place on a US
// keyboard (classroom audit: on AZERTY, Ctrl+A in a field quit the app). GLFW's letter
// keys are the ASCII capitals; glfwGetKeyName gives what the key types.
TEST(Keys, ALetterShortcutReadsTheLetterTheKeyTypes) {
  EXPECT_EQ(LayoutLetterKey('Q', "a"), 'A');  // AZERTY: the key marked A is at US Q
  EXPECT_EQ(LayoutLetterKey('A', "q"), 'Q');
  EXPECT_EQ(LayoutLetterKey('Z', "w"), 'W');
  EXPECT_EQ(LayoutLetterKey('Y', "z"), 'Z');  // QWERTZ: the key marked Z is at US Y
  EXPECT_EQ(LayoutLetterKey(';', "m"), 'M');  // AZERTY's M sits at US ;
  EXPECT_EQ(LayoutLetterKey('G', "g"), 'G');  // US
  EXPECT_EQ(LayoutLetterKey('G', "G"), 'G');
  // Keys that type no single ASCII letter keep their place: digits (AZERTY's top row types
  // & é " ...), brackets, and keys glfwGetKeyName has no name for.
  EXPECT_EQ(LayoutLetterKey('1', "&"), '1');
  EXPECT_EQ(LayoutLetterKey('2', "\xc3\xa9"), '2');  // é, two bytes
  EXPECT_EQ(LayoutLetterKey('[', "^"), '[');
  EXPECT_EQ(LayoutLetterKey(290, nullptr), 290);  // F1
  EXPECT_EQ(LayoutLetterKey('Q', ""), 'Q');
  EXPECT_EQ(LayoutLetterKey('Q', "ab"), 'Q');
  // A letter's place that types no letter reads as what it types, never as its US letter,
  // which the key marked with that letter is already (review: on Dvorak Ctrl+' quit).
  EXPECT_EQ(LayoutLetterKey('Q', "'"), '\'');  // Dvorak: US Q types '
  EXPECT_EQ(LayoutLetterKey('E', "."), '.');
  EXPECT_EQ(LayoutLetterKey('Z', ";"), ';');
  EXPECT_EQ(LayoutLetterKey('Q', "&"), k_noKey);  // no GLFW key for &
  EXPECT_EQ(LayoutLetterKey('Q', "\xd0\xb9"), 'Q');  // Cyrillic й: the US place is kept
}

TEST(FormatNumber, FieldsShowWhatTheyHold) {
  // Short exact texts as they are: the far preset's B is (1000003, 1000001.5), not 1e+06.
  EXPECT_EQ(FieldNumber(1000003, NumberStyle::Readable), "1000003");
  EXPECT_EQ(FieldNumber(1000001.5, NumberStyle::Readable), "1000001.5");
  EXPECT_EQ(FieldNumber(0.1, NumberStyle::Readable), "0.1");
  EXPECT_EQ(FieldNumber(-0.0, NumberStyle::Readable), "0");
  EXPECT_EQ(FieldNumber(5e-324, NumberStyle::Readable), "5e-324");
  // Where the inspector's text holds the value, that text: a box 1e-4 wide read "Max
  // 1e-04" and "closest (1e-04, 5e-05)" beside "distance 0.0001" (lesson audit).
  EXPECT_EQ(FieldNumber(1e-4, NumberStyle::Readable), "0.0001");
  EXPECT_EQ(FieldNumber(2e-4, NumberStyle::Readable), FormatNumber(2e-4, NumberStyle::Readable));
  EXPECT_EQ(FieldNumber(5e-5, NumberStyle::Readable), "5e-05");
  EXPECT_EQ(FieldNumber(1e11, NumberStyle::Readable), "100000000000");
  // Long ones rounded: 6 significant digits, or 3 decimals past the integer part.
  EXPECT_EQ(FieldNumber(2.3419354838709677, NumberStyle::Readable), "2.34194");
  EXPECT_EQ(FieldNumber(1000003.2345678, NumberStyle::Readable), "1000003.235");
  EXPECT_EQ(FieldNumber(0.30000000000000004, NumberStyle::Readable), "0.3");
  EXPECT_EQ(FieldNumber(-1.7976931348623157e308, NumberStyle::Readable), "-1.7976931348623157e+308");
  // Where all the digits kept hold the value, the shortest text that does: %.17g wrote
  // 8.1081081081081088e+299 for the plane's far foot (review s30 #11).
  EXPECT_EQ(FieldNumber(8.108108108108109e+299, NumberStyle::Readable), "8.108108108108109e+299");
  EXPECT_EQ(FieldNumber(3.878192604520659e+283, NumberStyle::Readable), "3.878192604520659e+283");
  EXPECT_EQ(FieldNumber(1e300, NumberStyle::Readable), "1e+300");
  // Each short text reads back to the value it shows.
  for (double v : {1000003.0, 1000001.5, 0.1, 123456789012.0, -2.5e-300, 1e17})
    EXPECT_EQ(std::strtod(FieldNumber(v, NumberStyle::Readable).c_str(), nullptr), v) << v;
  EXPECT_EQ(FieldNumber(2.3419354838709676, NumberStyle::Exact), "2.3419354838709676");
}

TEST(FormatNumber, ReadableAndExact) {
  EXPECT_EQ(FormatNumber(0.6, NumberStyle::Readable), "0.6");
  EXPECT_EQ(FormatNumber(1.0 / 3.0, NumberStyle::Readable), "0.333333");
  EXPECT_EQ(FormatNumber(-0.0, NumberStyle::Readable), "0");
  EXPECT_EQ(FormatNumber(1e-17, NumberStyle::Readable), "1e-17");
  EXPECT_EQ(FormatNumber(std::nan(""), NumberStyle::Readable), "NaN");
  EXPECT_EQ(FormatNumber(-INFINITY, NumberStyle::Exact), "-inf");
  // A subnormal holds fewer digits than 6: its shortest text, not 6 digits of its binary
  // value (1e-320 read 9.99989e-321; review s32 GUI #6). Longer ones still 6 digits.
  EXPECT_EQ(FormatNumber(1e-320, NumberStyle::Readable), "1e-320");
  EXPECT_EQ(FormatNumber(-5e-324, NumberStyle::Readable), "-5e-324");
  EXPECT_EQ(FormatNumber(2.5e-310, NumberStyle::Readable), "2.5e-310");
  EXPECT_EQ(FormatNumber(1.2345678e-310, NumberStyle::Readable), "1.23457e-310");
  EXPECT_EQ(FormatNumber(2.2250738585072014e-308, NumberStyle::Readable), "2.22507e-308");
  // Over the subnormals and beyond: where the shortest text has 6 significant digits or
  // fewer, the readable text is as short and reads back to the value.
  const auto significantDigits = [](const std::string& text) {
    const auto end = std::find(text.begin(), text.end(), 'e');
    return std::count_if(text.begin(), end, [](char c) { return std::isdigit(c) != 0; });
  };
  for (double v = 5e-324; v < 1e-290; v = std::max(v * 1.37, std::nextafter(v, 1.0))) {
    const std::string text = FormatNumber(v, NumberStyle::Readable);
    const std::string exact = FormatNumber(v, NumberStyle::Exact);
    if (significantDigits(exact) > 6) continue;
    EXPECT_EQ(significantDigits(text), significantDigits(exact)) << exact << " shown as " << text;
    EXPECT_EQ(std::strtod(text.c_str(), nullptr), v) << exact << " shown as " << text;
  }
  // Exact reads back to the same double.
  for (double v : {0.1, 1.0 / 3.0, 6.02214076e23, 5e-324, -1.7976931348623157e308}) {
    const std::string text = FormatNumber(v, NumberStyle::Exact);
    EXPECT_EQ(std::strtod(text.c_str(), nullptr), v) << text;
  }
  EXPECT_EQ(FormatPoint({{3, -0.5}}, NumberStyle::Readable), "(3, -0.5)");
  // A point far out keeps the digits that tell it from its neighbours (it read (1e+06, 1e+06)).
  EXPECT_EQ(FormatPoint({{999999.92761483, 1000000.40271234}}, NumberStyle::Readable), "(999999.928, 1000000.403)");
  EXPECT_EQ(FormatPoint({{1.0 / 3.0, -0.0}}, NumberStyle::Readable), "(0.333333, 0)");
}

// One notation in one point: a grid a million wide showed "(1.248e+06, 936000)", the x in
// %g's exponent (its 6 digits hold it) beside a y written out, and a box's closest x read
// "1e+06" in its step and "1000000" in its point (GUI audit). A coordinate of 1 or more is
// written out where that takes at most 12 characters, in its field and in its point.
TEST(FormatNumber, ACoordinateOfOneOrMoreIsWrittenOutUpToTwelveCharacters) {
  EXPECT_EQ(FormatPoint({{1248000, 936000}}, NumberStyle::Readable), "(1248000, 936000)");
  EXPECT_EQ(FormatPoint({{-936000, 1e6}}, NumberStyle::Readable), "(-936000, 1000000)");
  EXPECT_EQ(FormatPoint({{2e6, 3e6}}, NumberStyle::Readable), "(2000000, 3000000)");
  EXPECT_EQ(FormatPoint({{1e11, 7}}, NumberStyle::Readable), "(100000000000, 7)");
  EXPECT_EQ(FormatPoint({{1e15, 3}}, NumberStyle::Readable), "(1e+15, 3)");  // 16 characters written out
  EXPECT_EQ(FieldNumber(1e6, NumberStyle::Readable), "1000000");
  EXPECT_EQ(FieldNumber(-2.5e9, NumberStyle::Readable), "-2500000000");
  EXPECT_EQ(FieldNumber(1e12, NumberStyle::Readable), "1e+12");
  EXPECT_EQ(FormatPoint({{1e11, -1e11}}, NumberStyle::Readable), "(100000000000, -100000000000)");  // the sign aside
  // Told apart from a neighbour with more digits, still written out (review: the bound
  // read "1e+06" in the box's step beside P.x = 1000000.0000001).
  EXPECT_EQ(FormatApart(1e6, {1000000.0000001}, NumberStyle::Readable, true), "1000000");
  EXPECT_EQ(LineNumber(1e6, NumberStyle::Readable, true, {999999.99999999}), "1000000");
  // Any value, not only a coordinate: a distance of 1e6 beside 1000000.001 read "1e+06"
  // (review of 2026-11-29), and alone it reads 1000000 as FormatNumber writes it.
  EXPECT_EQ(ValueText(1e6, NumberStyle::Readable, {1000000.001}), "1000000");
  EXPECT_EQ(ValueText(1e6, NumberStyle::Readable), "1000000");
  EXPECT_EQ(FormatNumber(4e10, NumberStyle::Readable), "40000000000");
  EXPECT_EQ(FormatNumber(1e12, NumberStyle::Readable), "1e+12");  // 13 digits: the exponent
  EXPECT_EQ(FormatNumber(1234567, NumberStyle::Readable), "1.23457e+06");  // not held by 6 digits
  // Below 1, %g's own rule: written out down to 1e-4.
  EXPECT_EQ(FieldNumber(5e-5, NumberStyle::Readable), "5e-05");
  EXPECT_EQ(FieldNumber(0.25, NumberStyle::Readable), "0.25");
  // Exact texts are the shortest round trips and are left as they are.
  EXPECT_EQ(FormatPoint({{1e22, 3}}, NumberStyle::Exact), "(1e+22, 3)");
}

// A mutation run found the 12-character field limit untested: a value whose exact text is
// 12 characters is shown whole; at 13 it is rounded.
TEST(FormatNumber, AFieldOfTwelveCharactersIsShownExactly) {
  EXPECT_EQ(FieldNumber(0.1234567891, NumberStyle::Readable), "0.1234567891");
  EXPECT_EQ(FieldNumber(0.12345678912, NumberStyle::Readable), "0.123457");
}

TEST(LabelLayout, NeverOnTheHandleItDescribes) {
  const cq::Vec2d anchor{{100, 100}};
  const ScreenCircle own{anchor, 10};
  for (double angle = 0; angle < 6.28; angle += 0.3) {
    const cq::Vec2d preferred{{std::cos(angle), std::sin(angle)}};
    const ScreenBox box = PlaceLabel(anchor, {{40, 16}}, 12, preferred, {own}, {});
    EXPECT_FALSE(Overlaps(box, own)) << angle;
  }
}

// A label keeps last frame's place, moved with its point, while that place stays free, off
// the lines and by the point; PlaceLabel alone follows the preferred side as it turns, and
// a name jumped back and forth during a slow drag ("closest" changed side 21 times, 2 of
// them straight back, over a sweep of P across the segment lesson).
TEST(LabelLayout, ASteadyLabelKeepsItsPlaceWhileItIsFree) {
  const cq::Vec2d size{{40, 16}};
  const double gap = 12;
  const auto placeAt = [&](const cq::Vec2d& anchor, double angle) {
    return PlaceLabel(anchor, size, gap, {{std::cos(angle), std::sin(angle)}}, {ScreenCircle{anchor, 10}}, {});
  };
  // The point moves right while its preferred side swings back and forth across the
  // boundary between two of PlaceLabel's directions (22.5 degrees).
  int plainChanges = 0;
  int steadyChanges = 0;
  std::optional<cq::Vec2d> plainOffset;
  std::optional<ScreenBox> steady;
  cq::Vec2d steadyOffset{};
  for (int step = 0; step < 40; ++step) {
    const cq::Vec2d anchor{{100.0 + step, 100}};
    const double angle = 0.3927 + (step % 2 == 0 ? 0.05 : -0.05);
    const std::vector<ScreenCircle> own = {ScreenCircle{anchor, 10}};
    const ScreenBox plain = placeAt(anchor, angle);
    if (plainOffset && !(plain.min - anchor == *plainOffset)) ++plainChanges;
    plainOffset = plain.min - anchor;
    const std::optional<ScreenBox> previous =
        steady ? std::optional<ScreenBox>(ScreenBox{anchor + steadyOffset, anchor + steadyOffset + size}) : std::nullopt;
    const ScreenBox kept = PlaceLabelSteady(previous, anchor, size, gap, {{std::cos(angle), std::sin(angle)}}, own, {});
    if (steady && !(kept.min - anchor == steadyOffset)) ++steadyChanges;
    steady = kept;
    steadyOffset = kept.min - anchor;
    EXPECT_FALSE(Overlaps(kept, own[0])) << step;
  }
  EXPECT_GT(plainChanges, 30) << "precondition: the preferred side swings across a boundary";
  EXPECT_EQ(steadyChanges, 0);

  // Taken, off its anchor or across a line, the old place gives way to PlaceLabel's.
  const cq::Vec2d anchor{{100, 100}};
  const std::vector<ScreenCircle> own = {ScreenCircle{anchor, 10}};
  const ScreenBox left{{{100 - 12 - 40, 92}}, {{100 - 12, 108}}};
  const ScreenBox best = PlaceLabel(anchor, size, gap, {{1, 0}}, own, {});
  ASSERT_GT(best.min.x(), 100) << "precondition: PlaceLabel puts it right";
  EXPECT_EQ(PlaceLabelSteady(left, anchor, size, gap, {{1, 0}}, own, {}).min.x(), left.min.x());
  const ScreenBox taken{{{40, 95}}, {{60, 105}}};
  EXPECT_EQ(PlaceLabelSteady(left, anchor, size, gap, {{1, 0}}, own, {taken}).min.x(), best.min.x());
  const ScreenBox far{{{0, 92}}, {{40, 108}}};
  EXPECT_EQ(PlaceLabelSteady(far, anchor, size, gap, {{1, 0}}, own, {}).min.x(), best.min.x());
  const std::vector<ScreenCircle> line = {ScreenCircle{{{70, 100}}, 3}};
  EXPECT_EQ(PlaceLabelSteady(left, anchor, size, gap, {{1, 0}}, own, {}, std::nullopt, {}, line).min.x(),
            PlaceLabel(anchor, size, gap, {{1, 0}}, own, {}, std::nullopt, {}, line).min.x());
  EXPECT_EQ(PlaceLabelSteady(left, anchor, size, gap, {{1, 0}}, own, {}, ScreenBox{{{60, 0}}, {{400, 400}}}).min.x(),
            best.min.x())
      << "outside the area";
}

TEST(LabelLayout, AvoidsOtherHandlesAndLabels) {
  const cq::Vec2d anchor{{100, 100}};
  const ScreenCircle own{anchor, 10};
  // A handle sits right where the preferred (rightward) label would go.
  const ScreenCircle neighbour{{{130, 100}}, 10};
  const ScreenBox taken{{{90, 60}}, {{110, 80}}};  // and a label above
  const ScreenBox box = PlaceLabel(anchor, {{40, 16}}, 12, {{1, 0}}, {own, neighbour}, {taken});
  EXPECT_FALSE(Overlaps(box, own));
  EXPECT_FALSE(Overlaps(box, neighbour));
  EXPECT_FALSE(Overlaps(box, taken));
}

TEST(LabelLayout, APointsNameGoesWhereNoOtherNamedPointIsNearer) {
  // The contact lesson: "C′" was placed right above C (11 px from it, 29 from C′), and
  // "C" beside C′. Here the preferred place, up and left of the anchor, lies next to
  // another named point; the name goes elsewhere, nearer its own point than any other.
  const cq::Vec2d anchor{{200, 200}};
  const cq::Vec2d other{{180, 215}};
  const ScreenCircle own{anchor, 10};
  const ScreenCircle otherDisc{other, 10};
  int ambiguousWithoutRivals = 0;
  for (double angle = 0; angle < 6.28; angle += 0.3) {
    const cq::Vec2d preferred{{std::cos(angle), std::sin(angle)}};
    const ScreenBox box = PlaceLabel(anchor, {{22, 21}}, 6, preferred, {own, otherDisc}, {}, std::nullopt, {other});
    EXPECT_LE(DistanceToBox(box, anchor), DistanceToBox(box, other)) << angle;
    const ScreenBox plain = PlaceLabel(anchor, {{22, 21}}, 6, preferred, {own, otherDisc}, {});
    ambiguousWithoutRivals += DistanceToBox(plain, other) < DistanceToBox(plain, anchor) ? 1 : 0;
  }
  EXPECT_GT(ambiguousWithoutRivals, 0) << "precondition: the scene needs the rule";
  EXPECT_EQ(DistanceToBox({{{0, 0}}, {{10, 10}}}, {{5, 5}}), 0);
  EXPECT_EQ(DistanceToBox({{{0, 0}}, {{10, 10}}}, {{13, 14}}), 5);
}

// The contact lesson's default at 640x400 (app audit of 2026-11-28): C's name sat beside C′,
// 14 pixels from it and 28 from C. Round C, within 40 pixels, lie the raw foot (9 pixels
// below), Q and B, C′ and R: each of the 48 places PlaceLabel tried (8 directions, 6 rings)
// met a disc or lay nearer another point, and the fallback, the place covered least, took
// one by C′. A free place nearest C exists between the eight directions (up and left of C);
// the name goes there. These are the app's own inputs for "C" in that window.
TEST(LabelLayout, ACrowdedPointsNameStaysNearestItsOwnPoint) {
  const cq::Vec2d c{{501.85742436474027, 125.04582788276205}};
  const std::vector<cq::Vec2d> rivals{{{376, 134.03564390881493}},                      // A
                                      {{483.87779231263448, 134.03564390881493}},       // B
                                      {{501.85742436474027, 89.086563778550556}},       // R
                                      {{501.85742436474027, 134.03564390881493}},       // P(t_raw)
                                      {{483.87779231263448, 134.03564390881493}},       // Q
                                      {{516.04073589578854, 117.95417211723793}}};      // C′
  const std::vector<ScreenCircle> discs{{c, 10},         {rivals[0], 10}, {rivals[1], 10}, {rivals[2], 10},
                                        {rivals[3], 7}, {rivals[4], 7},  {rivals[5], 7}};
  const ScreenBox canvas{{{288, 23}}, {{640, 220}}};
  const ScreenBox box =
      PlaceLabel(c, {{19, 21}}, 5, {{0.99227787671366774, 0.12403473458920886}}, discs, {}, canvas, rivals);
  for (const cq::Vec2d& other : rivals)
    EXPECT_LE(DistanceToBox(box, c), DistanceToBox(box, other))
        << "C's name at (" << box.min.x() << ", " << box.min.y() << ") is nearer (" << other.x() << ", " << other.y() << ")";
  for (const ScreenCircle& d : discs) EXPECT_FALSE(Overlaps(box, d)) << d.center.x() << ", " << d.center.y();
  EXPECT_TRUE(Inside(box, canvas));
  EXPECT_LE(DistanceToBox(box, c), 5 + 6 * (21 + 2));  // within PlaceLabel's rings
}

// Where every free place is nearer another named point (here the only places nearer the
// anchor than its neighbour, 20 pixels to its right, are on its left, and a wall of discs
// covers them all), the name takes the free place nearest its own point all the same, not
// one under a disc; the app then draws a leader from it to its point (RivalLead > 0).
TEST(LabelLayout, WhereEveryFreePlaceIsNearerARivalTheNearestFreeOneIsTaken) {
  const cq::Vec2d anchor{{100, 100}};
  const cq::Vec2d neighbour{{120, 100}};
  std::vector<ScreenCircle> discs{{anchor, 10}, {neighbour, 7}};
  for (double y = -100; y <= 300; y += 8)
    for (double x = -100; x <= 112; x += 8) discs.push_back({{{x, y}}, 6});
  const ScreenBox box = PlaceLabel(anchor, {{19, 21}}, 5, {{1, 0}}, discs, {}, std::nullopt, {neighbour});
  for (const ScreenCircle& d : discs) EXPECT_FALSE(Overlaps(box, d)) << d.center.x() << ", " << d.center.y();
  EXPECT_GT(RivalLead(box, anchor, {neighbour}), 0) << "precondition: no free place is nearest the anchor";
  // The nearest free place: the discs end at x = 118, the neighbour's disc at 127.
  EXPECT_LE(DistanceToBox(box, anchor), 40);
}

// Where nothing at all is free, the place covered least goes to a place with no other named
// point nearer, where there is one: here a label box under everything covers each place
// alike, and the preferred place (first in the order, to the right) is by the neighbour.
TEST(LabelLayout, WithNothingFreeTheLeastCoveredPlaceIsNearestItsOwnPoint) {
  const cq::Vec2d anchor{{100, 100}};
  // 3 pixels left of the first place covered least (right of the anchor, a ring out: x 128
  // to 147; the ring in overlaps the anchor's disc).
  const cq::Vec2d neighbour{{125, 100}};
  const std::vector<ScreenBox> taken{{{{-1000, -1000}}, {{1000, 1000}}}};
  const ScreenBox box = PlaceLabel(anchor, {{19, 21}}, 5, {{1, 0}}, {{anchor, 10}}, taken, std::nullopt, {neighbour});
  EXPECT_LE(RivalLead(box, anchor, {neighbour}), 0);
  EXPECT_DOUBLE_EQ(CoveredArea(box, {{anchor, 10}}, taken), 19 * 21);
  const ScreenBox plain = PlaceLabel(anchor, {{19, 21}}, 5, {{1, 0}}, {{anchor, 10}}, taken);
  EXPECT_GT(RivalLead(plain, anchor, {neighbour}), 0) << "precondition: the first place is by the neighbour";
  EXPECT_EQ(RivalLead(box, anchor, {}), -std::numeric_limits<double>::infinity());
}

// The contact lesson at 800x600 (app audit of 2026-11-28): "depth = 0.881966" names the
// push-out arrow from C to C′, 23 pixels long, among C, C′, R, the raw foot, B and Q and the
// names of C, A, B, R and "d = 1.11803". PlaceLabel's places from the arrow's middle were
// taken, or too far from it to be read as its value, and the value was left out (the GUI
// test ValueLabels/PastAnEnd800x600). These are the app's own inputs (the drawn lines left
// out); a free place by the arrow lies between the eight directions.
TEST(LabelLayout, AValueGoesBetweenTheDirectionsWhereTheyAreTaken) {
  const cq::Vec2d c{{635.92574053882083, 208.7381548268076}};
  const cq::Vec2d resolved{{656.87835984605124, 198.2618451731924}};
  const cq::Vec2d middle{{646.40205019243604, 203.5}};
  const cq::Vec2d size{{142, 21}};
  const std::vector<ScreenCircle> discs{{c, 10},
                                        {{{450, 222.01856486529479}}, 10},
                                        {{{609.3649204618464, 222.01856486529479}}, 10},
                                        {{{635.92574053882083, 155.61651467285878}}, 10},
                                        {{{635.92574053882083, 222.01856486529479}}, 7},
                                        {{{609.3649204618464, 222.01856486529479}}, 7},
                                        {resolved, 7}};
  std::vector<ScreenCircle> hard = discs;
  for (const ScreenCircle& d : CirclesAlong(c, resolved, 3, 6, ScreenBox{{{360, 23}}, {{800, 384}}})) hard.push_back(d);
  const std::vector<ScreenBox> names{{{{625.72574053882136, 177.63815482680752}}, {{644.72574053882136, 198.63815482680752}}},
                                     {{{404.30978211968767, 217.02209754734164}}, {{422.30978211968767, 238.02209754734164}}},
                                     {{{605.32471843649114, 249.73715068780746}}, {{624.32471843649114, 270.73715068780746}}},
                                     {{{656.99788799061344, 118.3658856525403}}, {{675.99788799061344, 139.3658856525403}}},
                                     {{{515.53088145296977, 185.84021016359654}}, {{615.53088145296977, 206.84021016359654}}}};
  const ScreenBox canvas{{{360, 23}}, {{800, 384}}};
  const cq::Vec2d preferred{{-10.476309653615203, -20.952619307230407}};
  const LineLabelPlace at = PlaceLineLabel(c, resolved, middle, size, 4, preferred, hard, names, canvas);
  EXPECT_FALSE(at.leader);
  EXPECT_TRUE(Inside(at.box, canvas));
  EXPECT_TRUE(NearItsAnchor(at.box, c, resolved, 4, size.y()));
  for (const ScreenCircle& d : hard) EXPECT_FALSE(Overlaps(at.box, d)) << d.center.x() << ", " << d.center.y();
  for (const ScreenBox& b : names) EXPECT_FALSE(Overlaps(at.box, b)) << b.min.x() << ", " << b.min.y();
}

// Where nothing by the line is free, the value still shows: at the free place nearest the
// line, with a leader from its box to the line.
TEST(LabelLayout, AValueWithNoRoomByItsLineGoesElsewhereWithALeader) {
  const cq::Vec2d a{{390, 300}};
  const cq::Vec2d b{{410, 300}};
  const ScreenBox canvas{{{0, 0}}, {{800, 600}}};
  const std::vector<ScreenBox> taken{{{{200, 150}}, {{600, 450}}}};  // everything within 100 pixels
  const cq::Vec2d size{{142, 21}};
  const LineLabelPlace at = PlaceLineLabel(a, b, {{400, 300}}, size, 4, {{0, -1}}, {}, taken, canvas);
  EXPECT_FALSE(Overlaps(at.box, taken[0]));
  EXPECT_TRUE(Inside(at.box, canvas));
  EXPECT_FALSE(NearItsAnchor(at.box, a, b, 4, size.y()));
  ASSERT_TRUE(at.leader);
  EXPECT_LE(DistanceToBox(at.box, at.leader->first), 1e-9);                            // from the box's edge ...
  EXPECT_LE(DistanceToBox(ScreenBox{at.leader->second, at.leader->second}, a, b), 1e-9);  // ... to the line
  // As near as the free space allows: just past the taken box (150 pixels from the line),
  // within the placement grid's step.
  EXPECT_LE(DistanceToBox(at.box, a, b), 150 + 12);
  // Nothing free anywhere: still shown, inside the canvas, with its leader.
  const LineLabelPlace crowded = PlaceLineLabel(a, b, {{400, 300}}, size, 4, {{0, -1}}, {}, {{{{-10, -10}}, {{810, 610}}}}, canvas);
  EXPECT_TRUE(Inside(crowded.box, canvas));
  EXPECT_TRUE(crowded.leader || NearItsAnchor(crowded.box, a, b, 4, size.y()));
}

TEST(LabelLayout, DistanceFromABoxToASegment) {
  const ScreenBox box{{{0, 0}}, {{10, 10}}};
  EXPECT_EQ(DistanceToBox(box, {{-5, 5}}, {{15, 5}}), 0);    // straight through
  EXPECT_EQ(DistanceToBox(box, {{2, 2}}, {{3, 3}}), 0);      // inside
  EXPECT_EQ(DistanceToBox(box, {{13, 14}}, {{13, 14}}), 5);  // a point: its distance
  EXPECT_EQ(DistanceToBox(box, {{13, -20}}, {{13, 30}}), 3);  // passing the right side: to that side
  // Past the corner (10, 10), across it: the corner's distance to the line, not an end's.
  EXPECT_NEAR(DistanceToBox(box, {{10, 30}}, {{30, 10}}), 10 * std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(DistanceToBox(box, {{16, 18}}, {{40, 40}}), 10, 1e-12);  // an end nearest
}

TEST(LabelLayout, ALabelIsByItsAnchorWithinOneAndAHalfRings) {
  // A label 20 pixels high, 6 from its point: by it up to 6 + 1.5 * (20 + 2) = 39 pixels
  // (half a pixel more for rounding), measured to the box's nearest point.
  const cq::Vec2d p{{0, 0}};
  auto boxAt = [](double x) { return ScreenBox{{{x, -10}}, {{x + 80, 10}}}; };
  EXPECT_TRUE(NearItsAnchor(boxAt(39), p, p, 6, 20));
  EXPECT_TRUE(NearItsAnchor(boxAt(39.4), p, p, 6, 20));
  EXPECT_FALSE(NearItsAnchor(boxAt(39.6), p, p, 6, 20));
  EXPECT_FALSE(NearItsAnchor(boxAt(150), p, p, 6, 20));
  // A line's value is measured to the whole line: far from one end, by the other.
  EXPECT_TRUE(NearItsAnchor(boxAt(150), p, {{120, 0}}, 6, 20));
}

TEST(LabelLayout, AnAreaKeepsTheLabelWholeWithoutCoveringAHandle) {
  // The plane's distance label, preferred to the right of its anchor near the canvas's
  // right edge, with P's handle just left of the anchor: it goes to a free place inside,
  // not over the edge and not over P.
  const ScreenBox canvas{{{420, 22}}, {{1280, 688}}};
  const cq::Vec2d anchor{{1240, 400}};
  const ScreenCircle p{{{1215, 400}}, 10};
  const ScreenBox box = PlaceLabel(anchor, {{100, 20}}, 4, {{1, 0}}, {p}, {}, canvas);
  EXPECT_TRUE(GridLabelFits(box, canvas, {}));  // whole inside
  EXPECT_FALSE(Overlaps(box, p));
  // Without the area it would have gone over the edge.
  EXPECT_GT(PlaceLabel(anchor, {{100, 20}}, 4, {{1, 0}}, {p}, {}).max.x(), canvas.max.x());
}

TEST(LabelLayout, CoveredAreaCountsDiscsFourTimes) {
  const ScreenBox box{{{0, 0}}, {{40, 20}}};
  EXPECT_EQ(CoveredArea(box, {}, {}), 0);
  EXPECT_EQ(CoveredArea(box, {}, {{{{30, 10}}, {{50, 30}}}}), 10 * 10);      // a corner of a box
  EXPECT_EQ(CoveredArea(box, {}, {{{{40, 0}}, {{60, 20}}}}), 0);             // touching
  EXPECT_EQ(CoveredArea(box, {{{{20, 10}}, 5}}, {}), 4 * 10 * 10);           // a disc inside
  EXPECT_EQ(CoveredArea(box, {{{{20, 10}}, 5}}, {{{{0, 0}}, {{10, 20}}}}), 400 + 200);
}

TEST(LabelLayout, WithNoFreePlaceTheLeastCoveredOneIsKept) {
  // Crowded: a label box under every place, a second one over the preferred (rightward)
  // side, and a handle right where the preferred label would go. The preferred place was
  // the fallback, under the handle; now it is a place with only the one label under it.
  const cq::Vec2d anchor{{100, 100}};
  const ScreenCircle own{anchor, 10};
  const ScreenCircle handle{{{135, 100}}, 10};
  const std::vector<ScreenBox> taken{{{{-1000, -1000}}, {{1000, 1000}}}, {{{100, 60}}, {{400, 140}}}};
  const cq::Vec2d size{{40, 16}};
  const ScreenBox box = PlaceLabel(anchor, size, 12, {{1, 0}}, {own, handle}, taken);
  EXPECT_FALSE(Overlaps(box, own));
  EXPECT_FALSE(Overlaps(box, handle));
  EXPECT_DOUBLE_EQ(CoveredArea(box, {own, handle}, taken), size.x() * size.y());
  // Inside an area, it is judged where it will be drawn: moved inside.
  const ScreenBox canvas{{{60, 60}}, {{190, 190}}};
  const ScreenBox inArea = PlaceLabel(anchor, size, 12, {{1, 0}}, {own, handle}, taken, canvas);
  EXPECT_TRUE(Inside(inArea, canvas));
  EXPECT_FALSE(Overlaps(inArea, own));
  EXPECT_FALSE(Overlaps(inArea, handle));
  EXPECT_DOUBLE_EQ(CoveredArea(inArea, {own, handle}, taken), size.x() * size.y());
}

TEST(LabelLayout, ALabelKeepsOffTheDrawnLinesWhereItCan) {
  // The plane lesson: the distance line runs steeply down from the anchor at its middle, and
  // the preferred place (to the right, the line's left normal) was crossed by it: "s =
  // -0.742781" sat across the line. With the line as `soft` discs the label goes beside it.
  const cq::Vec2d anchor{{991, 556}};
  const ScreenBox area{{{420, 22}}, {{1200, 688}}};
  const std::vector<ScreenCircle> line = CirclesAlong({{1008, 515}}, {{975, 598}}, 3, 6, area);
  const cq::Vec2d size{{113, 21}};
  const ScreenBox across = PlaceLabel(anchor, size, 4, {{83, 33}}, {}, {}, area);
  ASSERT_TRUE(std::any_of(line.begin(), line.end(), [&](const ScreenCircle& c) { return Overlaps(across, c); }))
      << "precondition: without the lines the label crosses one";
  auto crossed = [&](const ScreenBox& box) {
    return std::count_if(line.begin(), line.end(), [&](const ScreenCircle& c) { return Overlaps(box, c); });
  };
  const ScreenBox beside = PlaceLabel(anchor, size, 4, {{83, 33}}, {}, {}, area, {}, line);
  // At most a corner grazes the discs (3 px around a 2 px line), where the line ran across.
  EXPECT_GE(crossed(across), 4);
  EXPECT_LE(crossed(beside), 2) << crossed(across);
  EXPECT_LT(DistanceToBox(beside, anchor), 4 + k_softRings * (size.y() + 2));
}

TEST(LabelLayout, LinesGiveWayToHandlesLabelsAndNearness) {
  // Lines everywhere near the anchor (a grid of them): no place is free of them, so the label
  // is still placed off the handle and the other label, on the free place near it that
  // crosses the fewest lines (a ring out counting as two discs), never far away.
  const cq::Vec2d anchor{{100, 100}};
  const ScreenCircle own{anchor, 10};
  const ScreenBox taken{{{120, 90}}, {{200, 110}}};  // the preferred place, to the right
  std::vector<ScreenCircle> lines;
  for (double x = 0; x <= 200; x += 6)
    for (double y = 0; y <= 200; y += 6) lines.push_back({{{x, y}}, 3});
  const cq::Vec2d size{{40, 16}};
  const ScreenBox withLines = PlaceLabel(anchor, size, 12, {{1, 0}}, {own}, {taken}, std::nullopt, {}, lines);
  const ScreenBox without = PlaceLabel(anchor, size, 12, {{1, 0}}, {own}, {taken});
  EXPECT_FALSE(Overlaps(withLines, own));
  EXPECT_FALSE(Overlaps(withLines, taken));
  // Every place crosses lines: it stays within the rings the lines are weighed in.
  EXPECT_LT(DistanceToBox(withLines, anchor), 12 + k_softRings * (size.y() + 2));
  // A single line through the first free place moves the label to the next one, not a ring out.
  const std::vector<ScreenCircle> one = CirclesAlong(without.min, without.max, 3, 6, ScreenBox{{{0, 0}}, {{400, 400}}});
  const ScreenBox moved = PlaceLabel(anchor, size, 12, {{1, 0}}, {own}, {taken}, std::nullopt, {}, one);
  EXPECT_FALSE(moved.min == without.min);
  EXPECT_FALSE(Overlaps(moved, own));
  EXPECT_FALSE(Overlaps(moved, taken));
  EXPECT_LT(DistanceToBox(moved, anchor), 12 + 1);
}

TEST(LabelLayout, InsideConvexHoldsEveryCornerInEitherOrientation) {
  const std::vector<cq::Vec2d> square = {{{0, 0}}, {{100, 0}}, {{100, 100}}, {{0, 100}}};
  const std::vector<cq::Vec2d> reversed(square.rbegin(), square.rend());
  for (const auto& region : {square, reversed}) {
    EXPECT_TRUE(InsideConvex({{{10, 10}}, {{90, 30}}}, region));
    EXPECT_TRUE(InsideConvex({{{0, 0}}, {{100, 100}}}, region));  // touching is inside
    EXPECT_FALSE(InsideConvex({{{80, 10}}, {{101, 30}}}, region));
  }
  // A slanted strip: the box's centre inside, one corner out.
  const std::vector<cq::Vec2d> strip = {{{0, 0}}, {{40, 0}}, {{140, 100}}, {{100, 100}}};
  EXPECT_FALSE(InsideConvex({{{30, 40}}, {{60, 60}}}, strip));
  EXPECT_TRUE(InsideConvex({{{62, 42}}, {{68, 48}}}, strip));
  EXPECT_FALSE(InsideConvex({{{0, 0}}, {{1, 1}}}, {{{0, 0}}, {{10, 10}}}));  // no area
}

// A region's name goes whole inside its region or nowhere: at 800x600 and UI scale 2 the
// ray's "region A", placed around the region's centre, sat mostly on the interior.
TEST(LabelLayout, ARegionsNameStaysInsideItsRegion) {
  const cq::Vec2d size{{60, 20}};
  // A wide region: the name is centred where asked.
  const std::vector<cq::Vec2d> wide = {{{0, 0}}, {{400, 0}}, {{400, 300}}, {{0, 300}}};
  const auto centred = PlaceInsideRegion(wide, {{200, 150}}, size, 6, {}, {});
  ASSERT_TRUE(centred);
  EXPECT_DOUBLE_EQ(centred->min.x(), 170);
  EXPECT_DOUBLE_EQ(centred->min.y(), 140);
  // A wedge whose vertex-average centre is too near its narrow end: moved to where it fits.
  const std::vector<cq::Vec2d> wedge = {{{0, 0}}, {{300, 0}}, {{0, 60}}};
  const auto moved = PlaceInsideRegion(wedge, {{200, 20}}, size, 6, {}, {});
  ASSERT_TRUE(moved);
  EXPECT_TRUE(InsideConvex(*moved, wedge));
  // A strip narrower than the name: nothing.
  const std::vector<cq::Vec2d> strip = {{{0, 0}}, {{15, 0}}, {{115, 300}}, {{100, 300}}};
  EXPECT_FALSE(PlaceInsideRegion(strip, {{57, 150}}, size, 6, {}, {}));
  // Clear of what is taken: the centre is taken, the name goes beside it, still inside.
  const std::vector<ScreenBox> taken = {{{{150, 120}}, {{250, 180}}}};
  const std::vector<ScreenCircle> discs = {{{{200, 100}}, 30}};
  const auto beside = PlaceInsideRegion(wide, {{200, 150}}, size, 6, discs, taken);
  ASSERT_TRUE(beside);
  EXPECT_TRUE(InsideConvex(*beside, wide));
  EXPECT_FALSE(Overlaps(*beside, taken[0]));
  EXPECT_FALSE(Overlaps(*beside, discs[0]));
  // Everything taken: nothing.
  EXPECT_FALSE(PlaceInsideRegion(wide, {{200, 150}}, size, 6, {}, {{{{-1, -1}}, {{401, 301}}}}));
}

TEST(LabelLayout, VisibleMiddleOfASegment) {
  const ScreenBox canvas{{{400, 20}}, {{1200, 700}}};
  // Whole on the canvas: its middle.
  EXPECT_EQ(*VisibleMiddle({{500, 100}}, {{700, 300}}, canvas), (cq::Vec2d{{600, 200}}));
  // P far below the canvas: the middle of the part from the foot to the bottom edge.
  const auto middle = VisibleMiddle({{600, 600}}, {{600, 5000}}, canvas);
  ASSERT_TRUE(middle);
  EXPECT_DOUBLE_EQ(middle->x(), 600);
  EXPECT_DOUBLE_EQ(middle->y(), 650);
  EXPECT_FALSE(VisibleMiddle({{100, 100}}, {{300, 300}}, canvas));  // all off the canvas
  EXPECT_FALSE(VisibleMiddle({{100, 100}}, {{100, 100}}, canvas));
  EXPECT_EQ(*VisibleMiddle({{450, 30}}, {{450, 30}}, canvas), (cq::Vec2d{{450, 30}}));
}

TEST(LabelLayout, GridLabelsKeepOffHandles) {
  // Handle B at (3, 0) on the x axis, drawn over the grid's "2" just right of x = 2.
  const ScreenBox canvas{{{420, 22}}, {{1280, 688}}};
  const ScreenBox two{{{804, 360}}, {{812, 376}}};
  EXPECT_FALSE(GridLabelFits(two, canvas, {}, {{{{810, 356}}, 10}}));
  EXPECT_TRUE(GridLabelFits(two, canvas, {}, {{{{830, 356}}, 10}}));  // a handle further off
  EXPECT_TRUE(GridLabelFits(two, canvas, {}));
}

TEST(LabelLayout, GridLabelsGiveWayAndStayWhole) {
  const ScreenBox canvas{{{420, 22}}, {{1280, 688}}};
  const ScreenBox regionA{{{560, 56}}, {{640, 76}}};  // "region A", placed first
  // The grid's "-4" under it (the case that overlapped) is left out; "-2" beside it stays.
  EXPECT_FALSE(GridLabelFits({{{575, 58}}, {{590, 74}}}, canvas, {regionA}));
  EXPECT_TRUE(GridLabelFits({{{720, 58}}, {{735, 74}}}, canvas, {regionA}));
  EXPECT_TRUE(GridLabelFits({{{640, 58}}, {{655, 74}}}, canvas, {regionA}));  // touching is not overlapping
  // A label the canvas's right or bottom edge would cut is left out; one just inside stays.
  EXPECT_FALSE(GridLabelFits({{{1255, 660}}, {{1400, 676}}}, canvas, {}));
  EXPECT_TRUE(GridLabelFits({{{1130, 660}}, {{1275, 676}}}, canvas, {}));
  EXPECT_FALSE(GridLabelFits({{{1000, 680}}, {{1015, 696}}}, canvas, {}));
  EXPECT_FALSE(GridLabelFits({{{415, 300}}, {{430, 316}}}, canvas, {}));
  EXPECT_FALSE(GridLabelFits({{{600, 14}}, {{615, 30}}}, canvas, {}));
}

TEST(LabelLayout, KeepInsideMovesTheLeastThatFits) {
  const ScreenBox canvas{{{420, 22}}, {{1280, 688}}};
  const auto same = [](const ScreenBox& a, const ScreenBox& b) { return a.min == b.min && a.max == b.max; };
  // "region A" centred on a region whose visible part is a sliver at the left edge.
  EXPECT_TRUE(same(KeepInside({{{400, 300}}, {{470, 320}}}, canvas), {{{420, 300}}, {{490, 320}}}));
  // The plane's distance label past the right edge.
  EXPECT_TRUE(same(KeepInside({{{1230, 100}}, {{1330, 120}}}, canvas), {{{1180, 100}}, {{1280, 120}}}));
  EXPECT_TRUE(same(KeepInside({{{600, 680}}, {{650, 700}}}, canvas), {{{600, 668}}, {{650, 688}}}));
  // Inside already: unchanged. Wider than the area: its left edge on the area's.
  EXPECT_TRUE(same(KeepInside({{{600, 300}}, {{650, 320}}}, canvas), {{{600, 300}}, {{650, 320}}}));
  EXPECT_TRUE(same(KeepInside({{{300, 300}}, {{1400, 320}}}, canvas), {{{420, 300}}, {{1520, 320}}}));
}

TEST(LabelLayout, CirclesAlongTheVisiblePartOfALine) {
  const ScreenBox canvas{{{0, 0}}, {{100, 100}}};
  // A horizontal line from far left to far right: circles from x = 0 to 100 only.
  const auto across = CirclesAlong({{-1e6, 50}}, {{1e6, 50}}, 3, 10, canvas);
  ASSERT_EQ(across.size(), 11u);
  EXPECT_NEAR(across.front().center.x(), 0, 1e-9);
  EXPECT_NEAR(across.back().center.x(), 100, 1e-9);
  for (const ScreenCircle& c : across) EXPECT_DOUBLE_EQ(c.center.y(), 50);
  // A label box on the line is hit by one of them; one beside it is not.
  const auto hits = [&](const ScreenBox& box) {
    for (const ScreenCircle& c : across)
      if (Overlaps(box, c)) return true;
    return false;
  };
  EXPECT_TRUE(hits({{{30, 45}}, {{70, 55}}}));
  EXPECT_FALSE(hits({{{30, 60}}, {{70, 70}}}));
  EXPECT_TRUE(CirclesAlong({{-5, 200}}, {{105, 200}}, 3, 10, canvas).empty());  // misses the canvas
  EXPECT_TRUE(CirclesAlong({{std::nan(""), 0}}, {{5, 5}}, 3, 10, canvas).empty());
  EXPECT_EQ(CirclesAlong({{5, 5}}, {{5, 5}}, 3, 10, canvas).size(), 1u);  // a point
}

TEST(LabelLayout, ClipToBoxKeepsThePartOnTheCanvas) {
  const ScreenBox canvas{{{420, 22}}, {{1280, 688}}};
  // Region A far from the origin: a slab from far left of the canvas to x = 500.
  const std::vector<cq::Vec2d> slab{{{-5000, -5000}}, {{500, -5000}}, {{500, 5000}}, {{-5000, 5000}}};
  const auto visible = ClipToBox(slab, canvas);
  EXPECT_DOUBLE_EQ(PolygonArea(visible), 80.0 * 666.0);
  cq::Vec2d c{{0, 0}};
  for (const cq::Vec2d& v : visible) c = c + v;
  c = (1.0 / double(visible.size())) * c;
  EXPECT_NEAR(c.x(), 460, 1e-9);  // its name goes in the middle of what is on the canvas
  EXPECT_NEAR(c.y(), 355, 1e-9);
  EXPECT_TRUE(ClipToBox({{{0, 0}}, {{100, 0}}, {{100, 10}}}, canvas).empty());  // off the canvas
  EXPECT_EQ(ClipToBox({{{500, 100}}, {{600, 100}}, {{600, 200}}}, canvas).size(), 3u);  // inside: unchanged
}

TEST(LabelLayout, PolygonAreaTellsAnEmptyRegion) {
  const std::vector<cq::Vec2d> square{{{0, 0}}, {{10, 0}}, {{10, 10}}, {{0, 10}}};
  EXPECT_DOUBLE_EQ(PolygonArea(square), 100);
  EXPECT_DOUBLE_EQ(PolygonArea({square.rbegin(), square.rend()}), 100);  // either orientation
  EXPECT_DOUBLE_EQ(PolygonArea({{{0, 0}}, {{4, 0}}, {{0, 3}}}), 6);
  // The interior slab of a segment shorter than the doubles' spacing: both of its edges are
  // the same line, and it gets no name.
  EXPECT_LT(PolygonArea({{{500, 0}}, {{500, 0}}, {{500, 700}}, {{500, 700}}}), 1);
  EXPECT_EQ(PolygonArea({}), 0);
}

TEST(FrameStats, NearestRankPercentiles) {
  std::vector<double> ms;
  for (int i = 100; i >= 1; --i) ms.push_back(i);  // 1..100 in reverse
  const FrameStats s = Summarize(ms);
  EXPECT_EQ(s.count, 100u);
  EXPECT_DOUBLE_EQ(s.median, 50);
  EXPECT_DOUBLE_EQ(s.p90, 90);
  EXPECT_DOUBLE_EQ(s.p99, 99);
  EXPECT_DOUBLE_EQ(s.max, 100);
  EXPECT_EQ(Summarize({}).count, 0u);
  EXPECT_NE(FormatFrameStats(s).find("median 50.00"), std::string::npos);
}

TEST(Palette, HighlightedRegionIsMoreSaturatedThanTheOthers) {
  for (Tone tone : {Tone::VertexA, Tone::Interior, Tone::VertexB, Tone::Back, Tone::Front}) {
    const Rgba paper = PaperColor();
    const Rgba lo = BlendOverPaper(tone, false);
    const Rgba hi = BlendOverPaper(tone, true);
    auto distance = [&](const Rgba& c) {
      return std::abs(c.r - paper.r) + std::abs(c.g - paper.g) + std::abs(c.b - paper.b);
    };
    EXPECT_GT(distance(hi), distance(lo) + 0.1f);
  }
  EXPECT_EQ(PackAbgr({1, 0, 0, 1}), 0xFF0000FFu);  // red in ImGui's byte order
}

TEST(StateJson, HoldsLessonPointsCoreValuesAndShownTexts) {
  const SegmentLesson lesson;
  const Points points = {{{0, 0}}, {{5, 0}}, {{3, -2}}};
  Camera camera;
  camera.SetViewport({{{0, 0}}, {{800, 600}}});
  const LessonFrame frame = lesson.Evaluate(points, camera.VisibleWorld(), NumberStyle::Readable);
  const nlohmann::json j = StateToJson(lesson, points, frame, camera);
  EXPECT_EQ(j["lesson"], "segment");
  EXPECT_EQ(j["points"]["P"][0], 3.0);
  EXPECT_EQ(j["points"]["P"][1], -2.0);
  const auto q = cq::ClosestPointOnSegment(points[2], points[0], points[1]);
  EXPECT_EQ(j["values"]["t"].get<double>(), q->t);
  EXPECT_EQ(j["values"]["t_raw"].get<double>(), q->tRaw);
  EXPECT_EQ(j["values"]["distance"].get<double>(), q->distance);
  EXPECT_EQ(j["values"]["region"], "interior");
  EXPECT_EQ(j["values"]["closest"][0].get<double>(), q->closest.x());
  ASSERT_FALSE(j["inspector"].empty());
  EXPECT_EQ(j["inspector"][0][0], "t_raw");
  EXPECT_EQ(j["inspector"][0][1], "0.6");
  // The steps as the sidebar writes them (the dump had none; review s34).
  ASSERT_EQ(j["steps"].size(), frame.steps.size());
  ASSERT_FALSE(frame.steps.empty());
  EXPECT_EQ(j["steps"][0], frame.steps[0]);
  EXPECT_NE(j["steps"][0].get<std::string>().find("0.6"), std::string::npos) << j["steps"][0];
  EXPECT_EQ(j["canvas"]["max"][0], 800.0);
}

// Values beyond the double range were written as null, which reads as "no value" (review
// s28 #6); closest-query's 1e999 would not do either, since nlohmann refuses to read it.
TEST(StateJson, ValuesBeyondTheDoubleRangeAreWrittenAsInfStrings) {
  const LineLesson lesson;
  const Points points = {{{0, 0}}, {{1e-300, 0}}, {{-1e300, 1e300}}};
  Camera camera;
  camera.SetViewport({{{0, 0}}, {{800, 600}}});
  const LessonFrame frame = lesson.Evaluate(points, camera.VisibleWorld(), NumberStyle::Readable);
  const nlohmann::json j = StateToJson(lesson, points, frame, camera);
  EXPECT_EQ(j["values"]["t_raw"], "-inf");
  EXPECT_EQ(j["values"]["t"], "-inf");
  EXPECT_EQ(j["values"]["distance_sq"], "inf");
  EXPECT_EQ(j["values"]["numerator"].get<double>(), -1.0);
  const auto q = cq::ClosestPointOnLine(points[2], points[0], points[1]);
  EXPECT_EQ(j["values"]["distance"].get<double>(), q->distance);
  // Read back as text, the dump holds no null.
  EXPECT_EQ(j.dump().find("null"), std::string::npos) << j.dump();
}

// A mutation run found the "error" key untested: a valid scene's dump has none (it held
// an empty one), a refused scene's names the reason.
TEST(StateJson, OnlyARefusedSceneHasAnErrorKey) {
  Camera camera;
  camera.SetViewport({{{0, 0}}, {{800, 600}}});
  const SegmentLesson segment;
  const Points points = {{{0, 0}}, {{5, 0}}, {{3, -2}}};
  const LessonFrame frame = segment.Evaluate(points, camera.VisibleWorld(), NumberStyle::Readable);
  ASSERT_FALSE(frame.error);
  EXPECT_FALSE(StateToJson(segment, points, frame, camera).contains("error"));
  const Lesson& box = *FindLesson("box");
  const Points inverted = {{{5, -1.5}}, {{2, 1.5}}, {{0, 0}}};
  const LessonFrame refused = box.Evaluate(inverted, camera.VisibleWorld(), NumberStyle::Readable);
  ASSERT_TRUE(refused.error);
  const nlohmann::json j = StateToJson(box, inverted, refused, camera);
  ASSERT_TRUE(j.contains("error"));
  EXPECT_EQ(j["error"], refused.errorText);
  EXPECT_FALSE(refused.errorText.empty());
}

}  // namespace
}  // namespace cq::app

// ImGui 1.86 reads keys once a frame: a release that comes before the frame in which the
// key went down is held until after that frame, and dropped if the key is pressed again.
TEST(TapReleases, AReleaseBeforeTheKeysFrameWaitsForIt) {
  cq::app::TapReleases taps;
  const int escape = 256;
  const int ctrl = 341;
  taps.Pressed(escape);
  EXPECT_TRUE(taps.HoldRelease(escape));  // pressed and released between two frames
  taps.FrameBegun();                      // ImGui saw Esc down in this frame
  EXPECT_EQ(taps.TakeHeld(), std::vector<int>{escape});
  EXPECT_TRUE(taps.TakeHeld().empty());
  // A key down across a frame is released at once.
  taps.Pressed(ctrl);
  taps.FrameBegun();
  EXPECT_FALSE(taps.HoldRelease(ctrl));
  EXPECT_TRUE(taps.TakeHeld().empty());
  // Two keys tapped between frames: both held, in order.
  taps.Pressed(escape);
  taps.Pressed(ctrl);
  EXPECT_TRUE(taps.HoldRelease(escape));
  EXPECT_TRUE(taps.HoldRelease(ctrl));
  taps.FrameBegun();
  EXPECT_EQ(taps.TakeHeld(), (std::vector<int>{escape, ctrl}));
}

// Tapped, then pressed again and held, all between two frames: the key is down, and the
// first tap's release must not reach ImGui after the frame (it read Ctrl as up while held:
// review).
TEST(TapReleases, AKeyPressedAgainIsNotReleasedByItsEarlierTap) {
  cq::app::TapReleases taps;
  const int ctrl = 341;
  taps.Pressed(ctrl);
  EXPECT_TRUE(taps.HoldRelease(ctrl));
  taps.Pressed(ctrl);  // down again, held
  taps.FrameBegun();
  EXPECT_TRUE(taps.TakeHeld().empty());
  EXPECT_FALSE(taps.HoldRelease(ctrl));  // released frames later: at once
}
