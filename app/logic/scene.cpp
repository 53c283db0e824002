#include "logic/scene.hpp"

namespace cq::app {

Scene::Scene(const Lesson& lesson) {
  const auto& table = LessonTable();
  for (size_t i = 0; i < table.size(); ++i) {
    m_points.push_back(table[i]->Presets().front().points);
    m_loadedFrom.emplace_back(0);
    if (table[i] == &lesson) m_lessonIndex = i;
  }
  m_history.push_back({m_lessonIndex, CurrentPoints(), false, 0, LoadedPreset(), std::nullopt, std::nullopt});
}

void Scene::OpenLesson(size_t index) {
  if (index >= m_points.size() || index == m_lessonIndex) return;
  m_lessonIndex = index;
  selectedHandle.reset();
  Commit(true);
}

void Scene::OpenNextLesson(int direction) {
  const size_t n = m_points.size();
  OpenLesson((m_lessonIndex + n + size_t(direction % int(n) + int(n))) % n);
}

void Scene::ApplyPreset(size_t index) {
  const std::vector<Preset> presets = CurrentLesson().Presets();
  if (index >= presets.size()) return;
  EditPoints() = presets[index].points;
  m_loadedFrom[m_lessonIndex] = index;
  selectedHandle.reset();
  Commit(true);
}

bool Scene::Load(size_t index, const std::vector<HandleAssignment>& sets, bool fromDefault) {
  if (index >= m_points.size()) return false;
  const std::uint64_t step = StepId();
  if (index != m_lessonIndex) {
    m_lessonIndex = index;
    selectedHandle.reset();
  }
  const Points before = CurrentPoints();
  if (fromDefault) EditPoints() = CurrentLesson().Presets().front().points;
  for (const HandleAssignment& set : sets) SetPoint(set.name, set.position);
  if (CurrentPoints() != before) ForgetLoadedPreset();  // unless they match one (Commit)
  Commit(true);
  return StepId() != step;
}

bool Scene::SetPoint(const std::string& name, const cq::Vec2d& position) {
  const int index = CurrentLesson().PointIndex(name);
  if (index < 0) return false;
  EditPoints()[size_t(index)] = position;
  return true;
}

void Scene::Commit(bool framed, std::optional<int> selectedBefore) {
  const std::vector<Preset> presets = CurrentLesson().Presets();
  for (size_t i = 0; i < presets.size(); ++i)
    if (presets[i].points == CurrentPoints()) {
      m_loadedFrom[m_lessonIndex] = i;
      break;
    }
  const Snapshot& last = m_history[m_historyPos];
  if (last.lessonIndex == m_lessonIndex && last.points == CurrentPoints()) return;
  m_history.resize(m_historyPos + 1);  // a new edit discards the redo branch
  m_history.push_back({m_lessonIndex, CurrentPoints(), framed, ++m_lastId, LoadedPreset(),
                       selectedBefore ? selectedBefore : selectedHandle, selectedHandle});
  if (m_history.size() > k_historyLimit) m_history.erase(m_history.begin());
  m_historyPos = m_history.size() - 1;
}

bool Scene::Undo() {
  if (!CanUndo()) return false;
  const Snapshot& undone = m_history[m_historyPos];
  const bool framed = undone.framed;
  const bool sameLesson = m_history[m_historyPos - 1].lessonIndex == m_lessonIndex;
  const bool followed = sameLesson && selectedHandle == undone.selectedAfter;
  const std::optional<int> before = undone.selectedBefore;
  Restore(m_history[--m_historyPos]);
  if (followed) selectedHandle = before;
  return framed;
}

bool Scene::Redo() {
  if (!CanRedo()) return false;
  const Snapshot& redone = m_history[m_historyPos + 1];
  const bool followed = redone.lessonIndex == m_lessonIndex && selectedHandle == redone.selectedBefore;
  Restore(m_history[++m_historyPos]);
  if (followed) selectedHandle = m_history[m_historyPos].selectedAfter;
  return m_history[m_historyPos].framed;
}

void Scene::Restore(const Snapshot& snapshot) {
  // The selection stays within a lesson (its handles keep their ids): Ctrl+Z after arrow
  // nudges dropped it, and the next arrow did nothing (review s35).
  if (snapshot.lessonIndex != m_lessonIndex) selectedHandle.reset();
  m_lessonIndex = snapshot.lessonIndex;
  m_points[m_lessonIndex] = snapshot.points;
  m_loadedFrom[m_lessonIndex] = snapshot.loadedFrom;
}

}  // namespace cq::app
