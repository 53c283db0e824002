// The real closest-query binary, end to end: stdin in, stdout/stderr and the exit status
// out. The binary's path comes from CMake ($<TARGET_FILE:closest-query>). Each run goes
// through posix_spawn with temporary files for the three streams; one test talks to the
// tool through pipes, line by line, to check that each answer is flushed as it is made.
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

extern char** environ;

namespace {

#ifndef CQ_CLOSEST_QUERY_PATH
#error "CQ_CLOSEST_QUERY_PATH must name the closest-query binary"
#endif
constexpr const char* k_toolPath = CQ_CLOSEST_QUERY_PATH;

struct RunResult {
  int exitCode = -1;
  std::string out;
  std::string err;
};

/// The test's temporary directory.
std::string TempDirectory() {
  const char* dir = std::getenv("TMPDIR");
  return dir && *dir ? dir : "/tmp";
}

/// A file in the test's temporary directory, removed when the object goes.
class TempFile {
 public:
  explicit TempFile(const std::string& contents) {
    m_path = TempDirectory() + "/closest_query_cli_XXXXXX";
    const int fd = mkstemp(m_path.data());
    EXPECT_GE(fd, 0) << "mkstemp failed";
    if (fd >= 0) {
      std::size_t written = 0;
      while (written < contents.size()) {
        const ssize_t n = write(fd, contents.data() + written, contents.size() - written);
        if (n <= 0) break;
        written += static_cast<std::size_t>(n);
      }
      close(fd);
    }
  }
  ~TempFile() { std::remove(m_path.c_str()); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  const std::string& Path() const { return m_path; }
  std::string Read() const {
    std::ifstream in(m_path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }

 private:
  std::string m_path;
};

/// Where the tool's standard output goes: a file the test reads, /dev/full (every write
/// fails with ENOSPC), or nowhere (the descriptor closed: every write fails with EBADF).
enum class Stdout { File, Full, Closed };

/// Where the tool's standard input comes from: a file holding the input, a directory
/// (every read fails with EISDIR), or nowhere (the descriptor closed: EBADF).
enum class Stdin { File, Directory, Closed };

/// Runs the tool with `args`, `input` on stdin; waits for it.
RunResult RunTool(const std::vector<std::string>& args, const std::string& input, Stdout stdoutTo = Stdout::File,
                  Stdin stdinFrom = Stdin::File) {
  TempFile in(input);
  TempFile out("");
  TempFile err("");
  const std::string directory = TempDirectory();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (stdinFrom == Stdin::File)
    posix_spawn_file_actions_addopen(&actions, 0, in.Path().c_str(), O_RDONLY, 0);
  else if (stdinFrom == Stdin::Directory)
    posix_spawn_file_actions_addopen(&actions, 0, directory.c_str(), O_RDONLY | O_DIRECTORY, 0);
  else
    posix_spawn_file_actions_addclose(&actions, 0);
  if (stdoutTo == Stdout::File)
    posix_spawn_file_actions_addopen(&actions, 1, out.Path().c_str(), O_WRONLY | O_TRUNC, 0);
  else if (stdoutTo == Stdout::Full)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/full", O_WRONLY, 0);
  else
    posix_spawn_file_actions_addclose(&actions, 1);
  posix_spawn_file_actions_addopen(&actions, 2, err.Path().c_str(), O_WRONLY | O_TRUNC, 0);
  std::vector<std::string> argvStrings = {k_toolPath};
  argvStrings.insert(argvStrings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& arg : argvStrings) argv.push_back(arg.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, k_toolPath, &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  RunResult result;
  EXPECT_EQ(spawned, 0) << "could not start " << k_toolPath;
  if (spawned != 0) return result;
  int status = 0;
  waitpid(pid, &status, 0);
  result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = out.Read();
  result.err = err.Read();
  return result;
}

std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

// ---- JSON lines ---------------------------------------------------------------------------

/// One input line and what its output line must be: the exact answer text for a good
/// line, or a part of the error message (the field's name and reason) for a bad one.
struct Exchange {
  std::string input;
  std::string expected;
  bool good;
};

const std::vector<Exchange>& MixedSession() {
  static const std::vector<Exchange> session = {
      {R"({"query":"segment","a":[0,0,0],"b":[5,0,0],"p":[3,0,-2]})",
       R"({"point":[3,0,0],"distance":2,"distance_sq":4,"t_raw":0.6,"t":0.6,"region":"interior"})", true},
      {"", "empty line", false},
      {R"({"query":"ray","a":[1,1],"b":[2,1],"p":[-2,5]})",
       R"({"point":[1,1],"distance":5,"distance_sq":25,"t_raw":-3,"t":0,"region":"A"})", true},
      {"this is not json", "not valid JSON", false},
      {R"({"query":"line","a":[0,0],"b":[2,0],"p":[-4,3]})",
       R"({"point":[-4,0],"distance":3,"distance_sq":9,"t_raw":-2,"t":-2,"region":"interior"})", true},
      {R"([1,2,3])", "expected a JSON object", false},
      {R"({"query":"cylinder","p":[0,0]})", "query: unknown query \"cylinder\"", false},
      {R"({"query":"plane","n":[0,0,2],"d":2,"p":[3,4,5]})",
       R"({"point":[3,4,1],"distance":4,"distance_sq":16,"signed_distance":4,"region":"front"})", true},
      {R"({"query":"segment","a":[0,0],"b":[1,0]})", "p: missing field", false},
      {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0,1,2,3]})", "p: expected an array of 2 or 3 numbers", false},
      {R"({"query":"segment","a":[0,0],"b":[1,"x"],"p":[0,1]})", "b coordinate 1: expected a number, got a string",
       false},
      {R"({"query":"aabb","min":[0,0],"max":[1,1],"p":[2,0.5]})",
       R"({"point":[1,0.5],"distance":1,"distance_sq":1,"region":"edge","side":[1,0]})", true},
      {R"({"query":"plane","n":[0,0,0],"d":1,"p":[1,2,3]})", "n: the plane normal is the zero vector", false},
      {R"({"query":"aabb","min":[0,2,0],"max":[1,1,1],"p":[0,0,0]})", "min/max coordinate 1: min is greater than max",
       false},
      {R"({"query":"contact","center":[0,0],"radius":-2,"shape":{"query":"plane","n":[0,1],"d":0}})",
       "radius: the radius is negative", false},
      {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[NaN,1]})", "p coordinate 0: not valid JSON: NaN", false},
      {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[1e999,1]})", "p coordinate 0: 1e999 is not a finite number",
       false},
      {R"({"query":"contact","center":[0,0.5],"radius":1,"shape":{"query":"plane","n":[0,1],"d":0}})",
       R"({"penetrating":true,"depth":0.5,"normal":[0,1],"resolved_center":[0,1],"distance":0.5,"point":[0,0]})", true},
      {R"("segment")", "expected a JSON object", false},
      {R"({"query":"segment","a":"0,0","b":[1,0],"p":[0,1]})", "a: expected an array of 2 or 3 numbers, got a string",
       false},
      {R"({"query":"segment","a":[0,0,0],"b":[1,0,0],"p":[0,1]})",
       "a has 3 numbers but p has 2: all arrays of one line must have the same length", false},
      {R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0,1],"radius":1})", "unknown field \"radius\"", false},
      {R"({"query":"contact","center":[0,0],"radius":1,"shape":{"query":"plane","n":[0,0],"d":0}})",
       "shape.n: the plane normal is the zero vector", false},
      {R"({"query":"contact","center":[0,0],"radius":1,"shape":{"query":"plane","n":[0,1],"d":0,"p":[0,0]}})",
       "shape.p: a contact shape has no \"p\"", false},
      {R"({"query":"segment","a":[0,0,0],"b":[1e-300,0,0],"p":[1e300,0,0]})",
       R"({"point":[1e-300,0,0],"distance":1e+300,"distance_sq":1e999,"t_raw":1e999,"t":1,"region":"B"})", true},
      {R"({"query":"aabb","min":[-1,-1,-1],"max":[1,1,1],"p":[0,0,0]})",
       R"({"point":[0,0,0],"distance":0,"distance_sq":0,"region":"inside","side":[0,0,0]})", true},
  };
  return session;
}

TEST(ClosestQueryCli, MixedGoodAndBadLinesOneAnswerEachInOrder) {
  std::string input;
  for (const Exchange& exchange : MixedSession()) input += exchange.input + "\n";
  const RunResult result = RunTool({}, input);
  EXPECT_EQ(result.exitCode, 1) << "a bad line makes the exit status 1";
  EXPECT_EQ(result.err, "");
  const std::vector<std::string> lines = SplitLines(result.out);
  ASSERT_EQ(lines.size(), MixedSession().size()) << result.out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const Exchange& exchange = MixedSession()[i];
    SCOPED_TRACE("line " + std::to_string(i + 1) + ": " + exchange.input);
    if (exchange.good) {
      EXPECT_EQ(lines[i], exchange.expected);
      continue;
    }
    const nlohmann::json j = nlohmann::json::parse(lines[i]);
    ASSERT_TRUE(j.is_object() && j.size() == 1 && j.contains("error")) << lines[i];
    EXPECT_NE(j["error"].get<std::string>().find(exchange.expected), std::string::npos) << lines[i];
  }
}

TEST(ClosestQueryCli, AllGoodLinesExitZero) {
  std::string input;
  std::vector<std::string> expected;
  for (const Exchange& exchange : MixedSession()) {
    if (!exchange.good) continue;
    input += exchange.input + "\n";
    expected.push_back(exchange.expected);
  }
  const RunResult result = RunTool({}, input);
  EXPECT_EQ(result.exitCode, 0);
  EXPECT_EQ(SplitLines(result.out), expected);
}

TEST(ClosestQueryCli, EmptyInputAnswersNothingAndExitsZero) {
  const RunResult result = RunTool({}, "");
  EXPECT_EQ(result.exitCode, 0);
  EXPECT_EQ(result.out, "");
}

TEST(ClosestQueryCli, LastLineWithoutNewlineAndCrlfLinesAreAnswered) {
  const RunResult result = RunTool({}, "{\"query\":\"segment\",\"a\":[0,0],\"b\":[1,0],\"p\":[0.5,1]}\r\n"
                                       "{\"query\":\"segment\",\"a\":[0,0],\"b\":[1,0],\"p\":[2,0]}");
  EXPECT_EQ(result.exitCode, 0) << result.out;
  EXPECT_EQ(SplitLines(result.out),
            (std::vector<std::string>{
                R"({"point":[0.5,0],"distance":1,"distance_sq":1,"t_raw":0.5,"t":0.5,"region":"interior"})",
                R"({"point":[1,0],"distance":1,"distance_sq":1,"t_raw":2,"t":1,"region":"B"})"}));
}

TEST(ClosestQueryCli, OnlyBadLinesExitOne) {
  const RunResult result = RunTool({}, "\n\n{}\n");
  EXPECT_EQ(result.exitCode, 1);
  EXPECT_EQ(SplitLines(result.out).size(), 3u);
}

TEST(ClosestQueryCli, AnswersAreFlushedLineByLine) {
  // A program may hold the tool open on a pipe and wait for each answer before sending
  // the next question; that only works if every answer is flushed at once.
  int toTool[2];
  int fromTool[2];
  ASSERT_EQ(pipe(toTool), 0);
  ASSERT_EQ(pipe(fromTool), 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, toTool[0], 0);
  posix_spawn_file_actions_adddup2(&actions, fromTool[1], 1);
  posix_spawn_file_actions_addclose(&actions, toTool[1]);
  posix_spawn_file_actions_addclose(&actions, fromTool[0]);
  std::string program = k_toolPath;
  char* argv[] = {program.data(), nullptr};
  pid_t pid = 0;
  ASSERT_EQ(posix_spawn(&pid, k_toolPath, &actions, nullptr, argv, environ), 0);
  posix_spawn_file_actions_destroy(&actions);
  close(toTool[0]);
  close(fromTool[1]);

  const auto ask = [&](const std::string& line) {
    const std::string text = line + "\n";
    EXPECT_EQ(write(toTool[1], text.data(), text.size()), static_cast<ssize_t>(text.size()));
    std::string answer;
    char c = 0;
    while (true) {
      pollfd ready{fromTool[0], POLLIN, 0};
      if (poll(&ready, 1, 10000) <= 0) {  // 10 s: far beyond any real answer time
        ADD_FAILURE() << "no answer within 10 s to " << line;
        break;
      }
      if (read(fromTool[0], &c, 1) != 1 || c == '\n') break;
      answer += c;
    }
    return answer;
  };
  EXPECT_EQ(ask(R"({"query":"segment","a":[0,0,0],"b":[5,0,0],"p":[3,0,-2]})"),
            R"({"point":[3,0,0],"distance":2,"distance_sq":4,"t_raw":0.6,"t":0.6,"region":"interior"})");
  EXPECT_NE(ask("oops").find("\"error\""), std::string::npos);
  EXPECT_EQ(ask(R"({"query":"aabb","min":[0,0],"max":[1,1],"p":[2,0.5]})"),
            R"({"point":[1,0.5],"distance":1,"distance_sq":1,"region":"edge","side":[1,0]})");
  close(toTool[1]);
  close(fromTool[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 1);
}

TEST(ClosestQueryCli, AnswersThatCannotBeWrittenExitThreeWithTheReason) {
  // A full disk or a closed standard output loses every answer: the tool must not report
  // success (exit 0) for lines nobody received, in either mode or for --help.
  const std::string good = R"({"query":"segment","a":[0,0],"b":[1,0],"p":[0.5,1]})";
  const std::vector<std::string> oneShot = {"segment", "--a", "0,0", "--b", "1,0", "--p", "0,1"};
  for (const Stdout target : {Stdout::Full, Stdout::Closed}) {
    const char* reason = target == Stdout::Full ? "No space left on device" : "Bad file descriptor";
    for (const auto& [args, input] : {std::pair<std::vector<std::string>, std::string>{{}, good + "\n" + good + "\n"},
                                      {oneShot, ""},
                                      {{"--help"}, ""}}) {
      const RunResult result = RunTool(args, input, target);
      const std::string context = (args.empty() ? std::string("JSON lines") : args[0]) + ", stdout " + reason;
      EXPECT_EQ(result.exitCode, 3) << context;
      EXPECT_EQ(result.err, std::string("closest-query: could not write the answers to standard output: ") + reason +
                                "\n")
          << context;
    }
  }
}

TEST(ClosestQueryCli, StandardInputThatCannotBeReadExitsThreeWithTheReason) {
  // `closest-query < /tmp` and `closest-query <&-` printed nothing and exited 0: the
  // failed read was taken for the end of the input, an empty success.
  for (const Stdin source : {Stdin::Directory, Stdin::Closed}) {
    const char* reason = source == Stdin::Directory ? "Is a directory" : "Bad file descriptor";
    const RunResult result = RunTool({}, "", Stdout::File, source);
    EXPECT_EQ(result.exitCode, 3) << reason;
    EXPECT_EQ(result.out, "") << reason;
    EXPECT_EQ(result.err, std::string("closest-query: could not read standard input: ") + reason + "\n");
  }
}

// ---- the command line ---------------------------------------------------------------------

TEST(ClosestQueryCli, HelpShowsTheFormatWithAnExample) {
  for (const char* flag : {"--help", "-h"}) {
    const RunResult result = RunTool({flag}, "");
    EXPECT_EQ(result.exitCode, 0);
    EXPECT_EQ(result.err, "");
    for (const char* part : {R"({"query":"segment", "a":[..], "b":[..], "p":[..]})", R"("query":"contact")",
                             "1e999", "EXIT STATUS", "t_raw", "signed_distance", "resolved_center", "side",
                             R"({"error":")", "closest-query segment --a 0,0,0 --b 5,0,0 --p 3,0,-2",
                             R"({"point":[3,0,0],"distance":2,"distance_sq":4,"t_raw":0.6,"t":0.6,"region":"interior"})"}) {
      EXPECT_NE(result.out.find(part), std::string::npos) << "--help lacks: " << part;
    }
  }
}

TEST(ClosestQueryCli, HelpExamplesAreWhatTheToolPrints) {
  // The examples in --help are documentation people copy: check them against the tool.
  const RunResult help = RunTool({"--help"}, "");
  const std::vector<std::string> lines = SplitLines(help.out);
  int checked = 0;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    const std::string prefix = "  $ echo '";
    if (lines[i].rfind(prefix, 0) != 0) continue;
    const std::size_t end = lines[i].find("' | closest-query");
    ASSERT_NE(end, std::string::npos) << lines[i];
    const std::string input = lines[i].substr(prefix.size(), end - prefix.size());
    const RunResult result = RunTool({}, input + "\n");
    EXPECT_EQ("  " + SplitLines(result.out).at(0), lines[i + 1]) << input;
    ++checked;
  }
  EXPECT_GE(checked, 3);
}

TEST(ClosestQueryCli, BadFlagExitsTwo) {
  for (const char* flag : {"--bogus", "-x", "--json"}) {
    const RunResult result = RunTool({flag}, "");
    EXPECT_EQ(result.exitCode, 2) << flag;
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(SplitLines(result.err).size(), 1u) << result.err;
    EXPECT_NE(result.err.find(flag), std::string::npos) << result.err;
  }
}

TEST(ClosestQueryCli, VersionLikeTheApp) {
  const RunResult result = RunTool({"--version"}, "");
  EXPECT_EQ(result.exitCode, 0);
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(result.out.rfind("closest-query 0.", 0), 0u) << result.out;
  EXPECT_EQ(SplitLines(result.out).size(), 1u) << result.out;
}

TEST(ClosestQueryCli, OneShotNamesTheOptionOfANonFiniteValue) {
  // "--p 1,nan" was reported as core's "p coordinate 1".
  // A number written out that overflows is said to ("1e999" is neither NaN nor infinity).
  for (const char* p : {"1,nan", "1,1e999", "-inf,0"}) {
    const RunResult result = RunTool({"segment", "--a", "0,0", "--b", "4,0", "--p", p}, "");
    EXPECT_EQ(result.exitCode, 2) << p;
    EXPECT_EQ(result.err.rfind("closest-query: --p: value ", 0), 0u) << result.err;
    const bool overflow = std::string(p) == "1,1e999";
    EXPECT_NE(result.err.find(overflow ? "overflows a double" : "not a finite number"), std::string::npos)
        << result.err;
  }
}

TEST(ClosestQueryCli, OneShotOnAVertexSaysNothingWasClamped) {
  // t_raw = 0 exactly read "t = 0 (t_raw clamped to [0, 1])".
  const RunResult atA = RunTool({"segment", "--a", "0,0", "--b", "4,0", "--p", "0,1"}, "");
  EXPECT_EQ(atA.exitCode, 0);
  EXPECT_EQ(atA.out.find("clamped to"), std::string::npos) << atA.out;
  EXPECT_NE(atA.out.find("t = 0 (t_raw is exactly 0: P projects onto A itself, nothing to clamp)"), std::string::npos)
      << atA.out;
  // And the region line agrees: it said "P projects before A, t_raw <= 0" here.
  EXPECT_NE(atA.out.find("region: A (P projects onto A itself, t_raw = 0"), std::string::npos) << atA.out;
  const RunResult pastB = RunTool({"segment", "--a", "0,0", "--b", "4,0", "--p", "5,1"}, "");
  EXPECT_NE(pastB.out.find("t = 1 (t_raw clamped to [0, 1]: decided before dividing"), std::string::npos) << pastB.out;
  EXPECT_NE(pastB.out.find("region: B (P projects beyond B, t_raw > 1"), std::string::npos) << pastB.out;
  // A = B: t = 0 by definition, not "P projects onto the vertex itself".
  const RunResult point = RunTool({"ray", "--a", "1,1", "--b", "1,1", "--p", "3,2"}, "");
  EXPECT_NE(point.out.find("t = 0 (A and B coincide: t = 0 by definition, no division)"), std::string::npos)
      << point.out;
  EXPECT_EQ(point.out.find("vertex itself"), std::string::npos) << point.out;
}

TEST(ClosestQueryCli, OneShotSeedExample) {
  const RunResult result = RunTool({"segment", "--a", "0,0,0", "--b", "5,0,0", "--p", "3,0,-2"}, "");
  EXPECT_EQ(result.exitCode, 0);
  EXPECT_EQ(result.err, "");
  for (const char* part : {"t_raw = 0.6", "t = 0.6", "closest point (3, 0, 0), distance 2",
                           "region: interior (the foot of the perpendicular)"}) {
    EXPECT_NE(result.out.find(part), std::string::npos) << "missing: " << part << "\n" << result.out;
  }
}

TEST(ClosestQueryCli, OneShotEveryKindExitsZero) {
  const std::vector<std::vector<std::string>> queries = {
      {"ray", "--a", "0,0", "--b", "1,0", "--p", "-2,3"},
      {"line", "--a", "0,0,0", "--b", "1,0,0", "--p", "-2,3,4"},
      {"plane", "--n", "0,0,1", "--d", "1", "--p", "3,4,5"},
      {"aabb", "--min", "0,0", "--max", "1,1", "--p", "2,0.5"},
      {"contact", "--center", "0,0.5", "--radius", "1", "--shape", "plane", "--n", "0,1", "--d", "0"},
      {"contact", "--center", "3,3,3", "--radius", "1", "--shape", "segment", "--a", "0,0,0", "--b", "1,0,0"},
      {"contact", "--center", "0.5,0.5", "--radius", "0.25", "--shape", "aabb", "--min", "0,0", "--max", "1,2"},
  };
  for (const std::vector<std::string>& query : queries) {
    const RunResult result = RunTool(query, "");
    EXPECT_EQ(result.exitCode, 0) << query[0] << ": " << result.err;
    EXPECT_NE(result.out.find("closest point"), std::string::npos) << result.out;
  }
}

TEST(ClosestQueryCli, OneShotBadArgumentsExitTwoWithOneLineOnStderr) {
  const std::vector<std::vector<std::string>> queries = {
      {"segmnt", "--a", "0,0"},
      {"segment", "--a", "0,0", "--b", "1,0"},
      {"segment", "--a", "0,0", "--b", "1,0", "--p", "1,x"},
      {"segment", "--a", "0,0", "--b", "1,0", "--p"},
      {"plane", "--n", "0,0,0", "--d", "1", "--p", "1,2,3"},
      {"aabb", "--min", "1,1", "--max", "0,0", "--p", "0,0"},
      {"contact", "--center", "0,0", "--radius", "-1", "--shape", "plane", "--n", "0,1", "--d", "0"},
  };
  for (const std::vector<std::string>& query : queries) {
    const RunResult result = RunTool(query, "");
    EXPECT_EQ(result.exitCode, 2) << query[0];
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(SplitLines(result.err).size(), 1u) << result.err;
    EXPECT_EQ(result.err.rfind("closest-query: ", 0), 0u) << result.err;
  }
}

// A mutation run found a single-dash first argument untested: "-v" is an unknown option of
// the tool, not taken for the one-shot form's query name. It is named as a query's unknown
// option is, quoted only where it has other characters than letters, digits, - and _ (it
// was always quoted: audit).
TEST(ClosestQueryCli, ASingleDashFlagIsAnUnknownOption) {
  const RunResult result = RunTool({"-v"}, "");
  EXPECT_EQ(result.exitCode, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err,
            "closest-query: unknown option -v; run with no arguments to read JSON lines from stdin, or see --help\n");
  EXPECT_EQ(RunTool({"--verbose"}, "").err.rfind("closest-query: unknown option --verbose; ", 0), 0u);
  const RunResult odd = RunTool({"--foo\nbar"}, "");
  EXPECT_EQ(odd.exitCode, 2);
  EXPECT_EQ(odd.err.rfind("closest-query: unknown option \"--foo\\nbar\"; ", 0), 0u) << odd.err;
}

/// Runs the examples among `lines` ("$ command" and the output lines after it, up to the
/// next "$", a blank line after output, or a code block's end; `indent` spaces before each,
/// as --help indents them); returns how many were compared. `blocksOnly`: only inside ```
/// blocks. A command shown without output must still succeed and print something.
int CheckExamples(const std::vector<std::string>& lines, const std::string& indent, bool blocksOnly,
                  const std::string& where) {
  bool inBlock = !blocksOnly;
  int examples = 0;
  std::optional<RunResult> last;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (blocksOnly && lines[i].rfind("```", 0) == 0) {
      inBlock = !inBlock;
      continue;
    }
    const std::string mark = indent + "$ ";
    if (!inBlock || lines[i].rfind(mark, 0) != 0) continue;
    const std::string command = lines[i].substr(mark.size());
    std::string expected;
    for (std::size_t j = i + 1; j < lines.size() && lines[j].rfind(mark, 0) != 0 && lines[j].rfind("```", 0) != 0; ++j) {
      if (lines[j].empty()) {
        if (!blocksOnly) break;  // --help: a blank line ends the example
        continue;
      }
      expected += lines[j].substr(std::min(lines[j].size(), indent.size())) + "\n";
    }
    if (command == "echo $?") {
      EXPECT_TRUE(last.has_value()) << where << " line " << i + 1 << ": no command before it";
      if (last) {
        EXPECT_EQ(std::to_string(last->exitCode) + "\n", expected) << where << " line " << i + 1;
      }
      continue;
    }
    const std::string piped = "' | closest-query";
    if (command.rfind("echo '", 0) == 0 && command.size() > piped.size() &&
        command.compare(command.size() - piped.size(), piped.size(), piped) == 0) {
      last = RunTool({}, command.substr(6, command.size() - 6 - piped.size()) + "\n");
    } else if (command.rfind("closest-query ", 0) == 0) {
      std::vector<std::string> args;
      std::istringstream words(command.substr(14));
      for (std::string word; words >> word;) args.push_back(word);
      last = RunTool(args, "");
    } else {
      continue;  // not an example of the tool
    }
    if (expected.empty()) {  // a command shown without its output (--help's last ones)
      EXPECT_EQ(last->exitCode, 0) << where << " line " << i + 1 << ": " << command << "\n" << last->err;
      EXPECT_FALSE(last->out.empty()) << where << " line " << i + 1 << ": " << command;
      continue;
    }
    ++examples;
    EXPECT_EQ(last->out + last->err, expected) << where << " line " << i + 1 << ": " << command;
  }
  return examples;
}

// The README's examples, run as written: every "$ echo '<line>' | closest-query" and
// "$ closest-query <options>" in its code blocks, its output the lines after it up to the
// next "$" or the block's end, and "$ echo $?" the status of the command before. The
// contact one-shot example lacked the origin line the tool prints (README audit).
TEST(ClosestQueryCli, TheReadmesExamplesAreWhatTheToolPrints) {
  std::ifstream readme(CQ_README_PATH);
  ASSERT_TRUE(readme) << CQ_README_PATH;
  std::vector<std::string> lines;
  for (std::string line; std::getline(readme, line);) lines.push_back(line);
  EXPECT_GE(CheckExamples(lines, "", true, "README"), 8);
}

// --help's own examples too (its one-shot example lacked the numerator and the deferred
// division's words the tool prints: teaching audit).
TEST(ClosestQueryCli, TheHelpsExamplesAreWhatTheToolPrints) {
  const RunResult help = RunTool({"--help"}, "");
  ASSERT_EQ(help.exitCode, 0);
  std::vector<std::string> lines;
  std::istringstream text(help.out);
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  EXPECT_GE(CheckExamples(lines, "  ", false, "--help"), 4);
}

}  // namespace
