#include "logic/text_wrap.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <vector>

namespace cq::app {
namespace {

/// One unit per UTF-8 character: a monospaced font.
double Chars(std::string_view s) {
  double n = 0;
  for (const char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

std::string WithoutSpaces(std::string_view s) {
  std::string out;
  for (const char c : s)
    if (c != ' ') out += c;
  return out;
}

/// `s` without the split marks WrapAtSpaces puts where it splits a word.
std::string WithoutMarks(std::string s) {
  for (std::size_t at = s.find("…"); at != std::string::npos; at = s.find("…", at)) s.erase(at, 3);
  return s;
}

std::vector<std::string> Words(const std::string& s) {
  std::vector<std::string> words;
  std::string word;
  for (const char c : s + " ") {
    if (c != ' ') {
      word += c;
    } else if (!word.empty()) {
      words.push_back(word);
      word.clear();
    }
  }
  return words;
}

TEST(WrapAtSpaces, NeverBreaksANumberAtItsPoint) {
  // ImGui would end the first line with "= 1." and start the next with "42986".
  const auto lines = WrapAtSpaces("Project: t_raw = 79 / 55.25 = 1.42986 and 3e-05.", 31, Chars);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "Project: t_raw = 79 / 55.25 =");
  EXPECT_EQ(lines[1], "1.42986 and 3e-05.");
}

// Split, not cut, and the split marked: "(1.264911064067" at the end of a line read as a
// whole number, and a wrong one (GUI audit of the values at UI scale 2).
TEST(WrapAtSpaces, AWordWiderThanTheLineIsSplitNotCutAndTheSplitIsMarked) {
  const auto lines = WrapAtSpaces("closest (3.788854381999832, 0.8944271909999159)", 12, Chars);
  for (const std::string& line : lines) EXPECT_LE(Chars(line), 12) << line;
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0], "closest");
  EXPECT_EQ(lines[1], "(3.78885438…");
  EXPECT_EQ(lines[2], "…1999832,");
  EXPECT_EQ(lines[3], "0.894427190…");
  EXPECT_EQ(lines[4], "…9999159)");
  std::string joined;
  for (const std::string& line : lines) joined += line;
  EXPECT_EQ(WithoutMarks(joined), WithoutSpaces("closest (3.788854381999832, 0.8944271909999159)"));
  // Too narrow for two characters between the marks: split unmarked.
  EXPECT_EQ(WrapAtSpaces("abcdef", 3, Chars), (std::vector<std::string>{"abc", "def"}));
  EXPECT_EQ(WrapAtSpaces("abcdef", 4, Chars), (std::vector<std::string>{"abc…", "…def"}));
  EXPECT_EQ(WrapAtSpaces("abcdefgh", 4, Chars), (std::vector<std::string>{"abc…", "…de…", "…fgh"}));
}

TEST(WrapAtSpaces, KeepsUtf8CharactersWhole) {
  // "−" and "²" are three and two bytes: a split inside one would draw garbage.
  const auto lines = WrapAtSpaces("|B−A|²=55.25", 3, Chars);
  for (const std::string& line : lines) {
    EXPECT_LE(Chars(line), 3);
    EXPECT_NE(static_cast<unsigned char>(line.front()) & 0xC0, 0x80) << "starts mid-character";
  }
  std::string joined;
  for (const std::string& line : lines) joined += line;
  EXPECT_EQ(WithoutMarks(joined), "|B−A|²=55.25");
}

TEST(WrapAtSpaces, NarrowerThanOneCharacterStillEnds) {
  const auto lines = WrapAtSpaces("ab c", 0.5, Chars);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "a");
  EXPECT_EQ(lines[1], "b");
  EXPECT_EQ(lines[2], "c");
}

TEST(WrapAtSpaces, NewlinesAndEmptyText) {
  EXPECT_EQ(WrapAtSpaces("", 10, Chars), std::vector<std::string>{""});
  EXPECT_EQ(WrapAtSpaces("one\n\ntwo", 10, Chars), (std::vector<std::string>{"one", "", "two"}));
  EXPECT_EQ(WrapAtSpaces("  spaced   out  ", 20, Chars), std::vector<std::string>{"spaced out"});
}

// With a proportional font the marks are kept only where every piece fits with them: a
// wide character alone between two marks ran past the line (review).
TEST(WrapAtSpaces, SplitMarksNeverMakeALineTooWide) {
  const auto wideW = [](std::string_view s) {
    double w = 0;
    for (const char c : s)
      if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) w += c == 'W' ? 3 : 1;
    return w;
  };
  for (double width = 1; width <= 12; width += 0.5)
    for (const std::string& line : WrapAtSpaces("abWWcdWefWWWgh", width, wideW))
      EXPECT_TRUE(wideW(line) <= width || wideW(WithoutMarks(line)) <= 3) << "'" << line << "' at " << width;
  EXPECT_EQ(UnwrapLines(WrapAtSpaces("see (3.788854381999832, 0.8944271909999159) here", 12, Chars)),
            "see (3.788854381999832, 0.8944271909999159) here");
  EXPECT_EQ(UnwrapLines({"one", "two"}), "one two");
}

TEST(FitOnOneLine, CutsAtASpaceAndSaysSo) {
  EXPECT_EQ(FitOnOneLine("t along the line", 20, Chars), "t along the line");
  EXPECT_EQ(FitOnOneLine("t along the line P(t) = A + t(B − A)", 20, Chars), "t along the line…");
  EXPECT_LE(Chars(FitOnOneLine("t along the line P(t) = A + t(B − A)", 20, Chars)), 20);
  EXPECT_EQ(FitOnOneLine("abcdef", 3, Chars), "ab…");  // a word longer than the room
  EXPECT_EQ(FitOnOneLine("abcdefghij", 6, Chars), "abcde…");  // the room all used (review: "abcd…")
  EXPECT_EQ(FitOnOneLine("abcdef", 0.5, Chars), "…");
}

TEST(WrapAtSpaces, RandomTextFitsAndLosesNothing) {
  std::mt19937 rng(0x5eed'0201);
  const std::string pieces[] = {"1.42986", "-0.5", "=", "t_raw", "(3, 1.5)", "55.25,", "1e-300", "|B−A|²", "x"};
  for (int trial = 0; trial < 300; ++trial) {
    std::string text;
    const int words = 1 + int(rng() % 20);
    for (int w = 0; w < words; ++w) text += pieces[rng() % 9] + std::string(1 + rng() % 2, ' ');
    const double width = double(1 + rng() % 25);
    const auto lines = WrapAtSpaces(text, width, Chars);
    std::string joined;
    for (const std::string& line : lines) {
      EXPECT_TRUE(Chars(line) <= width || Chars(line) == 1) << "'" << line << "' in " << width;
      EXPECT_FALSE(line.empty());
      EXPECT_NE(line.front(), ' ');
      EXPECT_NE(line.back(), ' ');
      joined += line;
    }
    EXPECT_EQ(WithoutMarks(WithoutSpaces(joined)), WithoutSpaces(text));
    // Every word that fits on a line is on one line, whole: breaks fall on spaces.
    std::multiset<std::string> tokens;
    for (const std::string& line : lines)
      for (const std::string& token : Words(line)) tokens.insert(token);
    for (const std::string& word : Words(text)) {
      if (Chars(word) > width) continue;
      const auto found = tokens.find(word);
      EXPECT_NE(found, tokens.end()) << "'" << word << "' was split at width " << width;
      if (found != tokens.end()) tokens.erase(found);
    }
  }
}

TEST(Shortened, CutsAtACharacterBoundary) {
  EXPECT_EQ(Shortened("1e400", 40), "1e400");
  EXPECT_EQ(Shortened(std::string(400, '1'), 24), std::string(24, '1') + "…");
  // "−" is three bytes: a cut inside it backs up to before it.
  EXPECT_EQ(Shortened("ab−cd", 3), "ab…");
  EXPECT_EQ(Shortened("ab−cd", 5), "ab−…");
  EXPECT_EQ(Shortened("", 0), "");
}

// The off-canvas note's names and a paste's left-out flags are listed alike.
TEST(NameList, ListsAsASentenceDoes) {
  EXPECT_EQ(NameList({}), "");
  EXPECT_EQ(NameList({"P"}), "P");
  EXPECT_EQ(NameList({"C", "R"}), "C and R");
  EXPECT_EQ(NameList({"--size", "--ui-scale", "--screenshot"}), "--size, --ui-scale and --screenshot");
}

}  // namespace
}  // namespace cq::app
