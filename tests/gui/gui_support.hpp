// tests/gui/gui_support.hpp: running closest-lab under Xvfb and reading what it wrote.
#pragma once

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "logic/camera.hpp"

namespace cq::gui_test {

/// A fresh directory under the system temp dir, removed on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::filesystem::path operator/(const std::string& name) const { return m_path / name; }
  const std::filesystem::path& Path() const { return m_path; }

 private:
  std::filesystem::path m_path;
};

struct RunResult {
  int status = -1;  ///< the process's exit status
  std::string out;  ///< its standard output
  std::string err;  ///< its standard error
};

/// Runs a shell command (stdout/stderr captured through files in `dir`).
RunResult RunShell(const std::string& command, const TempDir& dir);

/// closest-lab with `args` under a private virtual X server (1600x1000x24).
RunResult RunLab(const std::string& args, const TempDir& dir);

std::string Quote(const std::string& text);

using Rgb = std::array<int, 3>;

class Png {
 public:
  explicit Png(const std::filesystem::path& path);
  bool Loaded() const { return !m_pixels.empty(); }
  int Width() const { return m_width; }
  int Height() const { return m_height; }
  Rgb At(int x, int y) const;
  /// The most common colour in the (2r+1)^2 square around (x, y): robust to a grid line
  /// or a glyph crossing the sample.
  Rgb ModeAround(int x, int y, int r) const;
  size_t DistinctColours() const;

 private:
  int m_width = 0;
  int m_height = 0;
  std::vector<unsigned char> m_pixels;
};

/// The camera the app drew with, rebuilt from its --dump-state document.
cq::app::Camera CameraFromState(const nlohmann::json& state);
nlohmann::json ReadJson(const std::filesystem::path& path);
/// The --dump-state document after two frames of closest-lab run with `args` (a failed run
/// is reported and gives a discarded document).
nlohmann::json StateAfterFrames(const std::string& args, const TempDir& dir);
cq::Vec2d PointFromJson(const nlohmann::json& pair);

/// Largest per-channel difference.
int ColourDistance(const Rgb& a, const Rgb& b);
Rgb ToRgb(float r, float g, float b);

}  // namespace cq::gui_test
