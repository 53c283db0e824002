// app/logic/settings.hpp: what the app remembers between runs, in the user's config
// directory ($XDG_CONFIG_HOME/closest-point-lab/settings.json, else
// ~/.config/closest-point-lab/settings.json), never in the working directory.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "logic/format.hpp"

namespace cq::app {

/// The range of the user's UI scale (View > Bigger UI / Smaller UI, --ui-scale).
inline constexpr float k_minUiScale = 0.5f;
inline constexpr float k_maxUiScale = 4.0f;

/// What the status line says when Bigger UI (factor > 1) or Smaller UI (factor < 1) is
/// asked for at that end of the range, or empty where the scale can still move that way:
/// Ctrl+= at 400 % did nothing and said nothing (robustness audit of 2026-11-29).
std::string UiScaleLimitNote(float scale, float factor);

struct Settings {
  int windowWidth = 1600;
  int windowHeight = 1000;
  std::optional<int> windowX;  ///< absent: let the window system place it
  std::optional<int> windowY;
  float uiScale = 1.0f;        ///< the user's scale, on top of the monitor's content scale
  float sidebarWidth = 420.0f;  ///< unscaled pixels
  bool showRegions = true;
  bool showSteps = true;
  bool showSidebar = true;  ///< off (H): the canvas and number lines take the whole width
  bool snapToGrid = false;
  NumberStyle numbers = NumberStyle::Readable;
  std::string lesson = "segment";
};

/// The scale the UI is drawn at in a window of the given size (logical pixels).
struct FittedUiScale {
  float scale;  ///< what fonts and sizes are built at
  bool reduced;  ///< smaller than wanted: the window is too small for it
};

/// The smallest window, in UI pixels (pixels at scale 1), the layout is made for: the
/// menu bar, a sidebar and a canvas all fit in it. It is also the smallest window the app
/// opens or can be resized to. A window smaller than this at the wanted scale draws the UI
/// smaller, so that nothing (the Help menu first) falls off the screen; the wanted scale
/// is kept, and comes back when the window grows.
inline constexpr int k_designWidth = 320;
inline constexpr int k_designHeight = 200;

/// `wanted` (the monitor's content scale times the user's), or the largest scale in steps
/// of 5 % at which a k_designWidth x k_designHeight layout fits the window; never below
/// k_minUiScale, never above `wanted`.
FittedUiScale FitUiScale(float wanted, double windowWidth, double windowHeight);

/// Where the settings are kept, and what the user is told about it at start-up.
struct SettingsLocation {
  std::optional<std::string> path;  ///< nothing: there is no folder for the settings
  /// Why the settings are not where the environment says, or why there are none; or empty.
  std::string note;
};

/// The settings file's place, from XDG_CONFIG_HOME, else HOME; with neither, no path and a
/// note that says so (they were neither read nor saved without a word). A relative path in
/// either is ignored, as the XDG Base Directory spec says, and named in the note.
SettingsLocation LocateSettings();

/// LocateSettings().path.
std::optional<std::string> SettingsPath();

struct LoadedSettings {
  Settings settings;
  /// Non-empty when the file existed but was not used whole: what was ignored and why, and
  /// where the file as it was is kept.
  std::string warning;
  /// Why the file must not be saved over (it could be neither read nor set aside), or
  /// empty.
  std::string keepReason;
  bool sizeSaved = false;  ///< the file gave the window's width or height
  /// The file's bytes as the load left it (nothing: no file there), for SaveSettings to
  /// tell a hand edit made during the run.
  std::optional<std::string> onDisk;
};

/// Reads `path`; a missing file gives defaults silently. A file that cannot be opened
/// (permissions) or parsed gives defaults and a warning, and is moved aside to
/// `path + ".bad"` so it is not overwritten. A field out of range, of the wrong type,
/// unknown, or a lesson not among `lessons` (when given) is ignored on its own and named in
/// the warning, as is a key given more than once (the last is read), and the file as it was is copied to `path + ".bad"` (unless a backup with
/// the same bytes is there already), since the next save drops what was ignored. When the
/// file can be neither moved nor copied, keepReason says so (nothing the user had is
/// lost).
LoadedSettings LoadSettings(const std::string& path, const std::vector<std::string>& lessons = {});

/// A monitor's work area (screen coordinates, pixels): where a window can be seen.
struct WorkArea {
  int x, y, width, height;
};

/// Fits the saved window to the screens it opens on: a size larger than every work area is
/// cut to the largest screen's (a 6000x4000 window showed an empty corner of the canvas),
/// and a position at which the window's top strip, 100x50 pixels of it (or all of a
/// smaller window), would not be on one work area is dropped, for the window system to place (a projector unplugged
/// left the window at 5000,4000, out of sight, and saved there again). Returns what it
/// changed, in words, or empty. Nothing changes when `areas` is empty (no monitor known).
/// With fitSize false the size is left as it is (given with --size); with sizeSaved false
/// (the default size, not the file's) a size cut to the screen is not said.
std::string FitWindowToScreens(Settings& settings, const std::vector<WorkArea>& areas, bool fitSize = true,
                               bool sizeSaved = true);

/// The window's size and position to save at quit, in `now` (where the window is then).
/// Where FitWindowToScreens changed the file's values (`saved`, as read; `fitted`, as the
/// window opened) and the user did not resize, or move, the window since it first showed
/// (`shown`), the file's values are kept: the fitted ones were saved over them, and one run
/// without the big monitor lost the layout. Size and position are taken each on its own.
void KeepSavedWindowPlace(Settings& now, const Settings& saved, const Settings& fitted, const Settings& shown);

/// Writes `settings` to `path` (creating the directory); an error message, or empty. A
/// read-only file (no write bit, even for root) is not replaced. `known`, when given, is
/// what the file held when the app read or last wrote it (nothing: no file): a file that
/// holds anything else now (a hand edit during the run) is first copied aside as the loader
/// does, `kept` saying where, or not replaced when it cannot be; `known` becomes what was
/// written.
std::string SaveSettings(const std::string& path, const Settings& settings,
                         std::optional<std::string>* known = nullptr, std::string* kept = nullptr);

/// Why SaveSettings could not write `path` ("cannot write …/settings.json.tmp: Permission
/// denied", "cannot write …/settings.json: it is read-only", "cannot create …: Permission
/// denied"), or empty: checked at start-up, so that
/// a run whose settings cannot be kept says so in the window, not on stderr at its end.
/// Leaves no trace.
std::string SettingsSaveProblem(const std::string& path);

}  // namespace cq::app
