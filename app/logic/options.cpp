#include "logic/options.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <string_view>

#include "logic/settings.hpp"
#include "logic/text_wrap.hpp"

namespace cq::app {
namespace {

/// "--name" or "-x" (a letter after the dash), not a value such as "-1.5" or "-".
bool LooksLikeAFlag(std::string_view arg) {
  return arg.size() >= 2 && arg[0] == '-' && (arg[1] == '-' || std::isalpha(static_cast<unsigned char>(arg[1])) != 0);
}

std::optional<int> ParsePositiveInt(std::string_view text, int maxValue) {
  int value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size() || value <= 0 || value > maxValue) return std::nullopt;
  return value;
}

}  // namespace

std::optional<double> ParseFiniteDouble(std::string_view text) {
  if (text.empty()) return std::nullopt;
  // Decimal only: strtod also reads C99 hexadecimal ("0x10" is 16, "0x1p3" 8), which
  // closest-query refuses, and a typo such as 0x10 became 16 without a word (review s32).
  if (text.find_first_of("xX") != std::string_view::npos) return std::nullopt;
  const std::string copy(text);
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(copy.c_str(), &end);
  // Every character must belong to the number. ERANGE also flags an underflow, whose
  // result (a subnormal, or 0 below the smallest one) is the nearest double like any
  // other rounding: only an overflow is refused, with NaN and infinity.
  if (end != copy.c_str() + copy.size() || !std::isfinite(value)) return std::nullopt;
  // + 0.0: "-0" (or "-1e-400", which underflows to -0) is the point 0 of the plane; a
  // signed zero would only show as "-0" in exact-number fields.
  return value + 0.0;
}

namespace {

/// The UTF-8 spaces a pasted number may carry around it besides ' ' and '\t': no-break
/// space (U+00A0), figure space (U+2007), thin space (U+2009), narrow no-break space
/// (U+202F). A review's "3" followed by a no-break space was refused as "3 ".
constexpr std::string_view k_wideSpaces[] = {"\xC2\xA0", "\xE2\x80\x87", "\xE2\x80\x89", "\xE2\x80\xAF"};

std::string_view TrimSpaces(std::string_view text) {
  for (bool trimmed = true; trimmed && !text.empty();) {
    trimmed = false;
    if (text.front() == ' ' || text.front() == '\t') {
      text.remove_prefix(1);
      trimmed = true;
    }
    if (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
      text.remove_suffix(1);
      trimmed = true;
    }
    for (const std::string_view space : k_wideSpaces) {
      if (text.substr(0, space.size()) == space) {
        text.remove_prefix(space.size());
        trimmed = true;
      }
      if (text.size() >= space.size() && text.substr(text.size() - space.size()) == space) {
        text.remove_suffix(space.size());
        trimmed = true;
      }
    }
  }
  return text;
}

}  // namespace

TypedNumber ReadTypedNumber(std::string_view typed) {
  const std::string_view trimmed = TrimSpaces(typed);
  if (trimmed.empty()) return {std::nullopt, "the field is empty; type a number such as 2.5 or -1e-9"};
  // The minus sign U+2212 (as in the steps' "B − A", or pasted from a document) reads as
  // '-': a review's pasted "−3" was told it is not a number.
  std::string ascii(trimmed);
  for (std::size_t at; (at = ascii.find("\xE2\x88\x92")) != std::string::npos;) ascii.replace(at, 3, "-");
  const std::string_view text = ascii;
  if (const auto value = ParseFiniteDouble(text)) return {value, ""};
  const std::string quoted = "\"" + Shortened(trimmed, 40) + "\"";
  // strtod reads the whole text as a number, but not a finite one: NaN, infinity, overflow.
  const std::string copy(text);
  char* end = nullptr;
  const double read = std::strtod(copy.c_str(), &end);
  if (end == copy.c_str() + copy.size()) {
    if (text.find_first_of("xX") != std::string_view::npos)  // read whole, as hexadecimal
      return {std::nullopt, quoted + " is not a decimal number (hexadecimal is not read); type a decimal such as "
                                     "2.5, -0.75 or 1e-9"};
    if (std::isnan(read)) return {std::nullopt, quoted + " is not a number a point can have (NaN)"};
    const bool spelled = copy.find_first_of("iI") != std::string::npos;  // "inf", "infinity"
    if (spelled) return {std::nullopt, quoted + " is infinite; every coordinate must be finite"};
    // Not "up to about 1.8e308": a review's 1.8e308 was refused by the limit it named.
    return {std::nullopt, quoted + " is beyond the double range (the largest magnitude is 1.7976931348623157e308)"};
  }
  // "2,5": a decimal comma. Said, not guessed: "1,5" could as well be a pasted point.
  std::string dotted(text);
  std::replace(dotted.begin(), dotted.end(), ',', '.');
  if (dotted != text && ParseFiniteDouble(dotted)) {
    // "1,000" reads as a thousand as easily as one: both ways are offered.
    // Only where the comma could be a thousands separator: 1 to 3 digits before it, not
    // starting with 0 ("0,500" and ",000" are decimals), and exactly 3 digits after it.
    const auto comma = text.find(',');
    const std::size_t sign = !text.empty() && (text[0] == '-' || text[0] == '+') ? 1 : 0;
    const std::string_view head = text.substr(sign, comma - sign);
    const bool thousands = text.find(',', comma + 1) == std::string_view::npos && text.size() - comma == 4 &&
                           text.find_first_not_of("0123456789", comma + 1) == std::string_view::npos &&
                           !head.empty() && head.size() <= 3 && head[0] != '0' &&
                           head.find_first_not_of("0123456789") == std::string_view::npos;
    std::string together(text);
    together.erase(comma, 1);
    if (thousands)
      return {std::nullopt, quoted + " has a comma; write a decimal point as '.' (" + dotted +
                                ") and a thousand without a separator (" + together + ")"};
    return {std::nullopt, quoted + " has a decimal comma; write the decimal point as '.' (" + dotted + ")"};
  }
  return {std::nullopt, quoted + " is not a number; type a decimal such as 2.5, -0.75 or 1e-9"};
}

std::optional<std::string> PasteProblem(std::string_view clipboard) {
  // Line ends and tabs around the number are what a copied line or cell carries.
  const auto first = clipboard.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return std::nullopt;
  const std::string_view inner = clipboard.substr(first, clipboard.find_last_not_of(" \t\r\n") + 1 - first);
  const bool control = std::any_of(inner.begin(), inner.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; });
  if (!control) return std::nullopt;
  std::string shown(inner);
  for (char& c : shown)
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  return "the pasted text \"" + Shortened(shown, 40) +
         "\" has a line break or tab inside; a field takes one number (the field joined the pieces)";
}

std::optional<cq::Vec2d> ParsePoint2(const std::string& text) {
  const auto comma = text.find(',');
  if (comma == std::string::npos) return std::nullopt;
  const auto x = ReadTypedNumber(std::string_view(text).substr(0, comma)).value;
  const auto y = ReadTypedNumber(std::string_view(text).substr(comma + 1)).value;
  if (!x || !y) return std::nullopt;
  return cq::Vec2d{{*x, *y}};
}

namespace {

/// Why ParsePoint2 refused text: the coordinate at fault and the sidebar field's reason for
/// it ("x: \"0x10\" is not a decimal number ..."), or the expected form when the text is
/// not two comma-separated parts.
std::string PositionProblem(const std::string& text) {
  const auto comma = text.find(',');
  if (comma == std::string::npos || text.find(',', comma + 1) != std::string::npos)
    return "the position must be two finite numbers x,y, e.g. P=3,1";
  const std::string_view parts[2] = {std::string_view(text).substr(0, comma), std::string_view(text).substr(comma + 1)};
  for (int k = 0; k < 2; ++k) {
    const TypedNumber read = ReadTypedNumber(parts[k]);
    if (!read.value) return std::string(k == 0 ? "x: " : "y: ") + read.problem;
  }
  return "the position must be two finite numbers x,y, e.g. P=3,1";
}

/// `path` made absolute, every symbolic link followed (also one to a file not yet there,
/// which weakly_canonical leaves as it is: review), and ".", ".." resolved.
std::filesystem::path ResolvedPath(const std::string& text, std::error_code& ec) {
  std::filesystem::path path = std::filesystem::absolute(text, ec);
  // (A name that does not exist is no error here: is_symlink's own code is not kept.)
  std::error_code none;
  for (int links = 0; !ec && links < 40 && std::filesystem::is_symlink(path, none); ++links) {
    const std::filesystem::path target = std::filesystem::read_symlink(path, ec);
    path = target.is_absolute() ? target : path.parent_path() / target;
  }
  return ec ? path : std::filesystem::weakly_canonical(path, ec);
}

/// Whether two paths name one file: the same text, the same place once made absolute
/// with links and ".", ".." followed ("./same.png" beside "same.png", a link beside its
/// target, even one not yet there), or, where both exist, one file under two names (a
/// hard link).
bool SameFile(const std::string& a, const std::string& b) {
  if (a == b) return true;
  std::error_code ea;
  std::error_code eb;
  const std::filesystem::path ca = ResolvedPath(a, ea);
  const std::filesystem::path cb = ResolvedPath(b, eb);
  if (!ea && !eb && ca == cb) return true;
  std::error_code ee;
  return std::filesystem::equivalent(a, b, ee) && !ee;
}

}  // namespace

ParsedOptions ParseCommandLine(int argc, const char* const* argv) {
  ParsedOptions parsed;
  AppOptions& o = parsed.options;
  auto fail = [&](std::string message) {
    parsed.error = std::move(message);
    return parsed;
  };
  std::optional<std::string> uiScaleText;  // --ui-scale as typed, for "given twice"
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    std::optional<std::string> inlineValue;
    if (arg.rfind("--", 0) == 0) {
      const auto eq = arg.find('=');
      if (eq != std::string::npos) {
        inlineValue = arg.substr(eq + 1);
        arg = arg.substr(0, eq);
      }
    }
    // Takes the flag's value from "--flag=value" or the next argument, but not a next
    // argument that is itself a flag ("--x" or "-x"; a negative number is a value):
    // "--dump-state --frames 3" wrote the dump to a file named "--frames", and
    // "--dump-state -h" to one named "-h" (review s34). Such a value can be given as
    // --flag=-value.
    auto value = [&]() -> std::optional<std::string> {
      if (inlineValue) return inlineValue;
      if (i + 1 < argc && !LooksLikeAFlag(argv[i + 1])) return std::string(argv[++i]);
      return std::nullopt;
    };
    auto noValue = [&]() { return !inlineValue; };
    // A flag with a value given twice: which one was meant is not for the app to guess, as
    // for a point placed twice ("--lesson segment --lesson box" took box without a word:
    // robustness audit). `given` is the first value, as typed.
    auto twice = [&](const std::string& given) {
      return fail(arg + " given twice (first '" + given + "'); give it once");
    };

    if (arg == "--help" || arg == "-h") {
      if (!noValue()) return fail(arg + " takes no value");
      o.help = true;
    } else if (arg == "--version") {
      if (!noValue()) return fail(arg + " takes no value");
      o.version = true;
    } else if (arg == "--frames") {
      if (o.frames) return twice(std::to_string(*o.frames));
      const auto v = value();
      const auto n = v ? ParsePositiveInt(*v, 100000000) : std::nullopt;
      if (!n) return fail("--frames needs a whole number of frames from 1 to 100000000, e.g. --frames 120");
      o.frames = n;
    } else if (arg == "--screenshot") {
      if (o.screenshotPath) return twice(*o.screenshotPath);
      const auto v = value();
      if (!v || v->empty()) return fail("--screenshot needs a file name, e.g. --screenshot lesson.png");
      if (v->size() < 5 || v->substr(v->size() - 4) != ".png")
        return fail("--screenshot writes PNG: the file name must end in .png (got '" + *v + "')");
      o.screenshotPath = v;
    } else if (arg == "--size") {
      if (o.width && o.height) return twice(std::to_string(*o.width) + "x" + std::to_string(*o.height));
      const auto v = value();
      const auto x = v ? v->find('x') : std::string::npos;
      const auto w = x != std::string::npos ? ParsePositiveInt(std::string_view(*v).substr(0, x), 16384) : std::nullopt;
      const auto h = x != std::string::npos ? ParsePositiveInt(std::string_view(*v).substr(x + 1), 16384) : std::nullopt;
      if (!w || !h) return fail("--size needs WIDTHxHEIGHT in pixels, each at most 16384, e.g. --size 1600x1000");
      if (*w < k_designWidth || *h < k_designHeight)
        return fail("--size must be at least " + std::to_string(k_designWidth) + "x" + std::to_string(k_designHeight));
      o.width = w;
      o.height = h;
    } else if (arg == "--lesson") {
      if (o.lesson) return twice(*o.lesson);
      const auto v = value();
      if (!v || v->empty()) return fail("--lesson needs a lesson name, e.g. --lesson segment");
      o.lesson = v;
    } else if (arg == "--set") {
      const auto v = value();
      const auto eq = v ? v->find('=') : std::string::npos;
      if (eq == std::string::npos || eq == 0)
        return fail("--set needs NAME=x,y, e.g. --set P=3,1 (got '" + v.value_or("") + "')");
      const std::string position = v->substr(eq + 1);
      const auto point = ParsePoint2(position);
      if (!point) return fail("--set " + *v + ": " + PositionProblem(position));
      // The name without the blanks around it: "--set 'O = 1, 2'" named a point "O " that
      // no lesson has (audit), where the numbers' blanks were already allowed.
      const std::string name(TrimSpaces(std::string_view(*v).substr(0, eq)));
      if (name.empty()) return fail("--set needs NAME=x,y, e.g. --set P=3,1 (got '" + *v + "')");
      o.sets.push_back({name, *point});
    } else if (arg == "--dump-state") {
      if (o.dumpStatePath) return twice(*o.dumpStatePath);
      const auto v = value();
      if (!v || v->empty()) return fail("--dump-state needs a file name, e.g. --dump-state state.json");
      o.dumpStatePath = v;
    } else if (arg == "--report-frame-times") {
      if (!noValue()) return fail(arg + " takes no value");
      o.reportFrameTimes = true;
    } else if (arg == "--ui-scale") {
      if (uiScaleText) return twice(*uiScaleText);
      const auto v = value();
      const auto s = v ? ParseFiniteDouble(*v) : std::nullopt;
      if (!s || *s < k_minUiScale || *s > k_maxUiScale)
        return fail("--ui-scale needs a number from 0.5 to 4, e.g. --ui-scale 1.5");
      o.uiScale = float(*s);
      uiScaleText = v;
    } else if (arg == "--no-config") {
      if (!noValue()) return fail(arg + " takes no value");
      o.noConfig = true;
    } else {
      return fail("unknown flag '" + std::string(argv[i]) + "' (see --help)");
    }
  }
  // One file for both outputs: the dump was written over the PNG ("--screenshot same.png
  // --dump-state same.png" exited 0 with JSON in same.png: robustness audit). The same
  // file under two spellings (./a.png, a.png, a link to it) counts too.
  if (o.screenshotPath && o.dumpStatePath && SameFile(*o.screenshotPath, *o.dumpStatePath))
    return fail("--screenshot and --dump-state name the same file ('" + *o.dumpStatePath +
                "'): give each its own, or one would be written over the other");
  return parsed;
}

std::string HelpText() {
  return R"(closest-lab: drag a point and a shape; watch project, clamp, evaluate.

Usage: closest-lab [FLAGS]

  --lesson NAME         open a lesson: segment, ray, line, plane, box, contact
  --set NAME=x,y        place a point (repeatable), e.g. --set P=3,1 --set B=5,0;
                        names: A B P, the plane's O N, the box's Min Max, the
                        contact's C (centre) and R (radius vector: r = |R|)
  --size WxH            window size in pixels (screenshots have exactly this size)
  --screenshot FILE.png render the first complete frame to FILE.png, then exit 0
  --frames N            run N frames, then exit 0
  --dump-state FILE     after the last frame, write the lesson, handles and the
                        inspector's values as JSON
  --report-frame-times  with --frames: print frame-time percentiles (ms) on exit
  --ui-scale S          font and UI scale, 0.5 to 4 (default: the monitor's scale)
  --no-config           neither read nor write the saved window/settings file
  --version             print the version
  --help                this text

Screenshots and --frames runs use the default layout and never touch the saved
settings ($XDG_CONFIG_HOME/closest-point-lab/settings.json).

Without a display, run it under a virtual X server:
  xvfb-run -a -s '-screen 0 1600x1000x24' closest-lab --screenshot out.png

Example:
  closest-lab --lesson segment --set P=7,2 --size 1280x800 --screenshot seg.png
)";
}

}  // namespace cq::app
