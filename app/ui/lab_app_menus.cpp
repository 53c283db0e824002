// LabApp, the menu bar and the Help window. Every menu item shows its shortcut, and the
// Help window lists every key and mouse action in one place.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <vector>

#include "lessons/glossary.hpp"
#include "logic/palette.hpp"
#include "logic/text_wrap.hpp"
#include "ui/lab_app.hpp"

namespace cq::app {
namespace {

struct ShortcutRow {
  const char* keys;
  const char* action;
};

constexpr ShortcutRow k_shortcuts[] = {
    {"Left drag on a handle", "move it (A, B, P, the plane's O and N, the box's corners and body, the ball's C and rim R)"},
    {"Shift + drag", "move it snapped to the grid (G toggles snapping on for good)"},
    {"Left drag on empty space", "pan"},
    {"Middle or right drag", "pan"},
    {"Mouse wheel", "zoom about the cursor"},
    {"Drag on a number line", "move P along the carrier (t), the normal (s) or an axis (x, y)"},
    {"[  /  ]", "previous / next lesson"},
    {"1 .. 9", "open a preset of this lesson (the Presets header says how many it has)"},
    {"R", "reset the lesson to its first preset"},
    {"F", "frame the scene"},
    {"Tab / Shift+Tab", "select the next / previous handle for the arrow keys"},
    {"Arrow keys", "nudge the selected handle one minor grid step (Shift x10, Alt x0.1)"},
    {"Esc", "close this window, Words used here, About or Settings; else deselect"},
    {"G", "snap to grid on / off"},
    {"V", "show / hide the regions"},
    {"H", "show / hide the sidebar (the canvas takes the whole width)"},
    {"PageDown / PageUp, Home / End", "scroll the sidebar by a page, to its top / end"},
    {"X", "numbers: readable (6 digits) / exact (round-trip)"},
    {"Ctrl+Z, Ctrl+Y (Ctrl+Shift+Z)", "undo, redo"},
    {"Ctrl+=  Ctrl+-  Ctrl+0", "UI and font bigger, smaller, default"},
    {"Ctrl+E", "export the window as a PNG"},
    {"Ctrl+C, Ctrl+V", "outside a field: copy the scene as a closest-lab command line; paste one to open its scene"},
    {"Ctrl+Shift+C", "outside a field: copy the lesson's question as a closest-query command, to check the lab's numbers"},
    {"F1", "this help"},
    {"F2", "words used here: what the steps' terms mean (ulp, deferred division, ...)"},
    {"Ctrl+Q", "quit"},
};

/// The current ImGui window's place on screen.
ScreenBox WindowBox() {
  const ImVec2 pos = ImGui::GetWindowPos();
  const ImVec2 size = ImGui::GetWindowSize();
  return {{{pos.x, pos.y}}, {{pos.x + size.x, pos.y + size.y}}};
}

ImVec2 HalfDisplay() {
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  return ImVec2(size.x * 0.5f, size.y * 0.5f);
}

}  // namespace

void LabApp::DrawMenuBar() {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Export PNG", "Ctrl+E")) m_exportRequested = true;
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) m_quitRequested = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Edit")) {
    if (ImGui::MenuItem("Undo", "Ctrl+Z", false, m_scene.CanUndo())) UndoOrRedo(false);
    if (ImGui::MenuItem("Redo", "Ctrl+Y", false, m_scene.CanRedo())) UndoOrRedo(true);
    ImGui::Separator();
    if (ImGui::MenuItem("Copy scene (as a command line)", "Ctrl+C")) CopyScene();
    if (ImGui::MenuItem("Copy as closest-query command", "Ctrl+Shift+C")) CopyQueryCommand();
    if (ImGui::MenuItem("Paste scene", "Ctrl+V")) PasteScene();
    ImGui::Separator();
    if (ImGui::MenuItem("Reset lesson", "R")) {
      m_scene.Reset();
      FrameScene();
    }
    ImGui::Separator();
    // The selection and nudge keys act on the canvas; listed here so every shortcut is
    // in a menu (choosing them selects the same way the keys do).
    const std::vector<DragHandle> handles = m_scene.CurrentLesson().Handles(m_scene.CurrentPoints());
    if (ImGui::MenuItem("Select next handle", "Tab") && !handles.empty()) HandleShortcut({GLFW_KEY_TAB, 0, false});
    if (ImGui::MenuItem("Select previous handle", "Shift+Tab") && !handles.empty())
      HandleShortcut({GLFW_KEY_TAB, GLFW_MOD_SHIFT, false});
    if (ImGui::MenuItem("Deselect", "Esc", false, m_scene.selectedHandle.has_value())) m_scene.selectedHandle.reset();
    // (Short: a longer label, with Ctrl+Shift+C in the shortcut column, ran the menu past
    // the window's right edge at 800x600 and UI scale 2; audit.)
    ImGui::MenuItem("Nudge: arrows (Shift x10, Alt x0.1)", nullptr, false, false);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Lesson")) {
    const auto& table = LessonTable();
    for (size_t i = 0; i < table.size(); ++i)
      if (ImGui::MenuItem(std::string(table[i]->Title()).c_str(), nullptr, i == m_scene.LessonIndex())) OpenLesson(i);
    ImGui::Separator();
    if (ImGui::MenuItem("Previous", "[")) OpenLesson((m_scene.LessonIndex() + table.size() - 1) % table.size());
    if (ImGui::MenuItem("Next", "]")) OpenLesson((m_scene.LessonIndex() + 1) % table.size());
    if (ImGui::BeginMenu("Presets")) {
      const std::vector<Preset> presets = m_scene.CurrentLesson().Presets();
      for (size_t i = 0; i < presets.size(); ++i) {
        const std::string key = i < 9 ? std::to_string(i + 1) : std::string();
        if (ImGui::MenuItem(presets[i].name.c_str(), key.c_str())) {
          LeaveScene();
          m_scene.ApplyPreset(i);
          FrameScene();
        }
      }
      ImGui::EndMenu();
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    if (ImGui::MenuItem("Frame scene", "F")) FrameScene();
    ImGui::MenuItem("Show regions", "V", &m_settings.showRegions);
    ImGui::MenuItem("Snap to grid", "G", &m_settings.snapToGrid);
    ImGui::MenuItem("Show steps", nullptr, &m_settings.showSteps);
    ImGui::MenuItem("Show sidebar", "H", &m_settings.showSidebar);
    bool exact = m_settings.numbers == NumberStyle::Exact;
    if (ImGui::MenuItem("Exact numbers", "X", &exact)) m_settings.numbers = exact ? NumberStyle::Exact : NumberStyle::Readable;
    ImGui::Separator();
    // Greyed at the end of the range (the keys say so on the status line).
    if (ImGui::MenuItem("Bigger UI", "Ctrl+=", false, m_settings.uiScale < k_maxUiScale)) AdjustUiScale(1.25f);
    if (ImGui::MenuItem("Smaller UI", "Ctrl+-", false, m_settings.uiScale > k_minUiScale)) AdjustUiScale(0.8f);
    if (ImGui::MenuItem("Default UI size", "Ctrl+0")) AdjustUiScale(0);
    if (m_uiScale.reduced)
      ImGui::TextDisabled("UI scale %.0f %% (%.0f %% needs a larger window)", double(UiScale()) * 100.0,
                          double(m_contentScale * m_settings.uiScale) * 100.0);
    else
      ImGui::TextDisabled("UI scale %.0f %%", double(UiScale()) * 100.0);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    ImGui::MenuItem("Shortcuts", "F1", &m_showHelp);
    ImGui::MenuItem("Words used here", "F2", &m_showGlossary);
    ImGui::MenuItem("About", nullptr, &m_showAbout);
    ImGui::EndMenu();
  }
  m_menuBarRight = ImGui::GetCursorScreenPos().x;  // past the last menu: --dump-state
  // Snapping on for good (G) is said where it is always in view: with nothing on screen,
  // points jumped to the grid in the next lesson, the setting being saved (classroom
  // audit). It goes last and gives way to the status line: where it would leave the status
  // less than half the room, it is left out (a review found it taking the UI scale note's).
  const char* snapText = "Snap to grid (G)";
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float snapWidth = m_settings.snapToGrid ? ImGui::CalcTextSize(snapText).x + spacing : 0.0f;
  const float avail = ImGui::GetContentRegionAvail().x - spacing;
  m_snapShown = m_settings.snapToGrid && snapWidth <= 0.5f * avail;
  // The status line (a note on the UI scale, an export, a framing, a handle let go off the
  // canvas) right of the menus, where it is always in view: at the bottom of the sidebar it
  // sat under the values, scrolled out of sight in most lessons. Cut at a space with "…"
  // to the room left; the whole text on hover.
  if (!m_status.empty()) {
    const float room = avail - (m_snapShown ? snapWidth : 0.0f);
    const std::string shown = FitOnOneLine(m_status, double(room), UnroundedTextWidth);
    if (!shown.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(PackAbgr(LabelColor())));
      ImGui::TextUnformatted(shown.c_str());
      ImGui::PopStyleColor();
      if (shown != m_status && ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        // Within the window: at 640x400 and UI scale 3 the note ran off its right edge. At
        // spaces (WrapAtSpaces), a word cut only where it is wider than a line and then
        // marked: ImGui's own wrap broke a copied command's 0.29999999999999993 after
        // "0." (audit).
        const double wrap = std::min(Px(520), ImGui::GetIO().DisplaySize.x - 4 * ImGui::GetStyle().WindowPadding.x);
        for (const std::string& line : WrapAtSpaces(m_status, wrap, UnroundedTextWidth))
          ImGui::TextUnformatted(line.c_str());
        ImGui::EndTooltip();
      }
    }
  }
  if (m_snapShown) {
    // At the bar's right end, whatever the status line takes.
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - snapWidth + spacing);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(PackAbgr(LabelColor(), 0.6f)));
    ImGui::TextUnformatted(snapText);
    ImGui::PopStyleColor();
  }
  ImGui::EndMainMenuBar();
}

void LabApp::DrawHelpWindow() {
  // The app's window resized since the last frame: the Shortcuts and About windows fit
  // themselves again (opened at 1280x720 and the window then cut to 400x300, the Shortcuts
  // window kept its box of 720x560: classroom audit). Opening one fits it anyway.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const std::pair<float, float> displaySize{display.x, display.y};
  // So does a change of UI scale (the Words window kept its box at 400 %, one word a line,
  // its title cut: interaction audit).
  const ImGuiCond fit =
      displaySize != m_lastDisplay || UiScale() != m_lastWindowsUiScale ? ImGuiCond_Always : ImGuiCond_Appearing;
  m_lastDisplay = displaySize;
  m_lastWindowsUiScale = UiScale();
  if (m_showHelp) {
    // Sized and centred each time it opens (and `fit`), never larger than the window (a
    // small window at UI scale 2 had its title bar, and the close button, above the screen).
    ImGui::SetNextWindowSize(ImVec2(std::min(Px(720), display.x * 0.9f), std::min(Px(560), display.y * 0.9f)), fit);
    ImGui::SetNextWindowPos(HalfDisplay(), fit, ImVec2(0.5f, 0.5f));
    const bool open = ImGui::Begin("Shortcuts (F1)", &m_showHelp, ImGuiWindowFlags_NoSavedSettings);
    m_shortcutsBox = WindowBox();
    if (open) {
      if (ImGui::BeginTable("##keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
        // The keys' column leaves the descriptions at least half the width (in a small
        // window a fixed width left them one letter per line).
        const float keysWidth = std::min(Px(230), ImGui::GetContentRegionAvail().x * 0.45f);
        ImGui::TableSetupColumn("Keys / mouse", ImGuiTableColumnFlags_WidthFixed, keysWidth);
        ImGui::TableSetupColumn("What it does");
        ImGui::TableHeadersRow();
        for (const ShortcutRow& row : k_shortcuts) {
          ImGui::TableNextRow();
          ImGui::PushTextWrapPos(0);  // both columns wrap at their cell's edge
          ImGui::TableSetColumnIndex(0);
          ImGui::TextUnformatted(row.keys);
          ImGui::TableSetColumnIndex(1);
          ImGui::TextUnformatted(row.action);
          ImGui::PopTextWrapPos();
        }
        ImGui::EndTable();
      }
    }
    ImGui::End();
  }
  if (m_showGlossary) {
    // As the Shortcuts window: sized and centred when it opens (and `fit`), inside the window.
    ImGui::SetNextWindowSize(ImVec2(std::min(Px(760), display.x * 0.9f), std::min(Px(600), display.y * 0.9f)), fit);
    ImGui::SetNextWindowPos(HalfDisplay(), fit, ImVec2(0.5f, 0.5f));
    const bool open = ImGui::Begin("Words used here (F2)", &m_showGlossary, ImGuiWindowFlags_NoSavedSettings);
    m_glossaryBox = WindowBox();
    // The header row stays in view as the words scroll (ScrollY, the first row frozen).
    if (open && ImGui::BeginTable("##words", 2,
                                  ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY)) {
      const float termWidth = std::min(Px(190), ImGui::GetContentRegionAvail().x * 0.35f);
      ImGui::TableSetupScrollFreeze(0, 1);
      ImGui::TableSetupColumn("Word", ImGuiTableColumnFlags_WidthFixed, termWidth);
      ImGui::TableSetupColumn("What it means here");
      ImGui::TableHeadersRow();
      // Wrapped at spaces only (WrapAtSpaces): ImGui's own wrap breaks after a full stop,
      // and "2.2e-308" read "2." at a line's end and "2e-308" on the next (interaction audit).
      // Lines as close as ImGui sets its own wrapped ones (no item spacing between them).
      const auto cell = [](std::string_view text) {
        ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0));
        for (const std::string& line : WrapAtSpaces(text, ImGui::GetContentRegionAvail().x, UnroundedTextWidth))
          ImGui::TextUnformatted(line.c_str());
        ImGui::PopStyleVar();
      };
      for (const GlossaryEntry& entry : Glossary()) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        cell(entry.term);
        ImGui::TableSetColumnIndex(1);
        cell(entry.meaning);
      }
      ImGui::EndTable();
    }
    ImGui::End();
  }
  if (m_showAbout) {
    ImGui::SetNextWindowPos(HalfDisplay(), fit, ImVec2(0.5f, 0.5f));  // it sizes itself
    const bool open = ImGui::Begin("About Closest Point Lab", &m_showAbout,
                                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
    m_aboutBox = WindowBox();
    if (open) {
      // Wrapped to fit the window (the window sizes itself to the text).
      const float padding = 2 * ImGui::GetStyle().WindowPadding.x;
      ImGui::PushTextWrapPos(std::min(Px(600), ImGui::GetIO().DisplaySize.x * 0.9f - padding));
      ImGui::TextUnformatted("Closest Point Lab: project, then clamp, then evaluate.");
      ImGui::TextUnformatted("Every number and region on screen comes from the cq_core query library.");
      ImGui::TextDisabled("Dear ImGui %s, GLFW, OpenGL 3.3", ImGui::GetVersion());
      ImGui::PopTextWrapPos();
    }
    ImGui::End();
  }
  if (!m_notice.empty()) {
    // At the top of the canvas, where it is seen at once and covers no handle for long.
    // Centred on the canvas but whole inside the window (at 800x600 and UI scale 2 it ran
    // off the right edge); taller than the window, it scrolls.
    const ScreenRect& canvas = m_layout.canvas;
    const float padding = 2 * ImGui::GetStyle().WindowPadding.x;
    const float wrap = std::max(Px(120), std::min(Px(560), display.x * 0.9f - padding));
    // The scrollbar's width too: ImGui adds it to an auto-sized window once its height is
    // capped, and the notice then ran past the right edge again.
    const float width = wrap + padding + ImGui::GetStyle().ScrollbarSize;
    const float left = std::clamp(float(0.5 * (canvas.min.x() + canvas.max.x())) - 0.5f * width, 0.0f,
                                  std::max(0.0f, display.x - width));
    ImGui::SetNextWindowPos(ImVec2(left, float(canvas.min.y()) + Px(8)), ImGuiCond_Always);
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0),
                                        ImVec2(display.x, std::max(Px(80), display.y - float(canvas.min.y()) - Px(16))));
    bool open = true;
    ImGui::Begin("Settings###notice", &open,
                 ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse |
                     ImGuiWindowFlags_NoMove);
    m_noticeBox = WindowBox();
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap);
    ImGui::TextUnformatted(m_notice.c_str());
    ImGui::PopTextWrapPos();
    if (ImGui::Button("OK (Esc)")) open = false;
    ImGui::End();
    if (!open) m_notice.clear();
  }
}

}  // namespace cq::app
