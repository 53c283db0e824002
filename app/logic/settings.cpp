#include "logic/settings.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>
#include <type_traits>

#include <nlohmann/json.hpp>

namespace cq::app {
namespace {

/// Sets `out` from field `key` where it is a number in [lo, hi] (for an integer field, a
/// whole number: 1234.9 or 1e100 is ignored, not truncated or converted out of range);
/// returns whether it did.
template <class T>
bool ReadField(const nlohmann::json& j, const char* key, T& out, T lo, T hi) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_number()) return false;
  const double v = it->get<double>();
  if (!(v >= double(lo) && v <= double(hi))) return false;
  if constexpr (std::is_integral_v<T>) {
    if (!it->is_number_integer()) return false;
  }
  out = static_cast<T>(v);
  return true;
}

/// `path` + ".bad", or ".bad.2", ".bad.3", ... : the first name not taken, so that a second
/// unreadable file does not replace the first one moved aside.
std::string FreeBackupName(const std::string& path) {
  std::error_code ec;
  std::string name = path + ".bad";
  for (int n = 2; std::filesystem::exists(name, ec) && n < 1000; ++n) name = path + ".bad." + std::to_string(n);
  return name;
}

void ReadBool(const nlohmann::json& j, const char* key, bool& out) {
  const auto it = j.find(key);
  if (it != j.end() && it->is_boolean()) out = it->get<bool>();
}

}  // namespace

FittedUiScale FitUiScale(float wanted, double windowWidth, double windowHeight) {
  const double fits = std::min(windowWidth / double(k_designWidth), windowHeight / double(k_designHeight));
  // Steps of 5 %: a window resized by a few pixels does not rebuild the fonts, and the
  // scale reads as a round percentage. The small tolerance keeps 640 / 320 at exactly 2.
  const double stepped = std::floor(fits * 20.0 + 1e-9) / 20.0;
  const float limit = std::max(k_minUiScale, float(stepped));
  if (!(wanted > limit)) return {wanted, false};
  return {limit, true};
}

std::optional<std::string> SettingsPath() {
  std::filesystem::path dir;
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) {
    dir = xdg;
  } else if (const char* home = std::getenv("HOME"); home && *home) {
    dir = std::filesystem::path(home) / ".config";
  } else {
    return std::nullopt;
  }
  return (dir / "closest-point-lab" / "settings.json").string();
}

LoadedSettings LoadSettings(const std::string& path) {
  LoadedSettings loaded;
  std::ifstream in(path);
  if (!in) return loaded;
  std::stringstream text;
  text << in.rdbuf();
  const nlohmann::json j = nlohmann::json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) {
    std::error_code ec;
    const std::string backup = FreeBackupName(path);
    std::filesystem::rename(path, backup, ec);
    loaded.warning = "ignoring unreadable settings file " + path +
                     (ec ? std::string(" (could not move it aside: ") + ec.message() + ")"
                         : std::string(" (moved aside to ") + backup + ")");
    return loaded;
  }
  Settings& s = loaded.settings;
  ReadField(j, "window_width", s.windowWidth, k_designWidth, 16384);
  ReadField(j, "window_height", s.windowHeight, k_designHeight, 16384);
  // The window's position only where both coordinates read (one out of range put the
  // window at 0 on that axis).
  int x = 0;
  int y = 0;
  if (ReadField(j, "window_x", x, -65536, 65536) && ReadField(j, "window_y", y, -65536, 65536)) {
    s.windowX = x;
    s.windowY = y;
  }
  ReadField(j, "ui_scale", s.uiScale, k_minUiScale, k_maxUiScale);
  ReadField(j, "sidebar_width", s.sidebarWidth, 200.0f, 2000.0f);
  ReadBool(j, "show_regions", s.showRegions);
  ReadBool(j, "show_steps", s.showSteps);
  ReadBool(j, "show_sidebar", s.showSidebar);
  ReadBool(j, "snap_to_grid", s.snapToGrid);
  if (const auto it = j.find("numbers"); it != j.end() && it->is_string())
    s.numbers = it->get<std::string>() == "exact" ? NumberStyle::Exact : NumberStyle::Readable;
  if (const auto it = j.find("lesson"); it != j.end() && it->is_string()) s.lesson = it->get<std::string>();
  return loaded;
}

std::string SaveSettings(const std::string& path, const Settings& s) {
  nlohmann::json j;
  j["window_width"] = s.windowWidth;
  j["window_height"] = s.windowHeight;
  if (s.windowX && s.windowY) {
    j["window_x"] = *s.windowX;
    j["window_y"] = *s.windowY;
  }
  j["ui_scale"] = s.uiScale;
  j["sidebar_width"] = s.sidebarWidth;
  j["show_regions"] = s.showRegions;
  j["show_steps"] = s.showSteps;
  j["show_sidebar"] = s.showSidebar;
  j["snap_to_grid"] = s.snapToGrid;
  j["numbers"] = s.numbers == NumberStyle::Exact ? "exact" : "readable";
  j["lesson"] = s.lesson;
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  if (ec) return "cannot create " + std::filesystem::path(path).parent_path().string() + ": " + ec.message();
  // Write a temporary file and rename it over the old one, so a crash mid-write never
  // leaves a half-written settings file.
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary);
    out << j.dump(2) << '\n';
    if (!out) return "cannot write " + temporary;
  }
  std::filesystem::rename(temporary, path, ec);
  if (ec) return "cannot replace " + path + ": " + ec.message();
  return {};
}

}  // namespace cq::app
