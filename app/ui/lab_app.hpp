// app/ui/lab_app.hpp: the ImGui front end. One object owns the scene, the camera and the
// settings; each panel is drawn by its own file (lab_app_canvas.cpp, ..._number_lines.cpp,
// ..._sidebar.cpp, ..._menus.cpp).
//
// A frame runs in phases so that nothing shown lags behind the drawing:
//   1. input: menus and shortcuts, the lesson list, the canvas (pan, zoom, drag), the
//      number lines (marker drags) and the sidebar's coordinate editors change the scene;
//   2. evaluate once: the lesson asks core about this frame's final scene;
//   3. draw: the inspector, the canvas and the number lines all show that LessonFrame.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "logic/camera.hpp"
#include "logic/grid.hpp"
#include "logic/interaction.hpp"
#include "logic/label_layout.hpp"
#include "logic/palette.hpp"
#include "logic/lesson.hpp"
#include "logic/number_line_layout.hpp"
#include "logic/off_canvas_note.hpp"
#include "logic/scene.hpp"
#include "logic/settings.hpp"

struct ImDrawList;

namespace cq::app {

/// The width of `text` in the current font, unrounded (ImGui::CalcTextSize rounds each
/// call up to a whole pixel, so the widths of a line's words would not add up to the
/// line's): the measure WrapAtSpaces and FitOnOneLine want.
double UnroundedTextWidth(std::string_view text);

/// A key press as GLFW reported it. Shortcuts run from this queue rather than from
/// ImGui 1.86's per-frame key state, which loses a press and release that arrive between
/// two frames (a quick tap, or xdotool).
struct KeyPress {
  int key;   ///< GLFW_KEY_*
  int mods;  ///< GLFW_MOD_* bits
  bool repeat;
  bool typed = false;  ///< a character came with it (the field took it, if one was being typed into)
};

class LabApp {
 public:
  LabApp(const Lesson& lesson, const Settings& settings, float contentScale);

  /// Builds this frame's UI (between ImGui::NewFrame and ImGui::Render); `keys` are the
  /// key presses since the last frame, in order.
  void Frame(const std::vector<KeyPress>& keys);

  Scene& GetScene() { return m_scene; }
  const Camera& GetCamera() const { return m_camera; }
  const LessonFrame& CurrentFrame() const { return m_frame; }
  AxisGrids Grids() const;
  const Settings& GetSettings() const { return m_settings; }

  /// The scale fonts and sizes are built at: monitor content scale x the user's scale, or
  /// less while the window is too small for that (FitUiScale).
  float UiScale() const { return m_uiScale.scale; }
  /// Fits the UI scale to the window's size (logical pixels; call before each frame, and
  /// before the fonts are first built). A change asks for a font rebuild. A minimised
  /// window (size 0) keeps the scale it had.
  void FitUiScaleTo(double windowWidth, double windowHeight);
  /// True once after the user changed the UI scale: rebuild fonts before the next frame.
  bool TakeFontRebuildRequest();
  bool QuitRequested() const { return m_quitRequested; }
  /// True once after File > Export was chosen: the caller renders and saves a PNG.
  bool TakeExportRequest();
  void SetStatus(std::string text);
  /// The status for a scene too wide to frame whole: the handles off the canvas, then what
  /// the framing did or would do ("framed the closest point", "F frames P").
  void SetFramingNote(const std::vector<std::string>& offCanvas, const std::string& framed);
  /// A message that must be seen (the settings file had problems): a small window over the
  /// canvas until closed (its button, or Esc). The status line is one line in the menu
  /// bar, cut to fit, and stderr is unseen from a launcher.
  void ShowNotice(std::string text) { m_notice = std::move(text); }

  nlohmann::json DumpState() const;

 private:
  struct Layout {
    ScreenRect sidebar;
    ScreenRect canvas;
    ScreenRect numberLines;
  };

  void ComputeLayout();
  void HandleShortcuts(const std::vector<KeyPress>& keys);
  void HandleShortcut(const KeyPress& press);
  void DrawMenuBar();
  void DrawHelpWindow();

  // lab_app_canvas.cpp
  void CanvasInput();
  void CanvasDraw();
  /// The canvas's text labels, placed before anything is drawn so that the grid's labels
  /// can keep clear of them.
  /// A thin line from a label to what it names, drawn where the label could not sit by it
  /// alone: from the box's edge to the point (or the line's middle).
  struct Leader {
    cq::Vec2d from;
    cq::Vec2d to;
  };
  struct CanvasLabel {
    ScreenBox box;
    std::string text;
    Rgba ink;
    float backgroundAlpha;
    std::optional<Leader> leader{};
  };
  /// The red "Invalid input: …" text over a refused scene: its lines, where they start,
  /// and the box behind them (labels and grid labels keep off it).
  struct ErrorBanner {
    std::vector<std::string> lines;
    cq::Vec2d at{};
    ScreenBox box{};
  };
  std::optional<ErrorBanner> Banner() const;  ///< this frame's, over a refused scene
  ErrorBanner BannerFor(const std::string& errorText) const;
  struct CanvasLabels {
    std::vector<CanvasLabel> labels;
    std::vector<ScreenCircle> handles;  ///< the handles and markers on screen, as discs
    std::vector<ScreenCircle> lines;    ///< the drawn lines (shape, perpendicular, distance, ...), as discs
    std::vector<ScreenCircle> outlines;  ///< the balls' outlines, as discs (the grid's labels keep off them)
    std::optional<ScreenBox> banner;    ///< the error banner's box, when there is one
  };
  CanvasLabels PlaceCanvasLabels() const;
  /// Where each canvas label placed by PlaceLabel sat last frame, from its anchor (keyed by
  /// its text and how many labels of that text came before it), for PlaceLabelSteady; and
  /// the lesson, canvas, view and UI scale it was placed in. Kept only while those stay the
  /// same (a drag, a nudge, a typed value): a resize, zoom, pan or other lesson lays the
  /// labels out afresh, as does the first frame (screenshots are of a fresh layout).
  struct SteadyLabels {
    size_t lesson = size_t(-1);
    cq::Vec2d canvasMin{}, canvasMax{}, viewMin{}, viewMax{};
    float uiScale = 0;
    std::map<std::string, cq::Vec2d> offsets;
    std::map<std::string, cq::Vec2d> regionCentres;  ///< a region's name: where its box's centre was
  };
  mutable SteadyLabels m_steadyLabels;
  /// A world stroke's ends on screen (the distance line, the push-out): its part within the
  /// view (and a margin), by core's clip in world units, and whether its end p1 is in it.
  /// With P at 1e308 the far end was an infinite pixel, and neither the line nor its
  /// "d = 1e+308" was drawn; nor the push-out of a ball 1e308 across.
  struct ScreenStroke {
    cq::Vec2d p0;
    cq::Vec2d p1;
    bool endInView = true;
  };
  ScreenStroke VisibleStroke(const StrokeLine& line) const;
  /// The right-angle mark where a perpendicular stroke meets the shape's line: its three
  /// corners on screen (the mark is drawn through them), or nothing where it is not drawn.
  std::optional<std::array<cq::Vec2d, 3>> RightAngleMark(const StrokeLine& perpendicular) const;
  /// The top of the row of x grid labels on screen (under the x axis, or at the bottom).
  double XLabelRowY() const;
  void DrawStrokes(ImDrawList& draw) const;
  void DrawGridLabels(ImDrawList& draw, const CanvasLabels& avoid) const;
  void DrawHandlesAndLabels(ImDrawList& draw, const CanvasLabels& labels) const;

  // lab_app_number_lines.cpp
  void NumberLinesInput();
  /// Moves the query point so that number line i's raw value is the one under the pointer.
  void FollowPointerOnNumberLine(size_t i, const NumberLineRow& row);
  void NumberLinesDraw();

  // lab_app_sidebar.cpp
  void SidebarLessonPicker();
  /// Drops the refused entry's message once the scene is not the one it was refused in.
  void ForgetStaleEditError();
  void SidebarEditorsAndEvaluate();
  void DrawPointEditors();
  void DrawCoordinateEditor(const std::string& name, size_t point, int axis);
  /// Applies the coordinate being typed (m_coordinateEdit), as leaving its field does, or
  /// refuses it with the reason: before another field takes the edit's place, and before
  /// the scene's points are replaced (another lesson, a preset). Nothing if none is pending.
  void ApplyPendingEdit();
  /// Before the scene is replaced (another lesson, a preset, a reset): ApplyPendingEdit,
  /// ForgetPresetNote, and a refusal under the fields moved to the status line with its
  /// lesson ("Segment P.x: …"), since it names the scene about to go.
  void LeaveScene();
  /// Clears "No preset N" from the status line (a preset chosen, another lesson, a reset).
  void ForgetPresetNote();
  void DrawSteps() const;
  void DrawValues() const;

  void Evaluate();
  /// After a move of the current lesson's points from `before` (a drag, a number line's
  /// drag, a nudge, a typed value, an undo or a redo): the status line names the handles
  /// it took off the canvas, and how to get them back (NoteMoveOffCanvas). The same note
  /// for every way of moving: only the drag had one.
  void NoteMoveOffCanvas(const Points& before, PointMove move);
  /// Undo (Ctrl+Z) or redo, as the keys and the Edit menu do it: a step that framed the view
  /// frames it again; one that did not may take points off the canvas, and says so.
  void UndoOrRedo(bool redo);
  void OpenLesson(size_t index);
  /// Edit > Copy scene (Ctrl+C outside a field): the scene as a closest-lab command line
  /// on the clipboard (SceneCommandLine), said in the status line.
  void CopyScene();
  /// Edit > Copy as closest-query command (Ctrl+Shift+C outside a field): the lesson's
  /// question as a closest-query one-shot command (Lesson::ClosestQueryCommand), and its
  /// note where the tool's answer is not the lab's, in the status line.
  void CopyQueryCommand();
  /// Edit > Paste scene (Ctrl+V outside a field): the clipboard's closest-lab command line
  /// loaded as one undo step (ReadPastedScene, Scene::Load), or why not, in the status
  /// line; a refused paste changes nothing.
  void PasteScene();
  void FrameScene() { m_needsFraming = true; }
  void AdjustUiScale(float factor);
  /// What the status line says while the window is too small for the wanted UI scale
  /// (empty when it is not).
  std::string UiScaleNote() const;
  /// Puts UiScaleNote() on the status line, to be kept up to date as the window changes.
  void ShowUiScaleNote();
  float Px(float unscaledPixels) const { return unscaledPixels * UiScale(); }

  Scene m_scene;
  Camera m_camera;
  Settings m_settings;
  float m_contentScale;
  double m_windowWidth = 0;  ///< the size FitUiScaleTo last saw
  double m_windowHeight = 0;
  FittedUiScale m_uiScale;
  bool m_statusIsUiScaleNote = false;  ///< m_status is UiScaleNote(): kept up to date
  /// m_status says these handles were moved off the canvas (OffCanvasNoteText), or that a
  /// framing left handles out: cleared once it no longer holds (it stayed after F brought
  /// P back: review s35).
  std::optional<OffCanvasNote> m_offCanvasNote;
  bool m_statusIsFraming = false;
  Points m_framingNotePoints;  ///< the scene the framing note was written for
  double m_menuBarRight = 0;            ///< where the menu bar's last menu ends, for --dump-state
  bool m_snapShown = false;  ///< the menu bar says "Snap to grid (G)" (snapping is on, and it has room)
  /// The lesson and points when "No preset N" was put on the status line: cleared once
  /// either changes.
  std::optional<std::pair<size_t, Points>> m_presetNoteScene;
  int m_dragStartHandle = -1;  ///< the handle the current drag began on (Scene::Commit's selectedBefore)
  /// PageDown, PageUp, Home or End asked to scroll the sidebar (applied at its next Begin).
  enum class SidebarScroll { None, PageDown, PageUp, Top, End };
  SidebarScroll m_sidebarScroll = SidebarScroll::None;
  double m_sidebarScrollY = 0;     ///< where the sidebar was scrolled to this frame, for --dump-state ...
  double m_sidebarScrollMaxY = 0;  ///< ... and how far it can be
  ScreenBox m_shortcutsBox{};           ///< where the Shortcuts and About windows were last drawn
  ScreenBox m_aboutBox{};
  ScreenBox m_glossaryBox{};
  /// The undo step a paste's status note belongs to (PasteScene): the note goes when the
  /// scene leaves that step.
  std::optional<std::uint64_t> m_pasteNoteStep;
  /// Each grid axis's label form last frame (x, y): held across a pan (GridLabelsScientific),
  /// and the step (mantissa x 10^exponent) it was chosen for: a zoom to another step
  /// chooses afresh (a zoom out and back in read 0.00008 where it had read 8e-05:
  /// interaction audit).
  mutable std::array<bool, 2> m_gridScientific{};
  mutable std::array<std::pair<int, int>, 2> m_gridScientificStep{};
  ScreenBox m_noticeBox{};
  std::string m_notice;  ///< ShowNotice's text, empty when closed
  Layout m_layout{};
  LessonFrame m_frame;
  /// The canvas's text as drawn this frame (grid labels and the others), for --dump-state:
  /// the GUI tests check that no two overlap and that every grid label is at its line.
  struct DrawnLabel {
    std::string kind;  ///< "grid-x", "grid-y" or "canvas"
    std::string text;
    ScreenBox box;
    std::optional<Leader> leader{};  ///< a canvas label's leader, where it has one
  };
  mutable std::vector<DrawnLabel> m_drawnLabels;
  /// The number lines' texts as drawn last frame (kind "name", "caption", "raw", "clamped"
  /// or "tick"), and the raw value's triangle (kind "marker", no text), for --dump-state.
  std::vector<DrawnLabel> m_drawnLineLabels;
  /// Where each coordinate field ("P.x", ...) was drawn this frame, for --dump-state.
  std::vector<std::pair<std::string, ScreenBox>> m_fieldBoxes;
  /// The field being edited this frame and how far its text is scrolled (pixels), for
  /// --dump-state; empty name: none.
  std::pair<std::string, double> m_activeFieldScroll;
  std::vector<std::pair<std::string, ScreenBox>> m_lessonTabBoxes;  ///< the sidebar's lesson tabs, for --dump-state

  std::vector<DragHandle> m_handles;      ///< this frame's handles (after all input)
  std::optional<int> m_hoveredId;         ///< id of the handle under the mouse
  std::optional<DragState> m_drag;        ///< a handle drag in progress
  struct LineDrag {
    size_t line;
    double viewFrom, viewTo;  ///< frozen while dragging, so the scale holds still
    cq::Vec2d direction;      ///< the line's dragDirection when the drag began
  };
  std::optional<LineDrag> m_lineDrag;
  Points m_moveStart;  ///< the points when the handle's or the number line's drag began
  std::vector<NumberLine> m_lineGeometry;  ///< last drawn number lines (for hit testing)

  /// The coordinate field being typed in: its own text until it is left.
  struct CoordinateEdit {
    size_t point;
    int axis;
    char text[256];  ///< a text that fills it (255 characters) is refused: it may have been cut
    std::string before;  ///< the text the field showed when editing began
    /// A paste the field could not take as typed (PasteProblem), and the text right after
    /// it: committing that text unchanged is refused with the reason.
    std::string pasteProblem;
    std::string afterPaste;
  };
  std::optional<CoordinateEdit> m_coordinateEdit;
  std::string m_editError;       ///< a refused entry, shown while the scene stays as it was then
  size_t m_editErrorLesson = 0;
  Points m_editErrorPoints;
  std::string m_status;     ///< the status line, right of the menus
  std::string m_presetNoteShown;  ///< the preset note under the presets, as shown (--dump-state)
  bool m_needsFraming = true;
  bool m_fontRebuild = false;
  bool m_quitRequested = false;
  /// Presses that came after a key leaving a field (Esc, Enter, Tab) in the frame it left
  /// it: the app's once the field is no longer being typed into, a frame later.
  std::vector<KeyPress> m_keysAfterField;
  bool m_exportRequested = false;
  bool m_showHelp = false;
  bool m_showAbout = false;
  bool m_showGlossary = false;  ///< Help > Words used here (F2)
  std::pair<float, float> m_lastDisplay{0, 0};  ///< the window's size last frame (DrawHelpWindow)
  float m_lastWindowsUiScale = 0;               ///< and its UI scale
};

}  // namespace cq::app
