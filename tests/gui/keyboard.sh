#!/usr/bin/env bash
# Runs inside xvfb-run (see keyboard_test.cpp). Starts closest-lab on the segment lesson at
# 1200x800 (or the lesson, size and UI scale in LAB_LESSON, LAB_SIZE and LAB_UI_SCALE),
# plays one keyboard scene with the real (XTEST) keyboard and quits with Ctrl+Q,
# so that the app writes OUT/after.json (--dump-state) on its way out.
#   keyboard.sh APP OUT SCENE
# Scenes:
#   long-text    click into P.x, type 400 "1"s and Enter (more than the field holds)
#   quit-typing  click into P.x, type "5" and quit with Ctrl+Q while the field has focus
#   focus-quit   click into P.x and quit with Ctrl+Q while the field has focus, untyped
#   enter-untouched  click into P.x, Enter (nothing typed)
#   type-escape  click into P.x, type "7", Esc (the edit cancelled)
#   escape-undo  click into P.x, type "7", Esc; click into P.x again, Ctrl+Z (in the field), Enter
#   tab-untouched  click into P.x, Tab (on to P.y), Enter (nothing typed)
#   click-py-untouched  click into P.x, then into P.y (PY_X, PY_Y), Enter (nothing typed)
#   shift-tab-field  click into P.x, type "7", Shift+Tab (back to B.y), type "8", Enter
#   click-back   click into P.y, type "2", click into P.x (a field drawn before it), type "8", Enter
#   escape-help  F1 (Shortcuts), then Esc
#   open-help    F1 (Shortcuts), left open
#   help-resize  F1 (Shortcuts), then the window resized to RESIZE_W x RESIZE_H (400x300)
#   nudge-n      Tab three times (the plane's N), Left 4 times and Down 10 times
#   enter-tab    click into P.x, type "7", Enter; then Tab and "3" (the keys, not the field)
#   tab-fields   click into P.x, type "7", Tab (on to P.y), type "8", Enter
#   spaces       click into P.x, type " 2.5 " (spaces around the number), Enter
#   empty        click into P.x, BackSpace (the whole text was selected), Enter
#   tab-box      Tab six times (the box lesson: P, Min, two corners, Max, the whole box), Right
#   hide-sidebar H (the sidebar hidden), then Right with P selected by Tab (the keys still work)
#   undo-preset  8 (the segment's preset far from the origin), then Ctrl+Z
#   shift-tab    Shift+Tab with nothing selected (backwards: the last handle)
#   idle         nothing (what the window shows at the start)
#   stale-undo   click into P.x, type "1", Enter; Tab and Right (P nudged); click into P.x, Ctrl+Z, Enter
#   type-then-click  click into P.x, type TYPED (abc), click at (CLICK_X, CLICK_Y), then the keys in KEYS
#   keys         the keys in KEYS (xdotool names, space-separated), one by one, over the canvas
#   menu-esc     F2, a click on the View menu at (MENU_X, MENU_Y), then Esc
#   select-all   click into P.x, End (the selection gone), Ctrl+A, type "7", Enter
#   edit-then-py click into P.x, type "7", Enter; then click where P.y's field was at the
#                start (PY_X, PY_Y), type "8", Enter
#   export-twice Ctrl+E twice, 0.3 s apart (two PNGs into OUT, which serves as HOME)
#   type-then-hold  click into P.x, type "0" (no Enter), then press the mouse on P's
#                handle at window pixel (HANDLE_X, HANDLE_Y), hold it 0.5 s unmoved, release
#   type-far     click into P.x, type TYPED (e.g. 100: off the canvas), Enter
#   type-far-undo-redo  type-far, then Ctrl+Z and Ctrl+Y
#   nudge-p-off  Tab (P), Shift+Right NUDGES times (default 1)
#   refused-undo-redo  Tab (P), Right (P nudged: an undo step), Esc; then the empty
#                scene (a refused entry); then THEN_KEYS (default: Ctrl+Z and Ctrl+Y)
#   note-switch-back  4 (a preset), Tab (P) and Right (P nudged off it), ] and [ (to the
#                next lesson and back)
#   escape-reclick  click into P.x, End, type "5", Esc; click into P.x again (left active)
#   taps         the keys in PRE_KEYS one by one over the canvas (none by default); click
#                into P.x, type TYPED (7), then the keys in KEYS all at once (xdotool
#                key --delay 0: each pressed and released within one frame); then, if
#                THEN_TYPED is set, click into P.x again, type it and THEN_KEYS at once
#   hand-edit    the settings file (under LAB_CONFIG) overwritten with HAND_EDIT while the
#                app runs, as a user editing it by hand would, then the keys in KEYS
set -euo pipefail
# shellcheck source=quit_lab.sh
source "$(dirname "$0")/quit_lab.sh"
app=$1 out=$2 scene=$3

# LAB_ARGS: more arguments for the app (e.g. --set P=1e308,0), split on spaces.
# LAB_CONFIG=DIR: read (and save) DIR/closest-point-lab/settings.json instead of --no-config.
config=(--no-config)
if [[ -n ${LAB_CONFIG:-} ]]; then config=(); export XDG_CONFIG_HOME=$LAB_CONFIG; fi
read -r -a extra <<< "${LAB_ARGS:-}"
# LAB_GONE_CWD=1: the app runs without HOME, in a working directory removed once it is up.
home=(env HOME="$out")
if [[ -n ${LAB_GONE_CWD:-} ]]; then home=(env -u HOME); mkdir -p "$out/cwd"; cd "$out/cwd"; fi
"${home[@]}" "$app" "${config[@]}" "${extra[@]}" --lesson "${LAB_LESSON:-segment}" --size "${LAB_SIZE:-1200x800}" --ui-scale "${LAB_UI_SCALE:-1}" \
  --dump-state "$out/after.json" &
pid=$!
wid=$(timeout 20 xdotool search --sync --onlyvisible --name "Closest Point Lab" | head -n 1)
if [[ -n ${LAB_GONE_CWD:-} ]]; then cd "$out"; rmdir "$out/cwd"; fi
sleep 1  # the first frames: fonts, shaders, layout
xdotool windowfocus --sync "$wid" || true
# RETYPE='FROM TO': the key that types keysym FROM types TO instead (retype_key.cpp, at
# RETYPE_KEY): a layout on which another key types TO, as AltGr+5 types [ on a French one.
if [[ -n ${RETYPE:-} ]]; then
  read -r -a retype <<< "$RETYPE"
  "$RETYPE_KEY" "${retype[@]}"
  sleep 0.3
fi

click_px() {  # P.x's field, in the POINTS section, at (PX_X, PX_Y)
  [[ -n $px_x && -n $px_y ]] || { echo "keyboard.sh: PX_X and PX_Y must give P.x's field" >&2; kill "$pid"; exit 2; }
  xdotool mousemove --window "$wid" "$px_x" "$px_y"
  sleep 0.2
  xdotool click 1
  sleep 0.3
}
px_x=${PX_X:-} px_y=${PX_Y:-}  # set by the test from the app's --dump-state "fields"
# A key ImGui itself must see (Enter and Tab in a field): held for a while, as a hand does.
# ImGui 1.86 reads the key's state once a frame, and a press and release within one frame
# (xdotool key, under load) were never seen: "7", Tab, "8" typed "78" into one field. The
# app now hands ImGui such a release a frame late (main.cpp; the taps scene tests that).
hold() {
  xdotool keydown "$1"
  sleep 0.15
  xdotool keyup "$1"
}
case $scene in
  long-text)
    click_px
    xdotool type --delay 2 "$(printf '1%.0s' $(seq 400))"
    sleep 0.3
    hold Return
    ;;
  quit-typing)
    click_px
    xdotool type --delay 20 "5"
    ;;
  focus-quit)
    click_px
    ;;
  enter-untouched)
    click_px
    hold Return
    ;;
  type-escape)
    click_px
    xdotool type --delay 20 "7"
    sleep 0.2
    hold Escape
    ;;
  taps)
    xdotool mousemove --window "$wid" 800 600
    for key in ${PRE_KEYS:-}; do
      xdotool key "$key"
      sleep 0.25
    done
    click_px
    xdotool type --delay 20 "${TYPED:-7}"
    sleep 0.2
    read -r -a taps <<< "${KEYS:-}"
    xdotool key --delay 0 "${taps[@]}"
    sleep 0.4
    if [[ -n ${THEN_TYPED:-} ]]; then
      click_px
      xdotool type --delay 20 "$THEN_TYPED"
      sleep 0.2
      read -r -a taps <<< "${THEN_KEYS:-}"
      xdotool key --delay 0 "${taps[@]}"
      sleep 0.4
    fi
    ;;
  escape-undo)
    click_px
    xdotool type --delay 20 "7"
    sleep 0.2
    hold Escape
    sleep 0.3
    click_px
    xdotool key ctrl+z
    sleep 0.3
    hold Return
    ;;
  tab-untouched)
    click_px
    hold Tab
    sleep 0.3
    hold Return
    ;;
  shift-tab-field)
    click_px
    xdotool type --delay 20 "7"
    sleep 0.2
    xdotool keydown shift
    hold Tab
    xdotool keyup shift
    sleep 0.3
    xdotool type --delay 20 "8"
    sleep 0.2
    hold Return
    ;;
  click-back)
    xdotool mousemove --window "$wid" "$PY_X" "$PY_Y"
    sleep 0.2
    xdotool click 1
    sleep 0.3
    xdotool type --delay 20 "2"
    sleep 0.2
    click_px
    xdotool type --delay 20 "8"
    sleep 0.2
    hold Return
    ;;
  click-py-untouched)
    click_px
    xdotool mousemove --window "$wid" "$PY_X" "$PY_Y"
    sleep 0.2
    xdotool click 1
    sleep 0.3
    hold Return
    ;;
  escape-help)
    xdotool key F1
    sleep 0.4
    xdotool key Escape
    ;;
  open-help)
    xdotool key F1
    ;;
  help-resize)
    xdotool key F1
    sleep 0.4
    xdotool windowsize "$wid" "${RESIZE_W:-400}" "${RESIZE_H:-300}"
    sleep 0.8
    ;;
  nudge-n)
    xdotool mousemove --window "$wid" 800 600  # over the canvas, away from every handle
    for key in Tab Tab Tab Left Left Left Left Down Down Down Down Down Down Down Down Down Down; do
      xdotool key "$key"
      sleep 0.1
    done
    ;;
  enter-tab)
    click_px
    xdotool type --delay 20 "7"
    hold Return
    sleep 0.3
    hold Tab
    sleep 0.3
    xdotool type --delay 20 "3"
    ;;
  tab-fields)
    click_px
    xdotool type --delay 20 "7"
    sleep 0.2
    hold Tab
    sleep 0.3
    xdotool type --delay 20 "8"
    sleep 0.2
    hold Return
    ;;
  spaces)
    click_px
    xdotool type --delay 20 " 2.5 "
    sleep 0.2
    hold Return
    ;;
  empty)
    click_px
    xdotool key BackSpace
    sleep 0.2
    hold Return
    ;;
  refused-undo-redo)
    xdotool mousemove --window "$wid" 800 600  # over the canvas, away from every handle
    for key in Tab Right Escape; do
      xdotool key "$key"
      sleep 0.3
    done
    click_px
    xdotool key BackSpace
    sleep 0.2
    hold Return
    sleep 0.3
    xdotool mousemove --window "$wid" 800 600
    for key in ${THEN_KEYS-ctrl+z ctrl+y}; do
      xdotool key "$key"
      sleep 0.4
    done
    ;;
  tab-box)
    xdotool mousemove --window "$wid" 800 600  # over the canvas, away from every handle
    for key in Tab Tab Tab Tab Tab Tab Right; do
      xdotool key "$key"
      sleep 0.1
    done
    ;;
  hide-sidebar)
    xdotool mousemove --window "$wid" 800 600  # over the canvas, away from every handle
    for key in h Tab Right; do
      xdotool key "$key"
      sleep 0.2
    done
    ;;
  undo-preset)
    xdotool mousemove --window "$wid" 800 600
    xdotool key 8
    sleep 0.4
    xdotool key ctrl+z
    ;;
  idle) ;;
  stale-undo)
    click_px
    xdotool type --delay 20 "1"
    sleep 0.2
    hold Return
    sleep 0.3
    xdotool mousemove --window "$wid" 800 600
    xdotool key Tab
    sleep 0.2
    xdotool key Right
    sleep 0.3
    click_px
    xdotool key ctrl+z
    sleep 0.3
    hold Return
    ;;
  type-then-click)
    click_px
    xdotool type --delay 20 "${TYPED:-abc}"
    sleep 0.2
    xdotool mousemove --window "$wid" "$CLICK_X" "$CLICK_Y"
    sleep 0.2
    xdotool click 1
    sleep 0.4
    for key in ${KEYS:-}; do
      xdotool key "$key"
      sleep 0.3
    done
    ;;
  select-all)
    click_px
    hold End
    xdotool keydown ctrl  # held, as hold's keys: ImGui reads key states once a frame
    hold a
    xdotool keyup ctrl
    sleep 0.2
    xdotool type --delay 20 "7"
    sleep 0.2
    hold Return
    ;;
  menu-esc)
    # F2 (Words used here), a click on the View menu (MENU_X, MENU_Y), then Esc.
    hold F2
    sleep 0.4
    xdotool mousemove --window "$wid" "${MENU_X:-183}" "${MENU_Y:-11}"
    sleep 0.3
    xdotool click 1
    sleep 0.5
    hold Escape
    sleep 0.4
    ;;
  keys)
    xdotool mousemove --window "$wid" 800 600  # over the canvas, away from every handle
    for key in ${KEYS:-}; do
      xdotool key "$key"
      sleep 0.25
    done
    ;;
  escape-reclick)
    click_px
    hold End
    xdotool type --delay 20 "5"
    sleep 0.2
    hold Escape
    sleep 0.3
    click_px
    ;;
  hand-edit)
    printf '%s' "${HAND_EDIT:?}" > "${LAB_CONFIG:?}/closest-point-lab/settings.json"
    xdotool mousemove --window "$wid" 800 600  # over the canvas, away from every handle
    for key in ${KEYS:-}; do
      xdotool key "$key"
      sleep 0.25
    done
    ;;
  note-switch-back)
    xdotool mousemove --window "$wid" 800 600  # over the canvas, away from every handle
    for key in 4 Tab Right bracketright bracketleft; do
      xdotool key "$key"
      sleep 0.3
    done
    ;;
  shift-tab)
    xdotool mousemove --window "$wid" 800 600  # over the canvas, away from every handle
    xdotool key shift+Tab
    ;;
  edit-then-py)
    click_px
    xdotool type --delay 20 "7"
    hold Return
    sleep 0.3
    xdotool mousemove --window "$wid" "$PY_X" "$PY_Y"
    sleep 0.2
    xdotool click 1
    sleep 0.3
    xdotool type --delay 20 "8"
    hold Return
    ;;
  export-twice)
    xdotool mousemove --window "$wid" 800 600  # over the canvas, away from every handle
    xdotool key ctrl+e
    sleep 0.3
    xdotool key ctrl+e
    ;;
  type-then-hold)
    click_px
    xdotool type --delay 20 "0"
    sleep 0.2
    xdotool mousemove --window "$wid" "$HANDLE_X" "$HANDLE_Y"
    sleep 0.2
    xdotool mousedown 1
    sleep 0.5
    xdotool mouseup 1
    ;;
  type-far | type-far-undo-redo)
    click_px
    xdotool type --delay 20 "$TYPED"
    sleep 0.2
    hold Return
    if [[ $scene == type-far-undo-redo ]]; then
      sleep 0.4
      xdotool key ctrl+z
      sleep 0.4
      xdotool key ctrl+y
    fi
    ;;
  nudge-p-off)
    xdotool mousemove --window "$wid" 800 600  # over the canvas, away from every handle
    xdotool key Tab
    for _ in $(seq "${NUDGES:-1}"); do
      xdotool key shift+Right
      sleep 0.1
    done
    ;;
  *) echo "unknown scene $scene" >&2; kill "$pid"; exit 2 ;;
esac
sleep 0.4
quit_lab
