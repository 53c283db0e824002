// app/logic/grid.hpp: the background grid's spacing, chosen from the zoom so lines stay
// readable at every scale (1, 2, 5 x 10^k world units between major lines).
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "cq/vec.hpp"

namespace cq::app {

struct GridSpacing {
  double major;      ///< world units between labelled lines
  double minor;      ///< world units between faint lines (major / 5, or / 4 for a 2 step)
  int decimals;      ///< digits after the point that label a major line exactly
  int mantissa = 1;  ///< major = mantissa * 10^exponent, mantissa 1, 2 or 5
  int exponent = 0;
};

/// Whether grid lines `step` apart can sit where their values say among doubles
/// `spacing` apart: the step is at least one spacing and either a whole number of them
/// (every line k * step is then a double, exactly) or at least 512 of them (rounded to
/// the doubles, a line is off by at most 1/1024 of the step: under a quarter of a pixel).
/// Always true for a spacing that is not positive. At 1e17, where the doubles are 16
/// apart, a step of 200 does not fit (its lines at 200 and 600 were drawn at 192 and 608,
/// labelled with the values they were not at); 2000 does.
bool GridStepFits(double step, double spacing);

/// The smallest 1-2-5 step whose major lines are at least `minPixels` apart at `zoom`
/// pixels per world unit and that fits doubles `spacing` apart (GridStepFits; the
/// spacing at the view's largest coordinate, DoublesSpacing: far from the origin, zoomed
/// in, a finer grid would sit between the doubles, its lines and snaps rounded onto
/// uneven ones and its nudges lost). Where the minor lines would not fit, there are none:
/// minor == major, and every line is labelled.
GridSpacing ChooseGridSpacing(double zoom, double minPixels, double spacing = 0);

/// A grid per axis (x, y): the same step near the origin, where the floor of each is
/// nothing; far from it along one axis only, that axis's lines are coarser (at x = 1e17,
/// where the doubles are 16 apart, x lines 2000 apart) while the other axis keeps
/// the zoom's step (the y lines of a segment 20 long there).
using AxisGrids = std::array<GridSpacing, 2>;

/// A step written in decimal, mantissa x 10^exponent: the grid's steps are decimals, and
/// the values snapped or nudged by them are computed on the decimals (AddDecimalSteps),
/// not by adding the doubles nearest them.
struct DecimalStep {
  std::int64_t mantissa = 0;  ///< not positive: no step
  int exponent = 0;
  double Value() const;
};
using DecimalSteps = std::array<DecimalStep, 2>;

/// The minor step of `grid` in decimal: major / 5, or major / 4 for a 2 step (1 -> 0.2,
/// 2 -> 0.5, 5 -> 1), or the major step itself where there are no minor lines.
DecimalStep MinorDecimalStep(const GridSpacing& grid);

/// The minor steps (x, y) of a pair of grids: what Shift-snap rounds to and the arrow keys
/// move by.
inline DecimalSteps MinorSteps(const AxisGrids& grids) {
  return {MinorDecimalStep(grids[0]), MinorDecimalStep(grids[1])};
}

/// value + units x step, computed on decimals and rounded once to the nearest double:
/// `value` stands for its shortest decimal that reads back to it (what a field shows in
/// exact mode, and what a typed number was). So 0.8 less four steps of 0.2 is exactly 0
/// and -5.5 plus seven of them the double nearest -4.1 (summing the doubles gave
/// 5.55e-17 and -4.099999999999999: a normal nudged onto its origin was not zero). Where
/// the exact sum needs more than 18 digits (a value and a step some 18 orders of magnitude
/// apart, or `units` huge), the doubles are summed instead: the larger term then decides
/// the result to within its rounding. Overflow gives +-inf, as the double sum would.
double AddDecimalSteps(double value, double units, const DecimalStep& step);

/// Each axis's ChooseGridSpacing for the view [viewMin, viewMax], fitted to the doubles'
/// spacing at that axis's largest coordinate in view.
AxisGrids ChooseAxisGrids(double zoom, double minPixels, const cq::Vec2d& viewMin, const cq::Vec2d& viewMax);

/// The spacing of the doubles at |far| (the gap to the next one up; at the largest double,
/// the gap below it). 0 for a non-finite `far`.
double DoublesSpacing(double far);

/// The multiples k of `step` with k step in [from, to], as first..last (k += 1 runs through
/// them). Empty (first > last) when there are more than k_maxGridLines of them or when k
/// is too large for k + 1 to be a different double (a view far from the origin, zoomed in
/// below the coordinates' own precision): no grid is better than a loop that never ends.
struct GridRange {
  double first = 1;
  double last = 0;
};
inline constexpr double k_maxGridLines = 4096;
GridRange GridMultiples(double from, double to, double step);

/// Which major lines get a label along an axis whose labels sit side by side: every
/// `stride`-th one (k a multiple of stride), the smallest of 1, 2, 5, 10, 20, 50, ... that
/// puts `stride * spacingPixels` at least `widestLabel + gap` apart, so that labels never
/// overlap (far from the origin a label such as 1000000000000002 is wider than the
/// lines' spacing). 1 for a spacing that is not positive and finite.
double LabelStride(double spacingPixels, double widestLabel, double gap);

/// The label of major line k (k a GridMultiples index, at k * major): the exact decimal
/// value k * mantissa * 10^exponent, written from integers, never from the rounded
/// product k * major (whose 17th digit and rounding noise used to show: three lines near
/// 1.2e16 all read "1.2e+16", others "8.800000000000001e+303"). Plain up to 17 digits
/// ("-2.5", "0.30", "12000000000000005"), beyond that a significand with every digit that
/// tells the line from its neighbours and an exponent ("1.2e+16", "8.8e+303"). No "-0".
/// With `scientific`, a whole number is written that way at any size, so that one axis's
/// labels share a format (99999999999999000 sat next to 1.00000000000001e+17).
std::string GridLabel(double k, const GridSpacing& grid, bool scientific = false);

/// Whether the labels of lines first..last (a GridMultiples range) need the scientific
/// form: any of them past 17 digits, lines a million or more apart, or every label below
/// 1e-4. `wasScientific`, the axis's form last frame, holds the last rule until the
/// labels reach 1e-3, so that a pan across 1e-4 does not switch the whole axis back and
/// forth (-8e-05 … 8e-05 read plain two lines further on: review).
bool GridLabelsScientific(double first, double last, const GridSpacing& grid, bool wasScientific = false);

}  // namespace cq::app
