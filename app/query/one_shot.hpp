// app/query/one_shot.hpp: closest-query's one-shot form, for a person checking an answer:
//
//     closest-query segment --a 0,0,0 --b 5,0,0 --p 3,0,-2
//
// The options are the JSON fields with "--" in front; they are turned into the same JSON
// object the JSON-lines mode reads, so both forms check the same things and ask core the
// same question. Only the printing differs: in words, one fact per line.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "query/answer.hpp"
#include "query/outcome.hpp"
#include "query/request.hpp"

namespace cq::query {

struct OneShotResult {
  std::string text;  ///< the answer in words (exit 0), or "closest-query: <message>" for stderr
  int exitCode = 0;  ///< 0 answered, 2 bad arguments (including a refusal by core)
};

/// Runs the one-shot form. `args` are the command-line arguments after the program name;
/// args[0] is the query kind. Options: --a --b --p (segment, ray, line), --n --d --p
/// (plane), --min --max --p (aabb), --center --radius --shape KIND plus that shape's
/// options (contact). Each value is a comma-separated list of numbers ("3,0,-2"; a
/// surrounding pair of parentheses or brackets is allowed); "--name=value" works too.
OneShotResult RunOneShot(std::span<const std::string> args);

/// Comma-separated numbers, e.g. "3, 0, -2" or "(3,0,-2)". A number too large for a double
/// reads as +-infinity, as it would from JSON text through strtod, so that core names it.
Outcome<std::vector<double>> ParseNumberList(std::string_view text);

/// The answer in words, e.g. for the example above:
///   segment from A (0, 0, 0) to B (5, 0, 0); query point P (3, 0, -2)
///   t_raw = 0.6, the numerator (P - A).(B - A) = 15 over |B - A|^2 = 25 (P projects ...)
///   t = 0.6 (t_raw is within [0, 1]: no clamp; decided before dividing: 0 < 15 < 25, ...)
///   closest point (3, 0, 0), distance 2 (squared: 4)
///   region: interior (the foot of the perpendicular)
std::string DescribeAnswerInWords(const Request& request, const Answer& answer);

/// A number for a person: the shortest text that reads back to the same double, except
/// -0 shown as 0 and +-infinity as inf / -inf.
std::string FormatWordsNumber(double value);

}  // namespace cq::query
