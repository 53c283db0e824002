// LabApp: the frame's order, layout, keyboard shortcuts and the one evaluation.
#include "ui/lab_app.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "logic/scene_text.hpp"
#include "logic/state_json.hpp"
#include "logic/text_wrap.hpp"

namespace cq::app {

double UnroundedTextWidth(std::string_view text) {
  return double(ImGui::GetFont()->CalcTextSizeA(ImGui::GetFontSize(), FLT_MAX, 0.0f, text.data(),
                                                 text.data() + text.size()).x);
}

LabApp::LabApp(const Lesson& lesson, const Settings& settings, float contentScale)
    : m_scene(lesson),
      m_settings(settings),
      m_contentScale(contentScale),
      m_uiScale{contentScale * settings.uiScale, false} {}

void LabApp::FitUiScaleTo(double windowWidth, double windowHeight) {
  if (windowWidth > 0 && windowHeight > 0) {
    m_windowWidth = windowWidth;
    m_windowHeight = windowHeight;
  }
  const float wanted = m_contentScale * m_settings.uiScale;
  const FittedUiScale fitted =
      m_windowWidth > 0 ? FitUiScale(wanted, m_windowWidth, m_windowHeight) : FittedUiScale{wanted, false};
  if (fitted.scale != m_uiScale.scale) m_fontRebuild = true;
  const bool newlyReduced = fitted.reduced && !m_uiScale.reduced;
  m_uiScale = fitted;
  // A note about the scale follows the window: said when it gets too small for the wanted
  // scale, updated while it stays so, gone after.
  if (newlyReduced) {
    ShowUiScaleNote();
  } else if (m_statusIsUiScaleNote) {
    m_status = UiScaleNote();
    m_statusIsUiScaleNote = !m_status.empty();
  }
}

std::string LabApp::UiScaleNote() const {
  if (!m_uiScale.reduced) return {};
  const auto percent = [](float scale) { return std::to_string(std::lround(scale * 100.0f)) + " %"; };
  return "UI scale " + percent(m_contentScale * m_settings.uiScale) + " needs a larger window: shown at " +
         percent(UiScale()) + " until the window grows.";
}

void LabApp::ShowUiScaleNote() {
  SetStatus(UiScaleNote());
  m_statusIsUiScaleNote = true;
}

void LabApp::SetStatus(std::string text) {
  m_status = std::move(text);
  m_pasteNoteStep.reset();
  m_statusIsUiScaleNote = false;
  m_offCanvasNote.reset();
  m_statusIsFraming = false;
  m_presetNoteScene.reset();
}

AxisGrids LabApp::Grids() const {
  const WorldRect view = m_camera.VisibleWorld();
  // Major lines at least 90 pixels apart whatever the UI scale: the scene is drawn at the
  // same zoom at every UI scale, so its grid is too (at UI scale 2, 180 pixels left one
  // label, "-5", on the ray lesson's canvas, and none at 1024x768). Labels that would not
  // fit side by side are thinned by LabelStride.
  return ChooseAxisGrids(m_camera.Zoom(), 90, view.min, view.max);
}

bool LabApp::TakeFontRebuildRequest() { return std::exchange(m_fontRebuild, false); }
bool LabApp::TakeExportRequest() { return std::exchange(m_exportRequested, false); }

void LabApp::ForgetPresetNote() {
  if (m_presetNoteScene) SetStatus("");
}

void LabApp::Frame(const std::vector<KeyPress>& keys) {
  // "No preset 9: …" holds until the scene changes (a preset, another lesson, an edit):
  // beside a preset then chosen it read as if that preset were missing (review).
  if (m_presetNoteScene && (m_presetNoteScene->first != m_scene.LessonIndex() ||
                            m_presetNoteScene->second != m_scene.CurrentPoints()))
    SetStatus("");
  // "Pasted a … scene (Ctrl+Z brings the last one back)" holds while the scene is at the
  // paste's undo step: after Ctrl+Z it was still offering the undo just done (audit).
  if (m_pasteNoteStep && *m_pasteNoteStep != m_scene.StepId()) SetStatus("");
  DrawMenuBar();
  std::vector<KeyPress> presses = std::exchange(m_keysAfterField, {});
  presses.insert(presses.end(), keys.begin(), keys.end());
  HandleShortcuts(presses);
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
  // At most 45 % of the window: at 800x600 and UI scale 2 the sidebar took 56 % and left the
  // canvas 350 px wide; and so even in a window too narrow for its 200 px minimum (a window
  // manager that ignores the size limits: at 200x150 the sidebar took it all).
  // Hidden (H), it takes nothing: in a small window or on a projector the canvas had half.
  const double sidebarWidth =
      m_settings.showSidebar
          ? std::min(width * 0.45, std::clamp<double>(Px(m_settings.sidebarWidth), 200.0, std::max(200.0, width * 0.45)))
          : 0.0;
  const double lineCount = double(m_scene.CurrentLesson().NumberLineCount());
  // Up to 45 % of the window; up to 55 % where that would leave a row under 56 UI pixels,
  // too short to keep the raw value off its marker (UI scale 4 at 1280x800: the triangle
  // sat on "P.x = 4" and the diamond on "t_raw = 1.16667").
  const double wanted = lineCount * Px(104) + Px(8);
  const double tight = std::min(height * 0.55, lineCount * Px(56) + Px(8));
  const double linesHeight = std::min(wanted, std::max(height * 0.45, tight));
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

void LabApp::NoteMoveOffCanvas(const Points& before, PointMove move) {
  const Lesson& lesson = m_scene.CurrentLesson();
  auto note = cq::app::NoteMoveOffCanvas(lesson, before, m_scene.CurrentPoints(), move, m_camera, m_layout.canvas);
  if (!note) return;  // a note already shown is kept up to date by CanvasInput
  note->step = m_scene.StepId();
  SetStatus(OffCanvasNoteText(lesson, m_scene.CurrentPoints(), *note, m_camera, m_layout.canvas, note->step));
  m_offCanvasNote = note;
}

void LabApp::UndoOrRedo(bool redo) {
  const size_t lesson = m_scene.LessonIndex();
  const Points before = m_scene.CurrentPoints();
  if (!(redo ? m_scene.CanRedo() : m_scene.CanUndo())) return;
  if (redo ? m_scene.Redo() : m_scene.Undo()) {
    FrameScene();  // the framing shows the points, or names what it leaves out
  } else if (m_scene.LessonIndex() == lesson) {
    NoteMoveOffCanvas(before, redo ? PointMove::Redo : PointMove::Undo);
  }
}

void LabApp::OpenLesson(size_t index) {
  if (index == m_scene.LessonIndex()) return;
  LeaveScene();  // a value typed into this lesson's field belongs to this lesson
  m_scene.OpenLesson(index);
  if (m_offCanvasNote || m_statusIsFraming) SetStatus("");  // it named the old lesson's handles
  m_drag.reset();
  m_lineDrag.reset();
  FrameScene();
}

void LabApp::CopyScene() {
  const std::string line = SceneCommandLine(m_scene.CurrentLesson(), m_scene.CurrentPoints());
  ImGui::SetClipboardText(line.c_str());
  SetStatus("Copied the scene as a command line (run it, or Ctrl+V here, to open it): " + line);
}

void LabApp::CopyQueryCommand() {
  const Lesson::QueryCommand query = m_scene.CurrentLesson().ClosestQueryCommand(m_scene.CurrentPoints());
  ImGui::SetClipboardText(query.command.c_str());
  // A scene the lab refuses has no numbers to check: the tool gives its own words for it.
  const std::string why = m_frame.error ? "; the lab refuses this scene, and running it shows closest-query's words"
                                        : ", to check the lab's numbers";
  SetStatus("Copied as a closest-query command" + why +
            (query.note.empty() ? std::string() : " (" + query.note + ")") + ": " + query.command);
}

void LabApp::PasteScene() {
  const char* clipboard = ImGui::GetClipboardText();
  const PastedScene pasted = ReadPastedScene(clipboard != nullptr ? clipboard : "", m_scene.CurrentLesson());
  if (!pasted.error.empty()) {
    SetStatus("Nothing pasted: " + pasted.error);
    return;
  }
  const auto& table = LessonTable();
  const size_t index = size_t(std::find(table.begin(), table.end(), pasted.lesson) - table.begin());
  LeaveScene();  // a value typed into a field belongs to the scene it was typed in
  const std::string title(pasted.lesson->Title());
  std::string left;
  if (!pasted.leftOut.empty())
    left = "; " + NameList(pasted.leftOut) + (pasted.leftOut.size() == 1 ? " is" : " are") + " for start-up and left out";
  if (!m_scene.Load(index, pasted.sets, pasted.lessonNamed)) {
    SetStatus("Pasted the " + title + " scene shown already: nothing changed" + left);
    return;
  }
  m_drag.reset();
  m_lineDrag.reset();
  SetStatus("Pasted a " + title + " scene (Ctrl+Z brings the last one back)" + left);
  m_pasteNoteStep = m_scene.StepId();  // the note goes with the step (an undo left it up)
  FrameScene();
}

void LabApp::AdjustUiScale(float factor) {
  const float scale = factor == 0 ? 1.0f : std::clamp(m_settings.uiScale * factor, k_minUiScale, k_maxUiScale);
  if (const std::string atEnd = UiScaleLimitNote(m_settings.uiScale, factor); !atEnd.empty()) SetStatus(atEnd);
  if (scale == m_settings.uiScale) return;
  m_settings.uiScale = scale;
  FitUiScaleTo(0, 0);
  // A scale the window cannot show is said, rather than the key seeming to do nothing.
  if (m_uiScale.reduced) ShowUiScaleNote();
}

void LabApp::HandleShortcuts(const std::vector<KeyPress>& keys) {
  // Ctrl+Q quits from anywhere, a field being typed into too (the menu promises it).
  for (const KeyPress& press : keys)
    if (!press.repeat && press.key == GLFW_KEY_Q && (press.mods & GLFW_MOD_CONTROL) != 0) m_quitRequested = true;
  // Otherwise typing into a field owns the keyboard; so does any widget being used. But
  // ImGui 1.86 takes every press between two frames at once: Esc and Ctrl+Z typed quickly
  // (or by xdotool) left the field in the frame Ctrl+Z came in, which was then dropped as
  // the field's (interaction audit). The shortcuts among the presses after the last key
  // that leaves a field wait for the next frame, when the field is left; were it another
  // field then (Tab), they are its, as they were. Only those that typed no character (Ctrl
  // combinations, F1, arrows, Page Down): a character the field has taken in this frame is
  // not also the app's (Enter and 5 at once: 5 typed, not preset 5 as well).
  if (ImGui::IsAnyItemActive()) {
    const auto leaves = [](const KeyPress& press) {
      return press.key == GLFW_KEY_ESCAPE || press.key == GLFW_KEY_ENTER || press.key == GLFW_KEY_KP_ENTER ||
             press.key == GLFW_KEY_TAB;
    };
    const auto last = std::find_if(keys.rbegin(), keys.rend(), leaves);
    for (auto press = last.base(); last != keys.rend() && press != keys.end(); ++press)
      if (!press->typed) m_keysAfterField.push_back(*press);
    return;
  }
  for (const KeyPress& press : keys) HandleShortcut(press);
}

void LabApp::HandleShortcut(const KeyPress& press) {
  const bool ctrl = (press.mods & GLFW_MOD_CONTROL) != 0;
  const bool shift = (press.mods & GLFW_MOD_SHIFT) != 0;
  const bool alt = (press.mods & GLFW_MOD_ALT) != 0;
  const int key = press.key;
  // Undo, redo and the arrow keys repeat while held; everything else acts once per press.
  const bool repeatable = key == GLFW_KEY_Z || key == GLFW_KEY_Y || key == GLFW_KEY_LEFT || key == GLFW_KEY_RIGHT ||
                          key == GLFW_KEY_UP || key == GLFW_KEY_DOWN;
  if (press.repeat && !repeatable) return;

  if (ctrl) {
    switch (key) {
      case GLFW_KEY_Q: m_quitRequested = true; break;
      case GLFW_KEY_E: m_exportRequested = true; break;
      // Not with Alt: AltGr (Ctrl+Alt on some layouts) types characters (review).
      case GLFW_KEY_C:
        if (!alt) shift ? CopyQueryCommand() : CopyScene();
        break;
      case GLFW_KEY_V:
        if (!alt) PasteScene();
        break;
      case GLFW_KEY_Z: UndoOrRedo(shift); break;
      case GLFW_KEY_Y: UndoOrRedo(true); break;
      case GLFW_KEY_EQUAL:
      case GLFW_KEY_KP_ADD: AdjustUiScale(1.25f); break;
      case GLFW_KEY_MINUS:
      case GLFW_KEY_KP_SUBTRACT: AdjustUiScale(0.8f); break;
      case GLFW_KEY_0:
      case GLFW_KEY_KP_0: AdjustUiScale(0); break;
      default: break;
    }
    return;
  }
  const size_t lessonCount = LessonTable().size();
  switch (key) {
    case GLFW_KEY_F1: m_showHelp = !m_showHelp; return;
    case GLFW_KEY_F2: m_showGlossary = !m_showGlossary; return;
    case GLFW_KEY_LEFT_BRACKET: OpenLesson((m_scene.LessonIndex() + lessonCount - 1) % lessonCount); return;
    case GLFW_KEY_RIGHT_BRACKET: OpenLesson((m_scene.LessonIndex() + 1) % lessonCount); return;
    case GLFW_KEY_F: FrameScene(); return;
    // The sidebar by the page, to its top or end: at 1024x768 the values lay below it, out
    // of a keyboard-only teacher's reach (classroom audit).
    case GLFW_KEY_PAGE_DOWN: m_sidebarScroll = SidebarScroll::PageDown; return;
    case GLFW_KEY_PAGE_UP: m_sidebarScroll = SidebarScroll::PageUp; return;
    case GLFW_KEY_HOME: m_sidebarScroll = SidebarScroll::Top; return;
    case GLFW_KEY_END: m_sidebarScroll = SidebarScroll::End; return;
    case GLFW_KEY_R:
      LeaveScene();
      m_scene.Reset();
      FrameScene();
      return;
    case GLFW_KEY_G: m_settings.snapToGrid = !m_settings.snapToGrid; return;
    case GLFW_KEY_H: m_settings.showSidebar = !m_settings.showSidebar; return;
    case GLFW_KEY_V: m_settings.showRegions = !m_settings.showRegions; return;
    case GLFW_KEY_X:
      m_settings.numbers = m_settings.numbers == NumberStyle::Exact ? NumberStyle::Readable : NumberStyle::Exact;
      return;
    case GLFW_KEY_ESCAPE:
      // An open menu first: Esc left it open and closed a window hidden behind it
      // (interaction audit). Then an open Shortcuts, Words, About or notice window, else
      // the selection.
      if (ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId)) {
        ImGui::ClosePopupsExceptModals();
      } else if (m_showHelp || m_showGlossary || m_showAbout || !m_notice.empty()) {
        m_showHelp = false;
        m_showGlossary = false;
        m_showAbout = false;
        m_notice.clear();
      } else {
        m_scene.selectedHandle.reset();
      }
      return;
    case GLFW_KEY_TAB: {
      // Cycle the arrow keys' target through the handles (Shift: backwards).
      const std::vector<DragHandle> handles = m_scene.CurrentLesson().Handles(m_scene.CurrentPoints());
      size_t next = shift ? handles.size() - 1 : 0;  // from nothing: the first, or backwards the last
      for (size_t i = 0; i < handles.size(); ++i)
        if (m_scene.selectedHandle && handles[i].id == *m_scene.selectedHandle)
          next = (i + (shift ? handles.size() - 1 : 1)) % handles.size();
      m_scene.selectedHandle = handles[next].id;
      return;
    }
    default: break;
  }
  if (key >= GLFW_KEY_1 && key <= GLFW_KEY_9) {
    const size_t preset = size_t(key - GLFW_KEY_1);
    const size_t count = m_scene.CurrentLesson().Presets().size();
    if (preset < count) {
      LeaveScene();
      m_scene.ApplyPreset(preset);
      FrameScene();
    } else {
      // Not a silent key (classroom audit: 9 in the segment lesson did nothing).
      SetStatus("No preset " + std::to_string(preset + 1) + ": " + std::string(m_scene.CurrentLesson().Title()) +
                " has " + std::to_string(count) + " (keys 1 to " + std::to_string(count) + ")");
      m_presetNoteScene = std::make_pair(m_scene.LessonIndex(), m_scene.CurrentPoints());
    }
    return;
  }
  // Arrow keys nudge the selected handle by one minor grid step (Shift x10, Alt x0.1).
  cq::Vec2d direction{{0, 0}};
  if (key == GLFW_KEY_LEFT) direction = {{-1, 0}};
  if (key == GLFW_KEY_RIGHT) direction = {{1, 0}};
  if (key == GLFW_KEY_UP) direction = {{0, 1}};
  if (key == GLFW_KEY_DOWN) direction = {{0, -1}};
  if (m_scene.selectedHandle && !m_drag && !(direction == cq::Vec2d{{0, 0}})) {
    // Each axis by its own grid's minor step (they differ far from the origin along one
    // axis), added in decimal, and at least to the next double (NudgeCoordinate).
    const Points before = m_scene.CurrentPoints();
    const int nudged = *m_scene.selectedHandle;
    const int id = Nudge(m_scene.CurrentLesson(), m_scene.EditPoints(), nudged, NudgeKey{direction, shift, alt},
                         MinorSteps(Grids()));
    if (id >= 0) m_scene.selectedHandle = id;
    m_scene.Commit(false, nudged);
    NoteMoveOffCanvas(before, PointMove::Nudge);
  }
}

nlohmann::json LabApp::DumpState() const {
  nlohmann::json state = StateToJson(m_scene.CurrentLesson(), m_scene.CurrentPoints(), m_frame, m_camera);
  auto boxJson = [](const ScreenBox& box) {
    return nlohmann::json::array({box.min.x(), box.min.y(), box.max.x(), box.max.y()});
  };
  auto labelsJson = [&](const std::vector<DrawnLabel>& drawn) {
    nlohmann::json labels = nlohmann::json::array();
    for (const DrawnLabel& l : drawn) {
      labels.push_back({{"kind", l.kind}, {"text", l.text}, {"box", boxJson(l.box)}});
      if (l.leader)
        labels.back()["leader"] = {l.leader->from.x(), l.leader->from.y(), l.leader->to.x(), l.leader->to.y()};
    }
    return labels;
  };
  state["labels"] = labelsJson(m_drawnLabels);
  state["number_line_labels"] = labelsJson(m_drawnLineLabels);
  nlohmann::json handles = nlohmann::json::array();
  for (const DragHandle& h : m_handles) {
    if (h.shape == HandleShape::Body) continue;
    const cq::Vec2d at = m_camera.WorldToScreen(h.position);
    const bool selected = m_scene.selectedHandle && *m_scene.selectedHandle == h.id;
    const bool hovered = m_hoveredId && *m_hoveredId == h.id;  // drawn as under the mouse
    handles.push_back({{"label", h.label}, {"screen", PointJson(at)}, {"selected", selected}, {"hovered", hovered}});
  }
  state["handles"] = handles;
  // The balls' outlines on screen (centre and radius in pixels), for the tests that keep
  // the grid's labels off them.
  nlohmann::json circles = nlohmann::json::array();
  for (const CircleShape& c : m_frame.circles)
    circles.push_back({{"role", c.role == CircleRole::Ball ? "ball" : "resolved"},
                       {"screen", PointJson(m_camera.WorldToScreen(c.center))},
                       {"screen_radius", c.radius * m_camera.Zoom()}});
  state["circles"] = circles;
  // The menu bar's "Snap to grid (G)", shown while snapping is on where the status line
  // leaves it room.
  state["snap_shown"] = m_snapShown;
  state["sidebar_scroll"] = {m_sidebarScrollY, m_sidebarScrollMaxY};  // pixels scrolled, and the most there are
  // The named markers (the closest point, the raw foot, Q, C′) where they are drawn: with
  // the handles, the points a name on the canvas may belong to.
  nlohmann::json markers = nlohmann::json::array();
  for (const MarkerPoint& m : m_frame.markers) {
    if (m.label.empty()) continue;
    const cq::Vec2d at = m_camera.WorldToScreen(m.position);
    markers.push_back({{"label", m.label}, {"screen", PointJson(at)}});
  }
  state["markers"] = markers;
  // The right-angle marks where a perpendicular meets the shape: each as its three corners
  // on screen (the labels keep clear of them).
  nlohmann::json marks = nlohmann::json::array();
  for (const StrokeLine& s : m_frame.strokes)
    if (s.stroke == Stroke::Perpendicular)
      if (const auto mark = RightAngleMark(s))
        marks.push_back({{(*mark)[0].x(), (*mark)[0].y()}, {(*mark)[1].x(), (*mark)[1].y()}, {(*mark)[2].x(), (*mark)[2].y()}});
  state["right_angle_marks"] = marks;
  // What Tab selected for the arrow keys: a handle's label (an unlabelled box corner's
  // name, "(Max.x, Min.y)": it read "" ), "box" for the whole box, or null.
  state["selected"] = nullptr;
  for (const DragHandle& h : m_handles)
    if (m_scene.selectedHandle && *m_scene.selectedHandle == h.id)
      state["selected"] = h.shape == HandleShape::Body ? std::string("box") : (h.label.empty() ? h.name : h.label);
  state["ui_scale"] = UiScale();  // pixels per UI pixel: the labels' gaps scale with it
  state["ui_scale_wanted"] = m_contentScale * m_settings.uiScale;  // more than ui_scale in a small window
  state["menu_bar_right"] = m_menuBarRight;
  state["status"] = m_status;
  state["sidebar_shown"] = m_settings.showSidebar;
  // The error banner over a refused scene, [x0, y0, x1, y1] in pixels, or null.
  state["banner"] = nullptr;
  if (const auto banner = Banner())
    state["banner"] = {banner->box.min.x(), banner->box.min.y(), banner->box.max.x(), banner->box.max.y()};
  // What the sidebar says of a refused entry, and which extra windows are open.
  state["edit_error"] = m_editError;
  state["preset_note"] = m_presetNoteShown;
  state["menu_open"] = ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId);  // a menu or other popup
  state["windows"] = {
      {"shortcuts", m_showHelp}, {"glossary", m_showGlossary}, {"about", m_showAbout}, {"notice", m_notice}};
  // Where an open one was drawn (x0, y0, x1, y1): it must fit the window.
  state["window_boxes"] = nlohmann::json::object();
  if (m_showHelp) state["window_boxes"]["shortcuts"] = boxJson(m_shortcutsBox);
  if (m_showAbout) state["window_boxes"]["about"] = boxJson(m_aboutBox);
  if (m_showGlossary) state["window_boxes"]["glossary"] = boxJson(m_glossaryBox);
  if (!m_notice.empty()) state["window_boxes"]["notice"] = boxJson(m_noticeBox);
  // Where each coordinate field was drawn ("P.x": [x0, y0, x1, y1]); empty with the sidebar hidden.
  state["fields"] = nlohmann::json::object();
  for (const auto& [name, box] : m_fieldBoxes) state["fields"][name] = boxJson(box);
  // The field being edited and its text's scroll in pixels (null: none is).
  state["active_field"] = m_activeFieldScroll.first.empty()
                              ? nlohmann::json(nullptr)
                              : nlohmann::json{{"name", m_activeFieldScroll.first}, {"scroll", m_activeFieldScroll.second}};
  state["lesson_tabs"] = nlohmann::json::object();  // the sidebar's lesson tabs, by title
  for (const auto& [title, box] : m_lessonTabBoxes) state["lesson_tabs"][title] = boxJson(box);
  if (m_coordinateEdit) {  // a field being typed into (left unapplied on quitting)
    const std::vector<PointSpec> specs = m_scene.CurrentLesson().PointSpecs();
    state["editing"] = {{"field", specs[m_coordinateEdit->point].name + (m_coordinateEdit->axis == 0 ? ".x" : ".y")},
                        {"text", std::string(m_coordinateEdit->text)}};
  }
  const ScreenRect& lines = m_layout.numberLines;
  state["number_lines"] = {{"min", {lines.min.x(), lines.min.y()}}, {"max", {lines.max.x(), lines.max.y()}}};
  return state;
}

}  // namespace cq::app
