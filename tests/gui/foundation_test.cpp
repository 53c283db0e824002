// The program as a whole: flags, exit statuses, the no-display message, the screenshot.
#include <gtest/gtest.h>

#include "gui_support.hpp"

namespace cq::gui_test {
namespace {

size_t LineCount(const std::string& text) {
  size_t n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

TEST(Foundation, ScreenshotHasTheRequestedSizeAndIsNotOneColour) {
  TempDir dir;
  const RunResult r = RunLab("--size 640x400 --screenshot " + Quote((dir / "shot.png").string()), dir);
  ASSERT_EQ(r.status, 0) << r.err;
  const Png png(dir / "shot.png");
  ASSERT_TRUE(png.Loaded());
  EXPECT_EQ(png.Width(), 640);
  EXPECT_EQ(png.Height(), 400);
  EXPECT_GT(png.DistinctColours(), 20u);
}

TEST(Foundation, WithoutADisplayItSaysSoInOneLineAndFails) {
  TempDir dir;
  const RunResult r = RunShell("env -u DISPLAY -u WAYLAND_DISPLAY " + Quote(CQ_LAB_BINARY) + " --frames 1", dir);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(LineCount(r.err), 1u) << r.err;
  EXPECT_NE(r.err.find("xvfb-run"), std::string::npos) << r.err;
}

TEST(Foundation, BadFlagsExitTwoWithOneLine) {
  for (const char* args : {"--frobnicate", "--frames x", "--size 12", "--lesson triangle", "--set Q=1,2",
                           "--lesson box --set A=0,0", "--screenshot out.jpg"}) {
    TempDir dir;
    const RunResult r = RunShell(Quote(CQ_LAB_BINARY) + " " + args, dir);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(LineCount(r.err), 1u) << args << ": " << r.err;
  }
}

TEST(Foundation, UnknownLessonListsTheLessons) {
  TempDir dir;
  const RunResult r = RunShell(Quote(CQ_LAB_BINARY) + " --lesson triangle", dir);
  EXPECT_NE(r.err.find("segment, ray, line, plane, box, contact"), std::string::npos) << r.err;
}

TEST(Foundation, HelpExitsZeroAndNeedsNoDisplay) {
  TempDir dir;
  const RunResult r = RunShell("env -u DISPLAY " + Quote(CQ_LAB_BINARY) + " --help", dir);
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("--screenshot"), std::string::npos);
}

TEST(Foundation, FramesRunsThatManyFramesAndReportsPercentiles) {
  TempDir dir;
  const RunResult r = RunLab("--size 800x600 --frames 12 --report-frame-times", dir);
  ASSERT_EQ(r.status, 0) << r.err;
  // The first three frames (font atlas, shader compilation, layout) are left out.
  EXPECT_NE(r.out.find("frame times (ms) over 9 frames: median"), std::string::npos) << r.out;
}

TEST(Foundation, UnwritableScreenshotIsAnErrorNotACrash) {
  TempDir dir;
  const RunResult r = RunLab("--size 640x400 --screenshot /nonexistent-dir/shot.png", dir);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("cannot write /nonexistent-dir/shot.png"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace cq::gui_test
