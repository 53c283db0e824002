#include "gui_support.hpp"

#include <gtest/gtest.h>
#include <stb_image.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <sys/wait.h>

namespace cq::gui_test {
namespace {

std::string Slurp(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TempDir::TempDir() {
  static std::atomic<int> counter{0};
  m_path = std::filesystem::temp_directory_path() /
           ("cq-gui-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  std::filesystem::remove_all(m_path);
  std::filesystem::create_directories(m_path);
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(m_path, ec);
}

std::string Quote(const std::string& text) {
  std::string q = "'";
  for (char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

RunResult RunShell(const std::string& command, const TempDir& dir) {
  const std::string out = (dir / "stdout.txt").string();
  const std::string err = (dir / "stderr.txt").string();
  const int raw = std::system((command + " >" + Quote(out) + " 2>" + Quote(err)).c_str());
  RunResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = Slurp(out);
  r.err = Slurp(err);
  return r;
}

RunResult RunLab(const std::string& args, const TempDir& dir) {
  return RunShell("xvfb-run -a -s '-screen 0 1600x1000x24' " + Quote(CQ_LAB_BINARY) + " --no-config " + args, dir);
}

Png::Png(const std::filesystem::path& path) {
  int channels = 0;
  unsigned char* data = stbi_load(path.string().c_str(), &m_width, &m_height, &channels, 3);
  if (!data) return;
  m_pixels.assign(data, data + size_t(m_width) * size_t(m_height) * 3);
  stbi_image_free(data);
}

Rgb Png::At(int x, int y) const {
  x = std::clamp(x, 0, m_width - 1);
  y = std::clamp(y, 0, m_height - 1);
  const unsigned char* p = &m_pixels[(size_t(y) * size_t(m_width) + size_t(x)) * 3];
  return {p[0], p[1], p[2]};
}

Rgb Png::ModeAround(int x, int y, int r) const {
  std::map<Rgb, int> counts;
  for (int dy = -r; dy <= r; ++dy)
    for (int dx = -r; dx <= r; ++dx) ++counts[At(x + dx, y + dy)];
  return std::max_element(counts.begin(), counts.end(), [](auto& a, auto& b) { return a.second < b.second; })->first;
}

size_t Png::DistinctColours() const {
  std::map<Rgb, int> seen;
  for (int y = 0; y < m_height; y += 3)
    for (int x = 0; x < m_width; x += 3) seen[At(x, y)] = 1;
  return seen.size();
}

nlohmann::json ReadJson(const std::filesystem::path& path) {
  return nlohmann::json::parse(Slurp(path), nullptr, false);
}

nlohmann::json StateAfterFrames(const std::string& args, const TempDir& dir) {
  const std::string state = (dir / "state.json").string();
  const RunResult r = RunLab(args + " --frames 2 --dump-state " + Quote(state), dir);
  EXPECT_EQ(r.status, 0) << r.err;
  return ReadJson(state);
}

cq::Vec2d PointFromJson(const nlohmann::json& pair) { return {{pair[0].get<double>(), pair[1].get<double>()}}; }

cq::app::Camera CameraFromState(const nlohmann::json& state) {
  cq::app::Camera camera;
  camera.SetViewport({PointFromJson(state["canvas"]["min"]), PointFromJson(state["canvas"]["max"])});
  camera.SetCenter(PointFromJson(state["camera"]["center"]));
  camera.SetZoom(state["camera"]["zoom"].get<double>());
  return camera;
}

int ColourDistance(const Rgb& a, const Rgb& b) {
  return std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])});
}

Rgb ToRgb(float r, float g, float b) {
  return {int(std::lround(r * 255)), int(std::lround(g * 255)), int(std::lround(b * 255))};
}

}  // namespace cq::gui_test
