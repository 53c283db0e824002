// LabApp, the number lines under the canvas: the lesson's parameter (t, s, or a box
// coordinate) on an axis coloured like the regions, with markers for the raw value and
// for where the clamp put it. Dragging on a line moves P along the matching direction.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>

#include "logic/label_layout.hpp"
#include "logic/number_line_layout.hpp"
#include "logic/palette.hpp"
#include "logic/text_wrap.hpp"
#include "ui/lab_app.hpp"

namespace cq::app {
namespace {

ImVec2 ToIm(const cq::Vec2d& v) { return ImVec2(float(v.x()), float(v.y())); }

/// Row `index` of `count` in `rect`, at the current font.
NumberLineRow RowOf(const ScreenRect& rect, size_t index, size_t count, float scale) {
  return NumberLineRowOf(ScreenBox{rect.min, rect.max}, index, count, scale, ImGui::GetFontSize());
}

void BeginLinesWindow(const ScreenRect& rect) {
  ImGui::SetNextWindowPos(ToIm(rect.min));
  ImGui::SetNextWindowSize(ToIm(rect.Size()));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::Begin("##numberlines", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoNav |
                   ImGuiWindowFlags_NoBackground);  // the clear colour is the background
  ImGui::PopStyleVar();
}

}  // namespace

void LabApp::FollowPointerOnNumberLine(size_t i, const NumberLineRow& row) {
  // Move the query point so the raw value follows the mouse. The raw value comes from a fresh
  // evaluation: the scene may have changed since the last drawing.
  const Lesson& lesson = m_scene.CurrentLesson();
  const LessonFrame now = lesson.Evaluate(m_scene.CurrentPoints(), m_camera.VisibleWorld(), m_settings.numbers);
  if (i >= now.numberLines.size()) return;
  const NumberLine& line = now.numberLines[i];
  const double target = row.ToValue(ImGui::GetIO().MousePos.x, m_lineDrag->viewFrom, m_lineDrag->viewTo);
  const int p = lesson.QueryPointIndex();
  if (p < 0) return;
  if (const auto moved = DraggedQueryPoint(line, m_scene.CurrentPoints()[size_t(p)], target, m_lineDrag->direction))
    m_scene.EditPoints()[size_t(p)] = *moved;
}

void LabApp::NumberLinesInput() {
  const ScreenRect& rect = m_layout.numberLines;
  BeginLinesWindow(rect);
  const size_t count = m_lineGeometry.size();
  for (size_t i = 0; i < count; ++i) {
    const NumberLineRow row = RowOf(rect, i, count, UiScale());
    ImGui::SetCursorScreenPos(ImVec2(float(row.left - Px(10)), float(row.top)));
    ImGui::PushID(int(i));
    ImGui::InvisibleButton("##line", ImVec2(std::max(1.0f, float(row.right - row.left + Px(20))),
                                            std::max(1.0f, float(row.bottom - row.top))));
    ImGui::PopID();
    const std::optional<cq::Vec2d>& direction = m_lineGeometry[i].dragDirection;
    if (ImGui::IsItemHovered() && direction) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
    if (ImGui::IsItemActivated()) {
      // A value typed and not yet applied is its own undo step, before the line moves the
      // point: both went into one step, undone to a point never shown (field audit). The
      // direction then comes from the scene with it (it may have moved A or B, or parted
      // A = B).
      ApplyPendingEdit();
      const LessonFrame now =
          m_scene.CurrentLesson().Evaluate(m_scene.CurrentPoints(), m_camera.VisibleWorld(), m_settings.numbers);
      const NumberLine* line = i < now.numberLines.size() ? &now.numberLines[i] : nullptr;
      const std::optional<cq::Vec2d> along = line && line->dragDirection ? line->dragDirection : direction;
      if (along) {
        m_lineDrag = LineDrag{i, m_lineGeometry[i].viewFrom, m_lineGeometry[i].viewTo, *along};
        m_moveStart = m_scene.CurrentPoints();
      } else if (line && !line->noDragReason.empty()) {
        // Why it moves nothing (A = B), held only while the scene stays as it is, like "No
        // preset 9" (review: it stayed on after A was dragged away from B).
        SetStatus(line->noDragReason);
        m_presetNoteScene = std::make_pair(m_scene.LessonIndex(), m_scene.CurrentPoints());
      }
    }
    if (!m_lineDrag || m_lineDrag->line != i) continue;
    const bool active = ImGui::IsItemActive();
    // The release frame follows the pointer once more: its last move can come with the
    // release (a quick flick), and the value ends where the button went up.
    if (active || (ImGui::IsMouseReleased(ImGuiMouseButton_Left) && ImGui::IsMousePosValid()))
      FollowPointerOnNumberLine(i, row);
    if (!active) {
      m_scene.Commit();
      m_lineDrag.reset();
      NoteMoveOffCanvas(m_moveStart, PointMove::NumberLineDrag);
    }
  }
  ImGui::End();
}

void LabApp::NumberLinesDraw() {
  const ScreenRect& rect = m_layout.numberLines;
  BeginLinesWindow(rect);
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  m_lineGeometry = m_frame.numberLines;
  m_drawnLineLabels.clear();
  const size_t count = m_lineGeometry.size();
  const float font = ImGui::GetFontSize();
  for (size_t i = 0; i < count; ++i) {
    NumberLine& line = m_lineGeometry[i];
    if (m_lineDrag && m_lineDrag->line == i) {
      line.viewFrom = m_lineDrag->viewFrom;
      line.viewTo = m_lineDrag->viewTo;
    }
    const NumberLineRow row = RowOf(rect, i, count, UiScale());
    auto X = [&](double v) { return float(row.ToX(std::clamp(v, line.viewFrom, line.viewTo), line.viewFrom, line.viewTo)); };
    const float y = float(row.axisY);
    const float band = float(row.band);

    // Every text's place (LayOutNumberLine): nothing drawn over another, in a short row too.
    const bool rawOff = line.raw < line.viewFrom || line.raw > line.viewTo;
    const float xr = X(line.raw);
    std::optional<LineMark> clampedMark;
    // Every value apart from the others (FormatApart): t_raw = 0.9999999 in the interior read
    // "t_raw = 1", as if on the tick 1.
    Apart all = line.ticks;
    all.push_back(line.raw);
    if (line.clamped) all.push_back(*line.clamped);
    // A value whose number would mislead reads as the lesson words it (NumberLine::rawText).
    auto markText = [&](const std::string& name, double v, const std::string& words) {
      return words.empty() ? NameEquals(name, v, m_settings.numbers, line.coordinates, all) : name + " = " + words;
    };
    if (line.clamped) clampedMark = LineMark{markText(line.clampedName, *line.clamped, line.clampedText), X(*line.clamped)};
    std::vector<LineMark> tickMarks;
    for (double tick : line.ticks)
      if (tick >= line.viewFrom && tick <= line.viewTo) tickMarks.push_back({LineNumber(tick, m_settings.numbers, line.coordinates, all), X(tick)});
    const NumberLineTexts texts = LayOutNumberLine(
        row, line.name, line.caption,
        LineMark{markText(line.rawName, line.raw, line.rawText) + (rawOff ? " (off scale)" : ""), xr,
                 line.rawText.empty() ? LineNumber(line.raw, m_settings.numbers, line.coordinates, all) : line.rawText},
        clampedMark, tickMarks, UnroundedTextWidth);
    auto record = [&](const char* kind, const LineText& t) { m_drawnLineLabels.push_back({kind, t.text, t.box}); };

    // Name on the left, caption above the axis.
    draw.AddText(ImGui::GetFont(), font * 1.25f, ToIm(texts.name.box.min), PackAbgr(LabelColor()), texts.name.text.c_str());
    record("name", texts.name);
    if (texts.caption) {
      draw.AddText(ToIm(texts.caption->box.min), PackAbgr(LabelColor(), 0.6f), texts.caption->text.c_str());
      record("caption", *texts.caption);
    }

    // The axis, coloured interval by interval like the regions.
    for (size_t k = 0; k < line.intervals.size(); ++k) {
      const NumberInterval& interval = line.intervals[k];
      const float x0 = X(interval.from);
      const float x1 = X(interval.to);
      if (x1 <= x0) continue;
      const Rgba tone = ToneColor(interval.tone);
      const bool holdsAnswer = int(k) == line.active;
      draw.AddRectFilled(ImVec2(x0, y - band), ImVec2(x1, y + band),
                         PackAbgr({tone.r, tone.g, tone.b, holdsAnswer ? 0.75f : 0.35f}));
    }
    draw.AddLine(ImVec2(float(row.left), y), ImVec2(float(row.right), y), PackAbgr(LabelColor(), 0.5f), Px(1));

    // Ticks; their labels where the clamped value's caption leaves room (it says the same number).
    for (const ScreenBox& mark : texts.tickLines) {
      const float x = float(0.5 * (mark.min.x() + mark.max.x()));
      draw.AddLine(ImVec2(x, float(mark.min.y())), ImVec2(x, float(mark.max.y())), PackAbgr(LabelColor()), Px(1.5f));
    }
    for (const LineText& t : texts.ticks) {
      draw.AddText(ToIm(t.box.min), PackAbgr(LabelColor(), 0.8f), t.text.c_str());
      record("tick", t);
    }

    // Markers: the raw value above the axis (a triangle pointing down at it), the
    // clamped one below (a diamond), and the clamp's move between them.
    const ImU32 rawColor = PackAbgr(MarkerColor(Marker::RawFoot));
    const ImU32 clampColor = PackAbgr(MarkerColor(Marker::Closest));
    const float m = float(row.marker);
    if (line.clamped && std::abs(X(*line.clamped) - xr) > 1)
      draw.AddLine(ImVec2(xr, y), ImVec2(X(*line.clamped), y), clampColor, Px(3));
    const ScreenBox& tri = texts.rawMarker;
    if (line.rawMarked) {
      draw.AddTriangleFilled(ToIm(tri.min), ImVec2(float(tri.max.x()), float(tri.min.y())),
                             ImVec2(xr, float(tri.max.y())), rawColor);
      record("marker", LineText{"", tri});  // drawn over what it covers: no text may be under it
    }
    if (texts.rawOnBand) {  // over the band in a very short row: on the panel's colour
      const ImVec2 pad(Px(2), 0);
      draw.AddRectFilled(ImVec2(float(texts.raw.box.min.x()) - pad.x, float(texts.raw.box.min.y())),
                         ImVec2(float(texts.raw.box.max.x()) + pad.x, float(texts.raw.box.max.y())),
                         ImGui::GetColorU32(ImGuiCol_WindowBg, 0.9f), Px(3));
    }
    draw.AddText(ToIm(texts.raw.box.min), rawColor, texts.raw.text.c_str());
    record("raw", texts.raw);
    if (line.clamped) {
      const float xc = X(*line.clamped);
      draw.AddQuadFilled(ImVec2(xc, y - m), ImVec2(xc + m, y), ImVec2(xc, y + m), ImVec2(xc - m, y), clampColor);
      draw.AddText(ImVec2(float(texts.clamped->box.min.x() + Px(4)), float(texts.clamped->box.min.y())), clampColor,
                   texts.clamped->text.c_str());
      record("clamped", *texts.clamped);
    }
  }
  if (count == 0 && m_frame.error) {
    // A refused scene has no parameter to show: the strip says so rather than stand blank,
    // as if drawing had failed. Wrapped to the strip; lines that do not fit are left out.
    const double margin = Px(12);
    const double width = std::max(1.0, rect.max.x() - rect.min.x() - 2 * margin);
    const double lineHeight = ImGui::GetTextLineHeightWithSpacing();
    cq::Vec2d at{{rect.min.x() + margin, rect.min.y() + Px(10)}};
    for (const std::string& text : WrapAtSpaces(
             "No number line while core refuses this scene: its reason is at the top of the canvas.", width,
             UnroundedTextWidth)) {
      const ImVec2 size = ImGui::CalcTextSize(text.c_str());
      const ScreenBox box{at, at + cq::Vec2d{{size.x, size.y}}};
      if (box.max.y() > rect.max.y() || box.max.x() > rect.max.x()) break;
      draw.AddText(ToIm(at), PackAbgr(LabelColor(), 0.6f), text.c_str());
      m_drawnLineLabels.push_back({"note", text, box});
      at.v[1] += lineHeight;
    }
  }
  ImGui::End();
}

}  // namespace cq::app
