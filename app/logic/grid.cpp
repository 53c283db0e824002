#include "logic/grid.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace cq::app {

namespace {

/// The 1-2-5 step mantissa * 10^exponent as a GridSpacing.
GridSpacing MakeSpacing(int mantissa, int exponent) {
  if (mantissa == 10) {
    mantissa = 1;
    ++exponent;
  }
  GridSpacing g;
  g.major = mantissa * std::pow(10.0, exponent);
  g.minor = mantissa == 2 ? g.major / 4 : g.major / 5;
  g.decimals = std::max(0, -exponent);
  g.mantissa = mantissa;
  g.exponent = exponent;
  return g;
}

}  // namespace

bool GridStepFits(double step, double spacing) {
  if (!(spacing > 0)) return true;
  return step >= spacing && (std::fmod(step, spacing) == 0 || step >= 512 * spacing);
}

GridSpacing ChooseGridSpacing(double zoom, double minPixels, double spacing) {
  const double minWorld = minPixels / zoom;
  int exponent = int(std::floor(std::log10(minWorld)));
  const double base = std::pow(10.0, exponent);
  int mantissa = 10;
  for (int m : {1, 2, 5}) {
    if (m * base >= minWorld) {
      mantissa = m;
      break;
    }
  }
  GridSpacing g = MakeSpacing(mantissa, exponent);
  // Coarser until the step fits the doubles there (a few steps at most: a multiple of their
  // spacing is at most 5^(q-1) of them for a spacing 2^q, and 512 always fits), and no
  // minor lines between the major ones if those would not: every line is then labelled.
  while (!GridStepFits(g.major, spacing) && std::isfinite(g.major)) {
    const int next = g.mantissa == 1 ? 2 : g.mantissa == 2 ? 5 : 10;
    g = MakeSpacing(next, g.exponent);
  }
  if (!GridStepFits(g.minor, spacing)) g.minor = g.major;
  return g;
}

double DecimalStep::Value() const { return double(mantissa) * std::pow(10.0, exponent); }

DecimalStep MinorDecimalStep(const GridSpacing& grid) {
  if (grid.minor == grid.major) return {grid.mantissa, grid.exponent};
  if (grid.mantissa == 2) return {5, grid.exponent - 1};
  if (grid.mantissa == 5) return {1, grid.exponent};
  return {2, grid.exponent - 1};
}

double AddDecimalSteps(double value, double units, const DecimalStep& step) {
  const double fallback = value + units * step.Value();
  if (!std::isfinite(value) || !(std::abs(units) < 1e15) || units != std::trunc(units) || step.mantissa <= 0)
    return fallback;
  // value as digits x 10^valueExponent, from its shortest round-trip form.
  char text[64];
  const auto written = std::to_chars(text, text + sizeof text, value, std::chars_format::scientific);
  *written.ptr = '\0';
  const char* e = std::strchr(text, 'e');
  if (e == nullptr) return fallback;
  std::int64_t digits = 0;
  int fractionDigits = 0;
  bool negative = false;
  bool afterPoint = false;
  for (const char* c = text; c < e; ++c) {
    if (*c == '-') {
      negative = true;
    } else if (*c == '.') {
      afterPoint = true;
    } else {
      digits = digits * 10 + (*c - '0');
      fractionDigits += afterPoint;
    }
  }
  const int valueExponent = std::atoi(e + 1) - fractionDigits;
  if (negative) digits = -digits;
  // Both terms over the smaller exponent, in 64-bit integers (at most 10^18).
  constexpr std::int64_t k_limit = 1000000000000000000;
  const int common = std::min(valueExponent, step.exponent);
  const auto scaled = [](std::int64_t n, int shift, std::int64_t& out) {
    if (shift > 18) return n == 0 ? (out = 0, true) : false;
    std::int64_t p = 1;
    for (int i = 0; i < shift; ++i) p *= 10;
    return !__builtin_mul_overflow(n, p, &out);
  };
  std::int64_t a = 0;
  std::int64_t b = 0;
  std::int64_t sum = 0;
  if (!scaled(digits, valueExponent - common, a) ||
      !scaled(std::int64_t(units) * step.mantissa, step.exponent - common, b) || __builtin_add_overflow(a, b, &sum) ||
      sum > k_limit || sum < -k_limit)
    return fallback;
  // The decimal sum x 10^common, rounded once (strtod rounds to nearest).
  char decimal[64];
  std::snprintf(decimal, sizeof decimal, "%llde%d", static_cast<long long>(sum), common);
  return std::strtod(decimal, nullptr) + 0.0;  // + 0.0: a sum of zero is +0, never -0
}

AxisGrids ChooseAxisGrids(double zoom, double minPixels, const cq::Vec2d& viewMin, const cq::Vec2d& viewMax) {
  AxisGrids grids;
  for (int axis = 0; axis < 2; ++axis) {
    const double far = std::max(std::abs(viewMin.v[axis]), std::abs(viewMax.v[axis]));
    grids[std::size_t(axis)] = ChooseGridSpacing(zoom, minPixels, DoublesSpacing(far));
  }
  return grids;
}

double DoublesSpacing(double far) {
  if (!std::isfinite(far)) return 0;
  far = std::abs(far);
  const double above = std::nextafter(far, std::numeric_limits<double>::infinity()) - far;
  return std::isfinite(above) ? above : far - std::nextafter(far, 0.0);  // at the largest double: below it
}

std::string GridLabel(double k, const GridSpacing& grid, bool scientific) {
  // |k| <= 2^53 (GridMultiples) and mantissa <= 5: k * mantissa is an exact 64-bit integer.
  const long long n = static_cast<long long>(k) * grid.mantissa;
  std::string digits = std::to_string(n < 0 ? -n : n);
  const std::string sign = n < 0 ? "-" : "";
  const int e = grid.exponent;
  // The exponent as printf's %g writes it (two digits at least: "e-05", "e+09"), as the
  // fields and values write theirs.
  const auto exponentText = [](int power) {
    const std::string digitsOf = std::to_string(power < 0 ? -power : power);
    return std::string(power < 0 ? "e-" : "e+") + (digitsOf.size() < 2 ? "0" : "") + digitsOf;
  };
  const auto inScientific = [&] {
    const int power = int(digits.size()) - 1 + e;
    std::string rest = digits.substr(1);
    while (!rest.empty() && rest.back() == '0') rest.pop_back();
    return sign + digits.substr(0, 1) + (rest.empty() ? "" : "." + rest) + exponentText(power);
  };
  if (n == 0) return "0";
  if (e < 0 && scientific) return inScientific();
  if (e < 0) {  // a decimal point -e digits from the right
    const std::size_t after = std::size_t(-e);
    if (digits.size() <= after) digits.insert(0, after + 1 - digits.size(), '0');
    digits.insert(digits.size() - after, ".");
    return sign + digits;
  }
  if (int(digits.size()) + e <= 17 && !scientific) return sign + digits + std::string(std::size_t(e), '0');
  return inScientific();
}

bool GridLabelsScientific(double first, double last, const GridSpacing& grid, bool wasScientific) {
  // Zeros to count: lines a million or more apart ("4000000000": a label read at a glance
  // stays short, though a field or value writes 4000000000 out), or every label below 1e-4
  // ("0.0000000004", beside fields and values that read 4e-10; teaching audit of
  // 2026-11-29). Lines 1 apart near 1e6 keep every digit ("1000002").
  if (first <= last && grid.exponent >= 6) return true;
  const int below = wasScientific ? -3 : -4;  // the labels' bound, 1e-4 (1e-3 to leave the form)
  if (first <= last && grid.exponent <= -5 &&
      std::max(std::abs(first), std::abs(last)) * grid.mantissa < std::pow(10.0, below - grid.exponent))
    return true;
  // The widest magnitude is at one end of the range.
  for (const double k : {first, last})
    if (first <= last && GridLabel(k, grid).find('e') != std::string::npos) return true;
  return false;
}

double LabelStride(double spacingPixels, double widestLabel, double gap) {
  if (!(spacingPixels > 0) || !std::isfinite(spacingPixels)) return 1;
  const double needed = widestLabel + gap;
  for (double decade = 1; decade < 1e300; decade *= 10)
    for (const double factor : {1.0, 2.0, 5.0})
      if (factor * decade * spacingPixels >= needed) return factor * decade;
  return 1e300;
}

GridRange GridMultiples(double from, double to, double step) {
  if (!(step > 0) || !std::isfinite(from) || !std::isfinite(to)) return {};
  const double first = std::ceil(from / step);
  const double last = std::floor(to / step);
  // 2^53: every integer up to it is a double, so k += 1 steps through them all. A step that
  // fits the doubles (GridStepFits: at least their spacing) keeps |k| below it; with a cap
  // of 2^52 a step of exactly one spacing (2 at 1e16) lost every line.
  constexpr double k_exactIntegers = 9007199254740992.0;
  if (!(last - first < k_maxGridLines) || std::abs(first) >= k_exactIntegers || std::abs(last) >= k_exactIntegers)
    return {};
  return {first, last};
}

}  // namespace cq::app
