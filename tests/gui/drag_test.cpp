// The real window driven once with xdotool: press on handle B, drag, release; then the
// state dump and an exported screenshot must show B moved by exactly the dragged amount
// and every value following it.
#include <gtest/gtest.h>

#include <cmath>
#include <utility>

#include "cq/contact.hpp"
#include "cq/linear.hpp"
#include "cq/normalize.hpp"
#include "gui_support.hpp"
#include "logic/palette.hpp"

namespace cq::gui_test {
namespace {

/// The segment lesson's state after a few frames in a 1200x800 window, the size the
/// xdotool runs use: where everything is drawn (discarded JSON if the run failed).
/// drag_handle.sh in its own X server: the app (`environment` before it, e.g. "NO_EXPORT=1
/// KEYS_AFTER=f") dragged from window pixel (x, y) by (dx, dy) in `lesson`; its dump is
/// dir/after.json.
RunResult RunDrag(const std::string& environment, const TempDir& dir, long x, long y, long dx, long dy,
                  const std::string& lesson = "segment") {
  return RunShell(environment + " timeout 90 xvfb-run -a -s '-screen 0 1600x1000x24' bash " + Quote(CQ_DRAG_SCRIPT) +
                      " " + Quote(CQ_LAB_BINARY) + " " + Quote(dir.Path().string()) + " " + std::to_string(x) + " " +
                      std::to_string(y) + " " + std::to_string(dx) + " " + std::to_string(dy) + " " + lesson,
                  dir);
}

nlohmann::json SegmentStateAt1200x800(const TempDir& dir) {
  const RunResult r =
      RunLab("--lesson segment --size 1200x800 --frames 3 --dump-state " + Quote((dir / "before.json").string()), dir);
  EXPECT_EQ(r.status, 0) << r.err;
  return ReadJson(dir / "before.json");
}

/// The middle of the number-line strip of a state dumped at 1200x800, in pixels: the strip
/// is everything under the canvas, across the canvas's width.
std::pair<int, int> NumberLineStripMiddle(const nlohmann::json& state) {
  const cq::Vec2d canvasMin = PointFromJson(state["canvas"]["min"]);
  const cq::Vec2d canvasMax = PointFromJson(state["canvas"]["max"]);
  return {int(std::lround(0.5 * (canvasMin.x() + canvasMax.x()))), int(std::lround(0.5 * (canvasMax.y() + 800)))};
}

/// Handle B of a state dumped at 1200x800: the view, B in the world, and the pixel to press.
struct HandleB {
  cq::app::Camera camera;
  cq::Vec2d world;
  int x;
  int y;
};
HandleB HandleBOf(const nlohmann::json& state) {
  const cq::app::Camera camera = CameraFromState(state);
  const cq::Vec2d b = PointFromJson(state["points"]["B"]);
  const cq::Vec2d press = camera.WorldToScreen(b);
  return {camera, b, int(std::lround(press.x())), int(std::lround(press.y()))};
}

// A handle by the canvas's left edge, on the strip where a press resizes the sidebar: it
// lit up as under the mouse, and the press then resized the sidebar (interaction audit).
// Panned so that A sits 2 px inside the canvas, the pointer left on it: A is not drawn as
// under the mouse there, and is 10 px further in.
TEST(Interaction, AHandleOnTheSidebarsEdgeIsNotShownAsGrabbable) {
  TempDir dir;
  const nlohmann::json s0 = SegmentStateAt1200x800(dir);
  ASSERT_FALSE(s0.is_discarded());
  const cq::Vec2d canvasMin = PointFromJson(s0["canvas"]["min"]);
  const cq::app::Camera camera = CameraFromState(s0);
  const cq::Vec2d a = camera.WorldToScreen(PointFromJson(s0["points"]["A"]));
  // Pan with a drag on empty canvas (above the scene) so that A lands at canvas.min.x + 2.
  const int panFromX = int(std::lround(canvasMin.x() + 300));
  const int panFromY = int(std::lround(canvasMin.y() + 40));
  const int panBy = int(std::lround(canvasMin.x() + 2 - a.x()));
  const int ax = int(std::lround(a.x())) + panBy;
  const int ay = int(std::lround(a.y()));
  for (const int offset : {0, 10}) {
    SCOPED_TRACE(offset);
    const RunResult run =
        RunDrag("NO_EXPORT=1 HOVER_X=" + std::to_string(ax + offset) + " HOVER_Y=" + std::to_string(ay), dir, panFromX,
                panFromY, panBy, 0);
    ASSERT_EQ(run.status, 0) << run.err;
    const nlohmann::json s = ReadJson(dir / "after.json");
    ASSERT_FALSE(s.is_discarded());
    ASSERT_EQ(s["points"]["A"], s0["points"]["A"]) << "precondition: the pan moved no point";
    const nlohmann::json& handleA = s["handles"][1];
    ASSERT_EQ(handleA["label"], "A");
    EXPECT_NEAR(handleA["screen"][0].get<double>(), canvasMin.x() + 2, 1.0) << "precondition: A on the edge";
    EXPECT_EQ(handleA["hovered"].get<bool>(), offset != 0) << "pointer at x = " << ax + offset;
  }
}

TEST(Interaction, DragHandleBWithTheRealMouse) {
  TempDir dir;
  const nlohmann::json s0 = SegmentStateAt1200x800(dir);
  ASSERT_FALSE(s0.is_discarded());
  const auto [camera, b0, x, y] = HandleBOf(s0);
  const int dx = 150;
  const int dy = -60;

  const RunResult drag = RunDrag("", dir, x, y, dx, dy);
  ASSERT_EQ(drag.status, 0) << drag.err;
  const nlohmann::json s1 = ReadJson(dir / "after.json");
  ASSERT_FALSE(s1.is_discarded());

  // The view did not move, and B moved by the mouse's motion in world units (y up).
  EXPECT_EQ(s1["camera"], s0["camera"]);
  const cq::Vec2d b1 = PointFromJson(s1["points"]["B"]);
  EXPECT_NEAR(b1.x() - b0.x(), dx / camera.Zoom(), 1e-9);
  EXPECT_NEAR(b1.y() - b0.y(), -dy / camera.Zoom(), 1e-9);
  EXPECT_EQ(s1["points"]["A"], s0["points"]["A"]);
  EXPECT_EQ(s1["points"]["P"], s0["points"]["P"]);

  // The values follow: they are core's answer for the new scene.
  const auto q = cq::ClosestPointOnSegment(PointFromJson(s1["points"]["P"]), PointFromJson(s1["points"]["A"]), b1);
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(s1["values"]["t_raw"].get<double>(), q->tRaw);
  EXPECT_EQ(s1["values"]["t"].get<double>(), q->t);
  EXPECT_EQ(s1["values"]["distance"].get<double>(), q->distance);
  EXPECT_EQ(s1["values"]["region"], cq::ToString(q->region));
  EXPECT_NE(s1["values"]["t_raw"], s0["values"]["t_raw"]);

  // The second screenshot (the app's own Ctrl+E export) shows B's handle at the new spot.
  std::filesystem::path exported;
  for (const auto& entry : std::filesystem::directory_iterator(dir.Path()))
    if (entry.path().filename().string().rfind("closest-lab-segment-", 0) == 0) exported = entry.path();
  ASSERT_FALSE(exported.empty()) << "Ctrl+E wrote no PNG";
  const Png png(exported);
  ASSERT_TRUE(png.Loaded());
  EXPECT_EQ(png.Width(), 1200);
  EXPECT_EQ(png.Height(), 800);
  const cq::app::Rgba handle = cq::app::HandleColor();
  const Rgb atNew = png.ModeAround(x + dx, y + dy, 1);
  EXPECT_LE(ColourDistance(atNew, ToRgb(handle.r, handle.g, handle.b)), 12);
  const Rgb atOld = png.ModeAround(x, y, 1);
  EXPECT_GT(ColourDistance(atOld, ToRgb(handle.r, handle.g, handle.b)), 40);
}

// --screenshot shows the scene as given, wherever the X pointer happens to be: with the
// pointer resting on handle B (hover highlight) the picture is the same, pixel for pixel,
// as with the pointer in a far corner. (Before, the pointer's hover showed: a highlighted
// handle, or a tooltip over the sidebar at a large UI scale.)
TEST(Interaction, ScreenshotIgnoresTheXPointer) {
  TempDir dir;
  const nlohmann::json s0 = SegmentStateAt1200x800(dir);
  ASSERT_FALSE(s0.is_discarded());
  const cq::Vec2d b = CameraFromState(s0).WorldToScreen(PointFromJson(s0["points"]["B"]));
  const std::string shot = Quote(CQ_LAB_BINARY) + " --no-config --lesson segment --size 1200x800 --screenshot ";
  const std::string script = "xdotool mousemove " + std::to_string(std::lround(b.x())) + " " +
                             std::to_string(std::lround(b.y())) + " && " + shot + Quote((dir / "over.png").string()) +
                             " && xdotool mousemove 1590 990 && " + shot + Quote((dir / "away.png").string());
  // -noreset: by default the X server resets when its last client leaves, and a reset puts
  // the pointer back in the middle of the screen before the app even starts.
  const RunResult r =
      RunShell("timeout 90 xvfb-run -a -s '-screen 0 1600x1000x24 -noreset' bash -c " + Quote(script), dir);
  ASSERT_EQ(r.status, 0) << r.err;
  const Png over(dir / "over.png");
  const Png away(dir / "away.png");
  ASSERT_TRUE(over.Loaded() && away.Loaded());
  ASSERT_EQ(over.Width(), away.Width());
  ASSERT_EQ(over.Height(), away.Height());
  int differing = 0;
  for (int y = 0; y < over.Height(); ++y)
    for (int x = 0; x < over.Width(); ++x) differing += over.At(x, y) != away.At(x, y) ? 1 : 0;
  EXPECT_EQ(differing, 0) << "pixels that differ with the pointer on B";
}

TEST(Interaction, DraggingOnTheNumberLineMovesPAlongTheCarrier) {
  TempDir dir;
  const nlohmann::json s0 = SegmentStateAt1200x800(dir);
  ASSERT_FALSE(s0.is_discarded());
  const auto [x, y] = NumberLineStripMiddle(s0);
  const RunResult drag = RunDrag("", dir, x, y, -160, 0);
  ASSERT_EQ(drag.status, 0) << drag.err;
  const nlohmann::json s1 = ReadJson(dir / "after.json");
  ASSERT_FALSE(s1.is_discarded());

  const cq::Vec2d a = PointFromJson(s1["points"]["A"]);
  const cq::Vec2d b = PointFromJson(s1["points"]["B"]);
  EXPECT_EQ(s1["points"]["A"], s0["points"]["A"]);
  EXPECT_EQ(s1["points"]["B"], s0["points"]["B"]);
  const cq::Vec2d p0 = PointFromJson(s0["points"]["P"]);
  const cq::Vec2d p1 = PointFromJson(s1["points"]["P"]);
  // P moved parallel to B - A (relative tolerance of a few ulps of the coordinates), and
  // leftwards on the line means a smaller t_raw.
  const cq::Vec2d moved = p1 - p0;
  const double along = cq::Dot(moved, b - a);
  EXPECT_LT(along, 0);
  EXPECT_NEAR(cq::Cross(moved, b - a), 0, 1e-12 * (1 + cq::Dot(moved, moved)));
  EXPECT_LT(s1["values"]["t_raw"].get<double>(), s0["values"]["t_raw"].get<double>());
  const auto q = cq::ClosestPointOnSegment(p1, a, b);
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(s1["values"]["t_raw"].get<double>(), q->tRaw);
  EXPECT_EQ(s1["values"]["region"], cq::ToString(q->region));
}

// A drag whose last movement comes with the release (a quick flick, or xdotool's
// "mousemove ... mouseup") ended where the pointer was a frame before: the release frame
// committed without following the pointer (audit of 2026-11-28's night session: P 230
// pixels short). The handle ends under the pointer, and the t line's drag where a slow
// drag to the same spot ends.
TEST(Interaction, AFlickedDragEndsWhereTheButtonIsReleased) {
  TempDir dir;
  const nlohmann::json s0 = SegmentStateAt1200x800(dir);
  ASSERT_FALSE(s0.is_discarded());
  const auto [camera, b0, bx, by] = HandleBOf(s0);
  const int dx = 160;
  const int dy = -80;
  const auto dragFrom = [&](const TempDir& out, int x, int y, int ddx, int ddy, bool flick) {
    const RunResult run = RunDrag(std::string(flick ? "FLICK=1 " : "") + "NO_EXPORT=1", out, x, y, ddx, ddy);
    EXPECT_EQ(run.status, 0) << run.out << run.err;
    return ReadJson(out / "after.json");
  };
  const nlohmann::json flicked = dragFrom(dir, bx, by, dx, dy, true);
  ASSERT_FALSE(flicked.is_discarded());
  const cq::Vec2d b1 = PointFromJson(flicked["points"]["B"]);
  EXPECT_NEAR(b1.x() - b0.x(), dx / camera.Zoom(), 1e-9);
  EXPECT_NEAR(b1.y() - b0.y(), -dy / camera.Zoom(), 1e-9);

  const auto [x, y] = NumberLineStripMiddle(s0);
  TempDir slowDir;
  TempDir flickDir;
  const nlohmann::json slow = dragFrom(slowDir, x, y, -160, 0, false);
  const nlohmann::json quick = dragFrom(flickDir, x, y, -160, 0, true);
  ASSERT_FALSE(slow.is_discarded());
  ASSERT_FALSE(quick.is_discarded());
  // The slow drag moves P in ten steps, the flick in six, each from where P stood: the
  // same place to within the rounding of those steps.
  EXPECT_NE(slow["points"]["P"], s0["points"]["P"]);
  const cq::Vec2d slowP = PointFromJson(slow["points"]["P"]);
  const cq::Vec2d quickP = PointFromJson(quick["points"]["P"]);
  EXPECT_NEAR(quickP.x(), slowP.x(), 1e-12);
  EXPECT_NEAR(quickP.y(), slowP.y(), 1e-12);
  EXPECT_NEAR(quick["values"]["t_raw"].get<double>(), slow["values"]["t_raw"].get<double>(), 1e-12);

  // A flicked pan on empty canvas moves the view by the whole motion.
  TempDir panDir;
  const cq::Vec2d canvasMin = PointFromJson(s0["canvas"]["min"]);
  const nlohmann::json panned =
      dragFrom(panDir, int(canvasMin.x()) + 60, int(canvasMin.y()) + 60, 120, 90, true);
  ASSERT_FALSE(panned.is_discarded());
  const cq::Vec2d c0 = PointFromJson(s0["camera"]["center"]);
  const cq::Vec2d c1 = PointFromJson(panned["camera"]["center"]);
  EXPECT_NEAR(c0.x() - c1.x(), 120 / camera.Zoom(), 1e-9);
  EXPECT_NEAR(c1.y() - c0.y(), 90 / camera.Zoom(), 1e-9);
  EXPECT_EQ(panned["points"], s0["points"]);
}

TEST(Interaction, ABoxCornerDraggedPastTheOtherKeepsTheSelection) {
  // Min dragged up and right past Max: the box stays min <= max (the dragged corner becomes
  // Max), and the selection ring follows the corner under the mouse (it stayed on the
  // corner left behind, and the arrow keys then moved that one).
  TempDir dir;
  const RunResult before =
      RunLab("--lesson box --size 1200x800 --frames 3 --dump-state " + Quote((dir / "before.json").string()), dir);
  ASSERT_EQ(before.status, 0) << before.err;
  const nlohmann::json s0 = ReadJson(dir / "before.json");
  ASSERT_FALSE(s0.is_discarded());
  const cq::app::Camera camera = CameraFromState(s0);
  const cq::Vec2d press = camera.WorldToScreen(PointFromJson(s0["points"]["Min"]));
  const cq::Vec2d past = camera.WorldToScreen(PointFromJson(s0["points"]["Max"])) + cq::Vec2d{{60, -40}};
  const long dx = std::lround(past.x() - press.x());
  const long dy = std::lround(past.y() - press.y());
  const RunResult drag = RunDrag("", dir, std::lround(press.x()), std::lround(press.y()), dx, dy, "box");
  ASSERT_EQ(drag.status, 0) << drag.err;
  const nlohmann::json s1 = ReadJson(dir / "after.json");
  ASSERT_FALSE(s1.is_discarded());
  EXPECT_FALSE(s1.contains("error"));
  // The old Max is the new Min; the dragged corner, now Max, is where the mouse let go.
  EXPECT_EQ(s1["points"]["Min"], s0["points"]["Max"]);
  const cq::Vec2d end = press + cq::Vec2d{{double(dx), double(dy)}};
  int selected = 0;
  for (const auto& h : s1["handles"]) {
    if (!h["selected"].get<bool>()) continue;
    ++selected;
    EXPECT_EQ(h["label"], "Max");
    EXPECT_NEAR(h["screen"][0].get<double>(), end.x(), 1.5);
    EXPECT_NEAR(h["screen"][1].get<double>(), end.y(), 1.5);
  }
  EXPECT_EQ(selected, 1);
  // Ctrl+Z brings the box back and the selection with it, to the corner the drag began on,
  // Min again (it stayed on Max, a corner the user never touched: GUI audit).
  TempDir again;
  const RunResult undone =
      RunDrag("NO_EXPORT=1 KEYS_AFTER=ctrl+z", again, std::lround(press.x()), std::lround(press.y()), dx, dy, "box");
  ASSERT_EQ(undone.status, 0) << undone.err;
  const nlohmann::json s2 = ReadJson(again / "after.json");
  ASSERT_FALSE(s2.is_discarded());
  EXPECT_EQ(s2["points"], s0["points"]);
  EXPECT_EQ(s2["selected"], "Min") << s2["selected"];
}

/// Drags in the contact lesson's default scene from the pixel of world point `from` by
/// (dx, dy) pixels; returns the state dumps before and after, and the camera.
struct ContactDrag {
  nlohmann::json before;
  nlohmann::json after;
  double zoom = 0;
};

ContactDrag DragInContactLesson(const TempDir& dir, const std::string& handle, int dx, int dy,
                                const std::string& args = "") {
  ContactDrag result;
  const RunResult before = RunLab("--lesson contact --size 1200x800 " + args + " --frames 3 --dump-state " +
                                      Quote((dir / "before.json").string()),
                                  dir);
  EXPECT_EQ(before.status, 0) << before.err;
  result.before = ReadJson(dir / "before.json");
  const cq::app::Camera camera = CameraFromState(result.before);
  result.zoom = camera.Zoom();
  const cq::Vec2d c = PointFromJson(result.before["points"]["C"]);
  const cq::Vec2d at = handle == "C" ? c : c + PointFromJson(result.before["points"]["R"]);
  const cq::Vec2d press = camera.WorldToScreen(at);
  const RunResult drag =
      RunDrag("LAB_ARGS=" + Quote(args), dir, std::lround(press.x()), std::lround(press.y()), dx, dy, "contact");
  EXPECT_EQ(drag.status, 0) << drag.err;
  result.after = ReadJson(dir / "after.json");
  return result;
}

void ExpectContactValuesAreCores(const nlohmann::json& state) {
  const auto& pts = state["points"];
  const auto radius = cq::Distance(cq::Vec2d{}, PointFromJson(pts["R"]));
  ASSERT_TRUE(radius);
  const auto contact = cq::ContactSphereSegment(cq::Sphere<double, 2>{PointFromJson(pts["C"]), *radius},
                                                PointFromJson(pts["A"]), PointFromJson(pts["B"]));
  ASSERT_TRUE(contact.ok());
  EXPECT_EQ(state["values"]["penetrating"].get<bool>(), contact->penetrating);
  EXPECT_EQ(state["values"]["depth"].get<double>(), contact->depth);
  EXPECT_EQ(state["values"]["distance"].get<double>(), contact->distance);
  EXPECT_EQ(PointFromJson(state["values"]["resolved_center"]), contact->resolvedCenter);
}

// The sidebar's edge dragged past its cap (45 % of the window) and back follows the pointer
// back at once: the stored width had run on past the cap (720 where 540 showed), and the
// edge lagged the pointer by that much (review s35).
TEST(Interaction, TheSidebarEdgeDraggedPastItsCapComesBackWithThePointer) {
  TempDir dir;
  const nlohmann::json s0 = SegmentStateAt1200x800(dir);
  ASSERT_FALSE(s0.is_discarded());
  const int edge = int(std::lround(s0["canvas"]["min"][0].get<double>()));
  ASSERT_LT(edge, 540);  // the cap at 1200 wide
  const RunResult drag = RunDrag("X2=542 Y2=400 DX2=-150 DY2=0", dir, edge + 2, 400, 300, 0);
  ASSERT_EQ(drag.status, 0) << drag.out << drag.err;
  const nlohmann::json after = ReadJson(dir / "after.json");
  ASSERT_FALSE(after.is_discarded());
  EXPECT_NEAR(after["canvas"]["min"][0].get<double>(), 540 - 150, 3) << after["canvas"];
}

// A handle let go under the sidebar is out of reach: the status line says how to get it
// back (review s35: nothing said where P had gone).
TEST(Interaction, AHandleLetGoOffTheCanvasIsNamedWithTheWayBack) {
  TempDir dir;
  const nlohmann::json s0 = SegmentStateAt1200x800(dir);
  ASSERT_FALSE(s0.is_discarded());
  const cq::app::Camera camera = CameraFromState(s0);
  const cq::Vec2d p = camera.WorldToScreen(PointFromJson(s0["points"]["P"]));
  const int x = int(std::lround(p.x()));
  const int y = int(std::lround(p.y()));
  const int dx = 150 - x;  // onto the sidebar
  const RunResult drag = RunDrag("NO_EXPORT=1", dir, x, y, dx, 0);
  ASSERT_EQ(drag.status, 0) << drag.out << drag.err;
  const nlohmann::json after = ReadJson(dir / "after.json");
  ASSERT_FALSE(after.is_discarded());
  EXPECT_NE(after["points"]["P"], s0["points"]["P"]);
  EXPECT_EQ(after["status"].get<std::string>(), "P is off the canvas: press F to frame the scene (or Ctrl+Z to undo the drag).");

  // F brings P back into view, and the note goes with it (it stayed: review s35).
  TempDir again;
  const RunResult framed = RunDrag("NO_EXPORT=1 KEYS_AFTER=f", again, x, y, dx, 0);
  ASSERT_EQ(framed.status, 0) << framed.out << framed.err;
  const nlohmann::json back = ReadJson(again / "after.json");
  ASSERT_FALSE(back.is_discarded());
  EXPECT_EQ(back["status"], "") << back["status"];
}

// P dragged along its carrier by the t line until it leaves the canvas: the status says so,
// as for a handle's drag (app audit of 2026-11-28: a number line's drag said nothing). The
// drag runs from the line's middle 600 pixels left, past the line's left end (the line's
// scale holds still during a drag), taking t_raw far below 0.
TEST(Interaction, APointDraggedOffTheCanvasByANumberLineIsNamed) {
  TempDir dir;
  const nlohmann::json s0 = SegmentStateAt1200x800(dir);
  ASSERT_FALSE(s0.is_discarded());
  const auto [x, y] = NumberLineStripMiddle(s0);
  const RunResult drag = RunDrag("NO_EXPORT=1", dir, x, y, -600, 0);
  ASSERT_EQ(drag.status, 0) << drag.out << drag.err;
  const nlohmann::json after = ReadJson(dir / "after.json");
  ASSERT_FALSE(after.is_discarded());
  const cq::app::ScreenRect canvas{PointFromJson(after["canvas"]["min"]), PointFromJson(after["canvas"]["max"])};
  ASSERT_FALSE(canvas.Contains(CameraFromState(after).WorldToScreen(PointFromJson(after["points"]["P"]))))
      << "P is still on the canvas: the test proves nothing";
  EXPECT_EQ(after["status"].get<std::string>(), "P is off the canvas: press F to frame the scene (or Ctrl+Z to undo the drag).");
}

// With A = B the t line moves nothing; a press on it did nothing and said nothing
// (interaction audit of 2026-11-29). It says why on the status line, and P stays.
TEST(Interaction, APressOnTheTLineOfAPointSegmentSaysWhyItMovesNothing) {
  TempDir dir;
  const nlohmann::json s0 = SegmentStateAt1200x800(dir);
  ASSERT_FALSE(s0.is_discarded());
  const auto [x, y] = NumberLineStripMiddle(s0);
  const RunResult drag = RunDrag("NO_EXPORT=1 LAB_ARGS='--set A=1,1 --set B=1,1 --set P=3,2'", dir, x, y, -100, 0);
  ASSERT_EQ(drag.status, 0) << drag.out << drag.err;
  const nlohmann::json after = ReadJson(dir / "after.json");
  ASSERT_FALSE(after.is_discarded());
  EXPECT_EQ(after["status"].get<std::string>(),
            "A = B: every t gives the point A, so the t line moves nothing; move A or B apart first.");
  EXPECT_EQ(PointFromJson(after["points"]["P"]), (cq::Vec2d{{3, 2}}));
  // It holds only while the scene stays as it is: a nudge of A (Tab twice: P, then A; Right) clears it
  // (review of 2026-11-29: it stayed on after A was moved away from B).
  TempDir again;
  const RunResult nudged =
      RunDrag("NO_EXPORT=1 KEYS_AFTER='Tab Tab Right' LAB_ARGS='--set A=1,1 --set B=1,1 --set P=3,2'", again, x, y, -100, 0);
  ASSERT_EQ(nudged.status, 0) << nudged.out << nudged.err;
  const nlohmann::json moved = ReadJson(again / "after.json");
  ASSERT_FALSE(moved.is_discarded());
  EXPECT_FALSE(PointFromJson(moved["points"]["A"]) == PointFromJson(moved["points"]["B"])) << "precondition: A moved";
  EXPECT_EQ(moved["status"].get<std::string>().find("A = B"), std::string::npos) << moved["status"];
}

TEST(Interaction, DraggingTheBallsRimChangesOnlyTheRadius) {
  TempDir dir;
  const int dx = 90;
  const int dy = -50;
  const ContactDrag d = DragInContactLesson(dir, "R", dx, dy);
  ASSERT_FALSE(d.after.is_discarded());
  EXPECT_EQ(d.after["points"]["C"], d.before["points"]["C"]);
  EXPECT_EQ(d.after["points"]["A"], d.before["points"]["A"]);
  const cq::Vec2d r0 = PointFromJson(d.before["points"]["R"]);
  const cq::Vec2d r1 = PointFromJson(d.after["points"]["R"]);
  EXPECT_NEAR(r1.x() - r0.x(), dx / d.zoom, 1e-9);
  EXPECT_NEAR(r1.y() - r0.y(), -dy / d.zoom, 1e-9);
  ExpectContactValuesAreCores(d.after);
  EXPECT_NE(d.after["values"]["depth"], d.before["values"]["depth"]);
}

// The point-sized ball (r = 0, the preset "A point-sized ball"): its rim R sits on C. A
// press there took C, which carried R along, so r stayed 0 and the preset's note ("Drag C
// away to reach R") could not be followed. Now the press takes R: the drag out from the
// centre gives the ball the dragged radius, and C stays.
TEST(Interaction, DraggingOutFromAPointSizedBallGivesItARadius) {
  TempDir dir;
  const int dx = 90;
  const int dy = -50;
  const ContactDrag d =
      DragInContactLesson(dir, "R", dx, dy, "--set A=-4,0 --set B=4,0 --set C=1,0 --set R=0,0");
  ASSERT_FALSE(d.after.is_discarded());
  ASSERT_EQ(PointFromJson(d.before["points"]["R"]), cq::Vec2d{});
  EXPECT_EQ(d.after["points"]["C"], d.before["points"]["C"]);
  const cq::Vec2d r1 = PointFromJson(d.after["points"]["R"]);
  EXPECT_NEAR(r1.x(), dx / d.zoom, 1e-9);
  EXPECT_NEAR(r1.y(), -dy / d.zoom, 1e-9);
  ExpectContactValuesAreCores(d.after);
}

TEST(Interaction, DraggingTheBallsCentreKeepsItsRadiusExactly) {
  TempDir dir;
  const int dx = -120;
  const int dy = -40;
  const ContactDrag d = DragInContactLesson(dir, "C", dx, dy);
  ASSERT_FALSE(d.after.is_discarded());
  EXPECT_EQ(d.after["points"]["R"], d.before["points"]["R"]);  // bit for bit
  const cq::Vec2d c0 = PointFromJson(d.before["points"]["C"]);
  const cq::Vec2d c1 = PointFromJson(d.after["points"]["C"]);
  EXPECT_NEAR(c1.x() - c0.x(), dx / d.zoom, 1e-9);
  EXPECT_NEAR(c1.y() - c0.y(), -dy / d.zoom, 1e-9);
  ExpectContactValuesAreCores(d.after);
  EXPECT_NE(d.after["values"]["resolved_center"], d.before["values"]["resolved_center"]);
}

}  // namespace
}  // namespace cq::gui_test
