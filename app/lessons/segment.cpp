// Lesson: closest point on a segment. Project onto the line, clamp t to [0, 1], evaluate.
#include "lessons/lessons.hpp"

namespace cq::app {

std::string_view SegmentLesson::Summary() const {
  return "Project P onto the line through A and B to get t_raw, clamp t to [0, 1], and evaluate "
         "A + t(B − A). Three regions: before A the answer is A, past B it is B, in the slab "
         "between it is the foot of the perpendicular.";
}

std::vector<Preset> SegmentLesson::Presets() const {
  return {
      {"Past B: the clamp", "t_raw > 1: the foot falls off the end and the clamp pulls it back to B.",
       {{{-4, -1}}, {{3, 1.5}}, {{5.5, 4}}}},
      {"Interior: the foot", "0 < t_raw < 1: the perpendicular foot itself is the answer.",
       {{{-4, -1}}, {{3, 1.5}}, {{-1, 3}}}},
      {"Before A", "t_raw < 0: the clamp pulls the foot back to A.", {{{-4, -1}}, {{3, 1.5}}, {{-6.5, 2}}}},
      {"Seed: t = 0.6", "A = (0, 0), B = (5, 0), P = (3, −2): t = 15 / 25 = 0.6, closest (3, 0), distance 2.",
       {{{0, 0}}, {{5, 0}}, {{3, -2}}}},
      // Inside the segment (t = 0.5), not at A = (0, 0) on the boundary of A's region,
      // which mixed the pitfall with a clamp case (teaching audit of 2026-11-29).
      {"Answer at the origin", "The closest point is (0, 0): a real answer, not a 'no answer' zero vector.",
       {{{-4, 0}}, {{4, 0}}, {{0, -2}}}},
      {"A = B (degenerate)", "A zero-length segment is the point A: t = 0 by definition, no division by zero.",
       {{{1, 1}}, {{1, 1}}, {{3.5, 2.5}}}},
      {"Tiny (1e−9 long)", "A segment a billionth of a unit long: an absolute epsilon like 1e−5 would call it "
                           "a point. Core has no absolute epsilon.",
       {{{0, 0}}, {{0.8e-9, 0.6e-9}}, {{1.2e-9, 1e-9}}}},
      {"Far from the origin", "The same picture a million units away: relative precision, not absolute.",
       {{{1e6 - 4, 1e6 - 1}}, {{1e6 + 3, 1e6 + 1.5}}, {{1e6 - 1, 1e6 + 3}}}},
  };
}

}  // namespace cq::app
