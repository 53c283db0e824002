#include "logic/output_files.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <climits>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cq::app {
namespace {

std::string CannotWrite(const std::string& path, int error) {
  return "cannot write " + path + (error != 0 ? std::string(": ") + std::strerror(error) : std::string());
}

/// CheckWritable for `path`, reached from `asked` (the name on the command line) through
/// `links` symbolic links so far.
std::string CheckWritableThroughLinks(const std::string& asked, const std::string& path, int links) {
  errno = 0;
  // "x": created here (and removed again), or already there: then opened to append, which
  // neither truncates it nor changes its bytes.
  if (std::FILE* created = std::fopen(path.c_str(), "wbx")) {
    std::fclose(created);
    std::remove(path.c_str());
    return {};
  }
  if (errno != EEXIST) return CannotWrite(asked, errno);
  // Without O_CREAT, so that a link to a file not yet there creates none (the check of a
  // dangling link left an empty file at its target: robustness audit); that target is
  // checked as a name of its own, created and removed as above. Without blocking, so
  // that a pipe no program reads is said, not waited on for ever (a --dump-state naming
  // such a pipe hung the app at start-up, before any window: robustness audit).
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC);
  if (fd >= 0) {
    ::close(fd);
    return {};
  }
  const int error = errno;
  // (ENXIO is also a socket's or a device's "no such device"; only a pipe's is said so: review.)
  struct stat kind{};
  if (error == ENXIO && ::stat(path.c_str(), &kind) == 0 && S_ISFIFO(kind.st_mode))
    return "cannot write " + asked + ": it is a pipe that no program is reading from";
  if (error == ENOENT && links < 40) {
    struct stat info{};
    if (::lstat(path.c_str(), &info) == 0 && S_ISLNK(info.st_mode)) {
      std::vector<char> target(std::size_t(info.st_size > 0 ? info.st_size : PATH_MAX) + 1);
      const ssize_t n = ::readlink(path.c_str(), target.data(), target.size() - 1);
      if (n > 0) {
        std::string next(target.data(), std::size_t(n));
        // A relative target is relative to the link's folder.
        const auto slash = path.rfind('/');
        if (next[0] != '/' && slash != std::string::npos) next = path.substr(0, slash + 1) + next;
        return CheckWritableThroughLinks(asked, next, links + 1);
      }
    }
  }
  return CannotWrite(asked, error);
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
  return CheckWritableThroughLinks(path, path, 0);
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
