// app/logic/text_wrap.hpp: breaking sidebar text into lines at spaces only.
//
// ImGui's own wrapping may break after a '.', a ',' or a '-', which splits a number such as
// 1.42986 into "1." and "42986", or 3e-05 after its minus sign. The sidebar's steps and
// values are full of numbers, so they are wrapped here instead: at spaces, and inside a
// word only when the word alone is wider than the line.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace cq::app {

/// The width of a piece of text, in the caller's units (ImGui::CalcTextSize in the app).
using TextWidth = std::function<double(std::string_view)>;

/// `text` as lines no wider than `width`, broken at spaces (the space itself is dropped).
/// `measure` must be additive (the width of "a b" is that of "a", " " and "b"), as ImGui's
/// text width is; each word is measured once.
/// A word wider than a whole line is split where it must be, at UTF-8 character
/// boundaries, so that nothing is cut off at the panel's edge; the split is marked with
/// "…" at the end of one piece and the start of the next ("(1.264911064067…" and
/// "…3518e+308,": a piece alone read as a whole number), where two characters fit between
/// the marks. Every line holds at least one character, so a width below one character
/// still terminates. Newlines in `text` start a new line. Joining the lines with single
/// spaces, the split marks removed, gives back `text` with its runs of spaces at the
/// breaks removed.
std::vector<std::string> WrapAtSpaces(std::string_view text, double width, const TextWidth& measure);

/// WrapAtSpaces with or without the split marks.
std::vector<std::string> Wrap(std::string_view text, double width, const TextWidth& measure, bool marks);

/// WrapAtSpaces's lines joined back into one text: with a space between lines, and where a
/// word was split (a line ending in the split mark, the next starting with it) with the two
/// marks dropped and no space ("abc…" and "…def" gave "abc… …def" when joined with spaces).
std::string UnwrapLines(const std::vector<std::string>& lines);

/// `text` if it fits in `width`, else as much of it as fits, up to a space, followed by
/// "…" (a one-line caption in a narrow window); never wider than `width` unless even "…"
/// is, and then "…".
std::string FitOnOneLine(std::string_view text, double width, const TextWidth& measure);

/// The names as a sentence lists them: "P", "C and R", "A, B and P".
std::string NameList(const std::vector<std::string>& names);

/// `text` if it has at most `maxBytes` bytes, else its first `maxBytes` bytes or fewer, cut
/// at a UTF-8 character boundary, followed by "…" (a long entry quoted in a message).
std::string Shortened(std::string_view text, std::size_t maxBytes);

}  // namespace cq::app
