#include "logic/scene_text.hpp"

#include <algorithm>
#include <utility>

#include "logic/format.hpp"
#include "logic/text_wrap.hpp"

namespace cq::app {
namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/// The program a word names: "closest-lab" from "./build/app/closest-lab" or
/// "closest-lab.exe".
std::string_view Basename(std::string_view word) {
  const auto slash = word.rfind('/');
  std::string_view base = slash == std::string_view::npos ? word : word.substr(slash + 1);
  if (base.size() > 4 && base.substr(base.size() - 4) == ".exe") base.remove_suffix(4);
  return base;
}

/// The text as one short line for a message: its blanks and line breaks as single spaces.
std::string Shown(std::string_view text) {
  std::string line;
  for (const char c : text) {
    if (IsBlank(c)) {
      if (!line.empty() && line.back() != ' ') line += ' ';
    } else {
      line += c;
    }
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return Shortened(line, 48);
}

}  // namespace

std::string SceneCommandLine(const Lesson& lesson, const Points& points) {
  std::string line = "closest-lab --lesson " + std::string(lesson.Id());
  const std::vector<PointSpec> specs = lesson.PointSpecs();
  for (std::size_t i = 0; i < specs.size() && i < points.size(); ++i)
    line += " --set " + specs[i].name + "=" + CommandLinePoint(points[i]);
  return line;
}

SceneChoice ChooseScene(const std::optional<std::string>& lessonName, const std::vector<HandleAssignment>& sets,
                        const Lesson& open) {
  const Lesson* lesson = lessonName ? FindLesson(*lessonName) : &open;
  if (lesson == nullptr) return {nullptr, "unknown lesson '" + *lessonName + "' (lessons: " + LessonIdList() + ")"};
  for (std::size_t i = 0; i < sets.size(); ++i) {
    const HandleAssignment& set = sets[i];
    // A point placed twice: which place was meant is not for the app to guess.
    const int index = lesson->PointIndex(set.name);
    for (std::size_t j = 0; j < i; ++j)
      if (index >= 0 && lesson->PointIndex(sets[j].name) == index)
        return {nullptr, "--set " + set.name + " given twice; place each point once"};
    if (index < 0) {
      std::string names;
      for (const PointSpec& spec : lesson->PointSpecs()) names += (names.empty() ? "" : ", ") + spec.name;
      return {nullptr, "--set " + set.name + ": the " + std::string(lesson->Title()) + " lesson has no point '" +
                           set.name + "' (points: " + names + ")"};
    }
  }
  return {lesson, {}};
}

std::vector<std::string> ShellWords(std::string_view text, std::string& error) {
  std::vector<std::string> words;
  std::string word;
  bool inWord = false;  // '' and "" make a word even when empty
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (IsBlank(c)) {
      if (inWord) words.push_back(std::exchange(word, {}));
      inWord = false;
    } else if (c == '#' && !inWord) {  // a comment, to the line's end
      while (i + 1 < text.size() && text[i + 1] != '\n') ++i;
    } else if (c == '\\') {
      if (i + 1 < text.size() && text[i + 1] == '\r' && i + 2 < text.size() && text[i + 2] == '\n') {
        i += 2;  // a line joined to the next (a Windows line end)
      } else if (i + 1 < text.size() && text[i + 1] == '\n') {
        ++i;
      } else if (i + 1 < text.size()) {
        word += text[++i];
        inWord = true;
      }
    } else if (c == '\'') {
      const auto close = text.find('\'', i + 1);
      if (close == std::string_view::npos) {
        error = "a ' quote is not closed";
        return {};
      }
      word += text.substr(i + 1, close - i - 1);
      inWord = true;
      i = close;
    } else if (c == '"') {
      inWord = true;
      for (++i;; ++i) {
        if (i >= text.size()) {
          error = "a \" quote is not closed";
          return {};
        }
        if (text[i] == '"') break;
        if (text[i] == '\\' && i + 1 < text.size() && std::string_view("\"\\$`\n").find(text[i + 1]) != std::string_view::npos) {
          if (text[++i] != '\n') word += text[i];
        } else {
          word += text[i];
        }
      }
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push_back(word);
  return words;
}

PastedScene ReadPastedScene(std::string_view text, const Lesson& open) {
  PastedScene pasted;
  const std::string example = "closest-lab --lesson segment --set P=3,1";
  const auto fail = [&](std::string why) {
    pasted.error = std::move(why);
    return pasted;
  };
  if (text.size() > k_maxPastedScene)
    return fail("the clipboard holds " + std::to_string(text.size()) + " bytes, too long for a scene (a command line of " +
                "every point is a few hundred)");
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // a byte order mark from an editor
  const std::string shown = Shown(text);
  if (shown.empty()) return fail("the clipboard is empty: copy a closest-lab command line, such as " + example);
  std::string splitError;
  const std::vector<std::string> words = ShellWords(text, splitError);
  if (!splitError.empty()) return fail("\"" + shown + "\": " + splitError);
  std::size_t first = 0;
  if (first < words.size() && words[first] == "$") ++first;  // a prompt copied with the command
  const auto isTool = [&](std::size_t i) { return i < words.size() && Basename(words[i]) == "closest-query"; };
  if (isTool(first) || shown[0] == '{')
    return fail("\"" + shown + "\" is closest-query's input, not a scene: paste a closest-lab command line, such as " +
                example);
  if (first < words.size() && Basename(words[first]) == "closest-lab") {
    ++first;
  } else if (first + 1 < words.size() && Basename(words[first]) == "lab" && words[first + 1] == "run") {
    first += 2;
  } else if (first < words.size() && words[first].rfind("--", 0) != 0) {
    return fail("\"" + shown + "\" is not a scene: paste a closest-lab command line, such as " + example);
  }
  for (std::size_t i = first; i < words.size(); ++i)
    if (Basename(words[i]) == "closest-lab")
      return fail("\"" + shown + "\" holds more than one closest-lab command: paste one scene");
  std::vector<const char*> argv{"closest-lab"};
  for (std::size_t i = first; i < words.size(); ++i) argv.push_back(words[i].c_str());
  const ParsedOptions parsed = ParseCommandLine(int(argv.size()), argv.data());
  if (!parsed.error.empty()) return fail(parsed.error);
  const AppOptions& o = parsed.options;
  if (!o.lesson && o.sets.empty())
    return fail("\"" + shown + "\" names no lesson and places no point (--lesson NAME, --set NAME=x,y)");
  const SceneChoice choice = ChooseScene(o.lesson, o.sets, open);
  if (!choice.error.empty()) return fail(choice.error);
  pasted.lesson = choice.lesson;
  pasted.lessonNamed = o.lesson.has_value();
  pasted.sets = o.sets;
  const std::pair<bool, const char*> startUpOnly[] = {
      {o.width.has_value(), "--size"},      {o.uiScale.has_value(), "--ui-scale"},
      {o.screenshotPath.has_value(), "--screenshot"}, {o.frames.has_value(), "--frames"},
      {o.dumpStatePath.has_value(), "--dump-state"},  {o.reportFrameTimes, "--report-frame-times"},
      {o.noConfig, "--no-config"},          {o.help, "--help"},
      {o.version, "--version"}};
  for (const auto& [given, flag] : startUpOnly)
    if (given) pasted.leftOut.emplace_back(flag);
  return pasted;
}

}  // namespace cq::app
