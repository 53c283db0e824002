#include "logic/frame_stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cq::app {

FrameStats Summarize(std::vector<double> ms) {
  FrameStats stats;
  stats.count = ms.size();
  if (ms.empty()) return stats;
  std::sort(ms.begin(), ms.end());
  // Nearest rank: the smallest value with at least q of the samples at or below it.
  auto rank = [&](double q) { return ms[size_t(std::max(1.0, std::ceil(q * double(ms.size())))) - 1]; };
  stats.median = rank(0.5);
  stats.p90 = rank(0.9);
  stats.p99 = rank(0.99);
  stats.max = ms.back();
  return stats;
}

std::string FormatFrameStats(const FrameStats& s) {
  char line[200];
  std::snprintf(line, sizeof line, "frame times (ms) over %zu frames: median %.2f, p90 %.2f, p99 %.2f, max %.2f", s.count,
                s.median, s.p90, s.p99, s.max);
  return line;
}

}  // namespace cq::app
