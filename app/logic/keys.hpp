// logic/keys.hpp: which key a shortcut reads, on the keyboard layout in use.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace cq::app {

/// The key code a letter shortcut (Ctrl+Q, Ctrl+Z, G, H, ...) should read for a key press
/// of `key`, given `layoutName`, the text that key types on the layout in use without
/// modifiers (glfwGetKeyName; null for a key that types nothing).
///
/// GLFW numbers keys by their place on a US keyboard, and its letter keys by the ASCII
/// code of their capital ('A' = 65 ... 'Z' = 90). On a French (AZERTY) keyboard the key
/// marked A is GLFW's Q: Ctrl+A, the usual select-all before retyping a number, quit the
/// app, even from a field; on a German (QWERTZ) one Ctrl+Z redid and Ctrl+Y undid
/// (classroom audit). So a key that types a single letter reads as that letter's capital;
/// every other key (digits, brackets, arrows, F-keys) keeps its place, as presets 1-9 on
/// the top row do whatever the row types.
/// A letter's place that types a character no shortcut has (Dvorak's US Q types ') reads
/// as that character's code where GLFW has one, else as k_noKey (GLFW_KEY_UNKNOWN).
int LayoutLetterKey(int key, const char* layoutName);

/// The key a press stands for once the character it typed is known: '[' or ']' reads as
/// GLFW's bracket key (their ASCII codes) whatever key typed it, any other character
/// leaves the key as it is. On a French (AZERTY) keyboard AltGr+5 types [ and AltGr+°
/// types ], and GLFW reports the keys 5 and - without a modifier for AltGr: the lesson
/// keys loaded preset 5 instead (classroom audit). GLFW sends a key press before the
/// character it types.
int KeyForTypedChar(int key, char32_t typed);

/// The letter place ('A' to 'Z', GLFW's code for it) that types `letter` ('a' to 'z') on
/// the layout in use, from `nameOf` (glfwGetKeyName of a key: what it types, or null);
/// the US place where no letter place types it. ImGui 1.86 reads its in-field keys
/// (Ctrl+A select all, Ctrl+C, V, X, Y, Z) by GLFW key code, that is by the US place: on
/// AZERTY Ctrl+A in a field was the key marked Q. The app maps them by this.
int LetterKeyOnLayout(char letter, const std::function<const char*(int)>& nameOf);

/// The presets header with the keys a lesson has: "Presets   (keys 1-6, R resets)" for
/// six presets, "(key 1, R resets)" for one; keys go to 9. "###presets" keeps one ImGui
/// header, and its open state, across lessons.
std::string PresetsTitle(std::size_t presets);

inline constexpr int k_noKey = -1;  ///< GLFW_KEY_UNKNOWN

/// Which key releases reach ImGui a frame late. ImGui 1.86 reads keys as a state once a
/// frame: a key pressed and released between two frames (xdotool, a remote desktop, a
/// macro key, or a tap that races the idle wake-up) was never down for it, so Esc or Enter
/// in a field, or Tab to the next one, did nothing (interaction audit). Such a release is
/// held and handed over after the frame in which ImGui saw the key down.
class TapReleases {
 public:
  /// A press: handed to ImGui now. A release held for this key is dropped: pressed again,
  /// the key is down, and that release would read it as up while held (review).
  void Pressed(int key);
  /// A release: true if it is to be held (the key went down since the last frame began),
  /// false to hand it to ImGui now.
  bool HoldRelease(int key);
  /// A frame begins (after ImGui has read the keys): presses from here on are new.
  void FrameBegun() { m_pressedSinceFrame.clear(); }
  /// The held releases, in order, now due (after the frame); none are held afterwards.
  std::vector<int> TakeHeld();

 private:
  std::vector<int> m_pressedSinceFrame;
  std::vector<int> m_held;
};

}  // namespace cq::app
