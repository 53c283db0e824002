// closest-lab: init, loop, shutdown (the flat shape of Dear ImGui's GLFW + OpenGL3 example).
//
// Exit status: 0 normal; 1 no display / no OpenGL 3.3 / a file could not be written;
// 2 a bad command line (one line on stderr).
#include <glad/gl.h>  // before GLFW, which must not pull in its own GL header
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cq_assets.hpp"
#include "gl/framebuffer_capture.hpp"
#include "gl/canvas_renderer.hpp"
#include "logic/frame_stats.hpp"
#include "logic/keys.hpp"
#include "logic/options.hpp"
#include "logic/output_files.hpp"
#include "logic/palette.hpp"
#include "logic/scene_text.hpp"
#include "logic/settings.hpp"
#include "ui/lab_app.hpp"

namespace {

using namespace cq::app;

constexpr const char* k_program = "closest-lab";
// ImGui lays out a window over its first frames; the screenshot is the first frame in
// which every panel has its final size and position.
constexpr int k_settleFrames = 3;

std::string g_glfwError;  // the last GLFW error, reported once instead of a cascade
bool g_inputSeen = false;  // any input event since the last frame (for idle waiting)
std::vector<KeyPress> g_keyPresses;  // since the last frame, for the shortcuts
bool g_lastPressTyped = false;       // the last press's character has come (KeyForTypedChar)

void RecordGlfwError(int code, const char* description) {
  g_glfwError = std::string(description) + " (GLFW error " + std::to_string(code) + ")";
}

void RecordKey(GLFWwindow*, int key, int scancode, int action, int mods) {
  g_inputSeen = true;
  // Letter shortcuts by the letter the key types on this layout (LayoutLetterKey): Ctrl+A
  // on an AZERTY keyboard is GLFW's Ctrl+Q.
  if (action == GLFW_PRESS || action == GLFW_REPEAT) {
    g_keyPresses.push_back({cq::app::LayoutLetterKey(key, glfwGetKeyName(key, scancode)), mods, action == GLFW_REPEAT});
    g_lastPressTyped = false;
  }
}

cq::app::TapReleases g_tapReleases;  // key releases ImGui gets a frame late (see there)

void KeyForImGui(GLFWwindow* window, int key, int scancode, int action, int mods) {
  if (action == GLFW_RELEASE && g_tapReleases.HoldRelease(key)) {
    g_inputSeen = true;  // a frame to hand it over in
    return;
  }
  if (action == GLFW_PRESS) g_tapReleases.Pressed(key);
  ImGui_ImplGlfw_KeyCallback(window, key, scancode, action, mods);  // calls RecordKey first
}

void ReleaseHeldKeys(GLFWwindow* window) {
  for (const int key : g_tapReleases.TakeHeld()) ImGui_ImplGlfw_KeyCallback(window, key, 0, GLFW_RELEASE, 0);
}
void MarkInputButton(GLFWwindow*, int, int, int) { g_inputSeen = true; }
void MarkInputScroll(GLFWwindow*, double, double) { g_inputSeen = true; }
void MarkInputChar(GLFWwindow*, unsigned int codepoint) {
  g_inputSeen = true;
  // The character a press typed comes right after it: [ and ] switch lessons whatever key
  // typed them (AltGr+5 on AZERTY).
  if (!g_keyPresses.empty() && !g_lastPressTyped) {
    g_keyPresses.back().key = cq::app::KeyForTypedChar(g_keyPresses.back().key, char32_t(codepoint));
    g_keyPresses.back().typed = true;
  }
  g_lastPressTyped = true;
}
void MarkInputCursor(GLFWwindow*, double, double) { g_inputSeen = true; }
void MarkInputSize(GLFWwindow*, int, int) { g_inputSeen = true; }

int Fail(const std::string& message, int status) {
  std::fprintf(stderr, "%s: %s\n", k_program, message.c_str());
  return status;
}

void ApplyStyle(float scale) {
  ImGuiStyle style;
  ImGui::StyleColorsLight(&style);
  style.WindowRounding = 0;
  style.FrameRounding = 3;
  style.ItemSpacing = ImVec2(8, 5);
  style.CellPadding = ImVec2(6, 3);
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

/// The UI font at `scale`: DejaVu Sans (embedded at build time) with the Latin, Greek,
/// arrow, math and sub/superscript glyphs the lessons' text uses.
void BuildFonts(float scale) {
  static ImVector<ImWchar> ranges;
  if (ranges.empty()) {
    ImFontGlyphRangesBuilder builder;
    builder.AddRanges(ImGui::GetIO().Fonts->GetGlyphRangesDefault());
    static const ImWchar extra[] = {0x0300, 0x036F, 0x0370, 0x03FF, 0x2000, 0x206F, 0x2070, 0x209F, 0x2190, 0x21FF, 0x2200, 0x22FF, 0x25A0, 0x25FF, 0};
    builder.AddRanges(extra);
    builder.BuildRanges(&ranges);
  }
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;  // the bytes are static, embedded in the binary
  config.OversampleH = 2;
  io.Fonts->AddFontFromMemoryTTF(const_cast<char*>(cq::embedded::DejaVuSans_ttf.data()),
                                 int(cq::embedded::DejaVuSans_ttf.size()), 17.0f * scale, &config, ranges.Data);
}

/// Where Ctrl+E puts the window's PNG, without the ".png": ~/Pictures (else ~, else the
/// working directory) and a name with the lesson and the time to the second.
std::optional<std::string> ExportStem(const std::string& lessonId, std::string& error) {
  // The non-throwing forms: a working directory deleted under the app, or a HOME it may not
  // search, threw out of Ctrl+E and ended the app (robustness audit).
  std::error_code ec;
  std::filesystem::path dir;
  if (const char* home = std::getenv("HOME"); home && *home) {
    dir = home;
    if (std::filesystem::is_directory(dir / "Pictures", ec)) dir /= "Pictures";
  } else {
    dir = std::filesystem::current_path(ec);
    if (ec) {
      error = "cannot export: HOME is not set and the working directory cannot be found (" + ec.message() + ")";
      return std::nullopt;
    }
  }
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  return (dir / ("closest-lab-" + lessonId + "-" + stamp)).string();
}

/// The window's PNG exported (Ctrl+E) under a new name: a second export within the same
/// second is "-2", never written over the first. The status line names the file.
std::string ExportPng(const std::string& lessonId, int width, int height) {
  std::string error;
  const std::optional<std::string> stem = ExportStem(lessonId, error);
  if (!stem) return error;
  const std::optional<std::string> path = CreateNewFile(*stem, ".png", error);
  if (!path) return error;
  if (WriteFramebufferPng(*path, width, height, error)) return "Saved " + *path;
  std::remove(path->c_str());  // the empty file that kept the name
  return error;
}

}  // namespace

int main(int argc, char** argv) {
  const ParsedOptions parsed = ParseCommandLine(argc, argv);
  if (!parsed.error.empty()) return Fail(parsed.error, 2);
  const AppOptions& options = parsed.options;
  if (options.help) {
    std::fputs(HelpText().c_str(), stdout);
    return 0;
  }
  if (options.version) {
    std::printf("%s %s (Dear ImGui %s)\n", k_program, CQ_VERSION, IMGUI_VERSION);
    return 0;
  }

  // Scripted runs (screenshots, --frames) are reproducible: default settings, nothing saved.
  const bool scripted = options.screenshotPath || options.frames;
  const bool useConfig = !options.noConfig && !scripted;
  Settings settings;
  const SettingsLocation location = useConfig ? LocateSettings() : SettingsLocation{};
  const std::optional<std::string> settingsPath = location.path;
  // Also shown in the window (ShowNotice): stderr is unseen from a launcher.
  std::string settingsWarning = location.note;
  std::string keepSettingsReason;  // why the file must not be saved over, or empty
  bool sizeSaved = false;
  std::optional<std::string> settingsOnDisk;  // the file as read: a hand edit during the run is kept at the save
  if (settingsPath) {
    std::vector<std::string> lessonIds;
    for (const Lesson* l : LessonTable()) lessonIds.emplace_back(l->Id());
    LoadedSettings loaded = LoadSettings(*settingsPath, lessonIds);
    if (!loaded.warning.empty()) settingsWarning += (settingsWarning.empty() ? "" : "\n") + loaded.warning;
    keepSettingsReason = loaded.keepReason;
    sizeSaved = loaded.sizeSaved;
    settingsOnDisk = loaded.onDisk;
    settings = loaded.settings;
    if (keepSettingsReason.empty())
      if (const std::string problem = SettingsSaveProblem(*settingsPath); !problem.empty())
        settingsWarning += (settingsWarning.empty() ? "" : "; ") + std::string("this run's settings will not be saved (") +
                           problem + ")";
  }
  if (!settingsWarning.empty()) std::fprintf(stderr, "%s: %s\n", k_program, settingsWarning.c_str());
  const float storedUiScale = settings.uiScale;  // --ui-scale is for this run only
  if (options.uiScale) settings.uiScale = *options.uiScale;
  if (options.width) {
    settings.windowWidth = *options.width;
    settings.windowHeight = *options.height;
  }

  const Lesson* saved = FindLesson(settings.lesson);
  const SceneChoice choice = ChooseScene(options.lesson, options.sets, saved ? *saved : *LessonTable().front());
  if (!choice.error.empty()) return Fail(choice.error, 2);
  const Lesson* lesson = choice.lesson;

  // A file that cannot be written is said now, with the reason, not after a long run.
  for (const std::optional<std::string>& path : {options.dumpStatePath, options.screenshotPath})
    if (path)
      if (const std::string unwritable = CheckWritable(*path); !unwritable.empty()) return Fail(unwritable, 1);

  glfwSetErrorCallback(RecordGlfwError);
  if (!glfwInit()) {
    const char* display = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    if ((!display || !*display) && (!wayland || !*wayland))
      return Fail("no display found (DISPLAY is not set); run it under a virtual X server: xvfb-run -a -s '-screen 0 "
                  "1600x1000x24' closest-lab [FLAGS]",
                  1);
    return Fail("cannot start GLFW: " + g_glfwError, 1);
  }
  const Settings beforeFit = settings;  // the file's window, kept at quit where the user leaves it be
  if (!scripted) {
    // The saved (or default) size and position fitted to the screens there are now; a size
    // given with --size is taken as it is, and so is a screenshot's.
    int count = 0;
    GLFWmonitor** monitors = glfwGetMonitors(&count);
    std::vector<WorkArea> areas;
    for (int i = 0; i < count; ++i) {
      WorkArea a{};
      glfwGetMonitorWorkarea(monitors[i], &a.x, &a.y, &a.width, &a.height);
      if (a.width > 0 && a.height > 0) areas.push_back(a);
    }
    const std::string note = FitWindowToScreens(settings, areas, /*fitSize=*/!options.width, sizeSaved);
    if (!note.empty()) {
      std::fprintf(stderr, "%s: settings: %s\n", k_program, note.c_str());
      settingsWarning += std::string(settingsWarning.empty() ? "" : "\n") + "Window: " + note + ".";
    }
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_SAMPLES, 0);
  GLFWwindow* window =
      glfwCreateWindow(settings.windowWidth, settings.windowHeight, "Closest Point Lab", nullptr, nullptr);
  if (!window) {
    glfwTerminate();
    return Fail("cannot open an OpenGL 3.3 core window: " + g_glfwError, 1);
  }
  if (useConfig && settings.windowX && settings.windowY) glfwSetWindowPos(window, *settings.windowX, *settings.windowY);
  // The window as it is: at quit, and once it first showed, to tell whether the user moved
  // or resized it (KeepSavedWindowPlace).
  const auto windowNow = [&] {
    Settings now;
    int x = 0;
    int y = 0;
    glfwGetWindowPos(window, &x, &y);
    glfwGetWindowSize(window, &now.windowWidth, &now.windowHeight);
    now.windowX = x;
    now.windowY = y;
    return now;
  };
  Settings shownWindow = windowNow();
  glfwSetWindowSizeLimits(window, k_designWidth, k_designHeight, GLFW_DONT_CARE, GLFW_DONT_CARE);
  glfwMakeContextCurrent(window);
  if (gladLoadGL(glfwGetProcAddress) == 0) {
    glfwDestroyWindow(window);
    glfwTerminate();
    return Fail("cannot load OpenGL 3.3 functions", 1);
  }
  const bool measuring = options.reportFrameTimes || scripted;
  glfwSwapInterval(measuring ? 0 : 1);

  // Our callbacks first: ImGui's backend chains to them, so we learn of every input.
  glfwSetKeyCallback(window, RecordKey);
  glfwSetMouseButtonCallback(window, MarkInputButton);
  glfwSetScrollCallback(window, MarkInputScroll);
  glfwSetCharCallback(window, MarkInputChar);
  glfwSetCursorPosCallback(window, MarkInputCursor);
  glfwSetFramebufferSizeCallback(window, MarkInputSize);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // the layout is computed, and settings live in our own file
  io.ConfigWindowsMoveFromTitleBarOnly = true;
  // A screenshot shows the scene as given, not whatever the X pointer rests on: no hover
  // highlight, no tooltip (an X server puts the pointer mid-screen, often over the window).
  if (options.screenshotPath) io.ConfigFlags |= ImGuiConfigFlags_NoMouse;
  float contentScaleX = 1.0f;
  float contentScaleY = 1.0f;
  glfwGetWindowContentScale(window, &contentScaleX, &contentScaleY);
  LabApp app(*lesson, settings, contentScaleX > 0 ? contentScaleX : 1.0f);
  if (!settingsWarning.empty()) app.ShowNotice(settingsWarning);
  for (const HandleAssignment& set : options.sets) app.GetScene().SetPoint(set.name, set.position);
  if (!options.sets.empty()) app.GetScene().ForgetLoadedPreset();  // unless they match one (Commit)
  app.GetScene().Commit();
  // The scale the window can show (FitUiScale), before the first fonts are built.
  const auto fitUiScale = [&] {
    int width = 0;
    int height = 0;
    glfwGetWindowSize(window, &width, &height);
    app.FitUiScaleTo(width, height);
  };
  fitUiScale();
  (void)app.TakeFontRebuildRequest();
  ApplyStyle(app.UiScale());
  BuildFonts(app.UiScale());
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  glfwSetKeyCallback(window, KeyForImGui);  // in place of the backend's, which it calls
  ImGui_ImplOpenGL3_Init("#version 330 core");
  // ImGui's in-field keys by the letters of the layout in use (LetterKeyOnLayout): the
  // backend maps them by their US places.
  {
    const auto nameOf = [](int key) { return glfwGetKeyName(key, 0); };
    const std::pair<ImGuiKey, char> letterKeys[] = {{ImGuiKey_A, 'a'}, {ImGuiKey_C, 'c'}, {ImGuiKey_V, 'v'},
                                                    {ImGuiKey_X, 'x'}, {ImGuiKey_Y, 'y'}, {ImGuiKey_Z, 'z'}};
    for (const auto& [imguiKey, letter] : letterKeys) io.KeyMap[imguiKey] = cq::app::LetterKeyOnLayout(letter, nameOf);
  }

  CanvasRenderer canvas;
  std::string error;
  if (!canvas.Init(error)) return Fail("shader error: " + error, 1);

  std::vector<double> frameMs;
  int status = 0;
  int idleFrames = 0;
  for (int frame = 0;; ++frame) {
    const auto start = std::chrono::steady_clock::now();
    // Interactive and idle: sleep until something happens (no busy loop on a laptop).
    if (!measuring && idleFrames > 3)
      glfwWaitEventsTimeout(0.5);
    else
      glfwPollEvents();
    idleFrames = std::exchange(g_inputSeen, false) ? 0 : idleFrames + 1;
    if (glfwWindowShouldClose(window) || app.QuitRequested()) break;
    if (frame == k_settleFrames) shownWindow = windowNow();  // placed by the window system by now

    fitUiScale();  // the window may have been resized
    if (app.TakeFontRebuildRequest()) {
      ApplyStyle(app.UiScale());
      BuildFonts(app.UiScale());
      ImGui_ImplOpenGL3_DestroyFontsTexture();
      ImGui_ImplOpenGL3_CreateFontsTexture();
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    g_tapReleases.FrameBegun();
    app.Frame(g_keyPresses);
    g_keyPresses.clear();
    ImGui::Render();
    ReleaseHeldKeys(window);  // ImGui has had them down for this frame

    int fbWidth = 0;
    int fbHeight = 0;
    glfwGetFramebufferSize(window, &fbWidth, &fbHeight);
    glViewport(0, 0, fbWidth, fbHeight);
    // The panels' background is the clear colour, so ImGui blends no window backgrounds:
    // under software GL every blended pixel counts.
    const ImVec4 panel = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    glClearColor(panel.x, panel.y, panel.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    const double fbScale = io.DisplaySize.x > 0 ? double(fbWidth) / double(io.DisplaySize.x) : 1.0;
    canvas.Draw(BuildCanvasGeometry(app.CurrentFrame(), app.GetCamera(), app.Grids(), app.GetSettings().showRegions,
                                    {fbScale, fbHeight, app.UiScale()}),
                fbWidth, fbHeight);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

    if (options.screenshotPath && frame + 1 == k_settleFrames) {
      if (!WriteFramebufferPng(*options.screenshotPath, fbWidth, fbHeight, error)) status = Fail(error, 1);
      break;
    }
    if (app.TakeExportRequest())
      app.SetStatus(ExportPng(std::string(app.GetScene().CurrentLesson().Id()), fbWidth, fbHeight));
    glfwSwapBuffers(window);
    if (measuring) glFinish();  // count the GPU's work in the frame time
    frameMs.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    // A screenshot ends the run at the first complete frame, however few --frames asks for
    // (--frames 1 ended it before the screenshot: exit 0 and no file; robustness audit).
    if (options.frames && frame + 1 >= *options.frames && !options.screenshotPath) break;
  }

  if (options.dumpStatePath && status == 0 &&
      !WriteTextFile(*options.dumpStatePath,
                 app.DumpState().dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n", error))
    status = Fail(error, 1);
  if (options.reportFrameTimes) {
    // The first frames build the font atlas and compile shaders: not steady state.
    if (frameMs.size() > size_t(k_settleFrames)) frameMs.erase(frameMs.begin(), frameMs.begin() + k_settleFrames);
    std::printf("%s\n", FormatFrameStats(Summarize(frameMs)).c_str());
  }
  if (settingsPath && !keepSettingsReason.empty()) {
    std::fprintf(stderr, "%s: settings not saved: %s; the file is left as it was\n", k_program,
                 keepSettingsReason.c_str());
  } else if (settingsPath) {
    Settings toSave = app.GetSettings();
    if (options.uiScale && toSave.uiScale == *options.uiScale) toSave.uiScale = storedUiScale;
    const Settings now = windowNow();
    toSave.windowWidth = now.windowWidth;
    toSave.windowHeight = now.windowHeight;
    toSave.windowX = now.windowX;
    toSave.windowY = now.windowY;
    KeepSavedWindowPlace(toSave, beforeFit, settings, shownWindow);
    std::string kept;
    const std::string saveError = SaveSettings(*settingsPath, toSave, &settingsOnDisk, &kept);
    if (!kept.empty()) std::fprintf(stderr, "%s: settings: %s\n", k_program, kept.c_str());
    if (!saveError.empty()) std::fprintf(stderr, "%s: settings not saved: %s\n", k_program, saveError.c_str());
  }

  canvas.Shutdown();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return status;
}
