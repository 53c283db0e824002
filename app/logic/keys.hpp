// logic/keys.hpp: which key a shortcut reads, on the keyboard layout in use.
#pragma once

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

inline constexpr int k_noKey = -1;  ///< GLFW_KEY_UNKNOWN

}  // namespace cq::app
