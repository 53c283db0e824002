#include "logic/settings.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace cq::app {
namespace {

namespace fs = std::filesystem;

class SettingsFile : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = fs::temp_directory_path() / ("cq-settings-" + std::to_string(::getpid()) + "-" +
                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(m_dir);
    m_path = (m_dir / "closest-point-lab" / "settings.json").string();
  }
  void TearDown() override { fs::remove_all(m_dir); }
  void Write(const std::string& text) {
    fs::create_directories(fs::path(m_path).parent_path());
    std::ofstream(m_path) << text;
  }
  fs::path m_dir;
  std::string m_path;
};

TEST_F(SettingsFile, MissingFileGivesDefaultsWithoutWarning) {
  const LoadedSettings loaded = LoadSettings(m_path);
  EXPECT_TRUE(loaded.warning.empty());
  EXPECT_EQ(loaded.settings.windowWidth, Settings{}.windowWidth);
}

TEST_F(SettingsFile, SaveThenLoadRoundTrips) {
  Settings s;
  s.windowWidth = 1234;
  s.windowHeight = 777;
  s.windowX = 10;
  s.windowY = -20;
  s.uiScale = 1.75f;
  s.sidebarWidth = 500;
  s.showRegions = false;
  s.snapToGrid = true;
  s.showSidebar = false;
  s.numbers = NumberStyle::Exact;
  s.lesson = "box";
  ASSERT_EQ(SaveSettings(m_path, s), "");  // creates the directory
  const LoadedSettings loaded = LoadSettings(m_path);
  EXPECT_TRUE(loaded.warning.empty());
  EXPECT_EQ(loaded.settings.windowWidth, 1234);
  EXPECT_EQ(loaded.settings.windowHeight, 777);
  EXPECT_EQ(*loaded.settings.windowX, 10);
  EXPECT_EQ(*loaded.settings.windowY, -20);
  EXPECT_FLOAT_EQ(loaded.settings.uiScale, 1.75f);
  EXPECT_FALSE(loaded.settings.showRegions);
  EXPECT_TRUE(loaded.settings.snapToGrid);
  EXPECT_FALSE(loaded.settings.showSidebar);
  EXPECT_EQ(loaded.settings.numbers, NumberStyle::Exact);
  EXPECT_EQ(loaded.settings.lesson, "box");
}

TEST_F(SettingsFile, UnreadableFileIsMovedAsideNotOverwritten) {
  Write("{ this is not json");
  const LoadedSettings loaded = LoadSettings(m_path);
  EXPECT_NE(loaded.warning.find("unreadable"), std::string::npos);
  EXPECT_FALSE(fs::exists(m_path));
  std::ifstream kept(m_path + ".bad");
  std::string text((std::istreambuf_iterator<char>(kept)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "{ this is not json");
}

TEST_F(SettingsFile, OutOfRangeOrWrongTypedFieldsAreIgnoredOneByOne) {
  Write(R"({"window_width": 99999, "window_height": 700, "ui_scale": "big", "show_regions": false})");
  const LoadedSettings loaded = LoadSettings(m_path);
  EXPECT_TRUE(loaded.warning.empty());
  EXPECT_EQ(loaded.settings.windowWidth, Settings{}.windowWidth);
  EXPECT_EQ(loaded.settings.windowHeight, 700);
  EXPECT_FLOAT_EQ(loaded.settings.uiScale, Settings{}.uiScale);
  EXPECT_FALSE(loaded.settings.showRegions);
}

TEST_F(SettingsFile, ASecondUnreadableFileKeepsTheFirstOneMovedAside) {
  // Review s34: the second was renamed over the first's settings.json.bad.
  Write("first broken");
  EXPECT_FALSE(LoadSettings(m_path).warning.empty());
  Write("second broken");
  const LoadedSettings second = LoadSettings(m_path);
  EXPECT_NE(second.warning.find(m_path + ".bad.2"), std::string::npos) << second.warning;
  const auto read = [](const std::string& path) {
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  };
  EXPECT_EQ(read(m_path + ".bad"), "first broken");
  EXPECT_EQ(read(m_path + ".bad.2"), "second broken");
}

TEST_F(SettingsFile, WindowPositionNeedsBothCoordinatesAsWholeNumbersInRange) {
  // Review s34: one coordinate out of range or not a number put the window at 0 on that
  // axis, and 1e100 was converted to int (undefined behaviour); 1234.9 was cut to 1234.
  for (const char* text :
       {R"({"window_x": 1000000, "window_y": 50})", R"({"window_x": "left", "window_y": 50})",
        R"({"window_x": 1e100, "window_y": 50})", R"({"window_x": 1234.9, "window_y": 50})", R"({"window_y": 50})"}) {
    Write(text);
    const LoadedSettings loaded = LoadSettings(m_path);
    EXPECT_FALSE(loaded.settings.windowX.has_value()) << text;
    EXPECT_FALSE(loaded.settings.windowY.has_value()) << text;
  }
  Write(R"({"window_x": -30, "window_y": 50, "window_width": 1e100, "window_height": 900.5})");
  const LoadedSettings loaded = LoadSettings(m_path);
  EXPECT_EQ(loaded.settings.windowX, -30);
  EXPECT_EQ(loaded.settings.windowY, 50);
  EXPECT_EQ(loaded.settings.windowWidth, Settings{}.windowWidth);
  EXPECT_EQ(loaded.settings.windowHeight, Settings{}.windowHeight);
}

TEST(FitUiScale, KeepsTheWantedScaleWhenTheWindowHasRoomForIt) {
  for (const float wanted : {0.5f, 1.0f, 1.5f, 2.0f, 4.0f}) {
    const FittedUiScale fitted = FitUiScale(wanted, 1600, 1000);  // room for 5
    EXPECT_FLOAT_EQ(fitted.scale, wanted);
    EXPECT_FALSE(fitted.reduced);
  }
  // Exactly the design size at the wanted scale still fits.
  EXPECT_FALSE(FitUiScale(2.0f, 2 * k_designWidth, 2 * k_designHeight).reduced);
  EXPECT_FALSE(FitUiScale(1.0f, k_designWidth, k_designHeight).reduced);
}

TEST(FitUiScale, ASmallWindowGetsTheLargestScaleThatFitsInStepsOfFivePercent) {
  // 640x480 fits 2 (its width); 800x600 fits 2.5; 700x500 fits 2.1875 by width and 2.5 by
  // height: 2.15 in steps of 5 %.
  EXPECT_FLOAT_EQ(FitUiScale(3.0f, 640, 480).scale, 2.0f);
  EXPECT_TRUE(FitUiScale(3.0f, 640, 480).reduced);
  EXPECT_FLOAT_EQ(FitUiScale(4.0f, 800, 600).scale, 2.5f);
  EXPECT_FLOAT_EQ(FitUiScale(4.0f, 700, 500).scale, 2.15f);
  // The height can be what limits: 1600x300 fits 1.5.
  EXPECT_FLOAT_EQ(FitUiScale(2.0f, 1600, 300).scale, 1.5f);
  // A few pixels of resizing do not change the scale (no font rebuild per pixel).
  EXPECT_FLOAT_EQ(FitUiScale(3.0f, 641, 481).scale, FitUiScale(3.0f, 655, 495).scale);
  // Never below the smallest scale, however small the window.
  EXPECT_FLOAT_EQ(FitUiScale(2.0f, 100, 60).scale, k_minUiScale);
  // A wanted scale below the limit is never raised.
  EXPECT_FLOAT_EQ(FitUiScale(0.75f, 640, 480).scale, 0.75f);
}

TEST(SettingsPath, UsesXdgConfigHomeThenHome) {
  const char* oldXdg = std::getenv("XDG_CONFIG_HOME");
  const std::string savedXdg = oldXdg ? oldXdg : "";
  ::setenv("XDG_CONFIG_HOME", "/tmp/xdg-test", 1);
  EXPECT_EQ(*SettingsPath(), "/tmp/xdg-test/closest-point-lab/settings.json");
  ::unsetenv("XDG_CONFIG_HOME");
  const char* home = std::getenv("HOME");
  if (home && *home) {
    EXPECT_EQ(*SettingsPath(), std::string(home) + "/.config/closest-point-lab/settings.json");
  }
  if (oldXdg) ::setenv("XDG_CONFIG_HOME", savedXdg.c_str(), 1);
}

}  // namespace
}  // namespace cq::app
