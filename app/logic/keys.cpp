#include "logic/keys.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>

namespace cq::app {

namespace {

/// The ASCII characters GLFW has a key code for, that code being the character itself.
bool HasGlfwCode(char c) { return std::string_view("'`,-./;=[\\]0123456789").find(c) != std::string_view::npos; }

}  // namespace

int LayoutLetterKey(int key, const char* layoutName) {
  const bool letterKey = key >= 'A' && key <= 'Z';
  if (layoutName == nullptr || layoutName[0] == '\0' || layoutName[1] != '\0') {
    // A letter place that types no single ASCII character (a Cyrillic or Greek layout):
    // kept, so that the shortcuts stay where a US keyboard has them.
    return key;
  }
  const char c = layoutName[0];
  if (c >= 'a' && c <= 'z') return 'A' + (c - 'a');
  if (c >= 'A' && c <= 'Z') return c;
  // A letter's place that types something else on this layout reads as what it types,
  // or as no key: on Dvorak the US Q types ' and the key marked Q is elsewhere, and both
  // had read as Q (Ctrl+' quit the app).
  if (letterKey) return HasGlfwCode(c) ? int(c) : k_noKey;
  return key;
}

int LetterKeyOnLayout(char letter, const std::function<const char*(int)>& nameOf) {
  const int usPlace = 'A' + (letter - 'a');
  for (int key = 'A'; key <= 'Z'; ++key) {
    const char* name = nameOf(key);
    if (name != nullptr && name[0] == letter && name[1] == '\0') return key;
  }
  return usPlace;
}

int KeyForTypedChar(int key, char32_t typed) { return typed == U'[' || typed == U']' ? int(typed) : key; }

std::string PresetsTitle(std::size_t presets) {
  const std::size_t keys = std::min<std::size_t>(presets, 9);
  const std::string range = keys <= 1 ? "key 1" : "keys 1-" + std::to_string(keys);
  return "Presets   (" + range + ", R resets)###presets";
}

void TapReleases::Pressed(int key) {
  m_pressedSinceFrame.push_back(key);
  std::erase(m_held, key);
}

bool TapReleases::HoldRelease(int key) {
  if (std::find(m_pressedSinceFrame.begin(), m_pressedSinceFrame.end(), key) == m_pressedSinceFrame.end()) return false;
  m_held.push_back(key);
  return true;
}

std::vector<int> TapReleases::TakeHeld() { return std::exchange(m_held, {}); }

}  // namespace cq::app
