// Lesson: closest point on a ray. The same projection; the clamp is t >= 0 only.
#include "lessons/lessons.hpp"

namespace cq::app {

std::string_view RayLesson::Summary() const {
  return "A ray starts at A and runs through B forever. Project P to get t_raw, clamp t to [0, ∞): "
         "behind the start the answer is A, everywhere else it is the foot of the perpendicular.";
}

std::vector<Preset> RayLesson::Presets() const {
  return {
      {"Behind the start", "t_raw < 0: the clamp pulls the foot back to the start A.",
       {{{-3, -1}}, {{1, 1}}, {{-5.5, 2}}}},
      {"Ahead", "t_raw ≥ 0: the foot is the answer, even far past B (t_raw > 1 is fine on a ray).",
       {{{-3, -1}}, {{1, 1}}, {{4, 5}}}},
      {"On the boundary", "(P − A)·(B − A) = 0: P sits on the perpendicular through A; t = 0 either way.",
       {{{-3, -1}}, {{1, 1}}, {{-5, 3}}}},
  };
}

}  // namespace cq::app
