#include "logic/settings.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <optional>
#include <sstream>
#include <system_error>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

namespace cq::app {
namespace {

/// What a JSON value is, in words, for a message: "the text "1.5"", "true", "0".
std::string Describe(const nlohmann::json& value) {
  if (value.is_string()) {
    std::string text = value.get<std::string>();
    if (text.size() > 20) text = text.substr(0, 20) + "...";
    return "the text \"" + text + "\"";
  }
  std::string dumped = value.dump();
  if (dumped.size() > 24) dumped = dumped.substr(0, 24) + "...";
  return dumped;
}

/// Reads the fields of a settings file, noting every one it ignores and why.
class FieldReader {
 public:
  explicit FieldReader(const nlohmann::json& j) : m_json(j) {}

  /// Sets `out` from field `key` where it is a number in [lo, hi] (for an integer field, a
  /// whole number: 1234.9 or 1e100 is ignored, not truncated or converted out of range);
  /// returns whether it did. A field present but not usable is noted.
  template <class T>
  bool Number(const char* key, T& out, T lo, T hi) {
    const auto it = m_json.find(key);
    if (it == m_json.end()) return false;
    const bool whole = std::is_integral_v<T>;
    const std::string wanted = std::string(whole ? "a whole number" : "a number") + " from " + Bound(lo) + " to " + Bound(hi);
    if (!it->is_number() || (whole && !it->is_number_integer())) return Ignore(key, *it, wanted);
    const double v = it->get<double>();
    if (!(v >= double(lo) && v <= double(hi))) return Ignore(key, *it, wanted);
    out = static_cast<T>(v);
    return true;
  }

  void Bool(const char* key, bool& out) {
    const auto it = m_json.find(key);
    if (it == m_json.end()) return;
    if (it->is_boolean())
      out = it->get<bool>();
    else
      Ignore(key, *it, "true or false");
  }

  /// A text field whose value must be one of `allowed` (any text when empty).
  std::optional<std::string> Text(const char* key, std::initializer_list<const char*> allowed = {}) {
    const auto it = m_json.find(key);
    if (it == m_json.end()) return std::nullopt;
    std::string wanted = "a text";
    if (allowed.size() > 0) {
      wanted.clear();
      for (const char* option : allowed) wanted += (wanted.empty() ? "\"" : " or \"") + std::string(option) + "\"";
    }
    if (!it->is_string()) return Ignore(key, *it, wanted), std::nullopt;
    const std::string value = it->get<std::string>();
    if (allowed.size() > 0 &&
        std::none_of(allowed.begin(), allowed.end(), [&](const char* option) { return value == option; }))
      return Ignore(key, *it, wanted), std::nullopt;
    return value;
  }

  /// Notes the fields this version does not know.
  void Unknown(std::initializer_list<const char*> known) {
    for (const auto& [key, value] : m_json.items())
      if (std::none_of(known.begin(), known.end(), [&](const char* k) { return key == k; }))
        m_ignored.push_back("\"" + key + "\": not a setting of this version");
  }

  const std::vector<std::string>& Ignored() const { return m_ignored; }

 private:
  template <class T>
  static std::string Bound(T v) {
    std::ostringstream out;
    out << v;
    return out.str();
  }
  bool Ignore(const char* key, const nlohmann::json& value, const std::string& wanted) {
    m_ignored.push_back(std::string(key) + ": " + Describe(value) + ", wants " + wanted);
    return false;
  }
  const nlohmann::json& m_json;
  std::vector<std::string> m_ignored;
};

/// `path` + ".bad", or ".bad.2", ".bad.3", ... : the first name not taken, so that a second
/// unreadable file does not replace the first one moved aside.
std::string FreeBackupName(const std::string& path) {
  std::error_code ec;
  std::string name = path + ".bad";
  for (int n = 2; std::filesystem::exists(name, ec) && n < 1000; ++n) name = path + ".bad." + std::to_string(n);
  return name;
}

/// The file at `path` moved (or copied) aside to a free backup name: the words for the
/// warning. `keep` is set when that failed: the file must not be written over.
std::string SetAside(const std::string& path, bool copy, bool& keep) {
  std::error_code ec;
  const std::string backup = FreeBackupName(path);
  if (copy)
    std::filesystem::copy_file(path, backup, ec);
  else
    std::filesystem::rename(path, backup, ec);
  if (!ec) return copy ? "the file as it was is kept in " + backup : "moved aside to " + backup;
  keep = true;
  return std::string(copy ? "could not keep a copy (" : "could not move it aside (") + ec.message() +
         "), so the file is left as it is and this run's settings are not saved";
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
  std::error_code ec;
  if (!std::filesystem::exists(path, ec) && !ec) return loaded;  // the first run: defaults, silently
  std::string text;
  bool read = false;
  if (!std::filesystem::is_directory(path, ec)) {
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    const int openError = errno;
    if (in) {
      std::stringstream buffer;
      buffer << in.rdbuf();
      text = buffer.str();
      read = !in.bad();
    } else {
      // Not a parse error: the file exists and could not be opened (permissions). It used
      // to be taken for a missing file, and overwritten with defaults at exit.
      loaded.warning = "cannot read the settings file " + path + " (" +
                       (openError != 0 ? std::strerror(openError) : "cannot open it") + "); using defaults; " +
                       SetAside(path, /*copy=*/false, loaded.keepFile);
      return loaded;
    }
  }
  const nlohmann::json j = read ? nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false) : nlohmann::json();
  if (!read || j.is_discarded() || !j.is_object()) {
    loaded.warning = "ignoring unreadable settings file " + path + " (" +
                     (!read ? "not a file" : j.is_discarded() ? "not JSON" : "not a JSON object") + "); " +
                     SetAside(path, /*copy=*/false, loaded.keepFile);
    return loaded;
  }
  Settings& s = loaded.settings;
  FieldReader field(j);
  field.Number("window_width", s.windowWidth, k_designWidth, 16384);
  field.Number("window_height", s.windowHeight, k_designHeight, 16384);
  // The window's position only where both coordinates read (one out of range put the
  // window at 0 on that axis).
  int x = 0;
  int y = 0;
  const bool hasX = field.Number("window_x", x, -65536, 65536);
  const bool hasY = field.Number("window_y", y, -65536, 65536);
  if (hasX && hasY) {
    s.windowX = x;
    s.windowY = y;
  }
  field.Number("ui_scale", s.uiScale, k_minUiScale, k_maxUiScale);
  field.Number("sidebar_width", s.sidebarWidth, 200.0f, 2000.0f);
  field.Bool("show_regions", s.showRegions);
  field.Bool("show_steps", s.showSteps);
  field.Bool("show_sidebar", s.showSidebar);
  field.Bool("snap_to_grid", s.snapToGrid);
  if (const auto numbers = field.Text("numbers", {"readable", "exact"}))
    s.numbers = *numbers == "exact" ? NumberStyle::Exact : NumberStyle::Readable;
  if (const auto lesson = field.Text("lesson")) s.lesson = *lesson;
  field.Unknown({"window_width", "window_height", "window_x", "window_y", "ui_scale", "sidebar_width", "show_regions",
                 "show_steps", "show_sidebar", "snap_to_grid", "numbers", "lesson"});
  if (!field.Ignored().empty()) {
    std::string list;
    for (const std::string& item : field.Ignored()) list += "\n  " + item;
    const std::string kept = SetAside(path, /*copy=*/true, loaded.keepFile);
    loaded.warning = "settings file " + path + ": ignored, and defaults used for:" + list + "\n" +
                     char(std::toupper(static_cast<unsigned char>(kept[0]))) + kept.substr(1) + ".";
  }
  return loaded;
}

std::string FitWindowToScreens(Settings& s, const std::vector<WorkArea>& areas, bool fitSize) {
  if (areas.empty()) return {};
  std::string note;
  int widest = 0;
  int tallest = 0;
  for (const WorkArea& a : areas) {
    widest = std::max(widest, a.width);
    tallest = std::max(tallest, a.height);
  }
  if (fitSize && (s.windowWidth > widest || s.windowHeight > tallest) && widest >= k_designWidth && tallest >= k_designHeight) {
    note = "the saved window size " + std::to_string(s.windowWidth) + "x" + std::to_string(s.windowHeight) +
           " is larger than every screen: opened at ";
    s.windowWidth = std::min(s.windowWidth, widest);
    s.windowHeight = std::min(s.windowHeight, tallest);
    note += std::to_string(s.windowWidth) + "x" + std::to_string(s.windowHeight);
  }
  if (s.windowX && s.windowY) {
    const long long x = *s.windowX;
    const long long y = *s.windowY;
    const long long needX = std::min(100, s.windowWidth);
    const long long needY = std::min(50, s.windowHeight);
    const bool seen = std::any_of(areas.begin(), areas.end(), [&](const WorkArea& a) {
      const long long overlapX = std::min(x + s.windowWidth, (long long)a.x + a.width) - std::max(x, (long long)a.x);
      const long long overlapY = std::min(y + s.windowHeight, (long long)a.y + a.height) - std::max(y, (long long)a.y);
      return overlapX >= needX && overlapY >= needY;
    });
    if (!seen) {
      note += std::string(note.empty() ? "" : "; ") + "the saved window position (" + std::to_string(x) + ", " +
              std::to_string(y) + ") is off every screen: the window system placed the window";
      s.windowX.reset();
      s.windowY.reset();
    }
  }
  return note;
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
    errno = 0;
    std::ofstream out(temporary);
    const int openError = errno;
    out << j.dump(2) << '\n';
    if (!out) return "cannot write " + temporary + (openError != 0 ? std::string(": ") + std::strerror(openError) : "");
  }
  std::filesystem::rename(temporary, path, ec);
  if (ec) return "cannot replace " + path + ": " + ec.message();
  return {};
}

}  // namespace cq::app
