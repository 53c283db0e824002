// Parsing one line through nlohmann's SAX interface rather than json::parse: the SAX
// events tell us which field (and which coordinate) the parser was in when it failed, so
// a NaN deep in an array is reported as "p coordinate 1", not only as "column 19"; and
// they let us refuse a field given twice, which json::parse would silently resolve by
// keeping the last one.
#include "query/json_line.hpp"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "query/json_text.hpp"

namespace cq::query {
namespace {

using Json = nlohmann::ordered_json;

/// A query nests at most three levels (contact -> shape -> array); anything much deeper
/// is not a query, and refusing it early keeps a hostile line cheap.
constexpr std::size_t k_maxDepth = 16;

/// A query object has at most four fields (contact: query, center, radius, shape). The
/// duplicate check and the object's insertion each search its fields, so an object of
/// 100 000 fields took 26 s; past this many the line is refused at once.
constexpr int k_maxFields = 64;

/// A point has 2 or 3 coordinates. The parser keeps every element of an array until it
/// closes, so 3 million "{}" in one array (9 MB) took 252 MB before the count was refused,
/// and under a memory limit the tool aborted without answering the lines after it; past
/// this many the line is refused where it stands.
constexpr int k_maxElements = 64;

/// Values in one line, at any depth: the caps above still let arrays of 64 arrays of 64
/// nest 16 deep. A query holds a few dozen at most.
constexpr int k_maxValues = 4096;

/// nlohmann's error id for "number overflow parsing '1e999'".
constexpr int k_numberOverflowId = 406;

/// One open object or array.
struct Frame {
  Json* container = nullptr;
  std::string key;         ///< object: the latest key read
  bool hasKey = false;     ///< object: a key has been read
  bool valueDone = false;  ///< object: the latest key's value is complete
  int elements = 0;        ///< array: values started so far
  int fields = 0;          ///< object: keys read so far
};

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

/// The length in the line of the parser's token text, which shows each control character
/// as "<U+XXXX>", 8 characters for its one byte.
std::size_t LengthInLine(const std::string& lastToken) {
  std::size_t length = lastToken.size();
  for (std::size_t at = lastToken.find("<U+"); at != std::string::npos; at = lastToken.find("<U+", at + 1))
    length -= std::min<std::size_t>(7, length);
  return length;
}

/// Whether the token the parser choked on continues the number just before it, with no
/// separator: "00" and " 01" (the parser took the first 0 as a whole value, then met
/// another number), "0x10", "-0x1" and "2.5x" (it took 0, -0 or 2.5, then met "x"; its
/// token text then starts with that number). The fault is then that number's, so the message
/// names its coordinate, not the next one. `position` is the count of characters read,
/// the last of them the token's.
bool ContinuesPreviousNumber(std::string_view line, std::size_t position, const std::string& lastToken) {
  // The longest prefix of the token that is a whole JSON number: -?d+(.d+)?([eE][+-]?d+)?
  const auto digitsFrom = [&](std::size_t i) {
    while (i < lastToken.size() && IsDigit(lastToken[i])) ++i;
    return i;
  };
  std::size_t end = lastToken.empty() || lastToken[0] != '-' ? 0 : 1;
  const std::size_t digitsStart = end;
  end = digitsFrom(end);
  bool fraction = false;
  bool exponent = false;
  if (end > digitsStart && end + 1 < lastToken.size() && lastToken[end] == '.' && IsDigit(lastToken[end + 1])) {
    end = digitsFrom(end + 1);
    fraction = true;
  }
  if (end > digitsStart && end + 1 < lastToken.size() && (lastToken[end] == 'e' || lastToken[end] == 'E')) {
    const std::size_t sign = lastToken[end + 1] == '+' || lastToken[end + 1] == '-' ? end + 2 : end + 1;
    if (sign < lastToken.size() && IsDigit(lastToken[sign])) {
      end = digitsFrom(sign);
      exponent = true;
    }
  }
  if (end > digitsStart && end < lastToken.size()) {
    const char next = lastToken[end];
    // A character that could still extend the number means the parser failed inside it
    // ("1." then "]"), before taking it as a value; anything else but a separator
    // follows a number it has taken ("1.5" then ".5", "1" then "+2", "0" then "x").
    const bool extends = (next == '.' && !fraction && !exponent) || ((next == 'e' || next == 'E') && !exponent);
    const bool separator = next == ',' || next == ']' || next == '}' || next == ' ' || next == '\t' || next == '\r';
    if (!extends && !separator) return true;
  }
  // A number token that starts right after a digit: "00", " 01", "1-2". The token's text
  // shows each control character as "<U+XXXX>", 8 characters for its one byte.
  if (lastToken.empty() || !(IsDigit(lastToken[0]) || lastToken[0] == '-')) return false;
  const std::size_t length = LengthInLine(lastToken);
  if (position < length || position > line.size()) return false;
  const std::size_t start = position - length;
  return start > 0 && IsDigit(line[start - 1]);
}

/// Where a literal the lexer could not read starts in `line`: "invalid literal" comes after
/// the byte no token can take (`position` - 1; `line.size()`: the end of the line), which
/// either starts the token itself ("x" in "truex", "é", "/") or ends a literal begun right
/// before it ("tru" + "x" in "truetrux": the lexer read "tru" as the start of "true").
/// No proper prefix of true, false or null ends in another's prefix, so at most one fits.
std::optional<std::size_t> FailedLiteralStart(std::string_view line, std::size_t position) {
  if (position == 0 || position > line.size() + 1) return std::nullopt;
  const std::size_t mismatch = position - 1;
  for (const std::string_view literal : {std::string_view("true"), std::string_view("false"), std::string_view("null")})
    for (std::size_t k = literal.size() - 1; k >= 1; --k)
      if (mismatch >= k && line.substr(mismatch - k, k) == literal.substr(0, k)) return mismatch - k;
  return mismatch;
}

/// What the parser met right after a whole value in an array or an object, where only ','
/// or the closing bracket may come: nlohmann says "syntax error while parsing array -
/// <what>; expected ']'" (object: '}'). <what> is "unexpected <token>" for a token it could
/// read, or the lexer's error for one it could not ("invalid literal; last read: '3,truex'",
/// "invalid number; ...", "invalid string: ..."). Gives where that token starts in `line`,
/// `line.size()` for the end of the line, or nothing for any other error. `position` is the
/// count of characters read, the last of them the token's; the token text is the token
/// itself for a number or a string (read or not), and for the rest everything since the
/// last of those, so their length comes from the message, or for a literal from the line.
std::optional<std::size_t> TokenAfterValue(std::string_view line, std::size_t position, const std::string& lastToken,
                                           const std::string& what, bool inArray) {
  const std::string marker = inArray ? "while parsing array - " : "while parsing object - ";
  const std::size_t at = what.find(marker);
  const std::string expected = inArray ? "; expected ']'" : "; expected '}'";
  if (at == std::string::npos || what.size() < expected.size() ||
      what.compare(what.size() - expected.size(), expected.size(), expected) != 0)
    return std::nullopt;
  const std::string_view token = std::string_view(what).substr(at + marker.size());
  const auto startsWith = [&](std::string_view kind) { return token.substr(0, kind.size()) == kind; };
  if (startsWith("unexpected end of input")) return line.size();
  if (startsWith("invalid literal")) return FailedLiteralStart(line, position);
  std::size_t length = 0;
  if (startsWith("unexpected number literal") || startsWith("unexpected string literal") ||
      startsWith("invalid number") || startsWith("invalid string"))
    length = LengthInLine(lastToken);
  else if (startsWith("unexpected true literal") || startsWith("unexpected null literal"))
    length = 4;
  else if (startsWith("unexpected false literal"))
    length = 5;
  else if (startsWith("unexpected '"))
    length = 1;  // punctuation: '}', ']', ':', '[', '{'
  else return std::nullopt;
  // A token cut off by the end of the line ("\"x", "-") counts the end as one more
  // character read, which is not in its text.
  const std::size_t end = position == line.size() + 1 ? line.size() : position;
  if (length == 0 || end < length || end > line.size()) return std::nullopt;
  return end - length;
}

bool IsLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/// The word the lexer choked on, whole and in lower case: the letters at the end of its
/// token text and those after them in the line (the lexer stops at the first letter no
/// JSON literal has: "None" reads "N", "nil" reads "ni"). Empty where the token ends in no
/// letter, or the letters follow a quote (an unfinished string, "{\"n", is no literal).
struct ChokedOn {
  std::string word;        ///< lower case; empty: no word
  bool atLineEnd = false;  ///< the line ends right after it
};

ChokedOn ChokedWord(std::string_view line, std::size_t position, const std::string& lastToken) {
  std::size_t start = lastToken.size();
  while (start > 0 && IsLetter(lastToken[start - 1])) --start;
  if (start == lastToken.size() || (start > 0 && lastToken[start - 1] == '"')) return {};
  ChokedOn choked{lastToken.substr(start), false};
  std::size_t i = position;
  for (; i < line.size() && IsLetter(line[i]); ++i) choked.word += line[i];
  choked.atLineEnd = i >= line.size();
  for (char& c : choked.word) c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  return choked;
}

/// True when the word the lexer choked on (ChokedWord) is NaN or Infinity (or Inf), or the
/// start of one where the line ends (any case, any sign): the most common way a non-finite
/// number is written into "JSON". "not json" stops at "no", which is neither, and was told
/// that NaN is not a JSON number; Python's None read as NaN (CLI audit), and so did "N,2".
bool LooksLikeNanOrInfinity(const ChokedOn& choked) {
  const std::string& word = choked.word;
  if (word.empty()) return false;
  if (word == "nan" || word == "inf" || word == "infinity") return true;
  auto beginsLike = [&](std::string_view name) { return name.substr(0, word.size()) == word; };
  return choked.atLineEnd && (beginsLike("nan") || beginsLike("infinity"));
}

/// Python's spellings of JSON's literals, as json.dumps would not write them but a
/// hand-made line (str() of a list) does.
std::string PythonLiteralHint(const std::string& word) {
  if (word == "none") return "None is Python's (JSON writes null); ";
  if (word == "true" || word == "false")
    return "True and False are Python's (JSON writes true and false in lower case); ";
  return "";
}

/// UTF-8's byte order mark, which the parser skips at the start of a line only.
constexpr std::string_view k_byteOrderMark = "\xEF\xBB\xBF";

/// Where the parser stopped on a byte outside ASCII (the line's byte `at`), what it is: a
/// no-break space, a typographic minus or quote, a full-width digit pasted from a document,
/// or no UTF-8 at all (which can also be in a string: `lastToken` says). The parser's own
/// words were a number "running into other characters (no leading zeros, no hexadecimal)"
/// for [1,2<U+00A0>] and a bare "last read: '1,\ufffd'" for a minus sign (tool audit).
/// Empty for an ASCII byte.
std::string NonAsciiHint(std::string_view line, std::size_t at, const std::string& lastToken) {
  if (at >= line.size() || static_cast<unsigned char>(line[at]) < 0x80) return "";
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(line[i]); };
  const unsigned char lead = byte(at);
  const int length = lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xC2 && lead <= 0xDF ? 2 : 0;
  char hex[64];
  bool utf8 = length > 0 && at + std::size_t(length) <= line.size();
  char32_t code = length == 2 ? lead & 0x1F : length == 3 ? lead & 0x0F : lead & 0x07;
  for (int k = 1; utf8 && k < length; ++k) {
    utf8 = (byte(at + std::size_t(k)) & 0xC0) == 0x80;
    code = (code << 6) | (byte(at + std::size_t(k)) & 0x3F);
  }
  utf8 = utf8 && code >= (length == 2 ? 0x80u : length == 3 ? 0x800u : 0x10000u) && code <= 0x10FFFF &&
         !(code >= 0xD800 && code <= 0xDFFF);
  const bool inString = !lastToken.empty() && lastToken[0] == '"';  // the parser's token so far
  if (!utf8) {
    std::snprintf(hex, sizeof hex, "0x%02X", unsigned(lead));
    return std::string("a byte ") + hex + " that is no UTF-8 text, " + (inString ? "in a string" : "outside a string") +
           " (JSON text is UTF-8); ";
  }
  // Whole UTF-8 in a string is text like any other: the parser stopped there for another
  // reason (after a backslash, in a \u escape, after a broken sequence), which its own
  // words give (review).
  if (inString) return "";
  const auto named = [&]() -> std::string {
    switch (code) {
      case 0x00A0: return " (a no-break space)";
      case 0x2007: return " (a figure space)";
      case 0x2009: return " (a thin space)";
      case 0x202F: return " (a narrow no-break space)";
      case 0x3000: return " (an ideographic space)";
      case 0x2212: return " (a minus sign: JSON's minus is '-')";
      case 0x2013: return " (an en dash: JSON's minus is '-')";
      case 0x201C:
      case 0x201D: return " (a curly quotation mark: JSON's is '\"')";
      case 0x2018:
      case 0x2019: return " (a curly apostrophe: JSON's strings are in '\"')";
      case 0xFF0C: return " (a full-width comma: JSON's is ',')";
      default: break;
    }
    if (code >= 0xFF10 && code <= 0xFF19) return " (a full-width digit: JSON's digits are 0-9)";
    return "";
  }();
  std::snprintf(hex, sizeof hex, "U+%04X", unsigned(code));
  return std::string("a non-ASCII character, ") + hex + named +
         ", outside a string, where JSON has only ASCII numbers, punctuation and spaces; ";
}

/// nlohmann's message without its "[json.exception.parse_error.101] parse error at line 1, "
/// prefix (a line is always line 1 here), e.g. "column 9: syntax error while parsing value
/// - invalid literal; last read: '1,N'".
std::string ParserDetail(const nlohmann::ordered_json::exception& ex) {
  const std::string what = ex.what();
  std::size_t start = what.find("column ");
  if (start == std::string::npos) {
    const std::size_t bracket = what.find("] ");
    start = bracket == std::string::npos ? 0 : bracket + 2;
  }
  return TruncateForEcho(what.substr(start), k_maxDetailBytes);
}

/// Builds the value from SAX events, tracking where in it the parser is.
class LineBuilder {
 public:
  using number_integer_t = Json::number_integer_t;
  using number_unsigned_t = Json::number_unsigned_t;
  using number_float_t = Json::number_float_t;
  using string_t = Json::string_t;
  using binary_t = Json::binary_t;

  bool null() { return AddScalar(nullptr); }
  bool boolean(bool value) { return AddScalar(value); }
  bool number_integer(number_integer_t value) { return AddScalar(value); }
  bool number_unsigned(number_unsigned_t value) { return AddScalar(value); }
  bool number_float(number_float_t value, const string_t& /*text*/) { return AddScalar(value); }
  bool string(string_t& value) { return AddScalar(std::move(value)); }
  bool binary(binary_t& /*value*/) {  // only binary formats (CBOR, ...) produce these
    m_error = "not valid JSON: binary data";
    return false;
  }
  bool start_object(std::size_t /*elements*/) { return OpenContainer(Json::object()); }
  bool start_array(std::size_t /*elements*/) { return OpenContainer(Json::array()); }
  bool end_object() { return CloseContainer(); }
  bool end_array() { return CloseContainer(); }

  explicit LineBuilder(std::string_view line) : m_line(line) {}

  bool key(string_t& name) {
    Frame& top = m_frames.back();
    if (++top.fields > k_maxFields) {
      const std::string path = PathOfOpenFields();
      m_error = (path.empty() ? "" : path + ": ") + "more than " + std::to_string(k_maxFields) +
                " fields in one object: not a query (a query object has at most four fields)";
      return false;
    }
    if (top.container->contains(name)) {
      m_error = JoinPath(PathOfOpenFields(), TruncateForEcho(name, k_maxNameBytes)) +
                ": the field appears twice in one object; give it once";
      return false;
    }
    top.key = std::move(name);
    top.hasKey = true;
    top.valueDone = false;
    return true;
  }

  bool parse_error(std::size_t position, const std::string& lastToken, const nlohmann::ordered_json::exception& ex) {
    m_inPreviousNumber = ContinuesPreviousNumber(m_line, position, lastToken);
    // After a whole value in an array or an object, where ',' or the closing bracket
    // belongs: a '}' or the end of the line leaves an array open, and a token with nothing
    // between it and the value ("true1", "\"x\"1", and text no token starts with: "truex")
    // runs into that value. In an array the coordinate the parser would have read next does
    // not exist ("[3,true1]" and then "[3,truex]" were blamed on "p coordinate 2"); in an
    // object the value's field is named rather than "after field d". A stray ']' in an
    // object is no text glued to the value, and keeps "after field".
    const bool inArray = !m_frames.empty() && m_frames.back().container->is_array() && m_frames.back().elements > 0;
    const bool inObject = !m_frames.empty() && m_frames.back().container->is_object() && m_frames.back().hasKey &&
                          m_frames.back().valueDone;
    const std::optional<std::size_t> next =
        inArray || inObject ? TokenAfterValue(m_line, position, lastToken, ex.what(), inArray) : std::nullopt;
    if (next) {
      const bool atEnd = *next >= m_line.size();
      m_arrayNotClosed = inArray && (atEnd || m_line[*next] == '}');
      const bool glued =
          !atEnd && *next > 0 && std::string_view(" \t\r\n").find(m_line[*next - 1]) == std::string_view::npos;
      m_inPreviousValue = !m_arrayNotClosed && !m_inPreviousNumber && glued && (inArray || m_line[*next] != ']');
    }
    // The lexer stops on the first byte of a byte order mark past the line's start, and
    // its words ("invalid literal; last read: '\ufffd'") do not say what that is.
    m_atByteOrderMark = position >= 1 && m_line.substr(position - 1, k_byteOrderMark.size()) == k_byteOrderMark;
    m_nonAscii = position >= 1 && !m_atByteOrderMark ? NonAsciiHint(m_line, position - 1, lastToken) : "";
    m_chokedWord = ChokedWord(m_line, position, lastToken);
    m_error = DescribeSyntaxError(lastToken, ex);
    return false;
  }

  Json& Root() { return m_root; }
  const std::string& Error() const { return m_error; }

 private:
  /// Places a value at the current position; returns where it now lives, or nullptr (and
  /// the error) past k_maxElements in its array or k_maxValues in the line.
  Json* Place(Json value) {
    if (++m_values > k_maxValues) {
      m_error = "more than " + std::to_string(k_maxValues) + " values in one line: not a query";
      return nullptr;
    }
    if (m_frames.empty()) {
      m_root = std::move(value);
      return &m_root;
    }
    Frame& top = m_frames.back();
    if (top.container->is_array()) {
      if (top.elements >= k_maxElements) {
        const std::string path = PathOfOpenFields();
        // Said of any array, whatever its field expects ("radius" with 65 numbers read
        // "expected an array of 2 or 3 numbers": review).
        m_error = (path.empty() ? "" : path + ": ") + "an array of more than " + std::to_string(k_maxElements) +
                  " elements: not a query (a point has 2 or 3 numbers)";
        return nullptr;
      }
      ++top.elements;
      top.container->push_back(std::move(value));
      return &top.container->back();
    }
    // Only the innermost open container ever grows, so pointers to the open ones held
    // in m_frames stay valid.
    Json& slot = (*top.container)[top.key];
    slot = std::move(value);
    return &slot;
  }

  template <class V>
  bool AddScalar(V&& value) {
    if (Place(Json(std::forward<V>(value))) == nullptr) return false;
    MarkValueDone();
    return true;
  }

  bool OpenContainer(Json empty) {
    // A line that is an array is not a query at any depth: say that first ("[[[[0]]]]" was
    // "element 0 coordinate 0 ...: nested too deeply").
    if (m_frames.empty() && empty.is_array()) {
      m_error = "expected a JSON object such as {\"query\":\"segment\",\"a\":[0,0],\"b\":[1,0],\"p\":[0,1]}, got an array";
      return false;
    }
    if (m_frames.size() >= k_maxDepth) {
      m_error = Prefixed(Location(), "nested too deeply: a query needs at most 3 levels");
      return false;
    }
    Json* container = Place(std::move(empty));
    if (container == nullptr) return false;
    Frame frame;
    frame.container = container;
    m_frames.push_back(std::move(frame));
    return true;
  }

  bool CloseContainer() {
    m_frames.pop_back();
    MarkValueDone();
    return true;
  }

  void MarkValueDone() {
    if (!m_frames.empty() && m_frames.back().container->is_object()) m_frames.back().valueDone = true;
  }

  static std::string JoinPath(const std::string& path, const std::string& name) {
    return path.empty() ? name : path + "." + name;
  }

  /// "shape.a": the keys of the open objects, outermost first (array levels as "[i]").
  std::string PathOfOpenFields() const {
    std::string path;
    for (const Frame& frame : m_frames) {
      if (frame.container->is_array()) {
        if (&frame != &m_frames.back()) path += "[" + std::to_string(frame.elements - 1) + "]";
        continue;
      }
      if (&frame == &m_frames.back()) break;
      path = JoinPath(path, TruncateForEcho(frame.key, k_maxNameBytes));
    }
    return path;
  }

  /// Where the parser stands, in the words of the error messages: "p coordinate 1",
  /// "shape.n", "after field p", or "" at the top level.
  std::string Location() const {
    if (m_frames.empty()) return "";
    const Frame& top = m_frames.back();
    const std::string path = PathOfOpenFields();
    if (top.container->is_array()) {
      if (m_arrayNotClosed) return path;  // the message says after which coordinate
      const int element = top.elements - ((m_inPreviousNumber || m_inPreviousValue) && top.elements > 0 ? 1 : 0);
      const std::string index = std::to_string(element);
      return path.empty() ? "element " + index : path + " coordinate " + index;
    }
    if (!top.hasKey) return path;
    // A key no field has, with JSON's own punctuation in it, is a quote left out
    // ("a:[0,0],"b" read as one key): named as the key read, not as a field.
    if (top.key.find_first_of(":,[]{}\" ") != std::string::npos)
      return JoinPath(path, "the key " + QuoteJsonString(TruncateForEcho(top.key, k_maxNameBytes)));
    const std::string field = JoinPath(path, TruncateForEcho(top.key, k_maxNameBytes));
    return top.valueDone && !m_inPreviousNumber && !m_inPreviousValue ? "after field " + field : field;
  }

  static std::string Prefixed(const std::string& location, const std::string& message) {
    if (location.empty()) return message;
    if (location.rfind("after ", 0) == 0) return message + " (" + location + ")";
    return location + ": " + message;
  }

  std::string DescribeSyntaxError(const std::string& lastToken, const nlohmann::ordered_json::exception& ex) const {
    if (ex.id == k_numberOverflowId) {
      return Prefixed(Location(), TruncateForEcho(lastToken, k_maxNameBytes) +
                                      " is not a finite number (it overflows a double); every number must be finite");
    }
    std::string message = "not valid JSON: ";
    if (m_atByteOrderMark)
      message += "a byte order mark (U+FEFF, bytes EF BB BF), which is skipped only at the very start of a line; ";
    if (LooksLikeNanOrInfinity(m_chokedWord)) message += "NaN and Infinity are not JSON numbers (every number must be finite); ";
    message += PythonLiteralHint(m_chokedWord.word);
    // A character outside ASCII right after a number is no leading zero or hexadecimal.
    if (m_inPreviousNumber && m_nonAscii.empty())
      message += "a number runs into other characters (a JSON number is plain decimal: no leading zeros, no hexadecimal); ";
    else if (m_inPreviousValue)
      message += std::string("the value runs into the text after it (a ',' or '") +
                 (m_frames.back().container->is_array() ? "]" : "}") + "' is missing between them); ";
    message += m_nonAscii;
    if (m_arrayNotClosed) {
      message += "the array is not closed after coordinate " + std::to_string(m_frames.back().elements - 1) +
                 " (a ']' is missing); ";
    }
    return Prefixed(Location(), message + ParserDetail(ex));
  }

  std::string_view m_line;
  Json m_root;
  std::vector<Frame> m_frames;
  std::string m_error;
  bool m_inPreviousNumber = false;  ///< the syntax error continues the number just read
  bool m_inPreviousValue = false;   ///< it follows the array's or object's last value with no separator
  bool m_arrayNotClosed = false;    ///< a '}' or the end of the line where the array's ']' belongs
  bool m_atByteOrderMark = false;   ///< the error stands on a byte order mark
  std::string m_nonAscii;           ///< NonAsciiHint of the byte the error stands on
  int m_values = 0;                 ///< values placed so far, at any depth
  ChokedOn m_chokedWord;            ///< ChokedWord of the syntax error
};

/// Blank: nothing but whitespace, after a UTF-8 byte order mark at the start, which the
/// parser skips (a line of only a BOM read "not valid JSON: column 4: ... unexpected end
/// of input", though a BOM is documented as skipped).
bool IsBlank(std::string_view line) {
  if (line.substr(0, k_byteOrderMark.size()) == k_byteOrderMark) line.remove_prefix(k_byteOrderMark.size());
  return line.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

}  // namespace

Outcome<nlohmann::ordered_json> ParseJsonLine(std::string_view line) {
  if (IsBlank(line)) {
    return Outcome<Json>::Failure(
        "empty line: expected a JSON object such as {\"query\":\"segment\",\"a\":[0,0],\"b\":[1,0],\"p\":[0,1]}");
  }
  // The parser stops at a NUL byte as if the text ended there, and would answer
  // `{...}\0anything` as if the rest were not there. JSON text never holds one.
  if (const std::size_t nul = line.find('\0'); nul != std::string_view::npos) {
    return Outcome<Json>::Failure("not valid JSON: column " + std::to_string(nul + 1) +
                                  ": a NUL byte (JSON text cannot contain one, not even inside a string)");
  }
  LineBuilder builder(line);
  const bool parsed = Json::sax_parse(line.data(), line.data() + line.size(), &builder);
  if (!parsed) {
    const std::string& error = builder.Error();
    return Outcome<Json>::Failure(error.empty() ? "not valid JSON" : error);
  }
  return std::move(builder.Root());
}

}  // namespace cq::query
