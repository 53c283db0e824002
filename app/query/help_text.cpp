#include "query/help_text.hpp"

namespace cq::query {

std::string_view HelpText() {
  return R"(closest-query: closest-point queries from Closest Point Lab's core, in double precision,
2D or 3D.

USAGE
  closest-query < queries.jsonl        JSON lines: one query per input line
  closest-query KIND --OPTION VALUE... one query, answered in words
  closest-query --help | --version

JSON LINES
  Every input line gets exactly one output line, in order. Arrays hold 2 or 3 numbers
  (2D or 3D); all arrays of one line must have the same length.

  {"query":"segment", "a":[..], "b":[..], "p":[..]}    also "ray" and "line"
  {"query":"plane",   "n":[..], "d":number, "p":[..]}   the plane n.x = d, n non-zero
  {"query":"aabb",    "min":[..], "max":[..], "p":[..]} min <= max on every axis
  {"query":"contact", "center":[..], "radius":r, "shape":SHAPE}
      SHAPE is a segment, plane or aabb object as above without "p", e.g.
      {"query":"plane","n":[0,0,1],"d":0}

  A segment, ray and line share P(t) = A + t (B - A); t is clamped to [0, 1] for a
  segment, to [0, inf) for a ray, and not at all for a line.

OUTPUT
  every kind but contact:
    "point"            the closest point
    "distance", "distance_sq"
  segment, ray, line:
    "t_raw"            the parameter of the projection onto the line through a and b
    "t"                t_raw clamped, the end decided on the numerator before dividing:
                       t_raw may read 0.9999999999999998 beside t = 1 and region "B";
                       point = a + t (b - a). The numerator is rounded: for p far from a
                       short segment its rounding can be larger than what decides the
                       side, and p exactly past an end may read "interior" (the one-shot
                       form says where p projects exactly)
    "region"           "A", "interior" or "B": the feature the point lies on
  plane:
    "signed_distance"  (n.p - d) / |n|, positive on the side n points into
    "region"           "front", "back" or "on"
  aabb:
    "region"           "inside", "face", "edge" or "vertex" (2D: "inside", "edge", "vertex")
    "side"             per axis: -1 clamped to min, 0 kept (within), +1 clamped to max
  contact (a sphere, in 2D a circle, against the shape; the plane's back and the box
  are solid):
    "penetrating"      true when distance < radius (touching is not penetrating)
    "depth"            radius - distance when penetrating, else 0
    "normal"           unit, the way out: from the shape towards the center (a plane:
                       n / |n| on either side; a center inside a box: out through
                       the nearest face)
    "resolved_center"  center + depth * normal (the center itself when not penetrating)
    "distance"         center to shape; signed for plane and aabb (negative behind the
                       plane or inside the box)
    "point"            the shape's closest surface point

  Numbers are printed as the shortest text that reads back to exactly the same double
  (-0 as -0.0). Core's only non-finite results for valid input are IEEE overflows at
  extreme scales: t_raw (and a ray's or line's t) when a point 1e300 away projects onto a 1e-300
  segment, distance_sq above ~1.8e308, and a distance between points more than ~1.8e308
  apart. Those are printed as 1e999 and -1e999: valid JSON grammar that strtod, Python
  and JavaScript read back as +-infinity. (nlohmann::json 3.11 refuses to parse them,
  error 406 "number overflow", so a C++ reader using it must expect that.) No answer is
  ever NaN.

ERRORS
  A line that cannot be answered gets {"error":"<message naming the field>"} and the
  tool goes on with the next line: an empty line, text that is not JSON, a value that
  is not an object, an unknown "query", a missing, misspelt or repeated field, a field
  of the wrong type, an array of other than 2 or 3 numbers, arrays of mixed lengths,
  NaN or Infinity (not JSON) or a number that overflows a double (1e999), a zero
  normal, an inverted box, a negative radius, a contact shape that is itself invalid or
  contains "p", an object of more than 64 fields or an array of more than 64
  elements, and an answer beyond the double range
  (a plane's or a ray's or line's foot, a contact's push).

EXIT STATUS
  0  every line was answered (or the one-shot query was)
  1  at least one line was an error
  2  a bad command line (unknown option or query, bad one-shot arguments)
  3  an I/O error: the answers could not be written (standard output closed or full),
     or standard input could not be read (a directory, closed); a reader that closes
     the pipe early ends the tool with SIGPIPE, as for any filter

ONE-SHOT FORM
  The options are the JSON fields with "--" in front; values are comma-separated
  numbers (also --p=3,0,-2). A contact takes --center, --radius and --shape KIND with
  that shape's options. Bad arguments print one line to stderr and exit with 2.

EXAMPLES
  $ echo '{"query":"segment","a":[0,0,0],"b":[5,0,0],"p":[3,0,-2]}' | closest-query
  {"point":[3,0,0],"distance":2,"distance_sq":4,"t_raw":0.6,"t":0.6,"region":"interior"}

  $ echo '{"query":"aabb","min":[0,0],"max":[1,1],"p":[2,0.5]}' | closest-query
  {"point":[1,0.5],"distance":1,"distance_sq":1,"region":"edge","side":[1,0]}

  $ echo '{"query":"plane","n":[0,0,0],"d":1,"p":[1,2,3]}' | closest-query
  {"error":"n: the plane normal is the zero vector; a plane needs a non-zero normal"}

  $ closest-query segment --a 0,0,0 --b 5,0,0 --p 3,0,-2
  segment from A (0, 0, 0) to B (5, 0, 0); query point P (3, 0, -2)
  t_raw = 0.6, the numerator (P - A).(B - A) = 15 over |B - A|^2 = 25 (P projects onto the carrier line at P(t) = A + t (B - A))
  t = 0.6 (t_raw is within [0, 1]: no clamp; decided before dividing: 0 < 15 < 25, and only an interior t needs the quotient)
  closest point (3, 0, 0), distance 2 (squared: 4)
  region: interior (the foot of the perpendicular)

  $ closest-query plane --n 0,0,1 --d 1 --p 3,4,5
  $ closest-query aabb --min 0,0,0 --max 1,1,1 --p 2,0.5,-1
  $ closest-query contact --center 0,0.5 --radius 1 --shape plane --n 0,1 --d 0
)";
}

}  // namespace cq::query
