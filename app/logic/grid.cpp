#include "logic/grid.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cq::app {

GridSpacing ChooseGridSpacing(double zoom, double minPixels) {
  const double minWorld = minPixels / zoom;
  int exponent = int(std::floor(std::log10(minWorld)));
  const double base = std::pow(10.0, exponent);
  double major = base;
  int mantissa = 1;
  for (int m : {1, 2, 5, 10}) {
    if (m * base >= minWorld) {
      major = m * base;
      mantissa = m;
      break;
    }
  }
  if (mantissa == 10) {
    mantissa = 1;
    ++exponent;
  }
  GridSpacing g;
  g.major = major;
  g.minor = mantissa == 2 ? major / 4 : major / 5;
  g.decimals = std::max(0, -exponent);
  return g;
}

std::string FormatGridLabel(double value, int decimals) {
  char buffer[64];
  // Fixed-point up to 16 digits (a whole double's worth); beyond, where %f would print up
  // to 309 digits, a significand and an exponent: "2e+302".
  if (std::abs(value) >= 1e16)
    std::snprintf(buffer, sizeof buffer, "%.16g", value);
  else
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  std::string text = buffer;
  // "-0", "-0.0" after rounding a tiny negative: print as zero.
  if (text[0] == '-' && text.find_first_not_of("-0.") == std::string::npos) text.erase(0, 1);
  return text;
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
  constexpr double k_exactIntegers = 4503599627370496.0;  // 2^52: k + 1 is exact below it
  if (!(last - first < k_maxGridLines) || std::abs(first) > k_exactIntegers || std::abs(last) > k_exactIntegers)
    return {};
  return {first, last};
}

}  // namespace cq::app
