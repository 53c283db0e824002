// app/logic/frame_stats.hpp: frame-time percentiles for --report-frame-times.
#pragma once

#include <string>
#include <vector>

namespace cq::app {

struct FrameStats {
  size_t count = 0;
  double median = 0;  ///< milliseconds
  double p90 = 0;
  double p99 = 0;
  double max = 0;
};

/// Nearest-rank percentiles of `milliseconds` (any order; empty gives all zeros).
FrameStats Summarize(std::vector<double> milliseconds);

/// One line: "frame times (ms) over N frames: median M, p90 A, p99 B, max C".
std::string FormatFrameStats(const FrameStats& stats);

}  // namespace cq::app
