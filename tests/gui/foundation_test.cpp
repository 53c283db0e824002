// The program as a whole: flags, exit statuses, the no-display message, the screenshot.
#include <gtest/gtest.h>

#include <filesystem>

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

// Robustness audit of 2026-11-28's night session: a screenshot cut short by a full disk
// (here: a link to /dev/full) was reported as written (stb ignores fwrite's and fclose's
// results), and --frames 1 with --screenshot ended the run before the screenshot, with
// exit 0 and no file.
TEST(Foundation, AScreenshotIsWrittenWholeOrSaysWhyNot) {
  TempDir dir;
  std::filesystem::create_symlink("/dev/full", dir / "full.png");
  const RunResult full = RunLab("--screenshot " + Quote((dir / "full.png").string()), dir);
  EXPECT_EQ(full.status, 1) << full.err;
  EXPECT_NE(full.err.find("No space left on device"), std::string::npos) << full.err;
  for (const char* frames : {"1", "2"}) {
    const std::filesystem::path shot = dir / (std::string("frames") + frames + ".png");
    const RunResult r = RunLab("--frames " + std::string(frames) + " --screenshot " + Quote(shot.string()), dir);
    EXPECT_EQ(r.status, 0) << r.err;
    const Png png(shot);
    ASSERT_TRUE(png.Loaded()) << "--frames " << frames;
    EXPECT_GT(png.DistinctColours(), 20u);
  }
}

// A point placed twice (--set P=1,2 --set P=3,4) took the last silently (audit of
// 2026-11-28's night session): which one was meant is not for the app to guess.
TEST(Foundation, APointSetTwiceIsRefusedByName) {
  for (const char* args : {"--set P=1,2 --set P=3,4", "--lesson box --set Min=0,0 --set P=1,1 --set Min=2,2"}) {
    TempDir dir;
    const RunResult r = RunShell(Quote(CQ_LAB_BINARY) + " --no-config " + args, dir);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(LineCount(r.err), 1u) << args << ": " << r.err;
    EXPECT_NE(r.err.find("given twice"), std::string::npos) << args << ": " << r.err;
  }
  // Each point once is fine.
  TempDir dir;
  const RunResult once = RunLab("--set P=1,2 --set A=3,4 --frames 1 --dump-state " + Quote((dir / "s.json").string()), dir);
  EXPECT_EQ(once.status, 0) << once.err;
  EXPECT_EQ(ReadJson(dir / "s.json")["points"]["P"], nlohmann::json::parse("[1.0, 2.0]"));
}

// Scenes at the ends of the double range, a plane whose handles lie near 1e300, and windows
// too small for the sidebar at a large UI scale: each renders and exits 0. Before, these
// hung (a grid loop whose k += 1 stopped changing k), used memory without bound (dashes of
// a line millions of pixels long), crashed in ImGui (a label at an infinite pixel, a
// zero-sized button). The address-space limit makes a runaway fail fast.
TEST(Foundation, ExtremeScenesAndSmallWindowsRenderAndExit) {
  const char* cases[] = {
      "--lesson segment --set A=0,0 --set B=5,0 --set P=1e300,0",
      "--lesson segment --set A=0,0 --set B=5,0 --set P=1e25,0",
      "--lesson segment --set A=1e15,0 --set B=1000000000000004,0 --set P=1000000000000002,2",
      "--lesson segment --set A=0,0 --set B=5,0 --set P=2,1e15",
      "--lesson plane --set O=0,0 --set N=1e300,1e300 --set P=3,2",
      "--lesson box --set Min=-1e308,-1e308 --set Max=1e308,1e308 --set P=3,2",
      "--lesson contact --set A=-1e308,0 --set B=1e308,0 --set C=0,1e308 --set R=1e308,0",
      // A pushed-out ball 1e308 across, C off the wire: its dashed outline was dashed along
      // pieces 1e300 pixels long, and the app hung and took gigabytes (review s34).
      "--lesson contact --set A=0,0 --set B=4,0 --set C=100000,0.5 --set R=1e308,0",
      "--lesson contact --set A=0,0 --set B=4,0 --set C=1e154,0.5 --set R=1e308,0",
      "--size 800x600 --ui-scale 4",
      "--size 320x200 --ui-scale 1.5",
  };
  for (const char* args : cases) {
    TempDir dir;
    const RunResult r = RunShell("ulimit -v 4000000; timeout 60 xvfb-run -a -s '-screen 0 1600x1000x24' " +
                                     Quote(CQ_LAB_BINARY) + " --no-config " + args + " --screenshot " +
                                     Quote((dir / "shot.png").string()),
                                 dir);
    EXPECT_EQ(r.status, 0) << args << ": " << r.err;
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

// --dump-state to a file that cannot be written said "cannot write /nonexistent/x.json",
// no reason given, and only once every frame had run. The reason is given, at start-up:
// before the window opens (here, before the missing display is even noticed), so that
// 100000 frames are not run first.
TEST(Foundation, AnUnwritableStateFileIsReportedWithItsReasonBeforeTheFramesRun) {
  TempDir dir;
  const RunResult r = RunShell("timeout 60 xvfb-run -a -s '-screen 0 1600x1000x24' " + Quote(CQ_LAB_BINARY) +
                                   " --no-config --frames 100000 --dump-state /nonexistent-dir/x.json",
                               dir);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.err, "closest-lab: cannot write /nonexistent-dir/x.json: No such file or directory\n");
  const RunResult noDisplay = RunShell("env -u DISPLAY -u WAYLAND_DISPLAY " + Quote(CQ_LAB_BINARY) +
                                           " --frames 2 --dump-state /nonexistent-dir/x.json",
                                       dir);
  EXPECT_EQ(noDisplay.status, 1);
  EXPECT_EQ(noDisplay.err, r.err);
  // A screenshot's file likewise, with its reason.
  const RunResult shot = RunShell("env -u DISPLAY -u WAYLAND_DISPLAY " + Quote(CQ_LAB_BINARY) +
                                      " --screenshot /nonexistent-dir/shot.png",
                                  dir);
  EXPECT_EQ(shot.status, 1);
  EXPECT_EQ(shot.err, "closest-lab: cannot write /nonexistent-dir/shot.png: No such file or directory\n");
  // A writable one is not left behind by the check when the run fails for another reason.
  const RunResult failed = RunShell("env -u DISPLAY -u WAYLAND_DISPLAY " + Quote(CQ_LAB_BINARY) +
                                        " --frames 2 --dump-state " + Quote((dir / "x.json").string()),
                                    dir);
  EXPECT_EQ(failed.status, 1);
  EXPECT_FALSE(std::filesystem::exists(dir / "x.json"));
}

// A UI scale the window has no room for is drawn smaller, and said: at 640x480 and UI scale
// 3 the Help menu used to lie past the window's right edge. The wanted scale is kept.
TEST(Foundation, TheMenuBarFitsTheWindowAtEveryUiScale) {
  struct Case {
    int width;
    int height;
    double wanted;
    double shown;  // the scale the window has room for (FitUiScale)
  };
  const Case cases[] = {{640, 480, 3, 2}, {800, 600, 4, 2.5}, {320, 200, 2, 1}, {1024, 768, 2.5, 2.5},
                        {1600, 1000, 4, 4}};
  for (const Case& c : cases) {
    TempDir dir;
    const std::string size = std::to_string(c.width) + "x" + std::to_string(c.height);
    const std::string args = "--size " + size + " --ui-scale " + std::to_string(c.wanted);
    const nlohmann::json state = StateAfterFrames(args, dir);
    ASSERT_TRUE(state.contains("menu_bar_right")) << args;
    EXPECT_LE(state["menu_bar_right"].get<double>(), c.width) << args;
    EXPECT_DOUBLE_EQ(state["ui_scale"].get<double>(), c.shown) << args;
    EXPECT_DOUBLE_EQ(state["ui_scale_wanted"].get<double>(), c.wanted) << args;
    const std::string status = state["status"].get<std::string>();
    if (c.shown < c.wanted)
      EXPECT_NE(status.find("needs a larger window"), std::string::npos) << args << ": " << status;
    else
      EXPECT_EQ(status, "") << args;
  }
}

}  // namespace
}  // namespace cq::gui_test
