#include "logic/format.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <optional>

namespace cq::app {
namespace {

/// A coordinate of 1 or more written out (the shortest fixed text that reads back), where
/// that takes at most 12 characters besides a minus sign: 1000000, not 1e+06, and -1e11
/// as 1e11 is; else nothing.
std::optional<std::string> WrittenOut(double value) {
  if (!(std::abs(value) >= 1)) return std::nullopt;
  char buffer[400];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
  if (result.ec != std::errc() || result.ptr - buffer - (value < 0 ? 1 : 0) > 12) return std::nullopt;
  return std::string(buffer, result.ptr);
}

}  // namespace

std::string FormatNumber(double value, NumberStyle style) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (style == NumberStyle::Exact) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
  }
  // 6 significant digits, or fewer where the value's shortest text has fewer: a normal
  // double's 6 digits then end in zeros that %g drops, but a subnormal holds fewer bits
  // than its digits suggest (1e-320 is 9.99988671826831e-321, which %.6g wrote out).
  int precision = 6;
  if (std::fpclassify(value) == FP_SUBNORMAL) {
    char shortest[32];
    const auto result = std::to_chars(shortest, shortest + sizeof shortest, value, std::chars_format::scientific);
    const int digits = int(std::count_if(shortest, std::find(shortest, result.ptr, 'e'),
                                         [](char c) { return c >= '0' && c <= '9'; }));
    precision = std::min(precision, digits);
  }
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*g", precision, value);
  std::string text = buffer;
  if (text == "-0") text = "0";
  // A value of 1 or more that these digits hold exactly is written out where that takes
  // at most 12 characters, as the fields write a coordinate: d read "1e+06" beside a P.y
  // of "1000000" on one screen (classroom audit of 2026-11-29).
  if (text.find('e') != std::string::npos && std::strtod(text.c_str(), nullptr) == value)
    if (const std::optional<std::string> out = WrittenOut(value)) return *out;
  return text;
}

std::string CommandLinePoint(const cq::Vec2d& p) {
  return FormatNumber(p.x(), NumberStyle::Exact) + "," + FormatNumber(p.y(), NumberStyle::Exact);
}

namespace {

/// The significant digits FieldNumber's readable text rounds a long value to: 6, or 3
/// decimals past the integer part where that keeps more, at most 17.
int FieldPrecision(double value) {
  // Digits before the point: 1 + floor(log10 |value|) for |value| >= 1.
  const double magnitude = std::abs(value);
  const int integerDigits = magnitude >= 1 ? 1 + int(std::floor(std::log10(magnitude))) : 0;
  return std::clamp(integerDigits + 3, 6, 17);
}

/// "> 1.8e308" or "< -1.8e308": where an infinity from core lies (the largest double is
/// 1.7976931348623157e308).
std::string BeyondBound(double value) { return value > 0 ? "> 1.8e308" : "< -1.8e308"; }

}  // namespace

std::string FormatApart(double value, const Apart& apart, NumberStyle style, bool coordinate) {
  auto text = [&](double v) { return coordinate ? FieldNumber(v, style) : FormatNumber(v, style); };
  std::string shown = text(value);
  if (style == NumberStyle::Exact || !std::isfinite(value)) return shown;
  auto withDigits = [](double v, int digits) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, v);
    return std::string(buffer);
  };
  int digits = 0;  // the most any other needs; 0: none reads as this value
  // From one digit past the text's own: fewer could round the two apart the other way
  // (12345.674999999 and 12345.675000001, both "12345.675" in their fields, read
  // "12345.67" and "12345.68" from 7 digits).
  const int first = (coordinate ? FieldPrecision(value) : 6) + 1;
  for (double other : apart) {
    // By the number the texts read as, not their letters: "1e+11" and "100000000000" are
    // one number.
    if (other == value || !std::isfinite(other) ||
        std::strtod(text(other).c_str(), nullptr) != std::strtod(shown.c_str(), nullptr))
      continue;
    int d = std::min(first, 17);
    while (d < 17 && withDigits(value, d) == withDigits(other, d)) ++d;
    digits = std::max(digits, d);
  }
  if (digits == 0) return shown;
  // The shortest text that reads back exactly, where it is no longer (0.9999999 itself);
  // a coordinate's written out as its field writes it (a box's bound read "1e+06" in a
  // step that had to tell it from P.x = 1000000.0000001, "1000000" in the point: review).
  // Any value, as FormatNumber writes one that its 6 digits hold: 1e6 beside 1000000.001
  // read "1e+06" (review).
  const std::optional<std::string> writtenOut = WrittenOut(value);
  const std::string exact = writtenOut ? *writtenOut : FormatNumber(value, NumberStyle::Exact);
  const std::string more = withDigits(value, digits);
  return exact.size() <= more.size() ? exact : more;
}

std::string ValueText(double value, NumberStyle style, const Apart& apart) {
  if (std::isinf(value)) return BeyondBound(value) + " (beyond the double range)";
  return FormatApart(value, apart, style);
}

std::string EqualsText(double value, NumberStyle style, const Apart& apart) {
  if (std::isinf(value)) return ", beyond the double range (" + BeyondBound(value) + ")";
  return " = " + FormatApart(value, apart, style);
}

std::string LineNumber(double value, NumberStyle style, bool coordinate, const Apart& apart) {
  return FormatApart(value, apart, style, coordinate);
}

std::string NameEquals(const std::string& name, double value, NumberStyle style, bool coordinate,
                       const Apart& apart) {
  if (std::isinf(value)) return name + " " + BeyondBound(value);
  return name + " = " + LineNumber(value, style, coordinate, apart);
}

std::string FormatPoint(const cq::Vec2d& p, NumberStyle style, const PointsApart& apart) {
  // A coordinate beyond the range as the values write one ("< -1.8e308"), not "-inf": a
  // foot read "(-inf, -4.9701345766704296e+306)" (review).
  const auto coordinate = [&](int k) {
    const double v = p[k];
    if (std::isinf(v)) return BeyondBound(v);
    Apart others;
    for (const cq::Vec2d& other : apart) others.push_back(other[k]);
    return FormatApart(v, others, style, true);
  };
  const std::string text = "(" + coordinate(0) + ", " + coordinate(1) + ")";
  return std::isinf(p.x()) || std::isinf(p.y()) ? text + " (beyond the double range)" : text;
}

std::string FieldNumber(double value, NumberStyle style) {
  const std::string exact = FormatNumber(value, NumberStyle::Exact);
  if (style == NumberStyle::Exact || !std::isfinite(value)) return exact;
  if (exact.size() <= 12) {
    // The inspector's own text where it holds the value: 1e-4 read "1e-04" in its field
    // and in a point beside "distance 0.0001" (lesson audit).
    const std::string readable = FormatNumber(value, NumberStyle::Readable);
    if (std::strtod(readable.c_str(), nullptr) == value) {
      // (Written out where it is 1 or more and takes at most 12 characters: 1248000 read
      // "1.248e+06" beside a y of "936000" in one point: GUI audit.)
      return readable;
    }
    return exact == "-0" ? "0" : exact;
  }
  const int precision = FieldPrecision(value);
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.*g", precision, value);
  // Where those digits hold the value exactly, its shortest text holds it in as few or
  // fewer: 8.108108108108109e+299, not %.17g's 8.1081081081081088e+299 (review s30 #11).
  if (std::strtod(buffer, nullptr) == value) return exact;
  return buffer;
}

std::string FittedFieldNumber(double value, NumberStyle style, double width,
                              const std::function<double(const std::string&)>& measure) {
  const std::string text = FieldNumber(value, style);
  if (!std::isfinite(value) || measure(text) <= width) return text;
  std::string shorter;
  for (int digits = 16; digits >= 1; --digits) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
    shorter = buffer;
    if (measure(shorter) <= width) break;
  }
  return shorter;
}

}  // namespace cq::app
