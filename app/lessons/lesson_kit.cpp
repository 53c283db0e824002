#include "lessons/lesson_kit.hpp"

#include <algorithm>
#include <cmath>

namespace cq::app {

void AddValue(LessonFrame& frame, std::string label, std::string text, std::string help) {
  frame.values.push_back({std::move(label), std::move(text), std::move(help)});
}

void SetError(LessonFrame& frame, const cq::QueryError& error) {
  frame.error = error;
  frame.errorText = cq::Describe(error);
  frame.regionName = "none (invalid input)";
}

void FitNumberLine(NumberLine& line, double lo, double hi) {
  if (std::isfinite(line.raw)) {
    lo = std::min(lo, line.raw);
    hi = std::max(hi, line.raw);
  }
  const double pad = 0.12 * (hi - lo);
  line.viewFrom = lo - pad;
  line.viewTo = hi + pad;
}

}  // namespace cq::app
