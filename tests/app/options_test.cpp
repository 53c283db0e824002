#include "logic/options.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <vector>

namespace cq::app {
namespace {

ParsedOptions Parse(std::vector<const char*> args) {
  args.insert(args.begin(), "closest-lab");
  return ParseCommandLine(int(args.size()), args.data());
}

TEST(Options, NoFlagsIsAnInteractiveRun) {
  const ParsedOptions p = Parse({});
  EXPECT_TRUE(p.error.empty());
  EXPECT_FALSE(p.options.frames);
  EXPECT_FALSE(p.options.screenshotPath);
}

TEST(Options, EveryFlagInBothSpellings) {
  const ParsedOptions p = Parse({"--frames", "12", "--screenshot=out.png", "--size", "640x400", "--lesson=box", "--set",
                                 "P=3,1", "--set=Min=-1.5,-2e-3", "--dump-state", "s.json", "--report-frame-times",
                                 "--ui-scale=1.5", "--no-config"});
  ASSERT_TRUE(p.error.empty()) << p.error;
  const AppOptions& o = p.options;
  EXPECT_EQ(*o.frames, 12);
  EXPECT_EQ(*o.screenshotPath, "out.png");
  EXPECT_EQ(*o.width, 640);
  EXPECT_EQ(*o.height, 400);
  EXPECT_EQ(*o.lesson, "box");
  ASSERT_EQ(o.sets.size(), 2u);
  EXPECT_EQ(o.sets[0].name, "P");
  EXPECT_EQ(o.sets[0].position, (cq::Vec2d{{3, 1}}));
  EXPECT_EQ(o.sets[1].name, "Min");
  EXPECT_EQ(o.sets[1].position, (cq::Vec2d{{-1.5, -2e-3}}));
  EXPECT_EQ(*o.dumpStatePath, "s.json");
  EXPECT_TRUE(o.reportFrameTimes);
  EXPECT_FLOAT_EQ(*o.uiScale, 1.5f);
  EXPECT_TRUE(o.noConfig);
}

TEST(Options, BadInputGetsOneLineNamingTheFlag) {
  const std::vector<std::vector<const char*>> bad = {
      {"--bogus"},
      {"--frames"},
      {"--frames", "0"},
      {"--frames", "ten"},
      {"--frames", "5x"},
      {"--size", "640"},
      {"--size", "0x400"},
      {"--size", "100x100"},
      {"--screenshot"},
      {"--screenshot", "a.jpg"},
      {"--set", "P"},
      {"--set", "P=1"},
      {"--set", "=1,2"},
      {"--set", "P=nan,1"},
      {"--set", "P=1,inf"},
      {"--set", "P=1e999,0"},
      {"--ui-scale", "9"},
      {"--lesson"},
      {"--help=yes"},
      {"-x"},
      // A flag's value is not the next flag (review s34: "--dump-state --frames 3" wrote
      // the dump to a file named "--frames" and then read "3" as a flag).
      {"--dump-state", "--frames", "3"},
      {"--screenshot", "--report-frame-times"},
      {"--lesson", "--no-config"},
      {"--dump-state", "-h"},
  };
  for (const auto& args : bad) {
    const ParsedOptions p = Parse(args);
    EXPECT_FALSE(p.error.empty()) << args[0];
    EXPECT_EQ(p.error.find('\n'), std::string::npos) << p.error;
    if (std::string(args[0]).rfind("--", 0) == 0) {
      const std::string flag = std::string(args[0]).substr(0, std::string(args[0]).find('='));
      EXPECT_NE(p.error.find(flag), std::string::npos) << p.error;
    }
  }
}

// A flag with a value given twice was taken at its last value without a word
// ("--lesson segment --lesson box" opened box), while a point placed twice is refused
// (robustness audit of 2026-11-29); the message names the flag and its first value.
// Blanks around a point's name, as around its numbers, are not part of it ("O " was
// refused as a point no lesson has: audit of 2026-11-29).
TEST(Options, APointsNameIsReadWithoutTheBlanksAroundIt) {
  const char* argv[] = {"closest-lab", "--set", " O = 1, 2", "--set=\tP\t=3,4"};
  const ParsedOptions p = ParseCommandLine(4, argv);
  ASSERT_EQ(p.error, "");
  ASSERT_EQ(p.options.sets.size(), 2u);
  EXPECT_EQ(p.options.sets[0].name, "O");
  EXPECT_EQ(p.options.sets[0].position, (cq::Vec2d{{1, 2}}));
  EXPECT_EQ(p.options.sets[1].name, "P");
  const char* noBreak[] = {"closest-lab", "--set", "O\u00a0=1,2"};  // a no-break space, as around numbers
  EXPECT_EQ(ParseCommandLine(3, noBreak).options.sets.at(0).name, "O");
  const char* blank[] = {"closest-lab", "--set", "  =1,2"};
  EXPECT_EQ(ParseCommandLine(3, blank).error, "--set needs NAME=x,y, e.g. --set P=3,1 (got '  =1,2')");
}

TEST(Options, AFlagWithAValueGivenTwiceIsRefused) {
  const std::vector<std::vector<const char*>> twice = {
      {"--lesson", "segment", "--lesson", "box"},
      {"--frames", "3", "--frames=4"},
      {"--size", "800x600", "--size", "1024x768"},
      {"--screenshot", "a.png", "--screenshot", "b.png"},
      {"--dump-state", "a.json", "--dump-state", "b.json"},
      {"--ui-scale", "1.5", "--ui-scale", "2"},
  };
  for (const auto& args : twice) {
    const ParsedOptions p = Parse(args);
    EXPECT_NE(p.error.find(std::string(args[0]) + " given twice (first '" + args[1] + "')"), std::string::npos)
        << p.error;
  }
  EXPECT_TRUE(Parse({"--no-config", "--no-config"}).error.empty()) << "a switch twice is still the switch";
}

// The dump was written over the screenshot when both named one file (robustness audit).
TEST(Options, TheScreenshotAndTheDumpMustBeTwoFiles) {
  EXPECT_NE(Parse({"--screenshot", "same.png", "--dump-state", "same.png"}).error.find("name the same file"),
            std::string::npos);
  EXPECT_NE(Parse({"--screenshot", "same.png", "--dump-state", "./same.png"}).error.find("name the same file"),
            std::string::npos);
  EXPECT_TRUE(Parse({"--screenshot", "shot.png", "--dump-state", "shot.json"}).error.empty());
  // A link and its target, the target not yet there, and a hard link (review of
  // 2026-11-29: weakly_canonical left the dangling link as it was).
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "cq-options-same-file";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::filesystem::create_symlink("target.png", dir / "link.png");
  const std::string link = (dir / "link.png").string();
  const std::string target = (dir / "target.png").string();
  EXPECT_NE(Parse({"--screenshot", link.c_str(), "--dump-state", target.c_str()}).error.find("name the same file"),
            std::string::npos);
  std::ofstream(dir / "a.json") << "{}";
  std::filesystem::create_hard_link(dir / "a.json", dir / "b.json");
  const std::string a = (dir / "a.json").string();
  const std::string b = (dir / "b.json").string();
  EXPECT_TRUE(Parse({"--screenshot", (dir / "shot.png").string().c_str(), "--dump-state", a.c_str()}).error.empty());
  std::filesystem::create_hard_link(dir / "a.json", dir / "c.png");
  const std::string c = (dir / "c.png").string();
  EXPECT_NE(Parse({"--screenshot", c.c_str(), "--dump-state", b.c_str()}).error.find("name the same file"),
            std::string::npos);
  std::filesystem::remove_all(dir);
}

// A value over the limit was told only the form it should have (--size 99999x99999:
// "needs WIDTHxHEIGHT in pixels"); the message gives the limit (robustness audit).
TEST(Options, AValueOverItsLimitIsToldTheLimit) {
  EXPECT_NE(Parse({"--size", "99999x99999"}).error.find("each at most 16384"), std::string::npos);
  EXPECT_NE(Parse({"--frames", "99999999999"}).error.find("from 1 to 100000000"), std::string::npos);
}

// A refused --set position names the coordinate at fault and gives the sidebar field's
// reason for it, not only the expected form.
TEST(Options, SetNamesTheCoordinateAndTheReason) {
  const std::vector<std::pair<const char*, std::string>> cases = {
      {"P=0x10,1", "--set P=0x10,1: x: \"0x10\" is not a decimal number (hexadecimal is not read)"},
      {"P=1,nan", "--set P=1,nan: y: \"nan\" is not a number a point can have (NaN)"},
      {"B=1e999,0", "--set B=1e999,0: x: \"1e999\" is beyond the double range"},
      {"P=2,", "--set P=2,: y: the field is empty"},
      {"P=1,2,3", "--set P=1,2,3: the position must be two finite numbers x,y, e.g. P=3,1"},
      {"P=1;2", "--set P=1;2: the position must be two finite numbers x,y, e.g. P=3,1"},
  };
  for (const auto& [set, expected] : cases) {
    const ParsedOptions p = Parse({"--set", set});
    EXPECT_EQ(p.error.rfind(expected, 0), 0u) << p.error;
  }
}

TEST(Options, HelpListsEveryFlag) {
  const std::string help = HelpText();
  for (const char* flag : {"--frames", "--screenshot", "--size", "--help", "--lesson", "--set", "--dump-state",
                           "--report-frame-times", "--ui-scale", "--no-config", "--version", "xvfb-run"})
    EXPECT_NE(help.find(flag), std::string::npos) << flag;
}

TEST(Options, ParsePointAcceptsOnlyTwoFiniteNumbers) {
  EXPECT_EQ(*ParsePoint2("1,-2.5"), (cq::Vec2d{{1, -2.5}}));
  EXPECT_EQ(*ParsePoint2("1e-300,1e300"), (cq::Vec2d{{1e-300, 1e300}}));
  EXPECT_FALSE(ParsePoint2("1,2,3"));
  EXPECT_FALSE(ParsePoint2("1;2"));
  EXPECT_FALSE(ParsePoint2(",2"));
  EXPECT_FALSE(ParsePoint2("x,2"));
  EXPECT_EQ(*ParsePoint2(" 3 , -1 "), (cq::Vec2d{{3, -1}}));  // spaces as a field takes them
  EXPECT_FALSE(ParsePoint2("0x10,1"));
  // Subnormal coordinates are numbers like any other (strtod flags them ERANGE).
  EXPECT_EQ(*ParsePoint2("1e-310,1"), (cq::Vec2d{{1e-310, 1}}));
  EXPECT_EQ(*ParsePoint2("-4.9e-324,1"), (cq::Vec2d{{-4.9e-324, 1}}));
  EXPECT_FALSE(ParsePoint2("1e999,1"));
}

TEST(Options, ParseFiniteDoubleTakesTheWholeTextOrNothing) {
  EXPECT_EQ(*ParseFiniteDouble("2.5"), 2.5);
  EXPECT_EQ(*ParseFiniteDouble("-1e-310"), -1e-310);
  EXPECT_EQ(*ParseFiniteDouble("1e-400"), 0.0);  // rounds to 0, as typing any decimal rounds
  // Zero is +0 however it is written: a field would show -0 as "-0".
  EXPECT_FALSE(std::signbit(*ParseFiniteDouble("-0")));
  EXPECT_FALSE(std::signbit(*ParseFiniteDouble("-1e-400")));
  EXPECT_FALSE(std::signbit(*ParseFiniteDouble("-0.0e5")));
  // Decimal only, as closest-query reads: strtod's hexadecimal took "0x10" as 16 (review s32).
  for (const char* hex : {"0x1p-3", "0x10", "0X1.8", "-0x2"}) EXPECT_FALSE(ParseFiniteDouble(hex)) << hex;
  // The typed texts a sidebar field once took a prefix of (5-3 read as 5, 1e as 1).
  for (const char* bad : {"5-3", "2*3", "1.2.3", "1e5e5", "1e", "--5", "", " ", "1e999", "-1e999", "nan", "inf", "x"})
    EXPECT_FALSE(ParseFiniteDouble(bad)) << bad;
}

TEST(Options, ReadTypedNumberTakesSpacesAroundAndSaysWhyOtherwise) {
  // A field's text: spaces and tabs around the number are not part of it (review s29 #15:
  // " 3" was taken and "3 " refused).
  for (const char* typed : {"3", " 3", "3 ", "\t3 ", "  +3.0\t"}) {
    const TypedNumber read = ReadTypedNumber(typed);
    ASSERT_TRUE(read.value) << '"' << typed << '"';
    EXPECT_EQ(*read.value, 3.0);
    EXPECT_TRUE(read.problem.empty());
  }
  EXPECT_EQ(*ReadTypedNumber(" -1e-9 ").value, -1e-9);
  EXPECT_FALSE(std::signbit(*ReadTypedNumber(" -0 ").value));
  // Each refusal says why, in the person's words, not '"" is not a finite number'.
  const struct {
    const char* typed;
    const char* problem;
  } refused[] = {
      {"", "the field is empty; type a number such as 2.5 or -1e-9"},
      {"   ", "the field is empty; type a number such as 2.5 or -1e-9"},
      {"1e999", "\"1e999\" is beyond the double range (the largest magnitude is 1.7976931348623157e308)"},
      {" -1e999 ", "\"-1e999\" is beyond the double range (the largest magnitude is 1.7976931348623157e308)"},
      {"1.8e308", "\"1.8e308\" is beyond the double range (the largest magnitude is 1.7976931348623157e308)"},
      {"1,000", "\"1,000\" has a comma; write a decimal point as '.' (1.000) and a thousand without a separator (1000)"},
      {"12,25", "\"12,25\" has a decimal comma; write the decimal point as '.' (12.25)"},
      {"0,500", "\"0,500\" has a decimal comma; write the decimal point as '.' (0.500)"},
      {"-0,001", "\"-0,001\" has a decimal comma; write the decimal point as '.' (-0.001)"},
      {",000", "\",000\" has a decimal comma; write the decimal point as '.' (.000)"},
      {"-12,500", "\"-12,500\" has a comma; write a decimal point as '.' (-12.500) and a thousand without a separator (-12500)"},
      {"inf", "\"inf\" is infinite; every coordinate must be finite"},
      {"-Infinity", "\"-Infinity\" is infinite; every coordinate must be finite"},
      {"nan", "\"nan\" is not a number a point can have (NaN)"},
      {"2,5", "\"2,5\" has a decimal comma; write the decimal point as '.' (2.5)"},
      {"0x10", "\"0x10\" is not a decimal number (hexadecimal is not read); type a decimal such as 2.5, -0.75 or 1e-9"},
      {"5-3", "\"5-3\" is not a number; type a decimal such as 2.5, -0.75 or 1e-9"},
      {"1,2,3", "\"1,2,3\" is not a number; type a decimal such as 2.5, -0.75 or 1e-9"},
      {"3 4", "\"3 4\" is not a number; type a decimal such as 2.5, -0.75 or 1e-9"},
  };
  for (const auto& r : refused) {
    const TypedNumber read = ReadTypedNumber(r.typed);
    EXPECT_FALSE(read.value) << r.typed;
    EXPECT_EQ(read.problem, r.problem) << r.typed;
  }
  // Review s35: a pasted "3" with a no-break space after it was refused as "3 ", and "−3"
  // (U+2212) was not a number.
  for (const char* typed : {"3\xC2\xA0", "\xE2\x80\x89" "3", "\xE2\x80\xAF" "3 \xC2\xA0"}) {
    const TypedNumber read = ReadTypedNumber(typed);
    ASSERT_TRUE(read.value) << read.problem;
    EXPECT_EQ(*read.value, 3.0);
  }
  EXPECT_EQ(*ReadTypedNumber("\xE2\x88\x92" "3").value, -3.0);
  EXPECT_EQ(*ReadTypedNumber("1e\xE2\x88\x92" "3").value, 1e-3);
  EXPECT_FALSE(ReadTypedNumber("3\xC2\xA0" "4").value);
  // A long text is quoted shortened, at a character boundary.
  const TypedNumber longText = ReadTypedNumber(std::string(60, 'x'));
  EXPECT_EQ(longText.problem.rfind("\"" + std::string(40, 'x') + "…\" is not a number", 0), 0u) << longText.problem;
}

TEST(Options, APasteWithALineBreakOrTabInsideIsNotOneNumber) {
  // Review s35: "1\n2" pasted into a field became 12, "3\t4" 34, without a word.
  for (const char* bad : {"1\n2", "3\t4", " 1\r\n2 ", "5\n\n6\n"}) {
    const auto problem = PasteProblem(bad);
    ASSERT_TRUE(problem) << bad;
    EXPECT_NE(problem->find("has a line break or tab inside; a field takes one number"), std::string::npos) << *problem;
  }
  EXPECT_NE(PasteProblem("1\n2")->find("\"1 2\""), std::string::npos) << *PasteProblem("1\n2");
  // Line ends and spaces around one number are what a copied line carries: fine.
  for (const char* good : {"2.5", "2.5\n", "\t-1e-9\r\n", "", "\n", "3 4"}) EXPECT_FALSE(PasteProblem(good)) << good;
}

// A mutation run found the smallest --size untested: the design size itself, 320x200, is
// the least the layout fits and is taken; one pixel less on either side is refused.
TEST(Options, TheDesignSizeIsTheSmallestSizeTaken) {
  const ParsedOptions parsed = Parse({"--size", "320x200"});
  EXPECT_TRUE(parsed.error.empty()) << parsed.error;
  EXPECT_EQ(parsed.options.width, 320);
  EXPECT_EQ(parsed.options.height, 200);
  EXPECT_NE(Parse({"--size", "319x200"}).error.find("at least 320x200"), std::string::npos);
  EXPECT_NE(Parse({"--size", "320x199"}).error.find("at least 320x200"), std::string::npos);
}

}  // namespace
}  // namespace cq::app
