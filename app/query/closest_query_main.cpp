// closest-query: answers closest-point queries from the command line. JSON lines on stdin
// (one answer line per input line), or one query given as options and answered in words.
// All the work is in the cq_query library, which the tests link; this is only the switch.
#include <cerrno>
#include <cstring>
#include <iostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "query/help_text.hpp"
#include "query/json_text.hpp"
#include "query/one_shot.hpp"
#include "query/query_json.hpp"

namespace {

constexpr int k_exitBadCommandLine = 2;

bool IsHelpFlag(std::string_view arg) { return arg == "--help" || arg == "-h"; }

/// The exit status once the output is written: `status`, unless standard output failed
/// (closed, a full disk, /dev/full), which gets one line on stderr and
/// k_exitWriteFailed: a reader must not take a missing answer for a quiet success. The
/// caller clears errno before writing, so that the reason is the failed write's.
int Delivered(int status) {
  if (status != cq::query::k_exitWriteFailed && std::cout.flush()) return status;
  const int error = errno;
  std::cerr << "closest-query: could not write the answers to standard output"
            << (error != 0 ? std::string(": ") + std::strerror(error) : std::string()) << "\n";
  return cq::query::k_exitWriteFailed;
}

/// The JSON-lines mode: every line of standard input answered on standard output. A
/// failed read (standard input a directory, or closed) gets one line on stderr and
/// k_exitReadFailed, after the answers to the lines read before it: it is not the end of
/// the input, and a quiet 0 would pass for "nothing to answer".
int AnswerStandardInput() {
  const int status = cq::query::AnswerJsonLines(std::cin, std::cout);
  const int error = errno;  // AnswerJsonLines cleared it before each read: a failed one's reason
  // k_exitReadFailed and k_exitWriteFailed are both 3; std::cin says which failed (a
  // failed write returns before the next read).
  if (status != cq::query::k_exitReadFailed || !std::cin.bad()) return Delivered(status);
  std::cerr << "closest-query: could not read standard input"
            << (error != 0 ? std::string(": ") + std::strerror(error) : std::string()) << "\n";
  std::cout.flush();
  return cq::query::k_exitReadFailed;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const std::vector<std::string> args(argv + 1, argv + argc);
  for (const std::string& arg : args) {
    if (IsHelpFlag(arg)) {
      errno = 0;
      std::cout << cq::query::HelpText();
      return Delivered(0);
    }
    if (arg == "--version") {
      errno = 0;
      std::cout << "closest-query " << CQ_VERSION << "\n";
      return Delivered(0);
    }
  }
  errno = 0;
  if (args.empty()) return AnswerStandardInput();
  if (args[0].rfind("-", 0) == 0) {
    std::cerr << "closest-query: unknown option "
              << cq::query::ArgumentForEcho(args[0])
              << "; run with no arguments to read JSON lines from stdin, or see --help\n";
    return k_exitBadCommandLine;
  }
  const cq::query::OneShotResult result = cq::query::RunOneShot(args);
  if (result.exitCode != 0) {
    std::cerr << result.text << "\n";
    return result.exitCode;
  }
  errno = 0;
  std::cout << result.text;
  return Delivered(0);
}
