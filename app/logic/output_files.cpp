#include "logic/output_files.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <unistd.h>

namespace cq::app {
namespace {

std::string CannotWrite(const std::string& path, int error) {
  return "cannot write " + path + (error != 0 ? std::string(": ") + std::strerror(error) : std::string());
}

}  // namespace

bool WriteTextFile(const std::string& path, const std::string& text, std::string& error) {
  errno = 0;
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (!file) {
    error = CannotWrite(path, errno);
    return false;
  }
  errno = 0;
  // Flushed and synced before it is closed: a full disk may only show at the flush, and a
  // file renamed over another (the settings) must be on the disk first.
  const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size() && std::fflush(file) == 0 &&
                       (::fsync(::fileno(file)) == 0 || errno == EINVAL || errno == EROFS);
  const int writeError = errno;
  errno = 0;
  const bool closed = std::fclose(file) == 0;
  if (!written || !closed) {
    error = CannotWrite(path, !written ? writeError : errno);
    return false;
  }
  return true;
}

std::string CheckWritable(const std::string& path) {
  errno = 0;
  // "x": created here (and removed again), or already there: then opened to append, which
  // neither truncates it nor changes its bytes.
  if (std::FILE* created = std::fopen(path.c_str(), "wbx")) {
    std::fclose(created);
    std::remove(path.c_str());
    return {};
  }
  if (errno != EEXIST) return CannotWrite(path, errno);
  errno = 0;
  std::FILE* existing = std::fopen(path.c_str(), "ab");
  if (!existing) return CannotWrite(path, errno);
  std::fclose(existing);
  return {};
}

std::optional<std::string> CreateNewFile(const std::string& stem, const std::string& extension, std::string& error) {
  for (int n = 1; n < 1000; ++n) {
    const std::string name = stem + (n == 1 ? std::string() : "-" + std::to_string(n)) + extension;
    errno = 0;
    if (std::FILE* file = std::fopen(name.c_str(), "wbx")) {
      std::fclose(file);
      return name;
    }
    if (errno != EEXIST) {
      error = CannotWrite(name, errno);
      return std::nullopt;
    }
  }
  error = "cannot write " + stem + extension + ": every name from it to " + stem + "-999" + extension + " is taken";
  return std::nullopt;
}

}  // namespace cq::app
