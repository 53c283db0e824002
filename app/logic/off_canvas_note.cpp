#include "logic/off_canvas_note.hpp"

#include "logic/text_wrap.hpp"

namespace cq::app {
namespace {

/// A handle the note can name: a point someone can see and grab, with a name to call it by.
bool Nameable(const DragHandle& handle) { return handle.shape != HandleShape::Body && !handle.label.empty(); }

bool OnCanvas(const DragHandle& handle, const Camera& camera, const ScreenRect& canvas) {
  return canvas.Contains(camera.WorldToScreen(handle.position));
}

std::string WayBack(PointMove move) {
  switch (move) {
    case PointMove::HandleDrag:
    case PointMove::NumberLineDrag: return "Ctrl+Z to undo the drag";
    case PointMove::Nudge: return "Ctrl+Z to undo the nudge";
    case PointMove::TypedValue: return "Ctrl+Z to undo the edit";
    case PointMove::Undo: return "Ctrl+Y to redo";
    case PointMove::Redo: return "Ctrl+Z to undo the redo";
  }
  return {};
}

}  // namespace

std::optional<OffCanvasNote> NoteMoveOffCanvas(const Lesson& lesson, const Points& before, const Points& after,
                                               PointMove move, const Camera& camera, const ScreenRect& canvas) {
  const std::vector<DragHandle> was = lesson.Handles(before);
  OffCanvasNote note{{}, move, after};
  for (const DragHandle& h : lesson.Handles(after)) {
    if (!Nameable(h) || OnCanvas(h, camera, canvas)) continue;
    for (const DragHandle& w : was)
      if (w.id == h.id && OnCanvas(w, camera, canvas)) note.handleIds.push_back(h.id);
  }
  if (note.handleIds.empty()) return std::nullopt;
  return note;
}

std::string OffCanvasNoteText(const Lesson& lesson, const Points& points, const OffCanvasNote& note,
                              const Camera& camera, const ScreenRect& canvas, std::uint64_t step) {
  std::vector<std::string> off;
  for (const DragHandle& h : lesson.Handles(points))
    for (int id : note.handleIds)
      if (h.id == id && Nameable(h) && !OnCanvas(h, camera, canvas)) off.push_back(h.label);
  if (off.empty()) return {};
  std::string text = NameList(off) + (off.size() == 1 ? " is" : " are") + " off the canvas: press F to frame the scene";
  if (points == note.after && step == note.step) text += " (or " + WayBack(note.move) + ")";
  return text + ".";
}

}  // namespace cq::app
