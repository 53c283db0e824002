// LabApp, the canvas: mouse input (drag, pan, zoom) and drawing the LessonFrame.
// Every position drawn here is one core computed (through the lesson) or a handle's;
// this file only maps world units to pixels, picks colours and places labels.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cq/normalize.hpp"
#include "cq/regions2d.hpp"
#include "logic/circle_arc.hpp"
#include "logic/framing.hpp"
#include "logic/label_layout.hpp"
#include "logic/palette.hpp"
#include "logic/text_wrap.hpp"
#include "ui/lab_app.hpp"

namespace cq::app {
namespace {

ImVec2 ToIm(const cq::Vec2d& v) { return ImVec2(float(v.x()), float(v.y())); }
cq::Vec2d FromIm(const ImVec2& v) { return {{v.x, v.y}}; }

constexpr ImGuiWindowFlags k_panelFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                          ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                          ImGuiWindowFlags_NoFocusOnAppearing;

void BeginCanvasWindow(const ScreenRect& rect) {
  ImGui::SetNextWindowPos(ToIm(rect.min));
  ImGui::SetNextWindowSize(ToIm(rect.Size()));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0);
  ImGui::Begin("##canvas", nullptr,
               k_panelFlags | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoNav);
  ImGui::PopStyleVar(2);
}

const char* ToneName(Tone tone) {
  switch (tone) {
    case Tone::VertexA: return "region A";
    case Tone::Interior: return "interior";
    case Tone::VertexB: return "region B";
    case Tone::Back: return "back";
    case Tone::Front: return "front";
    case Tone::BoxInside: return "inside";
    case Tone::BoxEdge: return "edge";
    case Tone::BoxVertex: return "vertex";
    case Tone::Penetrating: return "penetrating";
    case Tone::Clear: return "clear";
  }
  return "";
}

/// The part of the segment from a to b inside `clip` (core's clip, on pixels, from the end
/// nearer the canvas: a box corner 1e20 off made the edge from it vanish), or nothing.
std::optional<cq::Segment2<double>> ClipToRect(const cq::Vec2d& a, const cq::Vec2d& b, const ScreenRect& clip) {
  if (!cq::IsFinite(a) || !cq::IsFinite(b)) return std::nullopt;
  return cq::ClipThroughPointsToRect(a, b, b - a, 0.0, 1.0, cq::Rect2<double>{clip.min, clip.max});
}

/// Dashes from a to b, only the part inside `clip` (a line from a point far off screen
/// would otherwise be millions of dashes), the pattern anchored at a so it holds still
/// while the view pans.
void DashedLine(ImDrawList& draw, const cq::Vec2d& a, const cq::Vec2d& b, ImU32 color, float thickness, float dash,
                float gap, const ScreenRect& clip) {
  const auto visible = ClipToRect(a, b, clip);
  if (!visible) return;
  const cq::Vec2d d = b - a;
  const double length = std::sqrt(cq::Dot(d, d));
  const cq::Vec2d u = (1.0 / length) * d;
  const double period = double(dash) + double(gap);
  // Dashes counted from a, or from b where b is the nearer (a box corner 1e20 off puts a
  // at 1e21 pixels, where a + s u rounds to 1e5-pixel steps and the dashes were lost);
  // from farther than a million pixels, from the visible part's start (the pattern then
  // moves with a pan, but every dash is in place).
  constexpr double k_farPixels = 1e6;
  const double fromA = std::abs(cq::Dot(visible->p0 - a, u));
  const double fromB = std::abs(cq::Dot(visible->p0 - b, u));
  const cq::Vec2d anchor = std::min(fromA, fromB) > k_farPixels ? visible->p0 : fromB < fromA ? b : a;
  const double end = cq::Dot(visible->p1 - anchor, u);
  for (double s = std::floor(cq::Dot(visible->p0 - anchor, u) / period) * period; s < end; s += period)
    draw.AddLine(ToIm(anchor + s * u), ToIm(anchor + std::min(end, s + dash) * u), color, thickness);
}

/// A solid line from a to b, only its part inside `clip` (pixel coordinates far off screen
/// do not survive the conversion to float).
void SolidLine(ImDrawList& draw, const cq::Vec2d& a, const cq::Vec2d& b, ImU32 color, float thickness,
               const ScreenRect& clip) {
  if (const auto visible = ClipToRect(a, b, clip)) draw.AddLine(ToIm(visible->p0), ToIm(visible->p1), color, thickness);
}

/// An arrow from `from` to `to`: its part inside `clip`, with the head when the tip is in it.
void Arrow(ImDrawList& draw, const cq::Vec2d& from, const cq::Vec2d& to, ImU32 color, float thickness, float head,
           const ScreenRect& clip) {
  const auto visible = ClipToRect(from, to, clip);
  if (!visible) return;
  if (!clip.Contains(to)) {  // the tip is off the canvas: just the shaft
    draw.AddLine(ToIm(visible->p0), ToIm(visible->p1), color, thickness);
    return;
  }
  const cq::Vec2d tail = visible->p0;
  const cq::Vec2d d = to - tail;
  const double length = std::sqrt(cq::Dot(d, d));
  if (length < 1) return;
  const cq::Vec2d u = (1.0 / length) * d;
  const cq::Vec2d n = cq::PerpLeft(u);
  const double h = std::min<double>(head, 0.6 * length);
  const cq::Vec2d base = to - h * u;
  draw.AddLine(ToIm(tail), ToIm(base), color, thickness);
  draw.AddTriangleFilled(ToIm(to), ToIm(base + 0.45 * h * n), ToIm(base - 0.45 * h * n), color);
}

/// A polyline in dashes of `dash` pixels with gaps of `gap`, the pattern running on across
/// its vertices (a dashed circle is many short pieces).
void DashedPolyline(ImDrawList& draw, const std::vector<cq::Vec2d>& points, ImU32 color, float thickness, float dash,
                    float gap, const ScreenRect& clip) {
  double phase = 0;  // distance into the current dash + gap period
  const double period = double(dash) + double(gap);
  auto advance = [&](double by) { phase = std::fmod(phase + by, period); };
  for (size_t i = 1; i < points.size(); ++i) {
    // Dashes only on the part of each piece inside `clip`, the pattern carried past the
    // rest: a pushed-out ball 1e308 across had pieces 1e300 pixels long, and dashing them
    // whole never ended (the app hung and took gigabytes).
    const cq::Vec2d from = points[i - 1];
    const cq::Vec2d to = points[i];
    const double whole = std::sqrt(cq::Dot(to - from, to - from));
    const auto visible = ClipToRect(from, to, clip);
    if (!visible || !std::isfinite(whole)) {
      if (std::isfinite(whole)) advance(whole);
      continue;
    }
    const cq::Vec2d a = visible->p0;
    const cq::Vec2d d = visible->p1 - a;
    const double length = std::sqrt(cq::Dot(d, d));
    advance(std::sqrt(cq::Dot(a - from, a - from)));
    for (const auto& [s, next] : DashesAlong(length, phase, dash, gap))
      draw.AddLine(ToIm(a + (s / length) * d), ToIm(a + (next / length) * d), color, thickness);
    advance(std::sqrt(cq::Dot(to - visible->p1, to - visible->p1)));
  }
}

}  // namespace

void LabApp::CanvasInput() {
  const ImGuiIO& io = ImGui::GetIO();
  const ScreenRect& rect = m_layout.canvas;
  BeginCanvasWindow(rect);
  // The splitter along the canvas's left edge resizes the sidebar (remembered in the
  // settings). Submitted first, so it wins the overlap with the canvas.
  ImGui::SetCursorScreenPos(ToIm(rect.min));
  // ImGui asserts on a zero-sized button: a window too small for the sidebar at a large
  // UI scale leaves the canvas no room, so every button here is at least a pixel.
  const ImVec2 canvasSize(std::max(1.0f, float(rect.Size().x())), std::max(1.0f, float(rect.Size().y())));
  bool onSplitter = false;  // a press here resizes the sidebar, whatever lies under it
  if (m_settings.showSidebar) {  // a hidden sidebar has no edge to drag
    ImGui::InvisibleButton("##splitter", ImVec2(float(Px(6)), canvasSize.y));
    onSplitter = ImGui::IsItemHovered() || ImGui::IsItemActive();
    if (onSplitter) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
    // From the width shown, not the one stored: dragged past the 45 % cap, the stored width
    // ran ahead of the edge, which then lagged the pointer by as much on the way back.
    // The release frame too: the last move can come with the release.
    if ((ImGui::IsItemActive() || ImGui::IsItemDeactivated()) && io.MouseDelta.x != 0)
      m_settings.sidebarWidth = std::clamp(float(m_layout.sidebar.Size().x() / UiScale()) + io.MouseDelta.x / UiScale(),
                                           240.0f, 1200.0f);
  }
  ImGui::SetCursorScreenPos(ToIm(rect.min));
  ImGui::InvisibleButton("##canvas-input", canvasSize,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                             ImGuiButtonFlags_MouseButtonMiddle);
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();
  const bool released = ImGui::IsItemDeactivated();  // this frame: its last move still counts
  const cq::Vec2d mouse = FromIm(io.MousePos);
  const Lesson& lesson = m_scene.CurrentLesson();

  if (m_needsFraming) {
    const Framing framing = FramingFor(lesson, m_scene.CurrentPoints(), m_camera, Px(90));
    // A refused scene (the plane's "Zero normal" preset) is framed below its banner, which
    // hid the very dot it says to drag (classroom audit: 1280x720 at UI scale 1.5), where
    // that leaves the scene a fifth of the canvas's height, and 48 UI pixels. This frame's scene, not
    // the last frame's: a preset chosen this frame is not evaluated yet.
    double reserved = 0;
    const LessonFrame now = lesson.Evaluate(m_scene.CurrentPoints(), m_camera.VisibleWorld(), m_settings.numbers);
    if (now.error) {
      const double below = BannerFor(now.errorText).box.max.y() + Px(4) - m_layout.canvas.min.y();
      const double height = m_layout.canvas.Size().y();
      if (height - below >= std::max(double(Px(48)), 0.2 * height)) reserved = below;
    }
    m_camera.Frame(framing.rect, Px(90), reserved);
    m_needsFraming = false;
    if (framing.whole && m_statusIsFraming) SetStatus("");  // the last framing's "Off the canvas" no longer holds
    if (!framing.whole) SetFramingNote(framing.left, "framed " + framing.focus);
  } else if (m_statusIsFraming && m_scene.CurrentPoints() != m_framingNotePoints) {
    // The note holds until an edit, a drag or an undo makes the scene fit (it stayed after
    // P.x = 1e308 was typed back to 2.5); until then it names what is off the canvas now.
    const Framing framing = FramingFor(lesson, m_scene.CurrentPoints(), m_camera, Px(90));
    if (framing.whole) {
      SetStatus("");
    } else {
      SetFramingNote(NamedHandlesOffCanvas(lesson, m_scene.CurrentPoints(), m_camera, m_layout.canvas),
                     "F frames " + framing.focus);
    }
  }
  if (hovered && io.MouseWheel != 0) m_camera.ZoomAbout(mouse, std::pow(1.2, double(io.MouseWheel)));

  const std::vector<DragHandle> handles = lesson.Handles(m_scene.CurrentPoints());
  if (!m_drag) {
    // Not on the splitter: a handle by the canvas's left edge lit up as "under the mouse",
    // and a press there resized the sidebar (interaction audit).
    m_hoveredId.reset();
    if (hovered && !onSplitter)
      if (const auto hit = HitTest(handles, m_camera, mouse, Px(18))) m_hoveredId = handles[*hit].id;
  }

  if (ImGui::IsItemActivated() && ImGui::IsMouseClicked(ImGuiMouseButton_Left) && m_hoveredId) {
    for (const DragHandle& h : handles) {
      if (h.id == *m_hoveredId) {
        m_drag = BeginDrag(h, m_camera.ScreenToWorld(mouse));
        m_scene.selectedHandle = h.id;
        m_dragStartHandle = h.id;
        m_moveStart = m_scene.CurrentPoints();
      }
    }
  }
  if (m_drag) {
    const auto followPointer = [&] {
      const bool snap = m_settings.snapToGrid || io.KeyShift;
      DragTo(lesson, m_scene.EditPoints(), *m_drag, m_camera.ScreenToWorld(mouse),
             snap ? std::optional<DecimalSteps>(MinorSteps(Grids())) : std::nullopt);
    };
    if (active && ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
      followPointer();
      // A box corner dragged past the opposite side becomes the other corner: the drag and
      // the selection follow it (the ring stayed on the corner left behind).
      m_hoveredId = m_drag->handleId;
      m_scene.selectedHandle = m_drag->handleId;
      ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeAll);
    } else {
      // The pointer's last move can come with the release, between two frames (a quick
      // flick): the handle ends where the button went up, not where the last frame saw it.
      if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) && ImGui::IsMousePosValid()) followPointer();
      m_scene.Commit(false, m_dragStartHandle);  // one undo step per drag
      // A handle let go off the canvas (under the sidebar, the menu bar, the number lines
      // or outside the window) is out of reach: say how to get it back (review s35).
      NoteMoveOffCanvas(m_moveStart, PointMove::HandleDrag);
      m_drag.reset();
    }
  } else if ((active || released) && (io.MouseDelta.x != 0 || io.MouseDelta.y != 0)) {
    // Left drag on empty space, or any middle/right drag: pan.
    m_camera.PanByPixels(FromIm(io.MouseDelta));
  }
  if (!m_drag && m_hoveredId) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  // "P is off the canvas" holds until P is back in view (F, undo, a pan, another lesson),
  // and names only what is still off it; the way back goes once the scene has changed since.
  if (m_offCanvasNote) {
    const std::string text =
        OffCanvasNoteText(lesson, m_scene.CurrentPoints(), *m_offCanvasNote, m_camera, m_layout.canvas, m_scene.StepId());
    if (text.empty())
      SetStatus("");
    else
      m_status = text;
  }
  ImGui::End();
}

void LabApp::SetFramingNote(const std::vector<std::string>& offCanvas, const std::string& framed) {
  std::string left;
  for (const std::string& name : offCanvas) left += (left.empty() ? "" : ", ") + name;
  // What is out of sight first: the menu bar cuts a long status at its end.
  SetStatus((left.empty() ? std::string() : "Off the canvas: " + left + ". ") +
            "The scene is wider than the view can hold at its widest zoom: " + framed + " and the handles round it.");
  m_statusIsFraming = true;
  m_framingNotePoints = m_scene.CurrentPoints();
}

void LabApp::CanvasDraw() {
  BeginCanvasWindow(m_layout.canvas);
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  draw.PushClipRect(ToIm(m_layout.canvas.min), ToIm(m_layout.canvas.max), true);
  // The regions themselves are shaded by the canvas pass (app/gl/canvas_renderer.cpp).
  m_drawnLabels.clear();
  const CanvasLabels labels = PlaceCanvasLabels();
  DrawGridLabels(draw, labels);
  DrawStrokes(draw);
  DrawHandlesAndLabels(draw, labels);
  if (const auto banner = Banner()) {
    draw.AddRectFilled(ToIm(banner->box.min), ToIm(banner->box.max), PackAbgr(PaperColor(), 0.92f), Px(4));
    for (size_t i = 0; i < banner->lines.size(); ++i)
      draw.AddText(ToIm(banner->at + cq::Vec2d{{0, double(i) * ImGui::GetFontSize()}}), PackAbgr(ErrorColor()),
                   banner->lines[i].c_str());
  }
  draw.PopClipRect();
  ImGui::End();
}

std::optional<LabApp::ErrorBanner> LabApp::Banner() const {
  if (!m_frame.error) return std::nullopt;
  return BannerFor(m_frame.errorText);
}

LabApp::ErrorBanner LabApp::BannerFor(const std::string& errorText) const {
  ErrorBanner banner;
  banner.at = m_layout.canvas.min + cq::Vec2d{{Px(12), Px(12)}};
  // Wrapped to the canvas at spaces (a narrow window cut it off mid-word).
  const double width = m_layout.canvas.Size().x() - 2 * Px(12);
  banner.lines = WrapAtSpaces("Invalid input: " + errorText, width, UnroundedTextWidth);
  double widest = 0;
  for (const std::string& line : banner.lines) widest = std::max(widest, double(ImGui::CalcTextSize(line.c_str()).x));
  const double height = double(banner.lines.size()) * ImGui::GetFontSize();
  banner.box = {banner.at - cq::Vec2d{{Px(6), Px(4)}}, banner.at + cq::Vec2d{{widest + Px(6), height + Px(4)}}};
  return banner;
}

double LabApp::XLabelRowY() const {
  // Under the x axis, or along the bottom edge when the axis is off-screen.
  const ScreenRect& rect = m_layout.canvas;
  const double pad = Px(4);
  const double axisY = m_camera.WorldToScreen(cq::Vec2d{{0, 0}}).y();
  return std::clamp(axisY + pad, rect.min.y() + pad, rect.max.y() - ImGui::GetFontSize() - pad);
}

void LabApp::DrawGridLabels(ImDrawList& draw, const CanvasLabels& avoid) const {
  const AxisGrids grids = Grids();
  const GridSpacing& xGrid = grids[0];
  const GridSpacing& yGrid = grids[1];
  const WorldRect view = m_camera.VisibleWorld();
  const ScreenRect& rect = m_layout.canvas;
  const ImU32 color = PackAbgr(LabelColor(), 0.55f);
  const cq::Vec2d origin = m_camera.WorldToScreen(cq::Vec2d{{0, 0}});
  const float pad = Px(4);
  // The grid's labels give way to every other label on the canvas, and to the handles and
  // markers (drawn over them), and stay whole inside it (GridLabelFits). Each has other
  // places by its line (a y label under it, an x label left of it and more): a handle on
  // the line took its only place.
  std::vector<ScreenBox> taken;
  for (const CanvasLabel& l : avoid.labels) taken.push_back(l.box);
  if (avoid.banner) taken.push_back(*avoid.banner);  // "3.5" peeked out from under it
  const ScreenBox area{rect.min, rect.max};
  // Off the handles and markers and off the drawn lines: a segment struck through "-2";
  // and off the balls' outlines, which ran through "2" and "-1e+12" (classroom audit of
  // 2026-11-29).
  std::vector<ScreenCircle> discs = avoid.handles;
  discs.insert(discs.end(), avoid.lines.begin(), avoid.lines.end());
  discs.insert(discs.end(), avoid.outlines.begin(), avoid.outlines.end());
  auto place = [&](const char* kind, const std::string& text, const std::vector<cq::Vec2d>& places) {
    const cq::Vec2d size = FromIm(ImGui::CalcTextSize(text.c_str()));
    for (const cq::Vec2d& at : places) {
      const ScreenBox box{at, at + size};
      if (!GridLabelFits(box, area, taken, discs)) continue;
      draw.AddText(ToIm(at), color, text.c_str());
      m_drawnLabels.push_back({kind, text, box});
      // The next grid label keeps off it too, by a space's width: labels moved off their
      // line by a handle ran together ("-4e+16-2e+16").
      const cq::Vec2d space{{Px(6), 0}};
      taken.push_back({box.min - space, box.max + space});
      return;
    }
  };
  const double labelY = XLabelRowY();
  const double font = ImGui::GetFontSize();
  const auto xs = GridMultiples(view.min.x(), view.max.x(), xGrid.major);
  // One format per axis, held across a pan at one step (GridLabelsScientific's wasScientific).
  const auto heldForm = [&](int axis, const GridRange& range, const GridSpacing& grid) {
    const std::pair<int, int> step{grid.mantissa, grid.exponent};
    const bool was = m_gridScientific[std::size_t(axis)] && m_gridScientificStep[std::size_t(axis)] == step;
    m_gridScientificStep[std::size_t(axis)] = step;
    return m_gridScientific[std::size_t(axis)] = GridLabelsScientific(range.first, range.last, grid, was);
  };
  const bool xScientific = heldForm(0, xs, xGrid);
  // Side by side, x labels can be wider than the lines' spacing far from the origin: label
  // every stride-th line, the stride fitted to the widest visible label (major lines are
  // at least ~90 px apart, so there are a few dozen at most).
  double widest = 0;
  for (double k = xs.first; k <= xs.last; k += 1)
    widest = std::max(widest, double(ImGui::CalcTextSize(GridLabel(k, xGrid, xScientific).c_str()).x));
  const double stride = LabelStride(xGrid.major * m_camera.Zoom(), widest + pad, Px(8));
  for (double k = xs.first; k <= xs.last; k += 1) {
    if (k == 0 || std::fmod(k, stride) != 0) continue;
    const std::string text = GridLabel(k, xGrid, xScientific);
    const double width = ImGui::CalcTextSize(text.c_str()).x;
    const double sx = m_camera.WorldToScreen(cq::Vec2d{{k * xGrid.major, 0}}).x();
    // Right of its line, else left of it, else a little lower or a row lower, clear of a
    // handle on the axis at the line (A at x = 1e17, whose "A" took the left place). Never
    // over the axis: there "-400000" sat among the y axis's labels, by y = 0, and read as
    // one of them (classroom audit of 2026-11-29).
    const double clearance = Px(8);
    place("grid-x", text,
          {cq::Vec2d{{sx + pad, labelY}}, cq::Vec2d{{sx - pad - width, labelY}}, cq::Vec2d{{sx + pad, labelY + clearance}},
           cq::Vec2d{{sx + pad, labelY + font + clearance}}});
  }
  const auto ys = GridMultiples(view.min.y(), view.max.y(), yGrid.major);
  const bool yScientific = heldForm(1, ys, yGrid);
  for (double k = ys.first; k <= ys.last; k += 1) {
    const double y = k * yGrid.major;
    if (k == 0) continue;
    const std::string text = GridLabel(k, yGrid, yScientific);
    const float width = ImGui::CalcTextSize(text.c_str()).x;
    const double labelX = std::clamp(origin.x() - pad - width, rect.min.x() + pad, rect.max.x() - width - pad);
    const double sy = m_camera.WorldToScreen(cq::Vec2d{{0, y}}).y();
    // Above its line, else under it; never on the row of x labels (both rows meet in a
    // corner when both axes are off-screen).
    const double above = sy - font - 1;
    const double below = sy + 1;
    auto offRow = [&](double top) { return top >= labelY + font + pad || top + font <= labelY - pad; };
    std::vector<cq::Vec2d> places;
    for (const double top : {above, below})
      if (offRow(top)) places.push_back({{labelX, top}});
    place("grid-y", text, places);
  }
}

std::optional<std::array<cq::Vec2d, 3>> LabApp::RightAngleMark(const StrokeLine& perpendicular) const {
  auto L = [&](const cq::Vec2d& local) { return m_camera.LocalToScreen(local, m_frame.origin); };
  const cq::Vec2d margin = cq::Vec2d::Splat(Px(16));
  const ScreenRect clip{m_layout.canvas.min - margin, m_layout.canvas.max + margin};
  cq::Vec2d shapeDirection{{0, 0}};
  for (const StrokeLine& s : m_frame.strokes)
    if (s.stroke == Stroke::Shape && shapeDirection == cq::Vec2d{{0, 0}}) shapeDirection = L(s.p1) - L(s.p0);
  const auto along = cq::Normalize(shapeDirection);
  const auto up = cq::Normalize(L(perpendicular.p0) - L(perpendicular.p1));
  if (!along || !up || !clip.Contains(L(perpendicular.p1))) return std::nullopt;
  const double m = Px(9);
  const cq::Vec2d foot = L(perpendicular.p1);
  return std::array<cq::Vec2d, 3>{foot + m * *up, foot + m * *up + m * *along, foot + m * *along};
}

void LabApp::DrawStrokes(ImDrawList& draw) const {
  auto S = [&](const cq::Vec2d& w) { return m_camera.WorldToScreen(w); };
  auto L = [&](const cq::Vec2d& local) { return m_camera.LocalToScreen(local, m_frame.origin); };
  const cq::Vec2d margin = cq::Vec2d::Splat(Px(16));
  const ScreenRect clip{m_layout.canvas.min - margin, m_layout.canvas.max + margin};
  // Draw order: boundaries and carrier under the shape, construction lines on top.
  const Stroke order[] = {Stroke::Boundary, Stroke::Carrier, Stroke::Shape, Stroke::Normal, Stroke::Perpendicular,
                          Stroke::ClampMove};
  for (Stroke kind : order) {
    for (const StrokeLine& s : m_frame.strokes) {
      if (s.stroke != kind) continue;
      const ImU32 color = PackAbgr(StrokeColor(kind));
      switch (kind) {
        case Stroke::Boundary:
          DashedLine(draw, L(s.p0), L(s.p1), PackAbgr(StrokeColor(kind), 0.7f), Px(1.5f), Px(10), Px(5), clip);
          break;
        case Stroke::Carrier: DashedLine(draw, L(s.p0), L(s.p1), color, Px(1.5f), Px(7), Px(6), clip); break;
        case Stroke::Shape: SolidLine(draw, L(s.p0), L(s.p1), color, Px(3.5f), clip); break;
        case Stroke::Normal: Arrow(draw, L(s.p0), L(s.p1), color, Px(2.5f), Px(14), clip); break;
        case Stroke::Perpendicular: {
          DashedLine(draw, L(s.p0), L(s.p1), color, Px(1.8f), Px(3), Px(4), clip);
          // A right-angle mark where the perpendicular meets the shape's line.
          if (const auto mark = RightAngleMark(s)) {
            const ImVec2 corner[3] = {ToIm((*mark)[0]), ToIm((*mark)[1]), ToIm((*mark)[2])};
            draw.AddPolyline(corner, 3, color, 0, Px(1.3f));
          }
          break;
        }
        case Stroke::ClampMove: Arrow(draw, L(s.p0), L(s.p1), color, Px(2.5f), Px(13), clip); break;
        case Stroke::Distance:
        case Stroke::PushOut: break;  // drawn below, with their labels
      }
    }
  }
  if (m_frame.distance) {
    const ScreenStroke line = VisibleStroke(*m_frame.distance);
    SolidLine(draw, line.p0, line.p1, PackAbgr(StrokeColor(Stroke::Distance)), Px(2), clip);
  }
  // Balls: the arc is built in pixels (only its visible part, however large the ball).
  for (const CircleShape& circle : m_frame.circles) {
    const std::vector<cq::Vec2d> arc =
        VisibleCircleArc(S(circle.center), circle.radius * m_camera.Zoom(), m_layout.canvas);
    const ImU32 color = PackAbgr(CircleColor(circle.role));
    if (circle.role == CircleRole::Ball) {
      std::vector<ImVec2> points;
      points.reserve(arc.size());
      for (const cq::Vec2d& p : arc) points.push_back(ToIm(p));
      draw.AddPolyline(points.data(), int(points.size()), color, 0, Px(2.5f));
    } else {
      DashedPolyline(draw, arc, color, Px(2), Px(8), Px(6), clip);
    }
  }
  if (m_frame.pushOut) {
    // The head only where the tip is in view: cut off, the shaft runs off the canvas.
    const ScreenStroke push = VisibleStroke(*m_frame.pushOut);
    const ImU32 color = PackAbgr(StrokeColor(Stroke::PushOut));
    if (push.endInView)
      Arrow(draw, push.p0, push.p1, color, Px(2.5f), Px(13), clip);
    else
      SolidLine(draw, push.p0, push.p1, color, Px(2.5f), clip);
  }
}

LabApp::ScreenStroke LabApp::VisibleStroke(const StrokeLine& line) const {
  const cq::Vec2d a = line.p0;
  const cq::Vec2d b = line.p1;
  cq::Rect2<double> view = m_camera.VisibleWorld();
  const cq::Vec2d margin = cq::Vec2d::Splat(m_camera.PixelsToWorld(Px(40)));
  view = {view.min - margin, view.max + margin};
  const bool endInView = view.min.x() <= b.x() && b.x() <= view.max.x() && view.min.y() <= b.y() && b.y() <= view.max.y();
  const auto part = cq::ClipThroughPointsToRect(a, b, b - a, 0.0, 1.0, view);
  if (!part) return {m_camera.WorldToScreen(a), m_camera.WorldToScreen(b), endInView};  // a point, or none in view
  // An end in view is the point itself, not the clip's rounding of it: an arrow's head sits on it.
  return {m_camera.WorldToScreen(part->p0), m_camera.WorldToScreen(endInView ? b : part->p1), endInView};
}

LabApp::CanvasLabels LabApp::PlaceCanvasLabels() const {
  auto S = [&](const cq::Vec2d& w) { return m_camera.WorldToScreen(w); };
  const float r = Px(7);
  // Everything a label must avoid: the handles and markers (as discs), then each label
  // placed so far.
  CanvasLabels result;
  std::vector<ScreenCircle> discs;
  for (const DragHandle& h : m_handles)
    if (h.shape != HandleShape::Body) discs.push_back({S(h.position), double(r + Px(3))});
  for (const MarkerPoint& m : m_frame.markers) discs.push_back({S(m.position), double(r)});
  // The right-angle mark, as small discs along its two legs, which no label covers: the
  // contact's "depth = 0.881966" lay over the far leg, which then read as a "1" before it
  // (GUI audit).
  for (const StrokeLine& s : m_frame.strokes)
    if (s.stroke == Stroke::Perpendicular)
      if (const auto mark = RightAngleMark(s))
        for (int leg = 0; leg < 2; ++leg)
          for (const ScreenCircle& c : CirclesAlong((*mark)[leg], (*mark)[leg + 1], Px(6), Px(4),
                                                     ScreenBox{m_layout.canvas.min, m_layout.canvas.max}))
            discs.push_back(c);
  result.handles = discs;
  std::vector<ScreenBox> placed;
  // The error banner first: a label under it was half hidden ("P" under an inverted box's).
  if (const auto banner = Banner()) {
    result.banner = banner->box;
    placed.push_back(banner->box);
  }
  const cq::Vec2d textPad{{Px(4), Px(2)}};
  // Only what is on or near the canvas is placed: a label at a pixel far off screen (a
  // point at 1e300) would reach ImGui as an infinite float.
  const cq::Vec2d reach = cq::Vec2d::Splat(Px(200));
  const ScreenRect near{m_layout.canvas.min - reach, m_layout.canvas.max + reach};
  const ScreenBox canvasBox{m_layout.canvas.min, m_layout.canvas.max};
  // The lines drawn on the canvas, as small discs along them: every label keeps off them
  // where it can (the distance's "s = -0.742781" sat across the distance line, "closest"
  // across a box edge, the plane's line ran under a label, a segment through the grid's
  // "-2"). Where no place is free, PlaceLabel takes the one they cover least.
  auto keepOff = [&](const cq::Vec2d& p0, const cq::Vec2d& p1) {
    for (const ScreenCircle& c : CirclesAlong(p0, p1, Px(3), Px(6), canvasBox)) result.lines.push_back(c);
  };
  for (const StrokeLine& s : m_frame.strokes) {
    if (s.stroke == Stroke::Shape || s.stroke == Stroke::Perpendicular || s.stroke == Stroke::ClampMove ||
        s.stroke == Stroke::Normal)
      keepOff(m_camera.LocalToScreen(s.p0, m_frame.origin), m_camera.LocalToScreen(s.p1, m_frame.origin));
  }
  if (m_frame.distance) {
    const ScreenStroke line = VisibleStroke(*m_frame.distance);
    keepOff(line.p0, line.p1);
  }
  if (m_frame.pushOut) {
    const ScreenStroke push = VisibleStroke(*m_frame.pushOut);
    keepOff(push.p0, push.p1);
  }
  // The named points: a point's name goes where no other named point is nearer to it.
  std::vector<cq::Vec2d> named;
  for (const DragHandle& h : m_handles)
    if (!h.label.empty()) named.push_back(S(h.position));
  for (const MarkerPoint& m : m_frame.markers)
    if (!m.label.empty()) named.push_back(S(m.position));
  auto rivalsOf = [&](const cq::Vec2d& anchor) {
    std::vector<cq::Vec2d> rivals;
    for (const cq::Vec2d& p : named)
      if (!(p == anchor)) rivals.push_back(p);
    return rivals;
  };
  // Last frame's places, where this frame lays out the same lesson in the same canvas and
  // view (PlaceLabelSteady); this frame's for the next.
  const cq::Rect2<double> view = m_camera.VisibleWorld();
  SteadyLabels next{m_scene.LessonIndex(), m_layout.canvas.min, m_layout.canvas.max, view.min, view.max, UiScale(), {}, {}};
  const bool steady = m_steadyLabels.lesson == next.lesson && m_steadyLabels.canvasMin == next.canvasMin &&
                      m_steadyLabels.canvasMax == next.canvasMax && m_steadyLabels.viewMin == next.viewMin &&
                      m_steadyLabels.viewMax == next.viewMax && m_steadyLabels.uiScale == next.uiScale;
  using Segment = std::pair<cq::Vec2d, cq::Vec2d>;  // a line's label names the whole of it
  auto label = [&](const std::string& text, const cq::Vec2d& anchor, double gap, const cq::Vec2d& preferred,
                   const Rgba& ink, float backgroundAlpha, bool optional = false, bool ofPoint = false,
                   const std::vector<ScreenCircle>& own = {}, const std::optional<Segment>& ofLine = std::nullopt) {
    if (!near.Contains(anchor) || !cq::IsFinite(preferred)) return;
    // A line's own label never covers it (soft for every other label, hard for its own).
    std::vector<ScreenCircle> hard = discs;
    hard.insert(hard.end(), own.begin(), own.end());
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    // A line's value ("d = …", "depth = …", "s = …") is always shown: by its line where
    // anything there is free, else the free place nearest it on the canvas with a leader
    // to it (PlaceLineLabel; "depth = 0.881966" was left out at 800x600).
    if (ofLine) {
      const LineLabelPlace at = PlaceLineLabel(ofLine->first, ofLine->second, anchor, FromIm(size) + 2.0 * textPad,
                                               gap, preferred, hard, placed, canvasBox, result.lines);
      placed.push_back(at.box);
      std::optional<Leader> leader;
      if (at.leader) {
        leader = Leader{at.leader->first, at.leader->second};
        keepOff(leader->from, leader->to);
      }
      result.labels.push_back({at.box, text, ink, backgroundAlpha, leader});
      return;
    }
    // A label of something on the canvas stays whole inside it ("region A" at the left
    // edge read "egion A", the plane's "s = -0.742781" lost its last digits at the right):
    // a free place inside first, else the preferred one moved in.
    const bool onCanvas = m_layout.canvas.Contains(anchor);
    const cq::Vec2d boxSize = FromIm(size) + 2.0 * textPad;
    std::string key = text;
    while (next.offsets.count(key) != 0) key += '\x01';  // a second label of the same text
    std::optional<ScreenBox> previous;
    if (const auto it = m_steadyLabels.offsets.find(key); steady && it != m_steadyLabels.offsets.end())
      previous = ScreenBox{anchor + it->second, anchor + it->second + boxSize};
    ScreenBox box = PlaceLabelSteady(previous, anchor, boxSize, gap, preferred, hard, placed,
                                     onCanvas ? std::optional<ScreenBox>(canvasBox) : std::nullopt,
                                     ofPoint ? rivalsOf(anchor) : std::vector<cq::Vec2d>{}, result.lines);
    if (onCanvas) box = KeepInside(box, canvasBox);
    next.offsets[key] = box.min - anchor;
    // The label of something just off the canvas is drawn only where it is whole inside
    // it: "closest" for a foot above the view sat under the menu bar, one below it was cut
    // by the number lines.
    if (!onCanvas && !Inside(box, canvasBox)) return;
    // A marker's name (optional) is left out rather than drawn over another label or a
    // handle (on a small canvas at UI scale 2 "region A", "interior" and "region B" ran
    // together into "regionterior region B"), or far from what it names, or nearer another
    // named point than its own (it would name that one).
    const std::vector<cq::Vec2d> rivals = ofPoint ? rivalsOf(anchor) : std::vector<cq::Vec2d>{};
    if (optional && (std::any_of(placed.begin(), placed.end(), [&](const ScreenBox& b) { return Overlaps(box, b); }) ||
                     std::any_of(discs.begin(), discs.end(), [&](const ScreenCircle& c) { return Overlaps(box, c); }) ||
                     std::any_of(rivals.begin(), rivals.end(),
                                 [&](const cq::Vec2d& p) { return DistanceToBox(box, p) <= DistanceToBox(box, anchor); }) ||
                     !NearItsAnchor(box, anchor, anchor, gap, size.y + 2.0 * textPad.y())))
      return;
    placed.push_back(box);
    // A point's name with another named point nearer than its own (where they lie closer
    // together than a name is wide, every place is: UI scale 2 in 800x600) gets a leader to
    // its own point, so that it is not read as the other's.
    std::optional<Leader> leader;
    if (ofPoint && RivalLead(box, anchor, rivals) >= 0) leader = Leader{NearestPointOfBox(box, anchor), anchor};
    if (leader) keepOff(leader->from, leader->to);
    result.labels.push_back({box, text, ink, backgroundAlpha, leader});
  };

  // Centre of the figure: labels prefer to sit on the side away from it.
  cq::Vec2d center{{0, 0}};
  for (const DragHandle& h : m_handles) center = center + S(h.position);
  if (!m_handles.empty()) center = (1.0 / double(m_handles.size())) * center;
  auto awayFromCenter = [&](const cq::Vec2d& p) {
    const auto u = cq::Normalize(p - center);
    return u ? *u : cq::Vec2d{{1, -1}};
  };

  // Handle labels are placed first: nothing else may displace them.
  for (const DragHandle& h : m_handles)
    if (!h.label.empty())
      label(h.label, S(h.position), Px(5), awayFromCenter(S(h.position)), LabelColor(), 0.75f, false, true);

  // A value whose line has no length, by the point it starts at (`side`: +1 away from the
  // canvas's centre, -1 towards it, so that two such labels at one point part ways).
  const auto labelByPoint = [&](const std::string& text, const cq::Vec2d& world, double side, Stroke stroke) {
    const cq::Vec2d at = S(world);
    if (m_layout.canvas.Contains(at))
      label(text, at, Px(4), awayFromCenter(at) * side, StrokeColor(stroke), 0.85f, false, false, {}, Segment{at, at});
  };
  // At the middle of the part on the canvas (of the whole segment, P off the canvas put
  // the label there too, and the edge cut it to "14").
  if (m_frame.distance && !(m_frame.distance->p0 == m_frame.distance->p1)) {
    const auto [a, b, endInView] = VisibleStroke(*m_frame.distance);
    if (const auto middle = VisibleMiddle(a, b, canvasBox))
      label(m_frame.distanceText, *middle, Px(4), cq::PerpLeft(b - a), StrokeColor(Stroke::Distance), 0.85f, false,
            false, CirclesAlong(a, b, Px(3), Px(6), canvasBox), Segment{a, b});
  } else if (m_frame.distance && !m_frame.distanceText.empty()) {
    // A point on the shape (P on a segment, ray or line, C on the wire, P inside the box or
    // on the plane) has no line to label, but its value still is one: "d = 0" by that
    // point (audit: with NearLine::Across "d = 2.22e-16" became no label at all, while a P
    // 1e-20 off the line read "d = 1e-20").
    labelByPoint(m_frame.distanceText, m_frame.distance->p0, 1.0, Stroke::Distance);
  }
  if (m_frame.pushOut && !(m_frame.pushOut->p0 == m_frame.pushOut->p1)) {
    const auto [a, b, endInView] = VisibleStroke(*m_frame.pushOut);
    if (const auto middle = VisibleMiddle(a, b, canvasBox))
      label(m_frame.pushOutText, *middle, Px(4), cq::PerpLeft(b - a) * -1.0, StrokeColor(Stroke::PushOut), 0.85f,
            false, false, CirclesAlong(a, b, Px(3), Px(6), canvasBox), Segment{a, b});
  } else if (m_frame.pushOut && !m_frame.pushOutText.empty()) {
    // A push below the rounding of C's coordinates leaves C′ at C: no arrow, but the ball is
    // sunk in all the same, and its depth is shown by C, as "d = 0" is (number audit: the
    // values said "penetrating" and the canvas showed no depth).
    labelByPoint(m_frame.pushOutText, m_frame.pushOut->p0, -1.0, Stroke::PushOut);
  }

  // The markers' names after the values: where no free place is left (the contact lesson
  // at 800x600 and UI scale 2), a marker goes unnamed rather than under "depth = …".
  for (const MarkerPoint& m : m_frame.markers)
    label(m.label, S(m.position), Px(6), awayFromCenter(S(m.position)) * -1.0, MarkerColor(m.marker), 0.8f, true,
          true);

  // Name the regions at their visible centres (only P's region for the busy 9-region box),
  // off the row of x grid labels: a region's name is placed where it fits, and on that row
  // it took every x label's place.
  // And off the shape and the lines drawn from P (far from the origin the segment struck
  // through "interior", the distance line through "edge").
  // And off the axes and the balls' outlines (the y axis ran through "interior" in the line
  // lesson at start-up, the ball's outline through "region B"; review s30 #5).
  std::vector<ScreenCircle> obstacles = discs;
  obstacles.insert(obstacles.end(), result.lines.begin(), result.lines.end());
  auto alsoOff = [&](const cq::Vec2d& p0, const cq::Vec2d& p1) {
    for (const ScreenCircle& c : CirclesAlong(p0, p1, Px(3), Px(6), canvasBox)) obstacles.push_back(c);
  };
  const cq::Vec2d origin = S(cq::Vec2d{});
  if (origin.x() > canvasBox.min.x() && origin.x() < canvasBox.max.x())
    alsoOff({{origin.x(), canvasBox.min.y()}}, {{origin.x(), canvasBox.max.y()}});
  if (origin.y() > canvasBox.min.y() && origin.y() < canvasBox.max.y())
    alsoOff({{canvasBox.min.x(), origin.y()}}, {{canvasBox.max.x(), origin.y()}});
  for (const CircleShape& circle : m_frame.circles) {
    const std::vector<cq::Vec2d> arc = VisibleCircleArc(S(circle.center), circle.radius * m_camera.Zoom(), m_layout.canvas);
    for (size_t i = 1; i < arc.size(); ++i) {
      alsoOff(arc[i - 1], arc[i]);
      for (const ScreenCircle& c : CirclesAlong(arc[i - 1], arc[i], Px(3), Px(6), canvasBox)) result.outlines.push_back(c);
    }
  }
  // And off the carrier, the shape's dashed continuation (it ran through "region A" in
  // 12 of 110 random scenes; review s32).
  for (const StrokeLine& s : m_frame.strokes)
    if (s.stroke == Stroke::Carrier)
      alsoOff(m_camera.LocalToScreen(s.p0, m_frame.origin), m_camera.LocalToScreen(s.p1, m_frame.origin));
  const double rowY = XLabelRowY();
  placed.push_back({{{m_layout.canvas.min.x(), rowY - 1}}, {{m_layout.canvas.max.x(), rowY + ImGui::GetFontSize() + 1}}});
  if (m_settings.showRegions) {
    for (const RegionFill& fill : m_frame.regions) {
      const bool boxRegion = fill.tone == Tone::BoxInside || fill.tone == Tone::BoxEdge || fill.tone == Tone::BoxVertex;
      if (boxRegion && !fill.holdsP) continue;
      std::vector<cq::Vec2d> screen;
      for (int i = 0; i < fill.polygon.count; ++i)
        screen.push_back(m_camera.LocalToScreen(fill.polygon.vertices[size_t(i)], m_frame.origin));
      // Named at the centre of its part on the canvas (the polygon reaches past the canvas,
      // far past it far from the origin: its centre was off the canvas and "region A" read
      // "on A"). A region with no visible area (the interior of a segment shorter than a
      // pixel, or than the doubles' spacing) is not named: there is nothing there to name.
      screen = ClipToBox(screen, canvasBox);
      if (screen.empty() || PolygonArea(screen) < 1) continue;
      cq::Vec2d c{{0, 0}};
      for (const cq::Vec2d& v : screen) c = c + v;
      c = (1.0 / double(screen.size())) * c;
      // Whole inside its own region, or not at all: a name crossing into the next region
      // names the wrong one (at 800x600 and UI scale 2 "region A" sat mostly on the ray's
      // interior, its centre past the boundary).
      const std::string name = ToneName(fill.tone);
      const ImVec2 size = ImGui::CalcTextSize(name.c_str());
      const cq::Vec2d boxSize = FromIm(size) + 2.0 * textPad;
      // Where it was last frame while that place is still free and inside the region (the
      // regions stay, and what moves is P and its lines: "region B" hopped back and forth
      // as they passed; interaction audit); else nearest the centre of its visible part.
      std::optional<ScreenBox> box;
      if (const auto it = m_steadyLabels.regionCentres.find(name); steady && it != m_steadyLabels.regionCentres.end())
        if (const auto kept = PlaceInsideRegion(screen, it->second, boxSize, Px(6), obstacles, placed);
            kept && kept->min == it->second - 0.5 * boxSize)
          box = kept;
      if (!box) box = PlaceInsideRegion(screen, c, boxSize, Px(6), obstacles, placed);
      if (box) {
        next.regionCentres[name] = 0.5 * (box->min + box->max);
        placed.push_back(*box);
        result.labels.push_back({*box, name, ToneInk(fill.tone), 0.0f});
      }
    }
  }
  m_steadyLabels = std::move(next);
  return result;
}

void LabApp::DrawHandlesAndLabels(ImDrawList& draw, const CanvasLabels& labels) const {
  auto S = [&](const cq::Vec2d& w) { return m_camera.WorldToScreen(w); };
  const float r = Px(7);
  const cq::Vec2d reach = cq::Vec2d::Splat(Px(200));
  const ScreenRect near{m_layout.canvas.min - reach, m_layout.canvas.max + reach};

  // Markers: the raw foot (hollow) and the closest point (solid diamond).
  for (const MarkerPoint& m : m_frame.markers) {
    const cq::Vec2d p = S(m.position);
    if (!near.Contains(p)) continue;
    const ImU32 color = PackAbgr(MarkerColor(m.marker));
    if (m.marker == Marker::RawFoot || m.marker == Marker::Resolved) {
      draw.AddCircleFilled(ToIm(p), r * 0.8f, PackAbgr(PaperColor()));
      draw.AddCircle(ToIm(p), r * 0.8f, color, 0, Px(2.2f));
    } else {
      const float d = r * 1.15f;
      draw.AddQuadFilled(ImVec2(float(p.x()), float(p.y() - d)), ImVec2(float(p.x() + d), float(p.y())),
                         ImVec2(float(p.x()), float(p.y() + d)), ImVec2(float(p.x() - d), float(p.y())), color);
      draw.AddQuad(ImVec2(float(p.x()), float(p.y() - d)), ImVec2(float(p.x() + d), float(p.y())),
                   ImVec2(float(p.x()), float(p.y() + d)), ImVec2(float(p.x() - d), float(p.y())),
                   PackAbgr(PaperColor()), Px(1.5f));
    }
  }

  const cq::Vec2d textPad{{Px(4), Px(2)}};
  for (const CanvasLabel& l : labels.labels) {
    if (l.leader) draw.AddLine(ToIm(l.leader->from), ToIm(l.leader->to), PackAbgr(l.ink), Px(1.5f));
    draw.AddRectFilled(ToIm(l.box.min), ToIm(l.box.max), PackAbgr(PaperColor(), l.backgroundAlpha), Px(3));
    draw.AddText(ToIm(l.box.min + textPad), PackAbgr(l.ink), l.text.c_str());
    // (A label of a handle just off the canvas is drawn and clipped away: not on screen.)
    if (Overlaps(l.box, ScreenBox{m_layout.canvas.min, m_layout.canvas.max}))
      m_drawnLabels.push_back({"canvas", l.text, l.box, l.leader});
  }

  // The whole box, selected with Tab for the arrow keys: its outline in the selection's
  // colour, a little outside it, under the handles (a review found the selection invisible
  // while the arrows moved the box). Cut to a margin round the canvas: a corner 1e20
  // away is no float ImGui can draw.
  for (const DragHandle& h : m_handles) {
    if (h.shape != HandleShape::Body || !h.area || !m_scene.selectedHandle || *m_scene.selectedHandle != h.id) continue;
    const cq::Vec2d a = S(h.area->min);
    const cq::Vec2d b = S(h.area->max);
    const double out = Px(6);
    const double margin = Px(20);
    const cq::Vec2d lo{{std::max(std::min(a.x(), b.x()) - out, m_layout.canvas.min.x() - margin),
                        std::max(std::min(a.y(), b.y()) - out, m_layout.canvas.min.y() - margin)}};
    const cq::Vec2d hi{{std::min(std::max(a.x(), b.x()) + out, m_layout.canvas.max.x() + margin),
                        std::min(std::max(a.y(), b.y()) + out, m_layout.canvas.max.y() + margin)}};
    if (lo.x() < hi.x() && lo.y() < hi.y()) draw.AddRect(ToIm(lo), ToIm(hi), PackAbgr(SelectedColor()), 0, 0, Px(2.5f));
  }
  // Handles last, on top of every label: a handle is never hidden. In reverse order, so
  // that of two handles on one spot the one a click takes (HitTest: the first) is drawn on
  // top: the point-sized ball's R hid C, while a click there took C.
  for (auto it = m_handles.rbegin(); it != m_handles.rend(); ++it) {
    const DragHandle& h = *it;
    if (h.shape == HandleShape::Body) continue;
    const cq::Vec2d p = S(h.position);
    if (!near.Contains(p)) continue;
    const bool hot = m_hoveredId && *m_hoveredId == h.id;
    const bool selected = m_scene.selectedHandle && *m_scene.selectedHandle == h.id;
    if (hot) draw.AddCircleFilled(ToIm(p), r + Px(6), PackAbgr(HoverColor(), 0.85f));
    if (selected) draw.AddCircle(ToIm(p), r + Px(4), PackAbgr(SelectedColor()), 0, Px(2));
    const ImU32 fill = PackAbgr(h.shape == HandleShape::QueryPoint ? QueryPointColor() : HandleColor());
    if (h.shape == HandleShape::Corner) {
      const ImVec2 a = ToIm(p - cq::Vec2d{{r * 0.8, r * 0.8}});
      const ImVec2 b = ToIm(p + cq::Vec2d{{r * 0.8, r * 0.8}});
      draw.AddRectFilled(a, b, fill);
      draw.AddRect(a, b, PackAbgr(PaperColor()), 0, 0, Px(1.5f));
    } else {
      draw.AddCircleFilled(ToIm(p), r, fill);
      draw.AddCircle(ToIm(p), r, PackAbgr(PaperColor()), 0, Px(1.8f));
    }
  }
}

}  // namespace cq::app
