// LabApp: the frame's order, layout, keyboard shortcuts and the one evaluation.
#include "ui/lab_app.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>

#include "logic/state_json.hpp"

namespace cq::app {

LabApp::LabApp(const Lesson& lesson, const Settings& settings, float contentScale)
    : m_scene(lesson), m_settings(settings), m_contentScale(contentScale) {}

GridSpacing LabApp::Grid() const { return ChooseGridSpacing(m_camera.Zoom(), Px(90)); }

bool LabApp::TakeFontRebuildRequest() { return std::exchange(m_fontRebuild, false); }
bool LabApp::TakeExportRequest() { return std::exchange(m_exportRequested, false); }

void LabApp::Frame() {
  DrawMenuBar();
  HandleShortcuts();
  SidebarLessonPicker();
  ComputeLayout();
  CanvasInput();
  NumberLinesInput();
  SidebarEditorsAndEvaluate();  // phase 2 happens in here, after the editors
  CanvasDraw();
  NumberLinesDraw();
  DrawHelpWindow();
  m_settings.lesson = std::string(m_scene.CurrentLesson().Id());
}

void LabApp::ComputeLayout() {
  const ImGuiIO& io = ImGui::GetIO();
  const double top = ImGui::GetFrameHeight();  // the main menu bar
  const double width = io.DisplaySize.x;
  const double height = io.DisplaySize.y;
  const double sidebarWidth = std::clamp<double>(Px(m_settings.sidebarWidth), 200.0, std::max(200.0, width * 0.6));
  const double lineCount = double(m_scene.CurrentLesson().NumberLineCount());
  const double linesHeight = std::min(height * 0.4, lineCount * Px(84) + Px(8));
  m_layout.sidebar = {{{0, top}}, {{sidebarWidth, height}}};
  m_layout.canvas = {{{sidebarWidth, top}}, {{width, std::max(top + 1, height - linesHeight)}}};
  m_layout.numberLines = {{{sidebarWidth, m_layout.canvas.max.y()}}, {{width, height}}};
  m_camera.SetViewport(m_layout.canvas);
}

void LabApp::Evaluate() {
  const Lesson& lesson = m_scene.CurrentLesson();
  m_frame = lesson.Evaluate(m_scene.CurrentPoints(), m_camera.VisibleWorld(), m_settings.numbers);
  m_handles = lesson.Handles(m_scene.CurrentPoints());
}

void LabApp::OpenLesson(size_t index) {
  if (index == m_scene.LessonIndex()) return;
  m_scene.OpenLesson(index);
  m_drag.reset();
  m_lineDrag.reset();
  m_editError.clear();
  FrameScene();
}

void LabApp::AdjustUiScale(float factor) {
  const float scale = factor == 0 ? 1.0f : std::clamp(m_settings.uiScale * factor, 0.5f, 4.0f);
  if (scale == m_settings.uiScale) return;
  m_settings.uiScale = scale;
  m_fontRebuild = true;
}

void LabApp::HandleShortcuts() {
  const ImGuiIO& io = ImGui::GetIO();
  // Typing into a field owns the keyboard; so does any widget being used.
  if (io.WantTextInput || ImGui::IsAnyItemActive()) return;
  const bool ctrl = io.KeyCtrl;
  const bool shift = io.KeyShift;
  const bool alt = io.KeyAlt;
  auto pressed = [](int key) { return ImGui::IsKeyPressed(key, false); };
  auto pressedRepeat = [](int key) { return ImGui::IsKeyPressed(key, true); };

  if (ctrl) {
    if (pressed(GLFW_KEY_Q)) m_quitRequested = true;
    if (pressed(GLFW_KEY_E)) m_exportRequested = true;
    if (pressedRepeat(GLFW_KEY_Z)) shift ? m_scene.Redo() : m_scene.Undo();
    if (pressedRepeat(GLFW_KEY_Y)) m_scene.Redo();
    if (pressed(GLFW_KEY_EQUAL) || pressed(GLFW_KEY_KP_ADD)) AdjustUiScale(1.25f);
    if (pressed(GLFW_KEY_MINUS) || pressed(GLFW_KEY_KP_SUBTRACT)) AdjustUiScale(0.8f);
    if (pressed(GLFW_KEY_0) || pressed(GLFW_KEY_KP_0)) AdjustUiScale(0);
    return;
  }
  if (pressed(GLFW_KEY_F1)) m_showHelp = !m_showHelp;
  if (pressed(GLFW_KEY_LEFT_BRACKET)) OpenLesson((m_scene.LessonIndex() + LessonTable().size() - 1) % LessonTable().size());
  if (pressed(GLFW_KEY_RIGHT_BRACKET)) OpenLesson((m_scene.LessonIndex() + 1) % LessonTable().size());
  if (pressed(GLFW_KEY_F)) FrameScene();
  if (pressed(GLFW_KEY_R)) {
    m_scene.Reset();
    m_editError.clear();
    FrameScene();
  }
  if (pressed(GLFW_KEY_G)) m_settings.snapToGrid = !m_settings.snapToGrid;
  if (pressed(GLFW_KEY_V)) m_settings.showRegions = !m_settings.showRegions;
  if (pressed(GLFW_KEY_X))
    m_settings.numbers = m_settings.numbers == NumberStyle::Exact ? NumberStyle::Readable : NumberStyle::Exact;
  if (pressed(GLFW_KEY_TAB)) {
    // Cycle the arrow keys' target through the handles (Shift: backwards).
    const std::vector<DragHandle> handles = m_scene.CurrentLesson().Handles(m_scene.CurrentPoints());
    size_t next = 0;
    for (size_t i = 0; i < handles.size(); ++i)
      if (m_scene.selectedHandle && handles[i].id == *m_scene.selectedHandle)
        next = (i + (shift ? handles.size() - 1 : 1)) % handles.size();
    m_scene.selectedHandle = handles[next].id;
  }
  for (int k = 0; k < 9; ++k) {
    if (pressed(GLFW_KEY_1 + k) && size_t(k) < m_scene.CurrentLesson().Presets().size()) {
      m_scene.ApplyPreset(size_t(k));
      m_editError.clear();
      FrameScene();
    }
  }
  // Arrow keys nudge the selected handle by one minor grid step (Shift x10, Alt x0.1).
  if (m_scene.selectedHandle && !m_drag) {
    const double step = NudgeStep(Grid().minor, shift, alt);
    cq::Vec2d delta{{0, 0}};
    if (pressedRepeat(GLFW_KEY_LEFT)) delta.v[0] -= step;
    if (pressedRepeat(GLFW_KEY_RIGHT)) delta.v[0] += step;
    if (pressedRepeat(GLFW_KEY_UP)) delta.v[1] += step;
    if (pressedRepeat(GLFW_KEY_DOWN)) delta.v[1] -= step;
    if (!(delta == cq::Vec2d{{0, 0}})) {
      const int id = Nudge(m_scene.CurrentLesson(), m_scene.EditPoints(), *m_scene.selectedHandle, delta);
      if (id >= 0) m_scene.selectedHandle = id;
      m_scene.Commit();
    }
  }
  if (pressed(GLFW_KEY_ESCAPE)) m_scene.selectedHandle.reset();
}

nlohmann::json LabApp::DumpState() const {
  return StateToJson(m_scene.CurrentLesson(), m_scene.CurrentPoints(), m_frame, m_camera);
}

}  // namespace cq::app
