#include "logic/output_files.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cq::app {
namespace {

/// A fresh directory under the system temp dir, removed afterwards.
class ScratchDir {
 public:
  ScratchDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    m_path = std::filesystem::temp_directory_path() / ("cq-output-files-" + std::string(info->name()));
    std::filesystem::remove_all(m_path);
    std::filesystem::create_directories(m_path);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(m_path, ec);
  }
  std::string operator/(const std::string& name) const { return (m_path / name).string(); }

 private:
  std::filesystem::path m_path;
};

std::string Read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void Write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// Ctrl+E names its PNG to the second: a second export within it wrote over the first and
// said "Saved" with the same name again. A new name is made instead, and said.
TEST(OutputFiles, ANewFileNeverReplacesOneThere) {
  const ScratchDir dir;
  const std::string stem = dir / "closest-lab-contact-20250101-120000";
  std::string error;
  const auto first = CreateNewFile(stem, ".png", error);
  ASSERT_TRUE(first) << error;
  EXPECT_EQ(*first, stem + ".png");
  Write(*first, "the first export");
  const auto second = CreateNewFile(stem, ".png", error);
  ASSERT_TRUE(second) << error;
  EXPECT_EQ(*second, stem + "-2.png");
  EXPECT_EQ(Read(*first), "the first export");  // not truncated
  const auto third = CreateNewFile(stem, ".png", error);
  ASSERT_TRUE(third) << error;
  EXPECT_EQ(*third, stem + "-3.png");
  EXPECT_TRUE(std::filesystem::exists(*second));  // each name is taken at once
}

TEST(OutputFiles, ALinkCountsAsTaken) {
  const ScratchDir dir;
  const std::string stem = dir / "shot";
  std::filesystem::create_symlink(dir / "elsewhere.png", stem + ".png");  // dangling
  std::string error;
  const auto made = CreateNewFile(stem, ".png", error);
  ASSERT_TRUE(made) << error;
  EXPECT_EQ(*made, stem + "-2.png");
  EXPECT_FALSE(std::filesystem::exists(dir / "elsewhere.png"));  // nothing written through the link
}

TEST(OutputFiles, ANewFileThatCannotBeMadeSaysWhy) {
  const ScratchDir dir;
  std::string error;
  EXPECT_FALSE(CreateNewFile(dir / "no-such-dir/shot", ".png", error));
  EXPECT_EQ(error, "cannot write " + (dir / "no-such-dir/shot.png") + ": No such file or directory");
}

// --dump-state /nonexistent/x.json said "cannot write /nonexistent/x.json", with no
// reason, and only after every frame had run.
TEST(OutputFiles, AnUnwritablePathGivesTheReason) {
  const ScratchDir dir;
  std::string error;
  EXPECT_FALSE(WriteTextFile(dir / "no-such-dir/x.json", "{}", error));
  EXPECT_EQ(error, "cannot write " + (dir / "no-such-dir/x.json") + ": No such file or directory");
  EXPECT_EQ(CheckWritable(dir / "no-such-dir/x.json"),
            "cannot write " + (dir / "no-such-dir/x.json") + ": No such file or directory");
  std::filesystem::create_directories(dir / "a-dir");
  EXPECT_EQ(CheckWritable(dir / "a-dir"), "cannot write " + (dir / "a-dir") + ": Is a directory");
}

TEST(OutputFiles, CheckingLeavesNoTrace) {
  const ScratchDir dir;
  EXPECT_EQ(CheckWritable(dir / "new.json"), "");
  EXPECT_FALSE(std::filesystem::exists(dir / "new.json"));  // the file made to find out is gone
  Write(dir / "old.json", "kept");
  EXPECT_EQ(CheckWritable(dir / "old.json"), "");
  EXPECT_EQ(Read(dir / "old.json"), "kept");  // neither truncated nor added to
  std::string error;
  ASSERT_TRUE(WriteTextFile(dir / "old.json", "new", error)) << error;
  EXPECT_EQ(Read(dir / "old.json"), "new");  // the write itself replaces it
}

// The check of a link to a file not yet there left an empty file at the link's target
// (robustness audit of 2026-11-29); the target is checked as a name of its own. A link
// into a missing folder gives the reason, under the name asked for.
TEST(OutputFiles, CheckingThroughALinkToNoFileLeavesNoTrace) {
  const ScratchDir dir;
  std::filesystem::create_symlink("target.json", dir / "link.json");
  EXPECT_EQ(CheckWritable(dir / "link.json"), "");
  EXPECT_FALSE(std::filesystem::exists(dir / "target.json"));
  std::filesystem::create_symlink(dir / "link.json", dir / "link-to-link.json");
  EXPECT_EQ(CheckWritable(dir / "link-to-link.json"), "");
  EXPECT_FALSE(std::filesystem::exists(dir / "target.json"));
  std::filesystem::create_symlink("no-such-dir/target.json", dir / "lost.json");
  EXPECT_EQ(CheckWritable(dir / "lost.json"), "cannot write " + (dir / "lost.json") + ": No such file or directory");
  std::filesystem::create_symlink("loop.json", dir / "loop.json");
  EXPECT_NE(CheckWritable(dir / "loop.json"), "");
}

// A --dump-state or --screenshot naming a pipe that no program reads hung the app at
// start-up, before any window, in the check's open (robustness audit). It is said; a pipe
// with a reader is writable.
TEST(OutputFiles, APipeNoProgramReadsIsSaidNotWaitedOn) {
  const ScratchDir dir;
  const std::string pipe = dir / "pipe.json";
  ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
  EXPECT_EQ(CheckWritable(pipe), "cannot write " + pipe + ": it is a pipe that no program is reading from");
  const int reader = ::open(pipe.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  EXPECT_EQ(CheckWritable(pipe), "");
  ::close(reader);
}

// A mutation run found the last name tried untested: with the name and -2 to -998 taken,
// -999 is made; with -999 taken too, none is, and the error names the range.
TEST(OutputFiles, TheLastNameTriedIsDash999) {
  const ScratchDir dir;
  const std::string stem = dir / "shot";
  Write(stem + ".png", "");
  for (int n = 2; n <= 998; ++n) Write(stem + "-" + std::to_string(n) + ".png", "");
  std::string error;
  const auto last = CreateNewFile(stem, ".png", error);
  EXPECT_EQ(last, std::optional<std::string>(stem + "-999.png")) << error;
  error.clear();
  EXPECT_FALSE(CreateNewFile(stem, ".png", error));
  EXPECT_NE(error.find("every name from it to " + stem + "-999.png is taken"), std::string::npos) << error;
}

}  // namespace
}  // namespace cq::app
