// Edit > Copy as closest-query command: the lesson's question as closest-query takes it.
// Run through the tool's own one-shot code, every preset of every lesson gets the lab's
// answer to the last bit (the closest point; a contact's resolved centre too), or, for the
// plane, a note where d = n·O rounded makes the tool's plane another one.
#include <gtest/gtest.h>

#include <string>
#include <variant>
#include <vector>

#include "lessons/lessons.hpp"
#include "logic/scene_text.hpp"
#include "query/one_shot.hpp"

namespace cq::app {
namespace {

const WorldRect k_view{{{-20, -15}}, {{20, 15}}};

/// The tool's text for a copied command ("closest-query" and its arguments).
query::OneShotResult RunTool(const std::string& command) {
  std::string error;
  std::vector<std::string> words = ShellWords(command, error);
  EXPECT_EQ(error, "");
  EXPECT_FALSE(words.empty());
  EXPECT_EQ(words.front(), "closest-query");
  words.erase(words.begin());
  return query::RunOneShot(words);
}

std::string Pair(const cq::Vec2d& p) {
  return "(" + query::FormatWordsNumber(p.x()) + ", " + query::FormatWordsNumber(p.y()) + ")";
}

TEST(QueryCommand, EveryPresetGetsTheLabsAnswerFromTheTool) {
  int checked = 0;
  for (const Lesson* lesson : LessonTable()) {
    for (const Preset& preset : lesson->Presets()) {
      const Lesson::QueryCommand query = lesson->ClosestQueryCommand(preset.points);
      const LessonFrame frame = lesson->Evaluate(preset.points, k_view, NumberStyle::Readable);
      const query::OneShotResult tool = RunTool(query.command);
      const std::string what = std::string(lesson->Id()) + " / " + preset.name + ": " + query.command;
      if (frame.error) {  // the zero normal: the tool refuses it too
        EXPECT_EQ(tool.exitCode, 2) << what;
        continue;
      }
      ASSERT_EQ(tool.exitCode, 0) << what << "\n" << tool.text;
      EXPECT_EQ(query.note, "") << what;  // every preset's plane goes through O exactly
      std::string expected;
      if (const auto* r = std::get_if<cq::LinearResult<double, 2>>(&frame.result)) expected = "closest point " + Pair(r->closest);
      if (const auto* r = std::get_if<cq::PlaneResult<double, 2>>(&frame.result)) expected = "closest point " + Pair(r->closest);
      if (const auto* r = std::get_if<cq::BoxResult<double, 2>>(&frame.result)) expected = "closest point " + Pair(r->closest);
      if (const auto* r = std::get_if<cq::ContactResult<double, 2>>(&frame.result))
        expected = "resolved center " + Pair(r->resolvedCenter);
      ASSERT_FALSE(expected.empty()) << what;
      EXPECT_NE(tool.text.find(expected), std::string::npos) << what << "\nwant " << expected << " in\n" << tool.text;
      ++checked;
    }
  }
  EXPECT_GE(checked, 25);
}

// O = (0.7, 0.9), N = (0.8, 1.2), P = O, as typed: n·O is not a double, and P, on the
// lab's plane, lies behind the tool's (d = 0.34 rounded up: s = -6.3e-17 there).
TEST(QueryCommand, APlaneWhoseOffsetIsRoundedSaysSo) {
  const Lesson& plane = *FindLesson("plane");
  const cq::Vec2d o{{0.7, 0.9}};
  const Points points{o, {{0.8, 1.2}}, o};
  const Lesson::QueryCommand query = plane.ClosestQueryCommand(points);
  EXPECT_EQ(query.command,
            "closest-query plane --n=0.10000000000000009,0.29999999999999993 --d=0.34 --p=0.7,0.9");
  EXPECT_NE(query.note.find("with d = n·O rounded to a double, off the lab's plane through O"), std::string::npos)
      << query.note;
  const query::OneShotResult tool = RunTool(query.command);
  EXPECT_NE(tool.text.find("region: back"), std::string::npos) << tool.text;
  const LessonFrame lab = plane.Evaluate(points, k_view, NumberStyle::Readable);
  using PlaneAnswer = cq::PlaneResult<double, 2>;
  EXPECT_EQ(std::get<PlaneAnswer>(lab.result).region, cq::PlaneRegion::On);
  // Through the origin, d = 0 exactly: no note.
  EXPECT_EQ(plane.ClosestQueryCommand({{{0, 0}}, {{0.1, 0.3}}, {{0.7, 0.9}}}).note, "");
  // d beyond the range (O and N at opposite ends): the tool cannot take the plane; the
  // note says so rather than "a hair off" (audit).
  const Lesson::QueryCommand far = plane.ClosestQueryCommand({{{-1e308, 0}}, {{1e308, 0}}, {{1, 1}}});
  EXPECT_EQ(far.note, "d = n·O is beyond the double range, so closest-query cannot take this plane as n·x = d; the "
                      "lab answers for the plane through O");
  EXPECT_EQ(RunTool(far.command).exitCode, 2);
}

// The commands as a person reads them: the tool's one-shot options in their --name=value
// form, the contact's radius as r = |R|; and a radius beyond the range, which the tool
// refuses as the lab does, is said to be.
TEST(QueryCommand, TheCommandsReadAsTheToolsOwnExamplesDo) {
  const Lesson& segment = *FindLesson("segment");
  EXPECT_EQ(segment.ClosestQueryCommand({{{-4, 0}}, {{4, 0}}, {{0, -2}}}).command,
            "closest-query segment --a=-4,0 --b=4,0 --p=0,-2");
  const Lesson& contact = *FindLesson("contact");
  EXPECT_EQ(contact.ClosestQueryCommand({{{-4, 0}}, {{2, 0}}, {{3, 0.5}}, {{0, 2}}}).command,
            "closest-query contact --center=3,0.5 --radius=2 --shape segment --a=-4,0 --b=2,0");
  const Lesson::QueryCommand huge = contact.ClosestQueryCommand({{{-4, 0}}, {{2, 0}}, {{3, 0.5}}, {{1.5e308, 1.5e308}}});
  EXPECT_NE(huge.command.find("--radius=inf"), std::string::npos) << huge.command;
  EXPECT_EQ(huge.note, "r = |R| is beyond the double range; closest-query refuses it too");
  EXPECT_EQ(RunTool(huge.command).exitCode, 2);
}

}  // namespace
}  // namespace cq::app
