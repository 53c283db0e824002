// Lesson: closest point on a line. Project, and there is nothing to clamp.
#include "lessons/lessons.hpp"

namespace cq::app {

std::string_view LineLesson::Summary() const {
  return "A line through A and B has no ends, so there is nothing to clamp: t = t_raw for every P, "
         "and the closest point is always the foot of the perpendicular. One region.";
}

std::vector<Preset> LineLesson::Presets() const {
  return {
      {"The foot", "Any P: the perpendicular foot is the answer.", {{{-4, -2}}, {{4, 1}}, {{1, 3.5}}}},
      {"Beyond B, still the foot", "t_raw > 1 is no reason to clamp: a line goes on past B.",
       {{{-4, -2}}, {{0, -0.5}}, {{6, 4}}}},
  };
}

}  // namespace cq::app
