#include "query/json_text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>

namespace cq::query {
namespace {

/// The length of the valid UTF-8 sequence starting at text[i], or 0 when the bytes there
/// are not one (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
std::size_t Utf8SequenceLength(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(text[k]); };
  const std::uint8_t lead = byte(i);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  std::uint8_t low = 0x80;
  std::uint8_t high = 0xBF;  // the allowed range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // overlong
    if (lead == 0xED) high = 0x9F;  // surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;   // overlong
    if (lead == 0xF4) high = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  if (byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return length;
}

}  // namespace

std::string FormatJsonNumber(double value) {
  if (std::isinf(value)) return value > 0 ? "1e999" : "-1e999";
  if (value == 0 && std::signbit(value)) return "-0.0";
  char buffer[32];  // the longest shortest double, "-2.2250738585072014e-308", is 24
  const std::to_chars_result result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

std::string QuoteJsonString(std::string_view text) {
  static constexpr char k_hex[] = "0123456789abcdef";
  std::string quoted = "\"";
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    const auto code = static_cast<std::uint8_t>(c);
    if (c == '"' || c == '\\') {
      quoted += '\\';
      quoted += c;
    } else if (c == '\n') {
      quoted += "\\n";
    } else if (c == '\t') {
      quoted += "\\t";
    } else if (c == '\r') {
      quoted += "\\r";
    } else if (code < 0x20 || code == 0x7F) {
      quoted += "\\u00";
      quoted += k_hex[code >> 4];
      quoted += k_hex[code & 0xF];
    } else if (code >= 0x80) {
      const std::size_t length = Utf8SequenceLength(text, i);
      if (length == 0) {
        quoted += "\\ufffd";
        ++i;
        continue;
      }
      quoted.append(text.substr(i, length));
      i += length;
      continue;
    } else {
      quoted += c;
    }
    ++i;
  }
  quoted += '"';
  return quoted;
}

std::string TruncateForEcho(std::string_view text, std::size_t maxBytes) {
  if (text.size() <= maxBytes) return std::string(text);
  std::size_t cut = maxBytes;
  // Back up over UTF-8 continuation bytes so the cut never splits a character.
  while (cut > 0 && (static_cast<std::uint8_t>(text[cut]) & 0xC0) == 0x80) --cut;
  return std::string(text.substr(0, cut)) + "...";
}

namespace {
bool PlainForEcho(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
}
}  // namespace

std::string OptionForEcho(std::string_view name) {
  const std::string option = "--" + TruncateForEcho(name, k_maxNameBytes);
  return PlainForEcho(name) ? option : QuoteJsonString(option);
}

std::string ArgumentForEcho(std::string_view argument) {
  const std::string shown = TruncateForEcho(argument, k_maxNameBytes);
  return PlainForEcho(argument) ? shown : QuoteJsonString(shown);
}

void JsonObjectWriter::AddKey(std::string_view key) {
  if (m_text.size() > 1) m_text += ',';
  m_text += QuoteJsonString(key);
  m_text += ':';
}

std::string JsonObjectWriter::NumberText(std::string_view key, double value) {
  if (std::isnan(value)) {
    if (m_firstNanField.empty()) m_firstNanField = key;
    return "null";
  }
  return FormatJsonNumber(value);
}

void JsonObjectWriter::AddNumber(std::string_view key, double value) {
  AddKey(key);
  m_text += NumberText(key, value);
}

void JsonObjectWriter::AddNumbers(std::string_view key, const std::array<double, 3>& coords, int dim) {
  AddKey(key);
  m_text += '[';
  for (int i = 0; i < dim; ++i) {
    if (i > 0) m_text += ',';
    m_text += NumberText(key, coords[static_cast<std::size_t>(i)]);
  }
  m_text += ']';
}

void JsonObjectWriter::AddIntegers(std::string_view key, const std::array<int, 3>& values, int dim) {
  AddKey(key);
  m_text += '[';
  for (int i = 0; i < dim; ++i) {
    if (i > 0) m_text += ',';
    m_text += std::to_string(values[static_cast<std::size_t>(i)]);
  }
  m_text += ']';
}

void JsonObjectWriter::AddString(std::string_view key, std::string_view value) {
  AddKey(key);
  m_text += QuoteJsonString(value);
}

void JsonObjectWriter::AddBool(std::string_view key, bool value) {
  AddKey(key);
  m_text += value ? "true" : "false";
}

}  // namespace cq::query
