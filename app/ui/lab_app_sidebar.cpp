// LabApp, the sidebar: lesson list and presets, the coordinate editors, then (after the
// one evaluation) the inspector's values and the step-by-step explanation.
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "logic/keys.hpp"
#include "logic/options.hpp"
#include "logic/palette.hpp"
#include "logic/text_wrap.hpp"
#include "ui/lab_app.hpp"

namespace cq::app {
namespace {

ImVec2 ToIm(const cq::Vec2d& v) { return ImVec2(float(v.x()), float(v.y())); }

void BeginSidebarWindow(const ScreenRect& rect) {
  ImGui::SetNextWindowPos(ToIm(rect.min));
  ImGui::SetNextWindowSize(ToIm(rect.Size()));
  // Tab is the app's key (select a handle) unless a field is being typed into, where it
  // commits the field and goes on to the next. ImGui's own tabbing, which with no field
  // active puts the focused window's next field into typing (after Enter, or a click on
  // a preset), is kept off then: a review's "3" after Enter, Tab went into Min.x.
  const ImGuiWindowFlags tabbing = ImGui::IsAnyItemActive() ? 0 : ImGuiWindowFlags_NoNavInputs;
  ImGui::Begin("##sidebar", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_AlwaysVerticalScrollbar |
                   ImGuiWindowFlags_NoBackground | tabbing);  // the clear colour is the background
}

/// Text wrapped to the space left on the line, at spaces only (WrapAtSpaces: ImGui's
/// wrapping splits numbers after their '.' or '-'), in the current text colour. Grouped,
/// so that IsItemHovered() afterwards covers every line.
void WrappedText(const std::string& text) {
  const float width = ImGui::GetContentRegionAvail().x;
  if (text.find('\n') == std::string::npos && UnroundedTextWidth(text) <= width) {
    ImGui::TextUnformatted(text.c_str());  // one line: the common case, nothing to split
    return;
  }
  ImGui::BeginGroup();
  // Lines one font height apart, as ImGui spaces its own wrapped lines; the usual item
  // spacing after the group.
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0));
  for (const std::string& line : WrapAtSpaces(text, double(width), UnroundedTextWidth))
    ImGui::TextUnformatted(line.c_str());
  ImGui::PopStyleVar();
  ImGui::EndGroup();
}

void SectionTitle(const char* text) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  WrappedText(text);  // a narrow sidebar at a large UI scale cut the hints off
  ImGui::PopStyleColor();
  ImGui::Separator();
}


}  // namespace

void LabApp::SidebarLessonPicker() {
  // The sidebar's position does not depend on the lesson, so its rectangle can be
  // computed before the rest of the layout.
  ComputeLayout();
  m_presetNoteShown.clear();  // set again below where a note is drawn
  m_lessonTabBoxes.clear();
  if (!m_settings.showSidebar) {
    m_sidebarScroll = SidebarScroll::None;  // a key pressed while hidden is not kept for later
    return;
  }
  BeginSidebarWindow(m_layout.sidebar);
  m_sidebarScrollY = ImGui::GetScrollY();
  m_sidebarScrollMaxY = ImGui::GetScrollMaxY();
  if (m_sidebarScroll != SidebarScroll::None) {
    const float page = 0.8f * ImGui::GetWindowHeight();
    switch (m_sidebarScroll) {
      case SidebarScroll::PageDown: ImGui::SetScrollY(std::min(ImGui::GetScrollY() + page, ImGui::GetScrollMaxY())); break;
      case SidebarScroll::PageUp: ImGui::SetScrollY(std::max(ImGui::GetScrollY() - page, 0.0f)); break;
      case SidebarScroll::Top: ImGui::SetScrollY(0); break;
      case SidebarScroll::End: ImGui::SetScrollY(ImGui::GetScrollMaxY()); break;
      case SidebarScroll::None: break;
    }
    m_sidebarScroll = SidebarScroll::None;
  }
  SectionTitle("LESSON   ( [ and ] )");
  // One row of lessons: the list stays visible without pushing the values off screen.
  const auto& table = LessonTable();
  for (size_t i = 0; i < table.size(); ++i) {
    const std::string title(table[i]->Title());
    const ImVec2 size(ImGui::CalcTextSize(title.c_str()).x + Px(10), 0);
    if (i > 0) {
      ImGui::SameLine();
      // A lesson that does not fit starts a new row (past the edge it could not be clicked).
      if (ImGui::GetContentRegionAvail().x < size.x) ImGui::NewLine();
    }
    const bool clicked = ImGui::Selectable(title.c_str(), i == m_scene.LessonIndex(), 0, size);
    m_lessonTabBoxes.push_back({title, ScreenBox{{{ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y}},
                                                 {{ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y}}}});
    if (clicked) OpenLesson(i);
  }
  const Lesson& lesson = m_scene.CurrentLesson();
  ImGui::Spacing();
  WrappedText(std::string(lesson.Summary()));

  ImGui::Spacing();
  // The keys' hint only where it fits; "###presets" keeps one header (and its open state).
  // The keys the lesson has: "keys 1-9" over three presets offered six keys that do
  // nothing (teaching audit).
  const std::string keysTitle = PresetsTitle(lesson.Presets().size());
  const char* presetsTitle = keysTitle.c_str();
  const ImGuiStyle& style = ImGui::GetStyle();
  if (ImGui::CalcTextSize(presetsTitle, nullptr, true).x + ImGui::GetFontSize() + 4 * style.FramePadding.x >
      ImGui::GetContentRegionAvail().x)
    presetsTitle = "Presets###presets";
  if (!ImGui::CollapsingHeader(presetsTitle, ImGuiTreeNodeFlags_DefaultOpen)) {
    ImGui::End();
    return;
  }
  const std::vector<Preset> presets = lesson.Presets();
  // The note shown: the matching preset's, else the one the scene's points were loaded
  // from (Scene::LoadedPreset, which undo and redo restore with the points: the note of the
  // last preset shown stayed over an undone edit of another, "As loaded: Nothing is
  // clamped" beside a clamped P; GUI audit). An edit that leaves the preset keeps its
  // note, so nothing below moves: the note had vanished and the fields moved up a row
  // under the pointer, and a click meant for P.y landed on a heading, its typed "1" then
  // choosing preset 1 (a review's lost edit).
  size_t notePreset = m_scene.LoadedPreset().value_or(presets.size());  // none: past the last
  for (size_t i = 0; i < presets.size(); ++i)
    if (m_scene.CurrentPoints() == presets[i].points) {
      notePreset = i;
      break;
    }
  for (size_t i = 0; i < presets.size(); ++i) {
    char label[160];
    std::snprintf(label, sizeof label, "%zu  %s", i + 1, presets[i].name.c_str());
    ImGui::PushID(int(i));
    if (ImGui::Selectable(label, m_scene.CurrentPoints() == presets[i].points)) {
      LeaveScene();
      m_scene.ApplyPreset(i);
      FrameScene();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", presets[i].note.c_str());
    // The scene's own preset says what it shows under its name: keys 1-9 never hover.
    if (notePreset == i) {
      ImGui::Indent(ImGui::CalcTextSize("9  ").x);
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      // Kept after an edit, the note says it is the preset's: its numbers are no longer the
      // scene's. In as many lines as the note itself, so that no field moves when the
      // prefix comes or goes: where the prefix would add a line, the last is cut with "…"
      // (the preset's tooltip has the whole note).
      m_presetNoteShown = presets[i].note;
      if (m_scene.CurrentPoints() != presets[i].points) {
        const double width = double(ImGui::GetContentRegionAvail().x);
        const auto wrap = [&](const std::string& text) {
          return text.find('\n') == std::string::npos && UnroundedTextWidth(text) <= width
                     ? std::vector<std::string>{text}
                     : WrapAtSpaces(text, width, UnroundedTextWidth);
        };
        const std::size_t room = wrap(presets[i].note).size();
        std::vector<std::string> lines = wrap("As loaded: " + presets[i].note);
        if (lines.size() > room) {
          const std::string rest = UnwrapLines({lines.begin() + std::ptrdiff_t(room) - 1, lines.end()});
          lines.resize(room);
          lines.back() = FitOnOneLine(rest, width, UnroundedTextWidth);
        }
        m_presetNoteShown.clear();
        for (const std::string& line : lines) m_presetNoteShown += (m_presetNoteShown.empty() ? "" : "\n") + line;
      }
      WrappedText(m_presetNoteShown);
      ImGui::PopStyleColor();
      ImGui::Unindent(ImGui::CalcTextSize("9  ").x);
    }
    ImGui::PopID();
  }
  ImGui::End();
}

void LabApp::ForgetStaleEditError() {
  // A refused entry is explained until the scene changes (an edit, a drag, undo, ...), and
  // then no more: a redo that brought back the same points brought the message back.
  if (m_scene.LessonIndex() != m_editErrorLesson || m_scene.CurrentPoints() != m_editErrorPoints) m_editError.clear();
}

void LabApp::SidebarEditorsAndEvaluate() {
  m_fieldBoxes.clear();
  m_activeFieldScroll = {};
  if (!m_settings.showSidebar) {
    m_coordinateEdit.reset();  // a field hidden while typed into is dropped, not applied unseen
    ForgetStaleEditError();
    Evaluate();
    return;
  }
  BeginSidebarWindow(m_layout.sidebar);
  DrawPointEditors();
  Evaluate();  // the one evaluation of this frame: every input has been applied
  // The steps, the lesson's narrative, before the table of values: at a projector's UI
  // scale the values had pushed them below the window.
  DrawSteps();
  DrawValues();
  ImGui::End();
}

void LabApp::DrawPointEditors() {
  SectionTitle("POINTS   (drag them, or type x, y and press Enter)");
  const Lesson& lesson = m_scene.CurrentLesson();
  const std::vector<PointSpec> specs = lesson.PointSpecs();
  const float labelWidth = ImGui::CalcTextSize("Max ").x + Px(8);
  const float fieldWidth = (ImGui::GetContentRegionAvail().x - labelWidth - ImGui::GetStyle().ItemSpacing.x) / 2;
  for (size_t i = 0; i < specs.size(); ++i) {
    ImGui::PushID(int(i));
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(specs[i].name.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", specs[i].description.c_str());
    for (int axis = 0; axis < 2; ++axis) {
      ImGui::SameLine(axis == 0 ? labelWidth : 0);
      ImGui::SetNextItemWidth(std::max(fieldWidth, 1.0f));
      ImGui::PushID(axis);
      DrawCoordinateEditor(specs[i].name, i, axis);
      ImGui::PopID();
    }
    ImGui::PopID();
  }
  ForgetStaleEditError();
  if (!m_editError.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(PackAbgr(ErrorColor())));
    WrappedText(m_editError);
    ImGui::PopStyleColor();
  }
}

void LabApp::DrawCoordinateEditor(const std::string& name, size_t point, int axis) {
  // The text is applied when the field is left (Enter, Tab or a click elsewhere), never
  // keystroke by keystroke: "1e99" on the way to "1e999" must not reach the scene. While
  // a field is being edited it keeps its own buffer; the others show the current value.
  const bool editing = m_coordinateEdit && m_coordinateEdit->point == point && m_coordinateEdit->axis == axis;
  const double current = m_scene.CurrentPoints()[point].v[axis];
  char shown[sizeof CoordinateEdit::text];
  // As many digits as the field has room for: a text cut at the field's edge lost its
  // exponent (FittedFieldNumber).
  const float room = ImGui::CalcItemWidth() - 2 * ImGui::GetStyle().FramePadding.x;
  const std::string readable = FittedFieldNumber(current, m_settings.numbers, room,
                                                 [](const std::string& t) { return double(ImGui::CalcTextSize(t.c_str()).x); });
  std::snprintf(shown, sizeof shown, "%s", readable.c_str());
  // Once clicked into, the field holds the value in full: a readable text rounded to 6
  // digits (3.9999999999999996 reads "4") could neither be read there nor edited digit by
  // digit, and a typed "4", the same text, was taken for no change. ImGui copies the text
  // into its own buffer on the click, before this code learns of it, so the swap is made
  // in the callback ImGui calls on every frame the field is active: on the first one, the
  // frame of the click, when `editing` is still false. A text that reads back to the value
  // (the readable "0" of -0 too) is kept as shown.
  const std::string exact = FieldNumber(current, NumberStyle::Exact);
  const bool rounded = std::isfinite(current) && std::strtod(readable.c_str(), nullptr) != current;
  struct Swap {
    bool pending;
    const std::string* exact;
  } swap{!editing && rounded, &exact};
  const auto swapIn = [](ImGuiInputTextCallbackData* data) {
    auto* s = static_cast<Swap*>(data->UserData);
    if (!s->pending) return 0;
    s->pending = false;
    data->DeleteChars(0, data->BufTextLen);
    data->InsertChars(0, s->exact->c_str());
    data->SelectAll();  // as the click's AutoSelectAll had the rounded text
    data->CursorPos = data->BufTextLen;
    return 0;
  };
  const std::string text = rounded ? exact : readable;  // what the field holds once clicked into
  char* buffer = editing ? m_coordinateEdit->text : shown;
  // A paste, as ImGui 1.86 takes one (Ctrl+V or Shift+Insert) in the field being edited.
  const ImGuiIO& io = ImGui::GetIO();
  // Its own test: Ctrl alone with V (not Ctrl+Shift+V), Shift alone with Insert.
  const bool ctrlOnly = io.KeyCtrl && !io.KeyShift && !io.KeyAlt && !io.KeySuper;
  const bool shiftOnly = io.KeyShift && !io.KeyCtrl && !io.KeyAlt && !io.KeySuper;
  const bool pasting = editing && ((ctrlOnly && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_V))) ||
                                   (shiftOnly && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Insert))));
  const bool swapDue = swap.pending;
  ImGui::InputText("##v", buffer, sizeof shown, ImGuiInputTextFlags_AutoSelectAll | ImGuiInputTextFlags_CallbackAlways,
                   swapIn, &swap);
  // The rest of the swap, in ImGui's own state of the field (imgui_internal.h, 1.86):
  // - the text Esc puts back is the full one, so that Esc leaves the value as it was (it
  //   put back the rounded "4", which then read as a typed 4);
  // - the undo stack starts anew: ImGui keeps it when the same field is clicked into
  //   again, and an earlier record (the Esc that put back "4") applied to the full text
  //   garbled it (Ctrl+Z made "7.9999999999999996" of it, review).
  // - and on every click into the field, not only after a swap: ImGui keeps a field's undo
  //   records from its last edit, and Ctrl+Z there replayed them on the text it shows now
  //   (1 typed, then 1.5 by a nudge, read ".5" after one Ctrl+Z, applied by Enter without a
  //   word: field audit).
  const bool swapped = swapDue && !swap.pending;
  if (swapped || ImGui::IsItemActivated()) {
    if (ImGuiInputTextState* state = ImGui::GetInputTextState(ImGui::GetItemID())) {
      if (swapped) {
        state->InitialTextA.resize(static_cast<int>(exact.size()) + 1);
        std::memcpy(state->InitialTextA.Data, exact.c_str(), exact.size() + 1);
      }
      state->Stb.undostate.undo_point = 0;
      state->Stb.undostate.undo_char_point = 0;
      state->Stb.undostate.redo_point = STB_TEXTEDIT_UNDOSTATECOUNT;
      state->Stb.undostate.redo_char_point = STB_TEXTEDIT_UNDOCHARCOUNT;
    }
  }
  if (pasting && m_coordinateEdit) {
    const char* clipboard = ImGui::GetClipboardText();
    if (const auto problem = PasteProblem(clipboard ? clipboard : "")) {
      m_coordinateEdit->pasteProblem = *problem;
      m_coordinateEdit->afterPaste = m_coordinateEdit->text;
    }
  }
  // A field left scrolled (End, then Esc, in a text longer than the field) kept its
  // scroll: clicked into again it showed "9999999999996", the leading "3.999" hidden
  // (ImGui 1.86 reuses its state for the field edited last). Its next edit starts at the
  // text's start, as the first one did (GUI audit).
  if (ImGui::IsItemDeactivated())
    if (ImGuiInputTextState* state = ImGui::GetInputTextState(ImGui::GetItemID())) state->ScrollX = 0;
  if (ImGui::IsItemActive())
    if (const ImGuiInputTextState* state = ImGui::GetInputTextState(ImGui::GetItemID()))
      m_activeFieldScroll = {name + (axis == 0 ? ".x" : ".y"), double(state->ScrollX)};
  const ImVec2 fieldMin = ImGui::GetItemRectMin();
  const ImVec2 fieldMax = ImGui::GetItemRectMax();
  m_fieldBoxes.push_back({name + (axis == 0 ? ".x" : ".y"), ScreenBox{{{fieldMin.x, fieldMin.y}}, {{fieldMax.x, fieldMax.y}}}});
  if (ImGui::IsItemActivated()) {
    // Entered from a field drawn below this one (Shift+Tab, Tab from the last field, a
    // click upwards): that field reports leaving only later in this frame, after this one
    // has taken the edit's place, and its text was lost without a word (classroom audit).
    // It is applied here, as leaving it would have.
    ApplyPendingEdit();
    m_coordinateEdit = CoordinateEdit{point, axis, {}, text, {}, {}};
    std::snprintf(m_coordinateEdit->text, sizeof m_coordinateEdit->text, "%s", text.c_str());
  }
  // Left: its own edit, if still pending (not one a field above has begun since).
  if (ImGui::IsItemDeactivated() && editing) ApplyPendingEdit();
}

void LabApp::LeaveScene() {
  ApplyPendingEdit();  // applied, then replaced: one undo brings it back
  ForgetPresetNote();
  // A refusal under the fields names the scene about to go: carried to the status line
  // with its lesson (a refused text left by a click on another lesson or a preset was
  // dropped without a word: field audit).
  if (!m_editError.empty()) {
    SetStatus(std::string(m_scene.CurrentLesson().Title()) + " " + m_editError);
    m_editError.clear();
  }
}

void LabApp::ApplyPendingEdit() {
  if (!m_coordinateEdit) return;
  const CoordinateEdit edit = *m_coordinateEdit;
  m_coordinateEdit.reset();
  const std::vector<PointSpec> specs = m_scene.CurrentLesson().PointSpecs();
  if (edit.point >= specs.size()) return;
  const std::string& name = specs[edit.point].name;
  const size_t point = edit.point;
  const int axis = edit.axis;
  const std::string typed = edit.text;
  const std::string& before = edit.before;
  const bool joinedPaste = !edit.pasteProblem.empty() && typed == edit.afterPaste;
  const std::string& pasteProblem = edit.pasteProblem;
  if (typed == before) return;  // untouched (or Esc): keep the exact value, not its rounded text
  const char* axisName = axis == 0 ? ".x" : ".y";
  auto refuse = [&](const std::string& why) {
    m_editError = name + axisName + ": " + why + "; the previous value is kept.";
    m_editErrorLesson = m_scene.LessonIndex();
    m_editErrorPoints = m_scene.CurrentPoints();
  };
  if (joinedPaste) {  // the pieces ImGui joined ("1\n2" read 12): refused, not read as one number
    refuse(pasteProblem);
    return;
  }
  // ImGui stops taking characters when the buffer is full and says nothing: a text that
  // fills it may have lost its end (400 typed 1s read as 1.11111e+62), so it is refused.
  if (typed.size() >= sizeof CoordinateEdit::text - 1) {
    refuse("the text is longer than " + std::to_string(sizeof CoordinateEdit::text - 2) + " characters (\"" +
           Shortened(typed, 24) + "\")");
    return;
  }
  const TypedNumber read = ReadTypedNumber(typed);
  if (!read.value) {
    refuse(read.problem);
    return;
  }
  const Points unedited = m_scene.CurrentPoints();
  m_scene.EditPoints()[point].v[axis] = *read.value;
  m_scene.Commit();  // one undo step per edit
  m_editError.clear();
  NoteMoveOffCanvas(unedited, PointMove::TypedValue);
}

void LabApp::DrawValues() const {
  SectionTitle("VALUES   (live, from core)");
  if (m_frame.error) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(PackAbgr(ErrorColor())));
    WrappedText("Core refuses this scene: " + m_frame.errorText);
    ImGui::PopStyleColor();
  }
  if (!m_frame.values.empty() && ImGui::BeginTable("##values", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthFixed, Px(110));
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
    for (const InspectorValue& v : m_frame.values) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(v.label.c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", v.help.c_str());
      ImGui::TableSetColumnIndex(1);
      WrappedText(v.text);  // exact values can be wider than the column
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", v.help.c_str());
    }
    ImGui::EndTable();
  }
}

void LabApp::DrawSteps() const {
  if (!m_settings.showSteps || m_frame.steps.empty()) return;
  SectionTitle("PROJECT, CLAMP, EVALUATE   (F2 explains the words)");  // the glossary, where it is needed
  for (size_t i = 0; i < m_frame.steps.size(); ++i) WrappedText(std::to_string(i + 1) + ". " + m_frame.steps[i]);
}

}  // namespace cq::app
