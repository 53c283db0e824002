// A scene as a closest-lab command line and back (Edit > Copy scene, Paste scene).
#include "logic/scene_text.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "logic/scene.hpp"

namespace cq::app {
namespace {

bool SameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

/// The points a paste would leave in `lesson`, starting from `start`.
Points Applied(const PastedScene& pasted, Points start) {
  for (const HandleAssignment& set : pasted.sets) start[size_t(pasted.lesson->PointIndex(set.name))] = set.position;
  return start;
}

TEST(SceneText, TheCommandLineNamesTheLessonAndEveryPoint) {
  const Lesson& segment = *FindLesson("segment");
  EXPECT_EQ(SceneCommandLine(segment, {{{-4, 0}}, {{4, 0}}, {{0, -2}}}),
            "closest-lab --lesson segment --set A=-4,0 --set B=4,0 --set P=0,-2");
  const Lesson& box = *FindLesson("box");
  EXPECT_EQ(SceneCommandLine(box, {{{-1.5, 0.1}}, {{2, 1e-300}}, {{3e+300, 5}}}),
            "closest-lab --lesson box --set Min=-1.5,0.1 --set Max=2,1e-300 --set P=3e+300,5");
}

// Every preset of every lesson, and points no short decimal writes, come back bit for bit.
TEST(SceneText, EveryPresetAndAwkwardDoublesComeBackBitForBit) {
  const double awkward[] = {0.1 + 0.2, -1e-300, 5e-324, -std::numeric_limits<double>::max(), 1.0 / 3, 123456789.125};
  int checked = 0;
  for (const Lesson* lesson : LessonTable()) {
    std::vector<Points> scenes;
    for (const Preset& preset : lesson->Presets()) scenes.push_back(preset.points);
    Points odd = scenes.front();
    for (size_t i = 0; i < odd.size(); ++i) odd[i] = {{awkward[i % 6], awkward[(i + 3) % 6]}};
    scenes.push_back(odd);
    for (const Points& points : scenes) {
      const Lesson& other = *LessonTable()[(lesson == LessonTable().front()) ? 1 : 0];
      const PastedScene pasted = ReadPastedScene(SceneCommandLine(*lesson, points), other);
      ASSERT_EQ(pasted.error, "") << SceneCommandLine(*lesson, points);
      ASSERT_EQ(pasted.lesson, lesson);
      EXPECT_TRUE(pasted.leftOut.empty());
      const Points back = Applied(pasted, Points(points.size(), cq::Vec2d{{7, 7}}));
      for (size_t i = 0; i < points.size(); ++i)
        for (int k = 0; k < 2; ++k) EXPECT_TRUE(SameBits(back[i].v[k], points[i].v[k])) << lesson->Id() << " " << i;
      ++checked;
    }
  }
  EXPECT_GE(checked, 30);
}

TEST(SceneText, ShellWordsSplitAsAShellWould) {
  std::string error;
  EXPECT_EQ(ShellWords("  closest-lab\t--lesson  ray \n", error), (std::vector<std::string>{"closest-lab", "--lesson", "ray"}));
  EXPECT_EQ(ShellWords("a 'b c' \"d \\\"e\\\" $f\" g\\ h ''", error),
            (std::vector<std::string>{"a", "b c", "d \"e\" $f", "g h", ""}));
  // A command broken over lines with a backslash, as in a README or a slide.
  EXPECT_EQ(ShellWords("a #b c\nd e#f '#g'", error), (std::vector<std::string>{"a", "d", "e#f", "#g"}));
  EXPECT_EQ(ShellWords("closest-lab --lesson box \\\n  --set P=3,1 \\\r\n --set Min=0,0", error),
            (std::vector<std::string>{"closest-lab", "--lesson", "box", "--set", "P=3,1", "--set", "Min=0,0"}));
  EXPECT_EQ(error, "");
  EXPECT_TRUE(ShellWords("closest-lab --set 'P=3,1", error).empty());
  EXPECT_EQ(error, "a ' quote is not closed");
  error.clear();
  EXPECT_TRUE(ShellWords("closest-lab --set \"P=3,1", error).empty());
  EXPECT_EQ(error, "a \" quote is not closed");
}

TEST(SceneText, APasteTakesTheFormsACommandIsWrittenIn) {
  const Lesson& segment = *FindLesson("segment");
  for (const char* text : {"closest-lab --lesson box --set P=3,1", "$ closest-lab --lesson box --set P=3,1\n",
                           "./build/app/closest-lab --lesson=box --set=P=3,1", "./lab run --lesson box --set P=3,1",
                           "--lesson box --set P=3,1", "closest-lab --lesson box \\\n  --set 'P=3, 1'",
                           "closest-lab --lesson box --set P=3,1 --size 1280x800 --screenshot box.png",
                           "\xEF\xBB\xBF" "closest-lab --lesson box --set P=3,1", "closest-lab.exe --lesson box --set P=3,1",
                           "# the box, P outside\nclosest-lab --lesson box --set P=3,1  # past Max"}) {
    const PastedScene pasted = ReadPastedScene(text, segment);
    EXPECT_EQ(pasted.error, "") << text;
    EXPECT_EQ(pasted.lesson, FindLesson("box")) << text;
    ASSERT_EQ(pasted.sets.size(), 1u) << text;
    EXPECT_EQ(pasted.sets[0].position, (cq::Vec2d{{3, 1}})) << text;
  }
  // Without --lesson the points go into the open lesson.
  const PastedScene here = ReadPastedScene("closest-lab --set B=-2,5", segment);
  EXPECT_EQ(here.error, "");
  EXPECT_EQ(here.lesson, &segment);
  // Flags a running app does not take are named, not silently dropped.
  const PastedScene slide =
      ReadPastedScene("closest-lab --lesson ray --size 1280x800 --ui-scale 1.5 --screenshot ray.png", segment);
  EXPECT_EQ(slide.error, "");
  EXPECT_EQ(slide.leftOut, (std::vector<std::string>{"--size", "--ui-scale", "--screenshot"}));
}

TEST(SceneText, ABadPasteSaysWhyInOneLine) {
  const Lesson& segment = *FindLesson("segment");
  const auto error = [&](std::string_view text) { return ReadPastedScene(text, segment).error; };
  EXPECT_EQ(error(""), "the clipboard is empty: copy a closest-lab command line, such as closest-lab --lesson segment "
                       "--set P=3,1");
  EXPECT_EQ(error(" \n\t"), error(""));
  EXPECT_EQ(error("2.5"), "\"2.5\" is not a scene: paste a closest-lab command line, such as closest-lab --lesson "
                          "segment --set P=3,1");
  EXPECT_EQ(error("{\"query\":\"segment\",\"a\":[0,0],\"b\":[5,0],\"p\":[3,1]}").substr(0, 30),
            "\"{\"query\":\"segment\",\"a\":[0,0],");
  EXPECT_NE(error("{\"query\":\"segment\",\"a\":[0,0],\"b\":[5,0],\"p\":[3,1]}").find("is closest-query's input, not a scene"),
            std::string::npos);
  EXPECT_NE(error("closest-query segment --a 0,0 --b 5,0 --p 3,1").find("closest-query's input"), std::string::npos);
  EXPECT_EQ(error("closest-lab --lesson sphere"),
            "unknown lesson 'sphere' (lessons: segment, ray, line, plane, box, contact)");
  EXPECT_EQ(error("closest-lab --lesson plane --set P=1,1 --set Q=2,2"),
            "--set Q: the Plane lesson has no point 'Q' (points: O, N, P)");
  EXPECT_EQ(error("closest-lab --set P=1,1 --set p=2,2"), "--set p given twice; place each point once");
  EXPECT_NE(error("closest-lab --set P=1,2,3").find("--set P=1,2,3: "), std::string::npos);
  EXPECT_EQ(error("closest-lab --lesson box --lesson ray"), "--lesson given twice (first 'box'); give it once");
  EXPECT_EQ(error("closest-lab"), "\"closest-lab\" names no lesson and places no point (--lesson NAME, --set NAME=x,y)");
  EXPECT_EQ(error("closest-lab --set 'P=3,1"), "\"closest-lab --set 'P=3,1\": a ' quote is not closed");
  // Two commands (review: "unknown flag 'closest-lab'"), and a start-up flag with a bad
  // value, refused as at start-up.
  EXPECT_EQ(error("closest-lab --lesson ray\nclosest-lab --set P=1,2"),
            "\"closest-lab --lesson ray closest-lab --set P=1,2\" holds more than one closest-lab command: paste one "
            "scene");
  EXPECT_EQ(error("closest-lab --lesson ray --size 10x10"), "--size must be at least 320x200");
  // A long clipboard is refused before it is read, and a long line is shortened in the message.
  EXPECT_EQ(error(std::string(k_maxPastedScene + 1, 'x')),
            "the clipboard holds 16385 bytes, too long for a scene (a command line of every point is a few hundred)");
  const std::string wordy = error(std::string(200, 'y'));
  EXPECT_LT(wordy.size(), 160u);  // the 200 y's cut to 48 bytes
  EXPECT_NE(wordy.find("…"), std::string::npos);
}

TEST(SceneText, StartUpAndPasteRefuseTheSameSetsInTheSameWords) {
  const Lesson& ray = *FindLesson("ray");
  EXPECT_EQ(ChooseScene(std::nullopt, {{"P", {{1, 1}}}}, ray).lesson, &ray);
  EXPECT_EQ(ChooseScene(std::string("contact"), {{"r", {{1, 1}}}, {"C", {{0, 0}}}}, ray).lesson, FindLesson("contact"));
  const SceneChoice twice = ChooseScene(std::string("contact"), {{"R", {{1, 1}}}, {"r", {{2, 2}}}}, ray);
  EXPECT_EQ(twice.lesson, nullptr);
  EXPECT_EQ(twice.error, "--set r given twice; place each point once");
}

// A paste is one undo step, across lessons, and a paste of the scene shown is none.
TEST(SceneText, ALoadedSceneIsOneUndoStep) {
  Scene scene(*FindLesson("segment"));
  scene.selectedHandle = 2;
  const Points segmentBefore = scene.CurrentPoints();
  const PastedScene pasted = ReadPastedScene("closest-lab --lesson box --set P=9,9", scene.CurrentLesson());
  ASSERT_EQ(pasted.error, "");
  const size_t box = 4;
  ASSERT_EQ(LessonTable()[box], FindLesson("box"));
  EXPECT_TRUE(scene.Load(box, pasted.sets, pasted.lessonNamed));
  EXPECT_EQ(scene.CurrentLesson().Id(), "box");
  EXPECT_EQ(scene.CurrentPoints()[2], (cq::Vec2d{{9, 9}}));
  EXPECT_FALSE(scene.selectedHandle.has_value());  // another lesson's handle 2 is not this one
  EXPECT_FALSE(scene.LoadedPreset().has_value());
  EXPECT_FALSE(scene.Load(box, pasted.sets, pasted.lessonNamed));  // the same again: no step
  EXPECT_TRUE(scene.Undo());                   // it framed, as a lesson switch does
  EXPECT_EQ(scene.CurrentLesson().Id(), "segment");
  EXPECT_EQ(scene.CurrentPoints(), segmentBefore);
  // Points that are a preset's are that preset's, as after a drag onto them.
  const Points third = FindLesson("segment")->Presets()[2].points;
  EXPECT_TRUE(scene.Load(0, {{"A", third[0]}, {"B", third[1]}, {"P", third[2]}}, true));
  EXPECT_EQ(scene.LoadedPreset(), std::optional<size_t>(2));
}

// A command that names its lesson opens that lesson's default points but those it sets,
// as it does from a shell; the paste did the same to the points already there (audit: on
// preset 6, A = B, "--lesson segment --set P=1,1" kept A = B). Without --lesson the points
// it does not set stay.
TEST(SceneText, APasteThatNamesItsLessonStartsFromItsDefaultPoints) {
  const Lesson& segment = *FindLesson("segment");
  const Points defaults = segment.Presets().front().points;
  Scene scene(segment);
  scene.ApplyPreset(5);
  ASSERT_NE(scene.CurrentPoints(), defaults);
  const PastedScene named = ReadPastedScene("closest-lab --lesson segment --set P=1,1", segment);
  ASSERT_TRUE(named.lessonNamed);
  EXPECT_TRUE(scene.Load(0, named.sets, named.lessonNamed));
  EXPECT_EQ(scene.CurrentPoints()[0], defaults[0]);
  EXPECT_EQ(scene.CurrentPoints()[1], defaults[1]);
  EXPECT_EQ(scene.CurrentPoints()[2], (cq::Vec2d{{1, 1}}));
  // "--lesson segment" alone on preset 6 is the default scene, not "nothing changed".
  scene.ApplyPreset(5);
  EXPECT_TRUE(scene.Load(0, {}, true));
  EXPECT_EQ(scene.CurrentPoints(), defaults);
  // Without --lesson: a partial edit of the open scene.
  scene.ApplyPreset(5);
  const Points sixth = scene.CurrentPoints();
  const PastedScene unnamed = ReadPastedScene("closest-lab --set P=2,2", segment);
  ASSERT_FALSE(unnamed.lessonNamed);
  EXPECT_TRUE(scene.Load(0, unnamed.sets, unnamed.lessonNamed));
  EXPECT_EQ(scene.CurrentPoints()[0], sixth[0]);
  EXPECT_EQ(scene.CurrentPoints()[2], (cq::Vec2d{{2, 2}}));
}

}  // namespace
}  // namespace cq::app
