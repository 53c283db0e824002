#include "query/query_json.hpp"

#include <cerrno>
#include <istream>
#include <ostream>

#include "query/json_line.hpp"
#include "query/json_text.hpp"
#include "query/request.hpp"

namespace cq::query {

Outcome<std::string> FormatAnswerJson(const Answer& answer) {
  JsonObjectWriter writer;
  if (answer.kind == QueryKind::Contact) {
    writer.AddBool("penetrating", answer.penetrating);
    writer.AddNumber("depth", answer.depth);
    writer.AddNumbers("normal", answer.normal, answer.dim);
    writer.AddNumbers("resolved_center", answer.resolvedCenter, answer.dim);
    writer.AddNumber("distance", answer.distance);
    writer.AddNumbers("point", answer.point, answer.dim);
  } else {
    writer.AddNumbers("point", answer.point, answer.dim);
    writer.AddNumber("distance", answer.distance);
    writer.AddNumber("distance_sq", answer.distanceSq);
    if (IsLinear(answer.kind)) {
      writer.AddNumber("t_raw", answer.tRaw);
      writer.AddNumber("t", answer.t);
    } else if (answer.kind == QueryKind::Plane) {
      writer.AddNumber("signed_distance", answer.signedDistance);
    }
    writer.AddString("region", answer.region);
    if (answer.kind == QueryKind::Aabb) writer.AddIntegers("side", answer.side, answer.dim);
  }
  if (!writer.FirstNanField().empty()) {
    return Outcome<std::string>::Failure("internal error: core answered NaN for " + writer.FirstNanField() +
                                         " (core must never do that for valid input; please report this line)");
  }
  return writer.Text();
}

std::string FormatErrorJson(std::string_view message) {
  JsonObjectWriter writer;
  writer.AddString("error", message);
  return writer.Text();
}

LineAnswer AnswerJsonLine(std::string_view line) {
  const Outcome<nlohmann::ordered_json> parsed = ParseJsonLine(line);
  if (!parsed) return {FormatErrorJson(parsed.error()), false};
  const Outcome<Request> request = ReadRequest(*parsed);
  if (!request) return {FormatErrorJson(request.error()), false};
  const Outcome<Answer> answer = ComputeAnswer(*request);
  if (!answer) return {FormatErrorJson(answer.error()), false};
  const Outcome<std::string> text = FormatAnswerJson(*answer);
  if (!text) return {FormatErrorJson(text.error()), false};
  return {*text, true};
}

int AnswerJsonLines(std::istream& in, std::ostream& out) {
  bool allAnswered = true;
  std::string line;
  while (true) {
    errno = 0;
    if (!std::getline(in, line)) break;
    const LineAnswer answer = AnswerJsonLine(line);
    allAnswered &= answer.ok;
    out << answer.text << '\n' << std::flush;
    if (!out) return k_exitWriteFailed;
  }
  // getline fails at the end of the input (eof) and on a failed read (bad): only the
  // first is the end. A last line without a newline was read whole, and answered above.
  if (in.bad()) return k_exitReadFailed;
  return allAnswered ? k_exitAllAnswered : k_exitSomeLineWasAnError;
}

}  // namespace cq::query
