// app/logic/scene_text.hpp: a scene as text and back. Edit > Copy scene (Ctrl+C) writes
// the open lesson and its points as a closest-lab command line, which a teacher can put in
// a slide or send to a class: run, it opens that scene; pasted (Ctrl+V), it loads it into a
// running app. The same checks as the command line's, so both refuse the same things in
// the same words.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "logic/lesson.hpp"
#include "logic/options.hpp"

namespace cq::app {

/// "closest-lab --lesson segment --set A=-4,0 --set B=4,0 --set P=0,-2": every point of
/// the lesson, each coordinate the shortest text that reads back to the same double, so
/// that the command brings back the scene bit for bit (a -0 reads back as 0, the same point).
std::string SceneCommandLine(const Lesson& lesson, const Points& points);

/// The lesson a command line names (`lessonName`, else `open`) and whether `sets` fit it:
/// every name one of its points, none placed twice. `error` is the message closest-lab
/// prints at start-up and a paste shows ("--set Q: the Segment lesson has no point 'Q'
/// (points: A, B, P)"); `lesson` is null with it.
struct SceneChoice {
  const Lesson* lesson = nullptr;
  std::string error;
};
SceneChoice ChooseScene(const std::optional<std::string>& lessonName, const std::vector<HandleAssignment>& sets,
                        const Lesson& open);

/// Splits text into words as a POSIX shell would for a plain command: blanks and line
/// breaks separate words, '…' keeps its text as it is, "…" too but for \" \\ \$ \` and
/// a line break after \, outside quotes \ keeps the next character (\ before a line
/// break joins the lines), and a # starting a word begins a comment to the line's end.
/// `error` names an unclosed quote; the words are then empty.
std::vector<std::string> ShellWords(std::string_view text, std::string& error);

/// What a pasted text asks for: one closest-lab command line (as SceneCommandLine writes
/// it, or by hand; "closest-lab", a path to it or "./lab run" first, or only flags; a
/// leading "$ " prompt and a byte order mark are skipped). `lesson` and `sets` to apply,
/// `leftOut` the flags a running app does not take from a paste (--size, --screenshot, …:
/// they are for start-up; checked as at start-up all the same), or `error`, one line
/// saying why nothing is pasted.
struct PastedScene {
  const Lesson* lesson = nullptr;
  bool lessonNamed = false;  ///< --lesson given: the points it does not set are the lesson's default preset's
  std::vector<HandleAssignment> sets;
  std::vector<std::string> leftOut;
  std::string error;
};
PastedScene ReadPastedScene(std::string_view text, const Lesson& open);

/// The most text a paste reads as a scene (a command line of every point is ~150 bytes).
inline constexpr std::size_t k_maxPastedScene = 16384;

}  // namespace cq::app
