// app/logic/output_files.hpp: the files the app writes on request (--dump-state), each
// failure with its reason.
#pragma once

#include <string>

namespace cq::app {

/// Writes `text` to `path`, created or replaced. False with `error` = "cannot write PATH:
/// REASON" (the system's reason, "No such file or directory") on failure.
bool WriteTextFile(const std::string& path, const std::string& text, std::string& error);

/// Why a file could not be written at `path` ("cannot write PATH: REASON"), or empty when
/// it can: checked at start-up, so that a long run does not end in failure. Leaves no
/// trace: a file already there keeps its bytes, and one created to find out is removed.
std::string CheckWritable(const std::string& path);

}  // namespace cq::app
