// app/logic/settings.hpp: what the app remembers between runs, in the user's config
// directory ($XDG_CONFIG_HOME/closest-point-lab/settings.json, else
// ~/.config/closest-point-lab/settings.json), never in the working directory.
#pragma once

#include <optional>
#include <string>

#include "logic/format.hpp"

namespace cq::app {

struct Settings {
  int windowWidth = 1600;
  int windowHeight = 1000;
  std::optional<int> windowX;  ///< absent: let the window system place it
  std::optional<int> windowY;
  float uiScale = 1.0f;        ///< the user's scale, on top of the monitor's content scale
  float sidebarWidth = 420.0f;  ///< unscaled pixels
  bool showRegions = true;
  bool showSteps = true;
  bool snapToGrid = false;
  NumberStyle numbers = NumberStyle::Readable;
  std::string lesson = "segment";
};

/// The settings file's path, or nothing when neither XDG_CONFIG_HOME nor HOME is set.
std::optional<std::string> SettingsPath();

struct LoadedSettings {
  Settings settings;
  std::string warning;  ///< non-empty when the file existed but could not be used
};

/// Reads `path`; a missing file gives defaults silently. A file that cannot be parsed
/// gives defaults and a warning, and is moved aside to `path + ".bad"` so it is not
/// overwritten (nothing the user had is lost). Unknown or out-of-range fields are ignored
/// one by one.
LoadedSettings LoadSettings(const std::string& path);

/// Writes `settings` to `path` (creating the directory); an error message, or empty.
std::string SaveSettings(const std::string& path, const Settings& settings);

}  // namespace cq::app
