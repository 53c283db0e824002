#include "logic/text_wrap.hpp"

#include <algorithm>
#include <cstddef>
#include <utility>

namespace cq::app {
namespace {

/// Where a word wider than a line is split: the end of one piece and the start of the next.
constexpr std::string_view k_splitMark = "…";

/// Bytes in the UTF-8 character that starts with `lead`.
std::size_t CharLength(unsigned char lead) {
  if (lead >= 0xF0) return 4;
  if (lead >= 0xE0) return 3;
  if (lead >= 0xC0) return 2;
  return 1;
}

/// Appends one paragraph (no newline in it) to `lines`. Each word is measured once and a
/// line's width is the sum of its words and spaces: widths add up, as they do for ImGui's
/// text (no kerning). The sidebar wraps every frame, so this stays linear in the text.
void WrapParagraph(std::string_view text, double width, const TextWidth& measure, bool marks,
                   std::vector<std::string>& lines) {
  const double space = measure(" ");
  std::string line;
  double lineWidth = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ') {
      ++i;
      continue;
    }
    std::size_t end = text.find(' ', i);
    if (end == std::string_view::npos) end = text.size();
    std::string_view word = text.substr(i, end - i);
    i = end;
    const double wordWidth = measure(word);
    const double joined = line.empty() ? wordWidth : lineWidth + space + wordWidth;
    if (joined <= width) {
      if (!line.empty()) line += ' ';
      line += word;
      lineWidth = joined;
      continue;
    }
    if (!line.empty()) lines.push_back(std::move(line));
    line.clear();
    // The word alone: split it while it is wider than a line. Each piece but the last ends
    // with k_splitMark and each but the first starts with it, where a line holds the two
    // widest of its characters between the marks (so every piece fits with them):
    // "(1.264911064067" alone read as a whole number, and a wrong one (GUI audit).
    const double markWidth = measure(k_splitMark);
    double widest = 0;
    for (std::size_t at = 0; at < word.size();) {
      const std::size_t length = std::min(CharLength(static_cast<unsigned char>(word[at])), word.size() - at);
      widest = std::max(widest, measure(word.substr(at, length)));
      at += length;
    }
    const bool marked = marks && 2 * markWidth + 2 * widest <= width;
    const double tail = marked ? markWidth : 0;  // after each piece but the last
    double head = 0;                             // before it: the mark once a piece is split off
    double rest = wordWidth;
    while (!word.empty() && head + rest > width) {
      std::size_t take = CharLength(static_cast<unsigned char>(word[0]));
      while (take < word.size()) {
        const std::size_t next = take + CharLength(static_cast<unsigned char>(word[take]));
        if (next > word.size() || head + measure(word.substr(0, next)) + tail > width) break;
        take = next;
      }
      take = std::min(take, word.size());
      if (take == word.size()) break;  // what is left fits once its mark is dropped
      lines.push_back(std::string(head > 0 ? k_splitMark : "") + std::string(word.substr(0, take)) +
                      std::string(marked ? k_splitMark : ""));
      word.remove_prefix(take);
      rest = measure(word);
      head = marked ? markWidth : 0;
    }
    line = std::string(head > 0 ? k_splitMark : "") + std::string(word);
    lineWidth = head + rest;
  }
  if (!line.empty() || lines.empty()) lines.push_back(std::move(line));
}

}  // namespace

std::string FitOnOneLine(std::string_view text, double width, const TextWidth& measure) {
  if (measure(text) <= width) return std::string(text);
  static constexpr std::string_view k_ellipsis = "…";
  const double room = width - measure(k_ellipsis);
  if (room <= 0) return std::string(k_ellipsis);
  // Without split marks: the "…" added here says the text goes on (with them, a split
  // word's first piece left room for a mark and showed a character fewer: review).
  std::string first = Wrap(text, room, measure, false).front();
  if (measure(first) > room) first.clear();  // one character already too wide
  return first + std::string(k_ellipsis);
}

std::string UnwrapLines(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) {
    const bool splitHere = text.size() >= k_splitMark.size() &&
                           text.compare(text.size() - k_splitMark.size(), k_splitMark.size(), k_splitMark) == 0 &&
                           line.compare(0, k_splitMark.size(), k_splitMark) == 0;
    if (splitHere) {
      text.resize(text.size() - k_splitMark.size());
      text += line.substr(k_splitMark.size());
    } else {
      text += (text.empty() ? "" : " ") + line;
    }
  }
  return text;
}

std::vector<std::string> WrapAtSpaces(std::string_view text, double width, const TextWidth& measure) {
  return Wrap(text, width, measure, true);
}

std::vector<std::string> Wrap(std::string_view text, double width, const TextWidth& measure, bool marks) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (true) {
    const std::size_t newline = text.find('\n', start);
    const std::string_view paragraph = text.substr(start, newline == std::string_view::npos ? newline : newline - start);
    std::vector<std::string> wrapped;
    WrapParagraph(paragraph, width, measure, marks, wrapped);
    for (std::string& l : wrapped) lines.push_back(std::move(l));
    if (newline == std::string_view::npos) break;
    start = newline + 1;
  }
  return lines;
}

std::string Shortened(std::string_view text, std::size_t maxBytes) {
  if (text.size() <= maxBytes) return std::string(text);
  std::size_t end = maxBytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;  // not inside a character
  return std::string(text.substr(0, end)) + "…";
}

std::string NameList(const std::vector<std::string>& names) {
  std::string list;
  for (size_t i = 0; i < names.size(); ++i)
    list += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return list;
}

}  // namespace cq::app
