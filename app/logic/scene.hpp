// app/logic/scene.hpp: the state a person edits: which lesson is open, every lesson's
// points (switching lessons and back keeps them), the selected handle, and undo/redo.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "logic/lesson.hpp"
#include "logic/options.hpp"

namespace cq::app {

class Scene {
 public:
  /// Every lesson at its default preset, `lesson` open.
  explicit Scene(const Lesson& lesson);

  const Lesson& CurrentLesson() const { return *LessonTable()[m_lessonIndex]; }
  size_t LessonIndex() const { return m_lessonIndex; }
  const Points& CurrentPoints() const { return m_points[m_lessonIndex]; }
  /// For edits in progress (a drag); call Commit() when the edit is complete.
  Points& EditPoints() { return m_points[m_lessonIndex]; }

  void OpenLesson(size_t index);
  void OpenNextLesson(int direction);  ///< +1 next, -1 previous, wrapping
  void ApplyPreset(size_t index);
  void Reset() { ApplyPreset(0); }

  /// The preset the open lesson's points were loaded from (kept through edits, and through
  /// undo and redo with the points), or nothing: points set from no preset (--set). Points
  /// that match a preset when committed are that preset's.
  std::optional<size_t> LoadedPreset() const { return m_loadedFrom[m_lessonIndex]; }
  /// The open lesson's points come from no preset (they were set by name at start-up).
  void ForgetLoadedPreset() { m_loadedFrom[m_lessonIndex].reset(); }

  /// Opens lesson `index` and places the named points in it (names it lacks are skipped),
  /// as one undo step that frames the view, as a lesson switch does: a pasted scene
  /// (Ctrl+V). `fromDefault`: the points not named are the lesson's default preset's, as
  /// the command that names the lesson opens them (audit: a paste kept preset 6's A and B
  /// where the command opens preset 1's); else they stay as they are. The selection stays
  /// where the lesson stays. False when that changed nothing (the scene was already that
  /// one), and then there is no new step.
  bool Load(size_t index, const std::vector<HandleAssignment>& sets, bool fromDefault);

  /// Sets a point by name; false (and nothing changes) if the lesson has no such point.
  bool SetPoint(const std::string& name, const cq::Vec2d& position);

  std::optional<int> selectedHandle;  ///< the handle the arrow keys move

  /// Records the current state as one undo step, if it differs from the last one.
  /// `framed`: the step reframes the view (a lesson switch, a preset, a reset), and so does
  /// undoing or redoing it. `selectedBefore`: the handle the edit began on, where the edit
  /// changed which handle it is (a box corner dragged past the opposite side becomes the
  /// other corner, and the selection follows it); undoing the step gives that handle back
  /// its selection, and redoing it the one the edit ended on (after an undo the points
  /// were back but the ring stayed on the corner the user never touched: GUI audit).
  void Commit(bool framed = false, std::optional<int> selectedBefore = std::nullopt);
  bool CanUndo() const { return m_historyPos > 0; }
  bool CanRedo() const { return m_historyPos + 1 < m_history.size(); }
  /// Each returns whether the view should be framed again: the step undone or redone had
  /// framed it. Undoing a preset brought back the old points in the preset's view, which
  /// could hold none of them (a blank pink grid round 1e6; review s32).
  bool Undo();
  bool Redo();
  /// The undo step the scene is at: a number of its own for every committed edit, the same
  /// again after an undo and a redo back to it. A move's way back (Ctrl+Z) is offered only
  /// while the scene is at the move's step: the same points reached by other edits (a nudge
  /// right and one back left) are not (interaction audit).
  std::uint64_t StepId() const { return m_history[m_historyPos].id; }

 private:
  struct Snapshot {
    size_t lessonIndex;
    Points points;
    bool framed = false;  ///< reaching this state reframed the view
    std::uint64_t id = 0;  ///< StepId
    std::optional<size_t> loadedFrom;  ///< LoadedPreset
    std::optional<int> selectedBefore;  ///< the selection the edit began with (see Commit)
    std::optional<int> selectedAfter;   ///< ... and the one it ended with
  };
  void Restore(const Snapshot& snapshot);

  size_t m_lessonIndex = 0;
  std::vector<Points> m_points;  ///< per lesson, in LessonTable() order
  std::vector<std::optional<size_t>> m_loadedFrom;  ///< per lesson: LoadedPreset
  std::vector<Snapshot> m_history;
  size_t m_historyPos = 0;
  std::uint64_t m_lastId = 0;  ///< the last StepId given
  static constexpr size_t k_historyLimit = 500;
};

}  // namespace cq::app
