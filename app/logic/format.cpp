#include "logic/format.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace cq::app {

std::string FormatNumber(double value, NumberStyle style) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (style == NumberStyle::Exact) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
  }
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", value);
  std::string text = buffer;
  if (text == "-0") text = "0";
  return text;
}

std::string FormatPoint(const cq::Vec2d& p, NumberStyle style) {
  return "(" + FormatNumber(p.x(), style) + ", " + FormatNumber(p.y(), style) + ")";
}

}  // namespace cq::app
