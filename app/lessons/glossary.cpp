#include "lessons/glossary.hpp"

namespace cq::app {

const std::vector<GlossaryEntry>& Glossary() {
  static const std::vector<GlossaryEntry> entries = {
      {"project",
       "Drop a perpendicular from the point onto the line (or the plane): its foot is the nearest point of the "
       "whole unbounded line. Onto the line through A and B it lies at t_raw = (P − A)·(B − A) / |B − A|².",
       {"project"}},
      {"t and t_raw",
       "P(t) = A + t(B − A) walks along the line through A and B: t = 0 at A, t = 1 at B. t_raw is where the query "
       "point projects; t is t_raw after the clamp (a segment keeps [0, 1], a ray [0, ∞); a line does not clamp).",
       {"t_raw"}},
      {"clamp",
       "Pull a value back into its range: for a segment a t below 0 becomes 0 and one above 1 becomes 1; a ray "
       "clamps only below 0; a box clamps each coordinate into [min, max]. A clamped t gives the end itself, "
       "exactly.",
       {"clamp"}},
      {"evaluate",
       "Turn the clamped value into the answer: the clamped t into A + t(B − A); for a box, the clamped "
       "coordinates are the point; for a plane, P − s n̂.",
       {"evaluate"}},
      {"foot",
       "The foot of the perpendicular: where the point projects onto the carrier line, A + t_raw(B − A), the "
       "hollow dot marked \"foot\". It is the answer wherever it lies on the shape.",
       {"foot"}},
      {"carrier line", "The whole unbounded line through A and B; the segment and the ray are parts of it.",
       {"carrier"}},
      {"numerator and |B − A|²",
       "t_raw is a quotient: the numerator (P − A)·(B − A) over |B − A|², the squared length from A to B. The "
       "numerator's sign, and its size against |B − A|², say where P projects before anything is divided.",
       {"numerator"}},
      {"deferred division",
       "Ericson's way: decide the clamp on the numerator and |B − A|² first, and divide only where the answer lies "
       "inside. An answer at an end needs no division at all, and no region depends on a quotient's rounding.",
       {"deferred division"}},
      {"region (Voronoi region)",
       "The points that share one closest feature: vertex A, the interior, or vertex B (a box: inside, an edge or a "
       "vertex; a plane: its front and back). The canvas shades them; their borders are the perpendiculars through "
       "a segment's ends, the lines extending a box's sides, the plane itself.",
       {"region"}},
      {"signed distance s",
       "A plane's distance with a sign: s = n·(P − O) / |n|, positive on the side n points to (the front), "
       "negative behind, 0 on the plane. Stepping back by s along the unit normal lands on the plane.",
       {"signed distance"}},
      {"normal and unit normal",
       "A normal is a direction at right angles to the plane or out of the shape. The unit normal n / |n| has length "
       "1. A zero vector has no direction: n / |n| would be 0 / 0.",
       {"normal"}},
      {"depth and push-out",
       "A ball whose centre is d from the shape, with d less than its radius r, is sunk in by depth = r − d. Moving "
       "the centre by depth along the unit normal frees it: the smallest move that does (the minimal translation).",
       {"depth", "push"}},
      {"documented perpendicular",
       "The way out core takes when a ball's centre lies exactly on the wire, where C − Q is the zero vector and "
       "has no direction: the wire turned a quarter turn counter-clockwise (+x for a wire that is a single point). "
       "It is written down in core's header, so the answer never depends on chance.",
       {"documented perpendicular", "quarter turn"}},
      {"core",
       "The query library (cq_core) that computes every number, region and point on screen. The app draws and "
       "words what core answers: every answer on screen is core's.",
       {"core"}},
      {"double",
       "A 64-bit floating-point number: about 16 significant digits from about 2.2e-308 to 1.8e308, and fewer "
       "below that, down to 5e-324 (the subnormals). Every value here is one.",
       {"double"}},
      {"rounding and ulp",
       "Each arithmetic step rounds its exact result to the nearest double. An ulp (unit in the last place) is the "
       "gap from a double to the next, between 1.1e-16 and 2.2e-16 of its size (more, for the subnormals below "
       "2.2e-308), so a computed value can be a few "
       "ulps from the "
       "exact one (\"up to the rounding of t\").",
       {"ulp", "rounding", "rounded", "rounds"}},
      {"underflow and overflow",
       "A result too small for a double loses digits below about 2.2e-308 and becomes 0 below about 2.5e-324 (it "
       "underflows); one above about 1.8e308 overflows to infinity. |B − A|² of a segment 1e-170 long underflows "
       "to 0, though the segment is fine.",
       {"underflow", "overflow", "beyond the double range"}},
      {"rescale by a power of two",
       "Where a square would under- or overflow, core multiplies the scene by one power of two, which is exact, "
       "works at that scale and scales back: the answer is as good as at any ordinary size.",
       {"rescale", "power of two", "at that scale"}},
      {"exactly, without rounding",
       "Some decisions (which side of a perpendicular a point is on, whether it lies on the line) core makes from "
       "sums kept exact, with no rounding at all, so a point a hair from a border still gets its true side.",
       {"exactly", "without rounding"}},
      {"absolute epsilon",
       "A fixed tolerance such as 1e-5 compared with lengths (\"shorter than epsilon is a point\"). It breaks at "
       "other scales: a segment 1e-9 long would count as a point. Core has none; its tests are relative or exact.",
       {"epsilon"}},
      {"NaN",
       "\"Not a number\", what 0 / 0 gives in floating point. Everything computed from a NaN is NaN, so one spoils "
       "a whole answer silently. Core never returns one: invalid input is refused with a message.",
       {"nan"}},
      {"the zero vector as \"no answer\"",
       "Returning (0, 0) to mean \"nothing found\" fails the day the true answer is the origin. Core reports a "
       "failure as an error, apart from every point.",
       {"no answer", "zero vector"}},
  };
  return entries;
}

}  // namespace cq::app
