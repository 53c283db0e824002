# Sourced by the xdotool scripts (drag_handle.sh, keyboard.sh): quits closest-lab (process
# $pid) with the real Ctrl+Q, waits up to 10 s for it to exit (writing its --dump-state
# file), and fails the script if it does not.
quit_lab() {
  xdotool key ctrl+q
  for _ in $(seq 100); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    echo "closest-lab did not quit on Ctrl+Q" >&2
    kill "$pid"
    exit 1
  fi
  wait "$pid"
}
