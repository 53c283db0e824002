// retype-key FROM TO: on the X display in $DISPLAY, the key that types keysym FROM types
// TO instead, and the key that typed TO (if another) types F20, which the app does not read.
// keyboard.sh uses it to stand for a keyboard layout on which another key types a
// character than on a US one (AltGr+5 types [ on a French one), which this Xvfb cannot
// load otherwise (setxkbmap and xkbcomp are ignored there). GLFW still reports the key by
// its US place (its XKB key name), and the character from the new keysym.
#include <X11/Xlib.h>

#include <cstdio>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: retype-key FROM TO (X keysym names, e.g. 5 bracketright)\n");
    return 2;
  }
  Display* display = XOpenDisplay(nullptr);
  if (display == nullptr) {
    std::fprintf(stderr, "retype-key: cannot open the display\n");
    return 1;
  }
  const KeySym from = XStringToKeysym(argv[1]);
  KeySym to = XStringToKeysym(argv[2]);
  const KeyCode fromKey = from == NoSymbol ? 0 : XKeysymToKeycode(display, from);
  const KeyCode toKey = to == NoSymbol ? 0 : XKeysymToKeycode(display, to);
  if (fromKey == 0 || to == NoSymbol) {
    std::fprintf(stderr, "retype-key: no key types %s, or %s is no keysym\n", argv[1], argv[2]);
    XCloseDisplay(display);
    return 1;
  }
  if (toKey != 0 && toKey != fromKey) {
    KeySym unused = XStringToKeysym("F20");
    XChangeKeyboardMapping(display, toKey, 1, &unused, 1);
  }
  XChangeKeyboardMapping(display, fromKey, 1, &to, 1);
  XSync(display, False);
  XCloseDisplay(display);
  return 0;
}
