// app/logic/options.hpp: the closest-lab command line. The flags are a stable interface:
// tests, scripts and teachers' slide decks call them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cq/vec.hpp"

namespace cq::app {

struct HandleAssignment {
  std::string name;     ///< handle name as typed (matched case-insensitively)
  cq::Vec2d position;   ///< world units
};

struct AppOptions {
  std::optional<int> frames;                ///< --frames N: run N frames, then exit 0
  std::optional<std::string> screenshotPath;  ///< --screenshot FILE.png
  std::optional<int> width;                 ///< --size WxH
  std::optional<int> height;
  std::optional<std::string> lesson;        ///< --lesson NAME
  std::vector<HandleAssignment> sets;       ///< --set NAME=x,y (repeatable, applied in order)
  std::optional<std::string> dumpStatePath;  ///< --dump-state FILE.json
  bool reportFrameTimes = false;            ///< --report-frame-times
  std::optional<float> uiScale;             ///< --ui-scale S
  bool noConfig = false;                    ///< --no-config: neither read nor write settings
  bool help = false;                        ///< --help
  bool version = false;                     ///< --version
};

struct ParsedOptions {
  AppOptions options;
  std::string error;  ///< one line, empty when the command line is valid
};

/// Parses argv (argv[0] is the program name). Accepts "--flag value" and "--flag=value".
ParsedOptions ParseCommandLine(int argc, const char* const* argv);

/// The --help text: every flag, with an example.
std::string HelpText();

/// The whole of `text` as a finite double (decimal or hex, as strtod reads it; a subnormal
/// or a value that rounds to 0 is fine); nothing for anything else: trailing characters
/// ("5-3", "1.2.3", "1e"), an empty text, NaN, infinity or an overflow ("1e999"). Zero
/// comes back as +0, also from "-0".
std::optional<double> ParseFiniteDouble(std::string_view text);

/// What a sidebar field's text reads as: the number, or why it is refused, in words for the
/// person who typed it ("the field is empty", "\"1e999\" is beyond the double range ...").
struct TypedNumber {
  std::optional<double> value;
  std::string problem;  ///< empty when value holds
};

/// A coordinate typed into a field: ParseFiniteDouble of the text without the spaces and
/// tabs around it (" 2.5 " is 2.5; also no-break and thin spaces), the minus sign U+2212
/// read as '-', else the reason it is not a coordinate.
TypedNumber ReadTypedNumber(std::string_view typed);

/// Why a paste into a coordinate field cannot be one number: the clipboard holds a line
/// break or tab inside the text (ImGui's one-line field drops them and joins the pieces:
/// "1\n2" became 12 without a word). Nothing when it is fine; line ends around the text
/// are.
std::optional<std::string> PasteProblem(std::string_view clipboard);

/// Parses "x,y" into a point, each coordinate read as ReadTypedNumber reads a field (spaces
/// around it allowed; NaN, inf and hexadecimal refused); nothing for anything else.
std::optional<cq::Vec2d> ParsePoint2(const std::string& text);

}  // namespace cq::app
