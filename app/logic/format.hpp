// app/logic/format.hpp: how numbers are shown. One place, so the inspector, the canvas
// labels, the number lines and --dump-state's "shown" texts agree character for character.
#pragma once

#include <string>

#include "cq/vec.hpp"

namespace cq::app {

enum class NumberStyle : std::uint8_t {
  Readable,  ///< 6 significant digits (%.6g), "-0" shown as "0"
  Exact,     ///< the shortest text that reads back to the same double
};

std::string FormatNumber(double value, NumberStyle style);
/// "(x, y)"
std::string FormatPoint(const cq::Vec2d& p, NumberStyle style);

}  // namespace cq::app
