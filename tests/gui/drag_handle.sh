#!/usr/bin/env bash
# Runs inside xvfb-run (see drag_test.cpp). Starts closest-lab on LESSON (default segment), drags
# with the real (XTEST) mouse from window pixel (X, Y) by (DX, DY), exports the window as
# a PNG with Ctrl+E (into OUT, which serves as HOME), and quits with Ctrl+Q so the app
# writes OUT/after.json (--dump-state) on its way out.
#   drag_handle.sh APP OUT X Y DX DY [LESSON]
# With X2, Y2, DX2 and DY2 set in the environment, a second drag follows the first; with
# NO_EXPORT=1 there is no Ctrl+E; KEYS_AFTER="f" presses those keys after the drags;
# LAB_ARGS: more arguments for the app (e.g. --set R=0,0), split on spaces; HOVER_X and
# HOVER_Y leave the pointer at that window pixel before quitting. With FLICK=1
# the drag goes half way in steps, then the last half and the release in one xdotool
# command, so that both reach the app between two of its frames (a quick flick-and-release).
set -euo pipefail
# shellcheck source=quit_lab.sh
source "$(dirname "$0")/quit_lab.sh"
app=$1 out=$2 x=$3 y=$4 dx=$5 dy=$6 lesson=${7:-segment}

read -r -a extra <<< "${LAB_ARGS:-}"
HOME=$out "$app" --no-config "${extra[@]}" --lesson "$lesson" --size 1200x800 --dump-state "$out/after.json" &
pid=$!
wid=$(timeout 20 xdotool search --sync --onlyvisible --name "Closest Point Lab" | head -n 1)
sleep 1  # the first frames: fonts, shaders, layout

drag() {  # drag X Y DX DY
  xdotool mousemove --window "$wid" "$1" "$2"
  sleep 0.3
  xdotool mousedown 1
  sleep 0.2
  if [[ -n ${FLICK:-} ]]; then
    for i in 1 2 3 4 5; do
      xdotool mousemove --window "$wid" $(($1 + $3 * i / 10)) $(($2 + $4 * i / 10))
      sleep 0.05
    done
    sleep 0.3
    # Relative: "mousemove --window" gives the app time for a frame before the release.
    xdotool mousemove_relative -- $(($3 - $3 * 5 / 10)) $(($4 - $4 * 5 / 10)) mouseup 1
  else
    for i in 1 2 3 4 5 6 7 8 9 10; do
      xdotool mousemove --window "$wid" $(($1 + $3 * i / 10)) $(($2 + $4 * i / 10))
      sleep 0.05
    done
    sleep 0.3
    xdotool mouseup 1
  fi
  sleep 0.3
}
drag "$x" "$y" "$dx" "$dy"
if [[ -n ${X2:-} ]]; then drag "$X2" "$Y2" "$DX2" "$DY2"; fi
for key in ${KEYS_AFTER:-}; do  # KEYS_AFTER="f ...": keys pressed after the drags
  xdotool key "$key"
  sleep 0.3
done
if [[ -n ${HOVER_X:-} ]]; then  # HOVER_X, HOVER_Y: the pointer left there, no button down
  xdotool mousemove --window "$wid" "$HOVER_X" "$HOVER_Y"
  sleep 0.4
fi

xdotool windowfocus --sync "$wid" || true
if [[ -z ${NO_EXPORT:-} ]]; then  # NO_EXPORT=1: keep the status line the drag left
  xdotool key ctrl+e
  for _ in $(seq 50); do
    compgen -G "$out/closest-lab-$lesson-*.png" >/dev/null && break
    sleep 0.1
  done
fi
sleep 0.2
quit_lab
