// app/query/query_json.hpp: closest-query's JSON-lines mode, one line in, one line out.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>

#include "query/answer.hpp"

namespace cq::query {

/// One output line (no newline) and whether it answered the query.
struct LineAnswer {
  std::string text;  ///< {"point":...} or {"error":"..."}
  bool ok = false;
};

/// Parse, check, ask core, print: the whole tool for one input line. Never throws on any
/// input; a line it cannot answer gets {"error":"<one sentence naming the field>"}.
LineAnswer AnswerJsonLine(std::string_view line);

/// The JSON text of an answer: "point", "distance", "distance_sq" and the kind's own
/// fields (see --help). Fails only if a result field is NaN, which core promises never
/// to produce: the message names the field so the bug can be reported.
Outcome<std::string> FormatAnswerJson(const Answer& answer);

/// {"error":"<message>"}
std::string FormatErrorJson(std::string_view message);

/// The exit statuses of the JSON-lines mode (the one-shot form adds 2 for bad arguments).
constexpr int k_exitAllAnswered = 0;
constexpr int k_exitSomeLineWasAnError = 1;
/// The answers could not be written (standard output closed, full, or a broken file):
/// nothing after the failed line was read, since no answer could reach the reader.
constexpr int k_exitWriteFailed = 3;
/// The input could not be read (standard input a directory, closed, or an I/O error): the
/// same status as a failed write, both being I/O errors; the lines read before the failure
/// stay answered. A failed read is not the end of the input: taking it for one made a
/// directory on stdin a quiet success.
constexpr int k_exitReadFailed = 3;

/// Answers every line of `in` on `out`, one line each, in order, flushing after each so
/// a program talking to the tool through a pipe gets each answer as soon as it is ready.
/// Returns the exit status: k_exitAllAnswered, k_exitSomeLineWasAnError,
/// k_exitWriteFailed as soon as an answer fails to reach `out` (it stops there), or
/// k_exitReadFailed when reading `in` fails (in.bad()), after answering every line read
/// before. errno is cleared before each read, so that after a failed one it holds the
/// read's reason (or 0), not one left by parsing (strtod's ERANGE for 1e999).
int AnswerJsonLines(std::istream& in, std::ostream& out);

}  // namespace cq::query
