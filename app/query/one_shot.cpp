#include "query/one_shot.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include <nlohmann/json.hpp>

#include "query/json_text.hpp"
#include "query/query_json.hpp"

namespace cq::query {
namespace {

using Json = nlohmann::ordered_json;

constexpr int k_exitAnswered = 0;
constexpr int k_exitInternal = 1;
constexpr int k_exitBadArguments = 2;

/// Every option any query takes; an option outside this set is left for ReadRequest to
/// refuse as an unknown field, with its "did you mean" hint.
constexpr std::array<std::string_view, 10> k_knownOptions = {"a", "b", "p", "n", "d", "min", "max", "center",
                                                             "radius", "shape"};
/// The options a contact keeps for its sphere; the rest describe its shape.
constexpr std::array<std::string_view, 3> k_sphereOptions = {"center", "radius", "shape"};

bool Contains(std::span<const std::string_view> names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string_view Trim(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const std::size_t last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

Outcome<double> ParseNumber(std::string_view piece) {
  std::string_view digits = piece;
  if (!digits.empty() && digits.front() == '+') {
    digits.remove_prefix(1);
    // from_chars takes a '-' of its own: "+-1" would read as -1.
    if (!digits.empty() && (digits.front() == '-' || digits.front() == '+')) digits = {};
  }
  double value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || end != digits.data() + digits.size() || (ec != std::errc() && ec != std::errc::result_out_of_range)) {
    return Outcome<double>::Failure(QuoteJsonString(TruncateForEcho(piece, k_maxNameBytes)) + " is not a number");
  }
  if (ec == std::errc::result_out_of_range) {
    // from_chars leaves the value unset; strtod gives what a JSON reader would: +-HUGE_VAL
    // (infinity) on overflow, the nearest subnormal or zero on underflow.
    const std::string copy(digits);
    value = std::strtod(copy.c_str(), nullptr);
  }
  return value;
}

/// The point as "(x, y, z)".
std::string FormatWordsPoint(const Coords& coords, int dim) {
  std::string text = "(";
  for (int i = 0; i < dim; ++i) {
    if (i > 0) text += ", ";
    text += FormatWordsNumber(coords[static_cast<std::size_t>(i)]);
  }
  return text + ")";
}

bool SamePoint(const Coords& a, const Coords& b, int dim) {
  for (int i = 0; i < dim; ++i)
    if (!(a[static_cast<std::size_t>(i)] == b[static_cast<std::size_t>(i)])) return false;
  return true;
}

/// "segment from A (..) to B (..)", "plane n.x = d with n = (..), d = ..", "box from min (..) to max (..)".
std::string DescribeShape(const ShapeArgs& shape, int dim) {
  switch (shape.kind) {
    case QueryKind::Plane:
      return std::string(dim == 2 ? "line (2D plane)" : "plane") + " n.x = d with n = " + FormatWordsPoint(shape.n, dim) +
             ", d = " + FormatWordsNumber(shape.d);
    case QueryKind::Aabb:
      return std::string(dim == 2 ? "rectangle" : "box") + " from min " + FormatWordsPoint(shape.min, dim) +
             " to max " + FormatWordsPoint(shape.max, dim);
    case QueryKind::Segment: return "segment from A " + FormatWordsPoint(shape.a, dim) + " to B " + FormatWordsPoint(shape.b, dim);
    case QueryKind::Ray: return "ray from A " + FormatWordsPoint(shape.a, dim) + " through B " + FormatWordsPoint(shape.b, dim);
    case QueryKind::Line:
    case QueryKind::Contact: break;
  }
  return "line through A " + FormatWordsPoint(shape.a, dim) + " and B " + FormatWordsPoint(shape.b, dim);
}

/// Whether core's rounded region is the side P exactly projects to (core's rule).
bool ProjectionAgrees(const Request& request, const Answer& answer) {
  return RegionMatchesProjection(ToLinearKind(request.kind), answer.linearRegion, answer.projection);
}

/// Where P projects, in words for `kind` (core's: a ray's is "after A" past A).
std::string ProjectionWords(QueryKind kind, ExactProjection projection) {
  return ToString(projection, ToLinearKind(kind));
}

/// A value core holds as 0 in double whose exact value has the sign `exactSign` (not 0):
/// said so, as the lab says it ("0 in double, though exactly > 0"); any other value as
/// FormatWordsNumber writes it.
std::string ZeroOrWords(double value, int exactSign) {
  if (value == 0 && exactSign != 0) return std::string("0 in double, though exactly ") + (exactSign > 0 ? "> 0" : "< 0");
  return FormatWordsNumber(value);
}

/// The zero vector as "no answer", said where it bites (the closest point is the origin),
/// as the lessons say it, for every kind of query (the plane and the contact lacked it).
std::string OriginNote(const Answer& answer) {
  if (!std::all_of(answer.point.begin(), answer.point.begin() + answer.dim, [](double v) { return v == 0; })) return "";
  return "  (the origin, and a real answer: code that returned the zero vector to mean \"no answer\" would throw it "
         "away)\n";
}

std::string DescribeLinear(const Request& request, const Answer& answer) {
  const std::string region = answer.region;
  const bool degenerate = SamePoint(request.shape.a, request.shape.b, request.dim);
  // The exact sign of the numerator (core's exact projection): a t_raw of 0 that is not 0
  // exactly has underflowed (P = (1e-200, 1) over a segment 1e200 long read "t_raw = 0"
  // beside "region: interior").
  const int exactSign = degenerate || answer.projection == ExactProjection::OntoA ? 0
                        : answer.projection == ExactProjection::BeforeA           ? -1
                                                                                  : 1;
  const bool underflows = answer.tRaw == 0 && exactSign != 0;
  // The deferred division's two numbers, where core's t_raw is their plain quotient (not
  // where one under- or overflowed and core rescaled): the clamp is decided on them, as the
  // lab's steps say (teaching audit: the one-shot showed neither).
  const bool plainQuotient = !degenerate && std::isfinite(answer.numerator) && std::isfinite(answer.denominator) &&
                             answer.denominator > 0 && !underflows &&
                             FormatWordsNumber(answer.numerator / answer.denominator) == FormatWordsNumber(answer.tRaw);
  const std::string num = FormatWordsNumber(answer.numerator);
  const std::string den = FormatWordsNumber(answer.denominator);
  std::string text =
      degenerate ? std::string("t_raw: none, as it would be 0 / 0 (A and B coincide; the JSON form reports 0)\n")
                 : "t_raw = " + ZeroOrWords(answer.tRaw, exactSign) +
                       (plainQuotient ? ", the numerator (P - A).(B - A) = " + num + " over |B - A|^2 = " + den : "") +
                       (underflows ? " (it underflows; " : " (") +
                       "P projects onto the carrier line at P(t) = A + t (B - A))\n";
  // The products of the rounded differences can cancel to less than their rounding, and the
  // numerator's digits are then noise (1.8565e-16 where it is exactly 1.0157e-15; words
  // audit), as the lab's Project step says. Compared at 6 digits: ulps are no news.
  if (plainQuotient && answer.exactNumerator != answer.numerator &&
      (answer.exactNumerator == 0 ||
       std::abs(answer.exactNumerator - answer.numerator) > 1e-6 * std::abs(answer.exactNumerator)))
    text += "  (the numerator as rounded: its products cancel to less than their rounding; exactly, (P - A).(B - A) = " +
            FormatWordsNumber(answer.exactNumerator) +
            (answer.exactNumerator == 0 ? ": P projects onto A, and the exact t_raw is 0)\n"
                                        : ", and the exact t_raw is about " +
                                              FormatWordsNumber(answer.exactNumerator / answer.denominator) + ")\n");
  // An interior t is t_raw itself (clamped t of 0 or 1 are exact).
  const std::string tWords = ZeroOrWords(answer.t, region == "interior" ? exactSign : 0);
  const char* range = request.kind == QueryKind::Segment ? "[0, 1]" : "[0, inf)";
  if (degenerate) {  // a line too: "does not clamp" was no reason
    text += "t = " + FormatWordsNumber(answer.t) + " (A and B coincide: t = 0 by definition, no division)\n";
  } else if (request.kind == QueryKind::Line) {
    text += "t = " + tWords + " (a line does not clamp)\n";
  } else if (region == "interior" && std::isinf(answer.tRaw)) {
    // Review s35: "t = inf (t_raw is within [0, inf): no clamp)".
    text += "t = " + FormatWordsNumber(answer.t) +
            " (the numerator puts P inside, but t_raw = numerator / |B - A|^2 is beyond the double range; no clamp)\n";
  } else if (region == "interior" && !ProjectionAgrees(request, answer)) {
    // Only the rounded t_raw is inside (audit: P exactly past B read "t_raw is within [0,
    // 1]: no clamp"). Such an interior is the fast path's, whose t_raw is num / den with
    // 0 < num < den as rounded: within the range.
    text += "t = " + FormatWordsNumber(answer.t) + " (t_raw is within " + range +
            " as rounded: no clamp; exactly, P projects " + ProjectionWords(request.kind, answer.projection) +
            ": see the region)\n";
  } else if (region == "interior" && request.kind == QueryKind::Segment && !(answer.tRaw <= 1.0)) {
    // Review s35: t_raw = 1.0000000000000002 read "t = 1 (t_raw is within [0, 1]: no clamp)".
    text += "t = " + FormatWordsNumber(answer.t) +
            " (the numerator, below |B - A|^2, puts P inside; only the division rounds t_raw past 1, and t is kept "
            "in [0, 1])\n";
  } else if (region == "interior") {
    // As rounded, the numerator can read at an end where P is exactly inside (both it and
    // |B - A|^2 round to 1e-300 for t = 1 - 1e-20): core's exact test decided, not "0 <
    // 1e-300 < 1e-300" (CLI audit).
    const bool segment = request.kind == QueryKind::Segment;
    const bool readsInside = answer.numerator > 0 && (!segment || answer.numerator < answer.denominator);
    const std::string decided =
        readsInside ? std::string("; decided before dividing: 0 < ") + num + (segment ? " < " + den : std::string())
                    : std::string("; decided before dividing, by core's exact test: as rounded, the numerator ") + num +
                          (answer.numerator <= 0 ? " <= 0" : " >= |B - A|^2 = " + den) + ", but exactly " +
                          (segment ? "0 < the numerator < |B - A|^2" : "the numerator > 0");
    text += "t = " + tWords + " (t_raw is within " + range + ": no clamp" +
            (plainQuotient ? decided + ", and only an interior t needs the quotient" : std::string()) + ")\n";
  } else {
    // A vertex. t_raw and the numerator are rounded; where P projects is answered exactly
    // (answer.projection), so "exactly" is said only where it holds (P 2e-12 past B at
    // 12345.678 read "t_raw is exactly 1: P projects onto the vertex itself"), and a
    // rounded side that the exact one contradicts is said to be rounded (see below).
    const bool atB = region == "B";
    const char* vertex = atB ? "B" : "A";
    const std::string bound = atB ? "1" : "0";
    if (!ProjectionAgrees(request, answer)) {
      text += "t = " + bound + " (t_raw " + (answer.tRaw == answer.t ? "reads " + bound : std::string("clamped to ") + range) +
              " as rounded; exactly, P projects " + ProjectionWords(request.kind, answer.projection) +
              ": see the region)\n";
    } else if (answer.projection == (atB ? ExactProjection::OntoB : ExactProjection::OntoA)) {
      text += answer.tRaw == answer.t
                  ? "t = " + bound + " (t_raw is exactly " + bound + ": P projects onto " + vertex +
                        " itself, nothing to clamp)\n"
                  : "t = " + bound + " (t_raw reads " + FormatWordsNumber(answer.tRaw) + ", " +
                        (answer.tRaw < answer.t ? "below " : "past ") + bound +
                        " only by rounding: P projects exactly onto " + vertex + ")\n";
    } else if (answer.tRaw == answer.t) {
      // Not "by so little that it rounds there": core's t_raw is the quotient of a rounded
      // numerator, which can read 1 for an exact t_raw 2.4 million ulps above it (audit).
      text += "t = " + bound + " (t_raw reads " + bound + " as rounded, though P projects " +
              (atB ? "past B" : "before A") + "; t = " + bound + " either way)\n";
    } else if (atB && answer.tRaw < 1) {
      // Core decides the end on the numerator against |B - A|^2 before dividing; the two
      // are rounded apart, so t_raw can read below 1. (At A it cannot read above 0: A is
      // decided on the sign of the numerator t_raw is divided from.)
      text += "t = 1 (t_raw reads " + FormatWordsNumber(answer.tRaw) +
              ", below 1 only by rounding: core compares the numerator (P - A).(B - A) with |B - A|^2 before "
              "dividing, and P projects past B)\n";
    } else {
      text += "t = " + bound + " (t_raw clamped to " + range +
              (plainQuotient ? std::string(": decided before dividing, the numerator ") + num +
                                   (atB ? " >= |B - A|^2 = " + den : " <= 0") + ", so an end needs no division"
                             : std::string()) +
              ")\n";
    }
  }
  text += "closest point " + FormatWordsPoint(answer.point, answer.dim) + ", distance " +
          FormatWordsNumber(answer.distance) + " (squared: " + ZeroOrWords(answer.distanceSq, answer.distance != 0 ? 1 : 0) + ")\n";
  // Far from the origin the point rounds to a grid as coarse as the distance (at 1e16 the
  // doubles are 2 apart): the distance is core's from the exact foot, and |P - point| is
  // not it (a student's check of 3.16 gave 3.61; words audit), as the lab says it.
  // Apart by more than the two computations' own ulps (|P - closest| is summed another way).
  const auto apart = [](double x, double y) { return std::abs(x - y) > 1e-12 * std::max(x, y); };
  if (std::isfinite(answer.distance) && (!answer.roundedApart || apart(*answer.roundedApart, answer.distance)))
    text += "  (the distance from the exact closest point: the one shown is rounded, and at this scale the distance is "
            "as small as its rounding; |P - closest| would read " +
            (answer.roundedApart ? FormatWordsNumber(*answer.roundedApart) : std::string("more than the double range")) +
            ")\n";
  text += OriginNote(answer);
  // A coordinate a few ulps of the scene's size from 0: a + t (b - a) with t rounded, where
  // the real t may give 0 itself (P = (0, 1) over (-4, 0)-(2, 0): t = 2/3 gives the foot
  // (0, 0) by hand, and the answer reads -2.220446049250313e-16; lesson audit).
  if (region == "interior") {
    for (std::size_t k = 0; k < static_cast<std::size_t>(answer.dim); ++k) {
      if (!cq::ReadsAsRoundedZero(answer.point[k], request.shape.a[k], request.shape.b[k])) continue;
      // Only where the exact foot's coordinate is 0 (P = (3e-16, 1): it is 3e-16; words audit).
      const std::optional<double> exact = answer.exactFoot[k];  // none: no wider type here
      if (exact && *exact == answer.point[k]) continue;
      text += std::string("  (its ") + "xyz"[k] + " = " + FormatWordsNumber(answer.point[k]) +
              (!exact || *exact == 0 ? std::string(" is 0 up to the rounding of t")
                                     : std::string(" is the exact foot's ") + "xyz"[k] + ", " +
                                           FormatWordsNumber(*exact) + ", moved by the rounding of t") +
              ", a few ulps of A's and B's " + "xyz"[k] + ")\n";
    }
  }
  text += "region: " + region;
  if (SamePoint(request.shape.a, request.shape.b, request.dim)) {
    text += " (A and B coincide: the shape is the single point A)";
  } else if (request.kind != QueryKind::Line && !ProjectionAgrees(request, answer)) {
    // Far off, the numerator's rounding can be larger than what decides the side: P =
    // (-2e16, 1e16) lies exactly on the perpendicular through A = 0 of the segment to B =
    // (0.1, 0.2), and its rounded numerator reads past B (audit).
    text += " (as rounded: exactly, P projects " + ProjectionWords(request.kind, answer.projection) +
            "; here the rounding of (P - A).(B - A) and |B - A|^2 is larger than the margin that decides the side, "
            "and the closest point is right to within the rounding of the scene's size)";
  } else if (region == "A") {
    text += answer.projection == ExactProjection::OntoA
                ? (answer.tRaw == 0 ? " (P projects onto A itself, t_raw = 0: the closest point is A)"
                                    : " (P projects onto A itself: the closest point is A)")
            : answer.tRaw < 0 ? " (P projects before A, t_raw < 0: the closest point is A itself)"
                              : " (P projects before A; t_raw reads " + FormatWordsNumber(answer.tRaw) +
                                    " as rounded: the closest point is A itself)";
  } else if (region == "B") {
    text += answer.projection == ExactProjection::OntoB
                ? (answer.tRaw == 1 ? " (P projects onto B itself, t_raw = 1: the closest point is B)"
                                    : " (P projects onto B itself: the closest point is B)")
            : answer.tRaw > 1 ? " (P projects beyond B, t_raw > 1: the closest point is B itself)"
                              : " (P projects beyond B; t_raw reads " + FormatWordsNumber(answer.tRaw) +
                                    " as rounded: the closest point is B itself)";
  } else {
    text += " (the foot of the perpendicular)";
  }
  return text + "\n";
}

std::string DescribePlane(const Answer& answer) {
  const std::string region = answer.region;
  // Off the plane s can underflow to 0 (P = (2e-323, -5e-324) in front of n = (1, 3)
  // through the origin); core takes the side from the exact sign, and so do the words.
  const int exactSide = region == "front" ? 1 : (region == "back" ? -1 : 0);
  std::string text = "signed distance = (n.P - d) / |n| = " + ZeroOrWords(answer.signedDistance, exactSide) +
                     (answer.signedDistance == 0 && exactSide != 0
                          ? " (it underflows; the region is taken from the exact sign of n.P - d)"
                          : "") +
                     "\n";
  const int off = exactSide != 0 ? 1 : 0;
  text += "closest point " + FormatWordsPoint(answer.point, answer.dim) + ", distance " +
          ZeroOrWords(answer.distance, off) + " (squared: " + ZeroOrWords(answer.distanceSq, off) + ")\n";
  text += OriginNote(answer);
  text += "region: " + region;
  if (region == "front") text += " (P is on the side the normal points into)";
  if (region == "back") text += " (P is behind, on the side the normal points away from)";
  if (region == "on") text += " (P lies on the plane: it is its own closest point)";
  return text + "\n";
}

std::string DescribeBox(const Answer& answer) {
  const std::string region = answer.region;
  std::string side;
  int clamped = 0;
  for (int i = 0; i < answer.dim; ++i) {
    const int s = answer.side[static_cast<std::size_t>(i)];
    side += (i > 0 ? ", " : "") + std::to_string(s);
    clamped += s != 0 ? 1 : 0;
  }
  std::string text = "side = [" + side + "] (per axis: -1 clamped to min, 0 kept (within), +1 clamped to max)\n";
  text += "closest point " + FormatWordsPoint(answer.point, answer.dim) + ", distance " +
          FormatWordsNumber(answer.distance) + " (squared: " + ZeroOrWords(answer.distanceSq, answer.distance != 0 ? 1 : 0) + ")\n";
  text += OriginNote(answer);
  text += "region: " + region;
  if (region == "inside") {
    text += " (P is in the box: it is its own closest point)";
  } else {
    text += " (" + std::to_string(clamped) + (clamped == 1 ? " coordinate" : " coordinates") +
            " clamped: the closest point lies on " + (region == "edge" ? "an " : "a ") + region + ")";
  }
  return text + "\n";
}

std::string DescribeContact(const Request& request, const Answer& answer) {
  const int dim = answer.dim;
  std::string text;
  // Against a plane a distance that reads 0 off it says so, as the plane query's words do
  // (C behind n = (2, 0), d = 5e-324 by half the smallest double read "distance 0": audit).
  const std::string_view side = answer.region;
  const int exactSide = side == "front" ? 1 : (side == "back" ? -1 : 0);
  text += "closest point of the shape " + FormatWordsPoint(answer.point, dim) + ", distance " +
          ZeroOrWords(answer.distance, exactSide);
  if (request.shape.kind == QueryKind::Plane) text += " (signed: negative when the center is behind the plane)";
  if (request.shape.kind == QueryKind::Aabb && answer.distance < 0) text += " (negative: the center is inside the box)";
  text += "\n" + OriginNote(answer);
  if (answer.penetrating) {
    text += "penetrating: yes (distance < radius), depth " + FormatWordsNumber(answer.depth) + "\n";
  } else {
    text += "penetrating: no (distance >= radius), depth 0\n";
  }
  // Which way the normal points, in this case's words, by the rule core says it used
  // ("from the shape towards the center" was false for a center inside a box or behind a
  // plane, and a distance that reads 0 is no sign of a center on the wire: across a huge
  // wire it can underflow).
  std::string way;
  switch (answer.normalFrom) {
    case ContactNormalFrom::PlaneNormal:
      way = "unit: the plane's normal n / |n|; the plane is a solid half-space, so the way out is always along it";
      break;
    case ContactNormalFrom::NearestFace:
      way = answer.distance < 0 ? "unit: out through the box's nearest face, the center being inside"
                                : "unit: the center is on the box's surface, so this is its outward normal";
      break;
    case ContactNormalFrom::WirePerpendicular:
      way = "unit: the center is on the wire, so this is the documented perpendicular";
      break;
    case ContactNormalFrom::AcrossWire:
      way = "unit: across the wire towards the center's side, from the exact cross product";
      break;
    case ContactNormalFrom::ClosestToCenter:
      way = "unit, from the shape towards the center";
      break;
  }
  text += "normal " + FormatWordsPoint(answer.normal, dim) + " (" + way + ")\n";
  text += "resolved center " + FormatWordsPoint(answer.resolvedCenter, dim);
  // A push below the rounding of the centre's coordinates leaves them as they were: "the
  // center moved" beside the same numbers was no truer (depth 1e-20 at x = 1; audit).
  // And a push lost in some coordinates only (x at 1e16 kept, y moved: review) is no
  // full move either. Core says which (ContactResult::push).
  switch (answer.push) {
    case PushRounding::NoPush: text += " (unchanged: no penetration)"; break;
    case PushRounding::Kept: text += " (the center moved by depth along the normal)"; break;
    case PushRounding::Lost:
      text += " (the center plus depth along the normal; the move is below the rounding of the center's "
              "coordinates, which stay as they were)";
      break;
    case PushRounding::LostInPart:
      text += " (the center plus depth along the normal, rounded: in some coordinates the move is below the "
              "rounding of the center's coordinate, so the ball may still overlap the shape)";
      break;
  }
  return text + "\n";
}

/// Turns the options into the JSON object the JSON-lines mode would read.
Outcome<Json> BuildRequestJson(std::span<const std::string> args) {
  using Failure = Outcome<Json>;
  Json line = Json::object();
  line["query"] = args[0];
  const bool contact = args[0] == "contact";
  Json shape = Json::object();
  // Values that are no list of finite numbers, each with its refusal. Whether to refuse it
  // waits for every option: one the query (or a contact's shape, whose --shape may come
  // last) does not take is named as unknown first, whatever its value, as it is with numbers.
  struct BadValue {
    bool inShape;
    std::string name;
    std::string message;
  };
  std::vector<BadValue> badValues;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (arg.size() < 3 || arg.substr(0, 2) != "--") {
      // Said once every option is read, as a bad value is: an unknown option before it
      // ("--x 3 0,1") is named first, as it is without the stray "0,1" (fuzz campaign).
      badValues.push_back({false, "", "unexpected argument " + QuoteJsonString(TruncateForEcho(arg, k_maxNameBytes)) +
                                          ": options look like --p 3,0,-2 (see --help)"});
      continue;
    }
    std::string name(arg.substr(2));
    std::optional<std::string> value;
    if (const std::size_t equals = name.find('='); equals == 0) {  // "--=5": no name at all (it read "unknown option --")
      return Failure::Failure("an option without a name: " + QuoteJsonString(TruncateForEcho(arg, k_maxNameBytes)) +
                              "; options look like --p 3,0,-2 or --p=3,0,-2 (see --help)");
    } else if (equals != std::string::npos) {
      value = name.substr(equals + 1);
      name.resize(equals);
    } else if (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) {
      value = args[++i];
    }
    if (name == "query") {  // the JSON field, which the first argument already gives
      return Failure::Failure(std::string("--query is not an option: the query is the first argument (") +
                              (contact ? "here contact; its shape is --shape segment, plane or aabb" : "here " + args[0]) +
                              "), e.g. closest-query segment --a 0,0,0 --b 5,0,0 --p 3,0,-2");
    }
    // A contact's --shape names its shape's kind ("query" inside "shape"); the options
    // that are not the sphere's describe that shape.
    const bool shapeKind = contact && name == "shape";
    const bool shapeOption = contact && !Contains(k_sphereOptions, name);
    Json& destination = shapeKind || shapeOption ? shape : line;
    const std::string key = shapeKind ? "query" : name;
    if (destination.contains(key)) return Failure::Failure(OptionForEcho(name) + " given twice");
    if (!value) {
      // Given without a value: null stands for it, and ReadRequest says so ("--d needs a
      // value (a number, e.g. --d 1)") only for an option the query takes. One it does
      // not take is named as unknown first, value or not ("--verbose" at the end read
      // "--verbose needs a value, e.g. --verbose 3,0,-2", as if it were an option).
      destination[key] = nullptr;
      continue;
    }
    if (name == "shape") {  // a kind, not numbers (for other queries: an unknown field)
      destination[key] = *value;
      continue;
    }
    const Outcome<std::vector<double>> numbers = ParseNumberList(*value);
    if (!numbers) {
      destination[key] = *value;  // its text, for ReadRequest to name if it is unknown
      badValues.push_back({&destination == &shape, name, "--" + name + ": " + numbers.error()});
      continue;
    }
    // NaN and infinity read as numbers here ("1,nan", "1e999"): refused under the option's
    // name, as any other bad value of it (core's message said "p coordinate 1").
    const auto nonFinite = std::find_if_not(numbers->begin(), numbers->end(), [](double x) { return std::isfinite(x); });
    if (nonFinite != numbers->end()) {
      destination[key] = *value;
      const std::size_t index = std::size_t(nonFinite - numbers->begin());
      // Its own piece of the list: a number written out that overflowed ("1e400") is said
      // to, where "not a finite number (NaN or infinity)" named neither of what was typed.
      std::string_view piece = *value;
      for (std::size_t k = 0; k < index; ++k) piece.remove_prefix(piece.find(',') + 1);
      piece = piece.substr(0, piece.find(','));
      const bool overflow = std::isinf(*nonFinite) && !std::any_of(piece.begin(), piece.end(), [](char c) {
        return c == 'i' || c == 'I' || c == 'n' || c == 'N';  // "inf", "infinity", in any case
      });
      badValues.push_back({&destination == &shape, name,
                           "--" + name + ": value " + std::to_string(index + 1) + " of " +
                               QuoteJsonString(TruncateForEcho(*value, k_maxNameBytes)) +
                               (overflow ? " overflows a double (beyond 1.8e308 in size)"
                                         : " is not a finite number (NaN or infinity)") +
                               "; every number must be finite"});
      continue;
    }
    const bool scalar = (name == "d" || name == "radius") && numbers->size() == 1;
    destination[key] = scalar ? Json(numbers->front()) : Json(*numbers);
  }
  if (!badValues.empty()) {
    const std::optional<QueryKind> kind = QueryKindFromName(args[0]);
    // A contact's shape no contact takes (none, an unknown kind, a ray, a line, a contact)
    // is refused for that first (ReadRequest, or "--shape: missing" below), as it is where
    // every value is a number. Contact stands for "no shape a contact takes".
    const QueryKind shapeIs = shape.contains("query") && shape["query"].is_string()
                                  ? QueryKindFromName(shape["query"].get<std::string>()).value_or(QueryKind::Contact)
                                  : QueryKind::Contact;
    const bool contactShape =
        shapeIs == QueryKind::Segment || shapeIs == QueryKind::Plane || shapeIs == QueryKind::Aabb;
    const auto taken = [&](bool inShape, const std::string& name) {
      if (!kind) return false;  // an unknown query is refused first
      if (!inShape) return TakesField(*kind, name);
      return contactShape && TakesField(shapeIs, name, true);
    };
    bool anyUnknown = !kind;  // an unknown query is named first, options or not ("segmnt stray")
    for (const auto& [name, value] : line.items()) anyUnknown = anyUnknown || (name != "query" && !taken(false, name));
    for (const auto& [name, value] : shape.items()) anyUnknown = anyUnknown || (name != "query" && !taken(true, name));
    if (!anyUnknown) return Failure::Failure(badValues.front().message);
  }
  if (contact) {
    if (!shape.contains("query")) {
      // No shape to name its options against: an option no query takes goes to the
      // contact itself, where ReadRequest names it before anything else ("--shap plane"
      // read "--shape: missing"), with the sphere's options as the nearest. So does a
      // --center or --radius typed without a value, which it reads before the shape.
      bool unknown = false;
      for (const auto& [name, value] : shape.items()) {
        if (Contains(k_knownOptions, name)) continue;
        line[name] = value;
        unknown = true;
      }
      const bool sphereWithoutValue =
          std::any_of(line.begin(), line.end(), [](const Json& value) { return value.is_null(); });
      if (unknown || sphereWithoutValue) return line;
      return Failure::Failure("--shape: missing; a contact needs --shape segment, plane or aabb, with that shape's "
                              "options (--a --b, --n --d or --min --max)");
    }
    line["shape"] = shape;
  }
  return line;
}

}  // namespace

std::string FormatWordsNumber(double value) {
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (value == 0) return "0";  // -0 too: a sign on zero only puzzles a reader here
  return FormatJsonNumber(value);
}

Outcome<std::vector<double>> ParseNumberList(std::string_view text) {
  std::string_view list = Trim(text);
  if (list.size() >= 2 && (list.front() == '(' || list.front() == '[') && (list.back() == ')' || list.back() == ']')) {
    list = Trim(list.substr(1, list.size() - 2));
  }
  std::vector<double> numbers;
  while (true) {
    const std::size_t comma = list.find(',');
    const std::string_view piece = Trim(list.substr(0, comma));
    const Outcome<double> number = ParseNumber(piece);
    if (!number) {
      return Outcome<std::vector<double>>::Failure(
          QuoteJsonString(TruncateForEcho(text, k_maxNameBytes)) + " is not a comma-separated list of numbers (" +
          number.error() + ")");
    }
    numbers.push_back(*number);
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return numbers;
}

std::string DescribeAnswerInWords(const Request& request, const Answer& answer) {
  const int dim = request.dim;
  std::string text;
  if (request.kind == QueryKind::Contact) {
    text += std::string(dim == 2 ? "circle" : "sphere") + " with center " + FormatWordsPoint(request.center, dim) +
            ", radius " + FormatWordsNumber(request.radius) + ", against the " + DescribeShape(request.shape, dim) + "\n";
    return text + DescribeContact(request, answer);
  }
  text += DescribeShape(request.shape, dim) + "; query point P " + FormatWordsPoint(request.p, dim) + "\n";
  if (IsLinear(request.kind)) return text + DescribeLinear(request, answer);
  if (request.kind == QueryKind::Plane) return text + DescribePlane(answer);
  return text + DescribeBox(answer);
}

OneShotResult RunOneShot(std::span<const std::string> args) {
  const auto failed = [](const std::string& message, int exitCode) {
    return OneShotResult{"closest-query: " + message, exitCode};
  };
  if (args.empty()) {
    return failed("no query given; expected one of segment, ray, line, plane, aabb, contact (see --help)",
                  k_exitBadArguments);
  }
  // An unknown kind is refused by ReadRequest, with its "did you mean".
  const Outcome<Json> line = BuildRequestJson(args);
  if (!line) return failed(line.error(), k_exitBadArguments);
  const Outcome<Request> request = ReadRequest(*line, Spelling::Options);
  if (!request) return failed(request.error(), k_exitBadArguments);
  const Outcome<Answer> answer = ComputeAnswer(*request);
  if (!answer) return failed(answer.error(), k_exitBadArguments);
  // The same NaN guard as the JSON output: a NaN is core's bug, not the person's.
  if (const Outcome<std::string> json = FormatAnswerJson(*answer); !json) return failed(json.error(), k_exitInternal);
  return {DescribeAnswerInWords(*request, *answer), k_exitAnswered};
}

}  // namespace cq::query
