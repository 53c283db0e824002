// app/query/json_text.hpp: writing the tool's JSON output by hand.
//
// nlohmann::json::dump cannot be used for the answers: it prints +-infinity as null (the
// tool promises 1e999) and its number format is not the one documented here. The output
// is small and flat, so a writer of a few lines gives full control.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace cq::query {

/// Echoed names (a field or query the person typed) are cut to this many bytes.
inline constexpr std::size_t k_maxNameBytes = 40;
/// Echoed parser details (which may quote the line) are cut to this many bytes.
inline constexpr std::size_t k_maxDetailBytes = 160;

/// The shortest decimal text that reads back to exactly `value` (std::to_chars), as a JSON
/// number: +-infinity as 1e999 / -1e999 (valid JSON grammar that strtod, Python and
/// JavaScript read back as +-infinity), and -0 as -0.0 (a reader that takes "-0" for the
/// integer 0 would lose the sign). NaN has no JSON spelling: callers must not pass it.
std::string FormatJsonNumber(double value);

/// `text` as a JSON string literal, quotes included. Control characters are escaped and
/// any byte sequence that is not valid UTF-8 becomes U+FFFD, so the output line is valid
/// JSON whatever the input line held.
std::string QuoteJsonString(std::string_view text);

/// `text` cut to at most `maxBytes` bytes (at a UTF-8 character boundary) with "..."
/// appended when it was cut.
std::string TruncateForEcho(std::string_view text, std::size_t maxBytes);

/// An option the person typed, for a message: "--name" as typed (cut by TruncateForEcho)
/// where the name is letters, digits, '-' and '_', else quoted as QuoteJsonString does, so
/// that a name with a line break or an escape sequence in it keeps the message on one line
/// and out of the terminal's control ("unknown option --foo" then "bar" on a line of its
/// own, for $'--foo\nbar').
std::string OptionForEcho(std::string_view name);

/// A whole argument as typed ("-v", "--verbose"), for a message, by the same rule: as is
/// where it is letters, digits, '-' and '_', else quoted (the tool's own unknown option was
/// always quoted where a query's was not: audit).
std::string ArgumentForEcho(std::string_view argument);

/// One flat JSON object, fields in the order they are added.
class JsonObjectWriter {
 public:
  void AddNumber(std::string_view key, double value);
  /// The first `dim` coordinates of `coords` as an array of numbers.
  void AddNumbers(std::string_view key, const std::array<double, 3>& coords, int dim);
  void AddIntegers(std::string_view key, const std::array<int, 3>& values, int dim);
  void AddString(std::string_view key, std::string_view value);
  void AddBool(std::string_view key, bool value);

  /// The name of the first number added that was NaN, or empty. The tool never prints
  /// NaN: core promises it never produces one for valid input, so one is a core bug and
  /// the line becomes an error naming it.
  const std::string& FirstNanField() const { return m_firstNanField; }

  /// The object's text, one line, no newline.
  std::string Text() const { return m_text + "}"; }

 private:
  void AddKey(std::string_view key);
  std::string NumberText(std::string_view key, double value);

  std::string m_text = "{";
  std::string m_firstNanField;
};

}  // namespace cq::query
