#include "logic/settings.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <map>
#include <optional>
#include <sstream>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "logic/output_files.hpp"
#include "logic/text_wrap.hpp"

namespace cq::app {
namespace {

/// `text` cut at a character boundary (Shortened) with its control characters as spaces:
/// a cut inside a UTF-8 character made --dump-state throw on the notice's text, and a
/// "\n" inside broke the list (review s35).
std::string Printable(std::string_view text, std::size_t maxBytes) {
  std::string out = Shortened(text, maxBytes);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  return out;
}

/// The length of the JSON number that starts at text[i], -?(0|[1-9]d*)(.d+)?([eE][+-]?d+)?;
/// 0 where none does.
std::size_t JsonNumberLength(std::string_view text, std::size_t i) {
  const auto digit = [&](std::size_t k) { return k < text.size() && text[k] >= '0' && text[k] <= '9'; };
  const auto digits = [&](std::size_t k) {
    while (digit(k)) ++k;
    return k;
  };
  std::size_t k = i < text.size() && text[i] == '-' ? i + 1 : i;
  if (!digit(k)) return 0;
  k = text[k] == '0' ? k + 1 : digits(k);
  if (k + 1 < text.size() && text[k] == '.' && digit(k + 1)) k = digits(k + 1);
  if (k < text.size() && (text[k] == 'e' || text[k] == 'E')) {
    const std::size_t sign = k + 1 < text.size() && (text[k + 1] == '+' || text[k + 1] == '-') ? k + 2 : k + 1;
    if (digit(sign)) k = digits(sign);
  }
  return k - i;
}

/// The settings text with every number beyond the double range (1e999, -2e400) written as
/// null, padded with spaces to the number's length so that every other character keeps its
/// line and column: the parser refuses the whole file for one such number, where a field
/// out of range is ignored on its own. `overflowed` gets each such number that is a value
/// of the top object, under its key, to name it by (null alone read "null").
std::string NullOverflowingNumbers(const std::string& text, std::map<std::string, std::string>& overflowed) {
  std::string out = text;
  bool inText = false;
  int depth = 0;
  std::size_t textStart = 0;
  std::string lastText;  // the last text closed, a key if a ':' follows it
  std::string key;       // the top object's key whose value this is, if any
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (inText) {
      if (c == '\\') {
        i += 2;  // an escaped character, a quote among them
        continue;
      }
      if (c == '"') {
        inText = false;
        lastText = text.substr(textStart, i - textStart);
      }
      ++i;
      continue;
    }
    if (c == '"') {
      inText = true;
      textStart = ++i;
      continue;
    }
    if (c == '{' || c == '[') ++depth;
    if (c == '}' || c == ']') --depth;
    if (depth == 1 && c == ':') key = lastText;
    if (depth == 1 && c == ',') key.clear();
    const std::size_t length = c == '-' || (c >= '0' && c <= '9') ? JsonNumberLength(text, i) : 0;
    if (length == 0) {
      ++i;
      continue;
    }
    const std::string token = text.substr(i, length);
    if (std::isinf(std::strtod(token.c_str(), nullptr)) && length >= 4) {  // 1e309 at the least
      out.replace(i, length, "null" + std::string(length - 4, ' '));
      if (depth == 1 && !key.empty()) overflowed[key] = token;
    }
    i += length;
  }
  return out;
}

/// What a JSON value is, in words, for a message: "the text "1.5"", "true", "0".
std::string Describe(const nlohmann::json& value) {
  if (value.is_string()) return "the text \"" + Printable(value.get<std::string>(), 24) + "\"";
  // Not dumped: a value nested 100,000 deep was dumped whole, recursively, before being
  // cut to 24 characters, and the app crashed at every start (robustness audit).
  if (value.is_array()) return "an array";
  if (value.is_object()) return "an object";
  return Printable(value.dump(), 24);
}

/// Reads the fields of a settings file, noting every one it ignores and why.
class FieldReader {
 public:
  /// `overflowed`: the fields whose number was beyond the double range (read as null),
  /// with the number as written (NullOverflowingNumbers).
  FieldReader(const nlohmann::json& j, std::map<std::string, std::string> overflowed)
      : m_json(j), m_overflowed(std::move(overflowed)) {}

  /// Sets `out` from field `key` where it is a number in [lo, hi] (for an integer field, a
  /// whole number: 1234.9 or 1e100 is ignored, not truncated or converted out of range);
  /// returns whether it did. A field present but not usable is noted.
  template <class T>
  bool Number(const char* key, T& out, T lo, T hi) {
    const auto it = m_json.find(key);
    if (it == m_json.end()) return false;
    const bool whole = std::is_integral_v<T>;
    const std::string wanted = std::string(whole ? "a whole number" : "a number") + " from " + Bound(lo) + " to " + Bound(hi);
    if (!it->is_number()) return Ignore(key, *it, wanted);
    const double v = it->get<double>();
    // 1280.0 is a whole number too; 1234.9 is not, nor is 1e100 in range.
    if (!(v >= double(lo) && v <= double(hi)) || (whole && v != std::floor(v))) return Ignore(key, *it, wanted);
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
  std::optional<std::string> Text(const char* key, const std::vector<std::string>& allowed = {}) {
    const auto it = m_json.find(key);
    if (it == m_json.end()) return std::nullopt;
    std::string wanted = "a text";
    if (!allowed.empty()) {
      wanted.clear();
      for (const std::string& option : allowed) wanted += (wanted.empty() ? "\"" : " or \"") + option + "\"";
    }
    if (!it->is_string()) return Ignore(key, *it, wanted), std::nullopt;
    const std::string value = it->get<std::string>();
    if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), value) == allowed.end())
      return Ignore(key, *it, wanted), std::nullopt;
    return value;
  }

  /// Notes a field ignored for a reason of its own.
  void Note(std::string text) { m_ignored.push_back(std::move(text)); }

  /// Notes the fields this version does not know.
  void Unknown(std::initializer_list<const char*> known) {
    for (const auto& [key, value] : m_json.items())
      if (std::none_of(known.begin(), known.end(), [&](const char* k) { return key == k; }))
        m_ignored.push_back("\"" + Printable(key, 32) + "\": not a setting of this version");
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
    const auto overflowed = m_overflowed.find(key);
    const std::string what = value.is_null() && overflowed != m_overflowed.end()
                                 ? "the number " + Printable(overflowed->second, 24) + " (beyond the double range)"
                                 : Describe(value);
    m_ignored.push_back(std::string(key) + ": " + what + ", wants " + wanted);
    return false;
  }
  const nlohmann::json& m_json;
  std::map<std::string, std::string> m_overflowed;
  std::vector<std::string> m_ignored;
};

std::optional<std::string> ReadWhole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return buffer.str();
}

/// Where to set `path` aside: `path` + ".bad", or ".bad.2", ".bad.3", ... up to ".bad.999":
/// the first name not taken, so that a second file set aside does not replace the first;
/// for a copy, a backup that already holds the same bytes (`same`: a run with the same
/// ignored field copied it again and again). Nothing when all are taken.
std::optional<std::string> BackupName(const std::string& path, const std::optional<std::string>& content, bool& same) {
  std::error_code ec;
  same = false;
  const auto name = [&](int n) { return path + ".bad" + (n == 1 ? std::string() : "." + std::to_string(n)); };
  const auto taken = [&](const std::string& at) {
    return std::filesystem::exists(at, ec) || std::filesystem::is_symlink(at, ec);
  };
  if (content) {  // the same bytes kept before, under any of the names
    for (int n = 1; n < 1000; ++n)
      if (taken(name(n)) && ReadWhole(name(n)) == content) {
        same = true;
        return name(n);
      }
  }
  for (int n = 1; n < 1000; ++n)
    if (!taken(name(n))) return name(n);
  return std::nullopt;
}

/// The file at `path` moved (or copied) aside to a backup name: the words for the warning.
/// When that fails, `keep` says why: the file must not be written over.
std::string SetAside(const std::string& path, bool copy, std::string& keep) {
  // A link to a file is kept, its target copied aside: the next save writes through the
  // link (moving the link aside left a plain file in its place). A link to nothing (a loop)
  // is moved aside itself.
  std::error_code linkError;
  if (!copy && std::filesystem::is_symlink(path, linkError) && std::filesystem::is_regular_file(path, linkError))
    copy = true;
  bool same = false;
  const std::optional<std::string> content = copy ? ReadWhole(path) : std::nullopt;
  const std::optional<std::string> backup = BackupName(path, content, same);
  std::error_code ec;
  if (!backup) {
    ec = std::make_error_code(std::errc::file_exists);
  } else if (same) {
    return "the file as it was is kept in " + *backup;
  } else if (copy) {
    std::filesystem::copy_file(path, *backup, ec);
  } else {
    std::filesystem::rename(path, *backup, ec);
  }
  if (!ec) return copy ? "the file as it was is kept in " + *backup : "moved aside to " + *backup;
  keep = std::string(copy ? "could not keep a copy of " : "could not move aside ") + path + " (" +
         (backup ? ec.message() : std::string("every name from .bad to .bad.999 is taken")) + ")";
  return keep + ", so the file is left as it is and this run's settings are not saved";
}

/// The file a settings path names, through symbolic links (a settings.json linked into
/// a dotfiles folder was replaced by a plain file); `path` itself when it is not a link.
std::filesystem::path ThroughLinks(const std::filesystem::path& path) {
  std::filesystem::path at = path;
  std::error_code ec;
  for (int hops = 0; hops < 40 && std::filesystem::is_symlink(at, ec); ++hops) {
    const std::filesystem::path target = std::filesystem::read_symlink(at, ec);
    if (ec) break;
    at = target.is_absolute() ? target : at.parent_path() / target;
  }
  return at;
}

/// Why the settings file `file` must not be replaced, or empty: a file the user made
/// read-only (chmod 444) was renamed over at quit, its mode becoming rw-r--r-- (settings
/// audit, finding 1). By its mode bits as well as access(), which tells root any file is
/// writable.
std::string ReadOnlyReason(const std::filesystem::path& file) {
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0) return {};
  // Not a file (a pipe made there during the run: the check of a hand edit then read it,
  // and the app hung at quit: review). Nothing is read from it, nor written over it.
  if (!S_ISREG(st.st_mode)) return "cannot write " + file.string() + ": it is not a regular file";
  if ((st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0) return "cannot write " + file.string() + ": it is read-only";
  if (::access(file.c_str(), W_OK) != 0) return "cannot write " + file.string() + ": " + std::strerror(errno);
  return {};
}

/// `value` as the double its shortest text reads as (0.8f as 0.8): the float widened as it
/// is was saved as "ui_scale": 0.800000011920929, and a typed 3.9 as 3.9000000953674316
/// (settings audit, finding 8). The text reads back to the same float.
double ShortestDouble(float value) {
  char text[32];
  const std::to_chars_result end = std::to_chars(text, text + sizeof text, value);
  double shortest = value;
  std::from_chars(text, end.ptr, shortest);  // not strtod: the same in every locale, as to_chars is
  return shortest;
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

SettingsLocation LocateSettings() {
  SettingsLocation at;
  std::vector<std::string> unused;  // each variable not taken, and why
  bool relative = false;
  bool relativeXdg = false;  // the spec speaks of XDG_CONFIG_HOME, not of HOME (review)
  // A relative path is ignored, as the XDG Base Directory spec says: XDG_CONFIG_HOME=rel
  // wrote the settings under the working directory (settings audit, finding 4). A relative
  // HOME is no better.
  const auto absolute = [&](const char* name) -> const char* {
    const char* value = std::getenv(name);
    if (!value || !*value) {
      unused.push_back(std::string(name) + " is not set");
      return nullptr;
    }
    if (!std::filesystem::path(value).is_absolute()) {
      relative = true;
      relativeXdg |= std::string_view(name) == "XDG_CONFIG_HOME";
      unused.push_back(std::string(name) + "=\"" + Printable(value, 64) + "\" is a relative path, ignored");
      return nullptr;
    }
    return value;
  };
  std::filesystem::path dir;
  if (const char* xdg = absolute("XDG_CONFIG_HOME")) {
    dir = xdg;
  } else if (const char* home = absolute("HOME")) {
    dir = std::filesystem::path(home) / ".config";
  }
  // HOME is no XDG variable, but a relative one names no fixed folder either (review).
  const std::string spec =
      std::string(relativeXdg ? " (the XDG Base Directory spec takes only an absolute path" : " (a relative path names no fixed folder") +
      ", and settings are never kept in the working directory)";
  if (!dir.empty()) {
    at.path = (dir / "closest-point-lab" / "settings.json").string();
    if (relative) at.note = unused.front() + spec + ": the settings are in " + *at.path;
    return at;
  }
  // Said, not only done: the settings were neither read nor saved without a word
  // (settings audit, finding 3).
  at.note = (relative ? unused[0] + ", and " + unused[1] + spec : "neither XDG_CONFIG_HOME nor HOME is set") +
            ", so there is no folder for the settings: defaults are used and this run's settings will not be saved";
  return at;
}

std::optional<std::string> SettingsPath() { return LocateSettings().path; }

namespace {

LoadedSettings ReadSettings(const std::string& path, const std::vector<std::string>& lessons) {
  LoadedSettings loaded;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec) && !ec) return loaded;  // the first run: defaults, silently
  // Neither a file nor a folder (a FIFO, a device): reading it could wait for ever (a FIFO
  // hung the start-up), and it is nothing to move aside or save over.
  if (const std::filesystem::file_type type = std::filesystem::status(path, ec).type();
      !ec && type != std::filesystem::file_type::regular && type != std::filesystem::file_type::directory) {
    loaded.keepReason = path + " is not a regular file";
    loaded.warning = "ignoring the settings file " + path + ": it is not a regular file (a pipe or a device); " +
                     "using defaults, and this run's settings are not saved over it";
    return loaded;
  }
  std::optional<std::string> text;
  if (!std::filesystem::is_directory(path, ec)) {
    errno = 0;
    text = ReadWhole(path);
    const int openError = errno;
    if (!text) {
      // Not a parse error: the file exists and could not be read (permissions). It used
      // to be taken for a missing file, and overwritten with defaults at exit.
      loaded.warning = "cannot read the settings file " + path + " (" +
                       (openError != 0 ? std::strerror(openError) : "cannot open it") + "); using defaults; " +
                       SetAside(path, /*copy=*/false, loaded.keepReason);
      return loaded;
    }
  }
  // The parser's own words say where a hand edit went wrong ("column 22: syntax error
  // ..."; a number beyond the double range is named): "not JSON" alone did not.
  nlohmann::json j;
  std::string notJson;
  std::map<std::string, std::string> overflowed;
  // How often each key of the top object is given: the parser keeps the last of a key
  // given twice, and the first was lost without a word (settings audit, finding 5).
  std::map<std::string, int> keyCount;
  const nlohmann::json::parser_callback_t countKeys = [&](int depth, nlohmann::json::parse_event_t event,
                                                          nlohmann::json& parsed) {
    if (depth == 1 && event == nlohmann::json::parse_event_t::key) ++keyCount[parsed.get<std::string>()];
    return true;
  };
  if (text) {
    try {
      try {
        j = nlohmann::json::parse(*text, countKeys);
      } catch (const nlohmann::json::out_of_range& e) {
        // A number beyond the double range: read again with such numbers as null, which
        // their fields ignore and name. A file broken elsewhere too is named by that
        // reason, at its own place (every column is kept).
        if (e.id != 406) throw;
        keyCount.clear();
        j = nlohmann::json::parse(NullOverflowingNumbers(*text, overflowed), countKeys);
      }
    } catch (const nlohmann::json::exception& e) {
      const std::string what = e.what();
      const std::size_t column = what.find("column ");
      const std::size_t bracket = what.find("] ");
      notJson = Printable(what.substr(column != std::string::npos ? column
                                      : bracket != std::string::npos ? bracket + 2
                                                                     : 0),
                          160);
      if (e.id == 406) notJson += ": a number beyond the double range";  // out_of_range.406
    }
  }
  if (!text || !notJson.empty() || !j.is_object()) {
    loaded.warning = "ignoring unreadable settings file " + path + " (" +
                     (!text ? "not a file" : !notJson.empty() ? "not JSON: " + notJson : "not a JSON object") + "); " +
                     SetAside(path, /*copy=*/false, loaded.keepReason);
    return loaded;
  }
  Settings& s = loaded.settings;
  FieldReader field(j, std::move(overflowed));
  loaded.sizeSaved = field.Number("window_width", s.windowWidth, k_designWidth, 16384);
  loaded.sizeSaved |= field.Number("window_height", s.windowHeight, k_designHeight, 16384);
  // The window's position only where both coordinates read (one out of range put the
  // window at 0 on that axis).
  int x = 0;
  int y = 0;
  const bool hasX = field.Number("window_x", x, -65536, 65536);
  const bool hasY = field.Number("window_y", y, -65536, 65536);
  if (hasX && hasY) {
    s.windowX = x;
    s.windowY = y;
  } else if (hasX != hasY && !(j.contains("window_x") && j.contains("window_y"))) {
    // Only where the other is missing; one that is there but unusable is named already.
    field.Note(std::string(hasX ? "window_x" : "window_y") + ": the window's position needs both window_x and window_y");
  }
  field.Number("ui_scale", s.uiScale, k_minUiScale, k_maxUiScale);
  field.Number("sidebar_width", s.sidebarWidth, 200.0f, 2000.0f);
  field.Bool("show_regions", s.showRegions);
  field.Bool("show_steps", s.showSteps);
  field.Bool("show_sidebar", s.showSidebar);
  field.Bool("snap_to_grid", s.snapToGrid);
  if (const auto numbers = field.Text("numbers", {"readable", "exact"}))
    s.numbers = *numbers == "exact" ? NumberStyle::Exact : NumberStyle::Readable;
  if (const auto lesson = field.Text("lesson", lessons)) s.lesson = *lesson;
  const std::initializer_list<const char*> known = {"window_width", "window_height", "window_x",     "window_y",
                                                    "ui_scale",     "sidebar_width", "show_regions", "show_steps",
                                                    "show_sidebar", "snap_to_grid",  "numbers",      "lesson"};
  field.Unknown(known);
  for (const auto& [key, count] : keyCount) {
    if (count < 2) continue;
    // Named as Ignore and Unknown name them: a setting bare, anything else quoted.
    const bool setting = std::any_of(known.begin(), known.end(), [&](const char* k) { return key == k; });
    field.Note((setting ? key : "\"" + Printable(key, 32) + "\"") + ": given " + std::to_string(count) +
               " times; only the last is read");
  }
  if (!field.Ignored().empty()) {
    std::string list;
    for (const std::string& item : field.Ignored()) list += "\n  " + item;
    const std::string kept = SetAside(path, /*copy=*/true, loaded.keepReason);
    loaded.warning = "settings file " + path + ": ignored, and defaults used for:" + list + "\n" +
                     char(std::toupper(static_cast<unsigned char>(kept[0]))) + kept.substr(1) + ".";
  }
  return loaded;
}

}  // namespace

LoadedSettings LoadSettings(const std::string& path, const std::vector<std::string>& lessons) {
  LoadedSettings loaded = ReadSettings(path, lessons);
  // What is there once the file was read, and moved or copied aside where it had to be: the
  // save tells a hand edit made during the run by it (settings audit, finding 6). Not read
  // where the file is left alone (a pipe would wait for ever).
  if (loaded.keepReason.empty()) loaded.onDisk = ReadWhole(path);
  return loaded;
}

std::string FitWindowToScreens(Settings& s, const std::vector<WorkArea>& areas, bool fitSize, bool sizeSaved) {
  if (areas.empty()) return {};
  std::string note;
  // The largest screen, by area: a size is cut to one screen, not to the widest of one and
  // the tallest of another.
  const WorkArea largest = *std::max_element(areas.begin(), areas.end(), [](const WorkArea& a, const WorkArea& b) {
    return (long long)a.width * a.height < (long long)b.width * b.height;
  });
  const bool fits = std::any_of(areas.begin(), areas.end(), [&](const WorkArea& a) {
    return s.windowWidth <= a.width && s.windowHeight <= a.height;
  });
  if (fitSize && !fits && largest.width >= k_designWidth && largest.height >= k_designHeight) {
    const std::string before = std::to_string(s.windowWidth) + "x" + std::to_string(s.windowHeight);
    s.windowWidth = std::min(s.windowWidth, largest.width);
    s.windowHeight = std::min(s.windowHeight, largest.height);
    // The default size fitted to a small screen (a 1366x768 laptop) is no news: only a
    // saved size is said (review s35: the first run said "the saved window size").
    if (sizeSaved)
      note = "the saved window size " + before + " is larger than every screen: opened at " +
             std::to_string(s.windowWidth) + "x" + std::to_string(s.windowHeight);
  }
  if (s.windowX && s.windowY) {
    // The window's top strip, where its title bar hangs, at least 100 pixels of it (all of
    // a narrower window) on one screen: a window whose top is off the screen cannot be
    // dragged back.
    const long long x = *s.windowX;
    const long long y = *s.windowY;
    const long long needX = std::min(100, s.windowWidth);
    const long long needY = std::min(50, s.windowHeight);
    const bool seen = std::any_of(areas.begin(), areas.end(), [&](const WorkArea& a) {
      const long long overlapX = std::min(x + s.windowWidth, (long long)a.x + a.width) - std::max(x, (long long)a.x);
      return overlapX >= needX && y >= a.y && y + needY <= (long long)a.y + a.height;
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

void KeepSavedWindowPlace(Settings& now, const Settings& saved, const Settings& fitted, const Settings& shown) {
  // Settings audit, finding 7: a 6000x4000 window cut to a laptop's screen was saved at the
  // laptop's size, and the big monitor's layout was gone the next time.
  const bool sizeFitted = fitted.windowWidth != saved.windowWidth || fitted.windowHeight != saved.windowHeight;
  if (sizeFitted && now.windowWidth == shown.windowWidth && now.windowHeight == shown.windowHeight) {
    now.windowWidth = saved.windowWidth;
    now.windowHeight = saved.windowHeight;
  }
  const bool placeFitted = fitted.windowX != saved.windowX || fitted.windowY != saved.windowY;
  if (placeFitted && now.windowX == shown.windowX && now.windowY == shown.windowY) {
    now.windowX = saved.windowX;
    now.windowY = saved.windowY;
  }
}

std::string SaveSettings(const std::string& path, const Settings& s, std::optional<std::string>* known,
                         std::string* kept) {
  nlohmann::json j;
  j["window_width"] = s.windowWidth;
  j["window_height"] = s.windowHeight;
  if (s.windowX && s.windowY) {
    j["window_x"] = *s.windowX;
    j["window_y"] = *s.windowY;
  }
  j["ui_scale"] = ShortestDouble(s.uiScale);
  j["sidebar_width"] = ShortestDouble(s.sidebarWidth);
  j["show_regions"] = s.showRegions;
  j["show_steps"] = s.showSteps;
  j["show_sidebar"] = s.showSidebar;
  j["snap_to_grid"] = s.snapToGrid;
  j["numbers"] = s.numbers == NumberStyle::Exact ? "exact" : "readable";
  j["lesson"] = s.lesson;
  std::error_code ec;
  const std::filesystem::path file = ThroughLinks(path);  // a link is kept, its target written
  std::filesystem::create_directories(file.parent_path(), ec);
  if (ec) return "cannot create " + file.parent_path().string() + ": " + ec.message();
  if (std::string readOnly = ReadOnlyReason(file); !readOnly.empty()) return readOnly;
  // A file that is not what the app read or last wrote was edited by hand during the run
  // (a field "my_note" added): it was written over without a word (settings audit, finding
  // 6). It is copied aside as the loader does, or, where it cannot be, not written over.
  if (known && (std::filesystem::exists(path, ec) || std::filesystem::is_symlink(path, ec)) &&
      ReadWhole(path) != *known) {
    std::string keep;
    const std::string where = SetAside(path, /*copy=*/true, keep);
    if (!keep.empty()) return "the settings file " + path + " was changed while the app ran, and " + keep;
    if (kept) *kept = "the settings file " + path + " was changed while the app ran: " + where;
  }
  const std::string text = j.dump(2) + "\n";
  // Write a temporary file and rename it over the old one, so a crash mid-write never
  // leaves a half-written settings file; the write is checked to the end (flushed, synced,
  // closed): a full disk showed only when an unchecked stream was destroyed, and the empty
  // file was renamed over the settings (robustness audit).
  const std::string temporary = file.string() + ".tmp";
  if (std::string error; !WriteTextFile(temporary, text, error)) {
    if (!std::filesystem::is_directory(temporary, ec)) std::filesystem::remove(temporary, ec);  // not a folder there
    return error;
  }
  std::filesystem::rename(temporary, file, ec);
  if (ec) return "cannot replace " + file.string() + ": " + ec.message();
  if (known) *known = text;
  return {};
}

std::string SettingsSaveProblem(const std::string& path) {
  const std::filesystem::path file = ThroughLinks(path);
  std::error_code ec;
  if (std::filesystem::is_directory(file.parent_path(), ec)) {
    if (std::string readOnly = ReadOnlyReason(file); !readOnly.empty()) return readOnly;
    return CheckWritable(file.string() + ".tmp");
  }
  // The folder does not exist yet (the first run): the nearest one that does must let it
  // be made.
  std::filesystem::path existing = file.parent_path();
  while (!existing.empty() && !std::filesystem::exists(existing, ec) && existing != existing.parent_path())
    existing = existing.parent_path();
  // A plain file in the way (~/.config/closest-point-lab a file) is said as the save would
  // say it: access() on it said "Permission denied", even as root (settings audit, finding 2).
  if (!existing.empty() && std::filesystem::exists(existing, ec) && !std::filesystem::is_directory(existing, ec))
    return "cannot create " + file.parent_path().string() + ": " + std::strerror(ENOTDIR);
  if (!existing.empty() && ::access(existing.c_str(), W_OK | X_OK) != 0)
    return "cannot create " + file.parent_path().string() + ": " + std::strerror(errno);
  return {};
}

std::string UiScaleLimitNote(float scale, float factor) {
  if (factor > 1 && scale >= k_maxUiScale)
    return "UI at its largest, 400 %";
  if (factor < 1 && factor > 0 && scale <= k_minUiScale)
    return "UI at its smallest, 50 %";
  return {};
}

}  // namespace cq::app
