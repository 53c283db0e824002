// app/logic/output_files.hpp: the files the app writes on request (--dump-state, Ctrl+E's
// PNG), each failure with its reason.
#pragma once

#include <optional>
#include <string>

namespace cq::app {

/// Writes `text` to `path`, created or replaced. False with `error` = "cannot write PATH:
/// REASON" (the system's reason, "No such file or directory") on failure.
bool WriteTextFile(const std::string& path, const std::string& text, std::string& error);

/// Why a file could not be written at `path` ("cannot write PATH: REASON"), or empty when
/// it can: checked at start-up, so that a long run does not end in failure. Leaves no
/// trace: a file already there keeps its bytes, and one created to find out is removed.
std::string CheckWritable(const std::string& path);

/// Creates a new, empty file named `stem` + `extension`, or where that name is taken
/// `stem` + "-2" + `extension`, "-3", ... up to "-999", and returns the name: never a file
/// that exists (each is created exclusively, so neither an earlier export from the same
/// second nor one made meanwhile is written over; a symbolic link counts as taken).
/// Nothing, with `error` ("cannot write NAME: REASON"), when none can be created.
std::optional<std::string> CreateNewFile(const std::string& stem, const std::string& extension, std::string& error);

}  // namespace cq::app
