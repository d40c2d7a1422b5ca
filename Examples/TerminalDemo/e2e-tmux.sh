#!/usr/bin/env bash
# End-to-end test of tabstrip-demo: runs the real binary in a tmux pane,
# sends keys, polls the pane until the strip and the status line show what
# each key must do (a deadline per step, never a fixed sleep), quits, and
# checks the terminal was restored (alternate screen left, cursor shown,
# mouse reporting off, `stty -a` identical to before). The same for Ctrl-C,
# SIGTERM and a crash signal (SIGSEGV), and the one-line errors with exit
# status 2 for bad input.
#
# usage: Examples/TerminalDemo/e2e-tmux.sh [BINARY]   (default: the release build)
# Bounded: every wait has a deadline, the whole run is capped by `timeout`
# in .ci/run, and the tmux session is killed on every exit path.
set -euo pipefail
cd "$(dirname "$0")/../.."

BIN=$(realpath "${1:-.build/release/tabstrip-demo}")
[ -x "$BIN" ] || { echo "e2e: no binary at $BIN (swift build -c release --product tabstrip-demo)" >&2; exit 1; }
command -v tmux >/dev/null || { echo "e2e: tmux is not installed" >&2; exit 1; }

SESSION="tabstrip-e2e-$$"
TMP=$(mktemp -d)
# A private tmux server, so nothing here touches the user's sessions.
TMUX_SOCKET="$TMP/tmux.sock"
t() { tmux -S "$TMUX_SOCKET" "$@"; }
cleanup() {
    t kill-server 2>/dev/null || true
    rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

STEP_TIMEOUT=${E2E_STEP_TIMEOUT:-15}
passed=0

fail() {
    echo "e2e FAIL: $*" >&2
    echo "--- pane:" >&2
    t capture-pane -t "$SESSION" -p >&2 || true
    exit 1
}
ok() { passed=$((passed + 1)); echo "ok - $*"; }

pane() { t capture-pane -t "$SESSION" -p; }
flag() { t display-message -p -t "$SESSION" "#{$1}"; }

# wait_for REGEX WHAT: polls the pane until a line matches (extended regex).
wait_for() {
    local deadline=$((SECONDS + STEP_TIMEOUT))
    while ((SECONDS < deadline)); do
        if pane | grep -qE -- "$1"; then return 0; fi
        sleep 0.05
    done
    fail "$2: no line matching /$1/ within ${STEP_TIMEOUT}s"
}

# wait_flag NAME VALUE WHAT: polls a tmux pane flag.
wait_flag() {
    local deadline=$((SECONDS + STEP_TIMEOUT))
    while ((SECONDS < deadline)); do
        [ "$(flag "$1")" = "$2" ] && return 0
        sleep 0.05
    done
    fail "$3: #{$1} is $(flag "$1"), expected $2"
}

# wait_file PATH WHAT
wait_file() {
    local deadline=$((SECONDS + STEP_TIMEOUT))
    while ((SECONDS < deadline)); do
        [ -s "$1" ] && return 0
        sleep 0.05
    done
    fail "$2: $1 was not written"
}

status_line() { pane | grep -E '^ [0-9,]+ of [0-9,]+ · ' | tail -n 1; }

# --- Without a terminal ----------------------------------------------------

expect_exit2() {
    local what=$1; shift
    local err rc=0
    err=$("$BIN" "$@" 2>&1 >/dev/null </dev/null) || rc=$?
    [ "$rc" = 2 ] || fail "$what: exit status $rc, expected 2"
    [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] || fail "$what: expected a one-line error, got: $err"
    case "$err" in
    *$'\e'* | *$'\r'* | *$'\a'*) fail "$what: a control character reached the terminal: $(printf '%q' "$err")" ;;
    esac
    ok "$what: exit 2, one line: $err"
}
expect_exit2 "--titles 0" --titles 0
expect_exit2 "--titles abc" --titles abc
expect_exit2 "--titles 10000001" --titles 10000001
expect_exit2 "stdout not a terminal"
expect_exit2 "too narrow for a tab" --dump --size 12x12
expect_exit2 "a larger screen than a terminal" --dump --size 10000x10000
expect_exit2 "a key script with CR LF" --dump --keys $'a\r\nb'
expect_exit2 "a key script with escape sequences" --dump --keys $'<\e[2J\e]0;title\a'

out=$("$BIN" --titles 10000000 --size 100x12 --keys "<end>" --dump)
printf '%s\n' "$out" | grep -q '^ 10,000,000 of 10,000,000 · ' || fail "10M titles headless: $out"
ok "10,000,000 titles, headless <end>"

# Page appearance steps, headless: a swipe to page 2 and back.
"$BIN" --size 100x12 --keys "] [" --events "$TMP/events.headless" --dump >/dev/null
steps=$(cut -d' ' -f2- "$TMP/events.headless" | tr '\n' ',')
[ "$steps" = "willAppear 0,didAppear 0,willDisappear 0,willAppear 1,didDisappear 0,didAppear 1,willDisappear 1,willAppear 0,didDisappear 1,didAppear 0," ] \
    || fail "--events headless: $steps"
ok "--events headless: a swipe there and back, ten steps in order"

# --- In a terminal ----------------------------------------------------------

t new-session -d -s "$SESSION" -x 100 -y 14 "env PS1='$ ' bash --norc --noprofile"
wait_for '^\$' "shell prompt"
t send-keys -t "$SESSION" "stty -a > $TMP/stty.before" Enter
wait_file "$TMP/stty.before" "stty before"

# start BINARY ARGS...: runs the demo (its pid in $TMP/pid), then prints EXIT:status.
start() {
    rm -f "$TMP/pid"
    t send-keys -t "$SESSION" "printf '\\033[H\\033[2J'; sh -c 'echo \$\$ > $TMP/pid; exec env SWIFT_BACKTRACE=interactive=no $*'; echo EXIT:\$?" Enter
    wait_file "$TMP/pid" "demo pid"
}

check_restored() {
    wait_flag alternate_on 0 "$1: alternate screen left"
    [ "$(flag cursor_flag)" = 1 ] || fail "$1: cursor hidden after exit"
    [ "$(flag mouse_any_flag)$(flag mouse_standard_flag)$(flag mouse_sgr_flag)" = 000 ] || fail "$1: mouse reporting still on"
    rm -f "$TMP/stty.after"
    t send-keys -t "$SESSION" "stty -a > $TMP/stty.after" Enter
    wait_file "$TMP/stty.after" "$1: stty after"
    # The first line holds the window size, which the resize tests change.
    diff <(tail -n +2 "$TMP/stty.before") <(tail -n +2 "$TMP/stty.after") >/dev/null \
        || fail "$1: stty differs: $(diff "$TMP/stty.before" "$TMP/stty.after")"
    grep -q ' icanon ' "$TMP/stty.after" && grep -q ' echo ' "$TMP/stty.after" || fail "$1: icanon/echo not restored"
    ok "$1: terminal restored (main screen, cursor, mouse off, stty as before)"
}

start "$BIN"
wait_for '^ 1 of 100,000 · ' "first screen"
wait_flag alternate_on 1 "alternate screen"
[ "$(flag mouse_sgr_flag)" = 1 ] || fail "SGR mouse reporting not enabled"
ok "starts on the alternate screen with SGR mouse reporting"

t send-keys -t "$SESSION" Right Right
wait_for '^ 3 of 100,000 · ' "→→ selects tab 3"
ok "→→ selects tab 3"

before=$(status_line)
t send-keys -t "$SESSION" S-Right
wait_for ' visible [1-9][0-9]*\.\.<' "Shift+→ flings the strip"
wait_for '^ 3 of 100,000 · ' "a fling keeps the selection"
ok "Shift+→ flings: $(status_line | grep -oE 'visible [0-9]+\.\.<[0-9]+')"

t send-keys -t "$SESSION" Home
wait_for '^ 1 of 100,000 · .* visible 0\.\.<' "Home jumps back"
t send-keys -t "$SESSION" b
wait_for '^ 1 of 100,000 · .*\[[0-9+]+\]' "b shows a badge"
ok "b: badge $(status_line | grep -oE '\[[0-9+]+\]')"

t send-keys -t "$SESSION" ]
wait_for '^ 2 of 100,000 · ' "] steps the pager"
wait_for 'Page 2 · ' "the page follows"
ok "] steps to page 2"

# A click on the first title (SGR mouse press at column 3, row 1).
t send-keys -t "$SESSION" -l $'\e[<0;3;1M\e[<0;3;1m'
wait_for '^ 1 of 100,000 · ' "a click selects the tab under the pointer"
ok "click selects tab 1"

# Three quick wheel notches (SGR button 65) scroll, then fling, the strip.
t send-keys -t "$SESSION" -l $'\e[<65;10;1M\e[<65;10;1M\e[<65;10;1M'
wait_for '^ 1 of 100,000 · .* visible [1-9][0-9]*\.\.<' "the wheel scrolls the strip"
ok "wheel: $(status_line | grep -oE 'visible [0-9]+\.\.<[0-9]+')"

t send-keys -t "$SESSION" g 1 2 3 4 5 Enter
wait_for '^ 12,345 of 100,000 · ' "g12345 jumps"
ok "g 12345 Enter"

t send-keys -t "$SESSION" r
wait_for ' · RTL' "r switches to right-to-left"
ok "r: right to left"

t send-keys -t "$SESSION" i
wait_for '^ 12,345 of 100,001 · ' "i inserts a tab"
t send-keys -t "$SESSION" d d
wait_for '^ 12,345 of 99,999 · ' "d deletes tabs"
ok "i/d: 100,001 then 99,999 tabs"

t resize-window -t "$SESSION" -x 70 -y 12
wait_for '^ 12,345 of 99,999 · ' "after a resize"
# The second status line (one column per character) is now cut at 70.
[ "$(flag pane_width)" = 70 ] || fail "resize: the pane is $(flag pane_width) wide"
wait_for '^ cells ' "status after the resize"
width=$(pane | grep -E '^ cells ' | tr -d '\n' | LC_ALL=C.UTF-8 wc -m)
[ "$width" = 70 ] || fail "resize: the status line is $width columns, expected 70"
wait_for "^ 12,345 of 99,999 · .*visible 12[0-9]{3}\.\.<" "the selection stays in view after the resize"
ok "SIGWINCH: redrawn at 70 columns, tab 12,345 in view"
t resize-window -t "$SESSION" -x 100 -y 14
wait_flag pane_width 100 "resize back"

t send-keys -t "$SESSION" q
wait_for '^EXIT:0$' "q quits with status 0"
check_restored "q"

start "$BIN"
wait_for '^ 1 of 100,000 · ' "second start"
t send-keys -t "$SESSION" C-c
wait_for '^EXIT:0$' "Ctrl-C quits"
check_restored "Ctrl-C"

start "$BIN"
wait_for '^ 1 of 100,000 · ' "third start"
kill -TERM "$(cat "$TMP/pid")"
wait_for '^EXIT:143$' "SIGTERM ends it as SIGTERM does"
check_restored "SIGTERM"

start "$BIN"
wait_for '^ 1 of 100,000 · ' "fourth start"
t send-keys -t "$SESSION" ]
kill -SEGV "$(cat "$TMP/pid")"
wait_for '^EXIT:139$' "SIGSEGV restores, then dies of the signal"
check_restored "SIGSEGV"

# Titles from a source (--lazy): every edit key works as with stored titles.
start "$BIN --lazy --events $TMP/events.live"
wait_for '^ 1 of 100,000 · .*▶ page 1' "--lazy start, page 1 shown"
t send-keys -t "$SESSION" Right Right
wait_for '^ 3 of 100,000 · ' "--lazy: →→ selects tab 3"
t send-keys -t "$SESSION" i
wait_for '^ 3 of 100,001 · .*inserted “' "--lazy: i inserts a tab"
t send-keys -t "$SESSION" d d
wait_for '^ 3 of 99,999 · .*deleted “' "--lazy: d deletes tabs"
ok "--lazy i/d: 100,001 then 99,999 tabs"
t send-keys -t "$SESSION" u
wait_for '^ 3 of 100,000 · .*server update: 1 removed, 2 inserted' "--lazy: u applies a server update"
ok "--lazy u: $(status_line | grep -oE 'server update: [0-9]+ removed')"
t send-keys -t "$SESSION" m
wait_for 'reorder “.*”: ← → move' "--lazy: m lifts the selected tab"
t send-keys -t "$SESSION" Right Right Right Right Right Right Enter
wait_for '^ [0-9,]+ of 100,000 · .*moved “.*” from tab 3 to ' "--lazy: Enter drops the tab"
ok "--lazy m: $(status_line | grep -oE 'from tab 3 to [0-9,]+')"
before=$(wc -l < "$TMP/events.live")
t send-keys -t "$SESSION" ]
# The swipe's four steps: the page left and the next one, in UIKit's order.
deadline=$((SECONDS + STEP_TIMEOUT))
while (($(wc -l < "$TMP/events.live") < before + 4)) && ((SECONDS < deadline)); do sleep 0.05; done
[ "$(tail -n +$((before + 1)) "$TMP/events.live" | cut -d' ' -f2 | tr '\n' ,)" = "willDisappear,willAppear,didDisappear,didAppear," ] \
    || fail "--events: the swipe's steps: $(tail -n +$((before + 1)) "$TMP/events.live" | tr '\n' ';')"
grep -qE '^[0-9]+\.[0-9]{3} didAppear [0-9]+$' "$TMP/events.live" || fail "--events: no didAppear line in $(cat "$TMP/events.live")"
[ "$(head -n 2 "$TMP/events.live" | cut -d' ' -f2- | tr '\n' ,)" = "willAppear 0,didAppear 0," ] \
    || fail "--events: the first page's steps: $(head -n 2 "$TMP/events.live")"
ok "--events in a terminal: $(wc -l < "$TMP/events.live") steps, the last: $(tail -n 1 "$TMP/events.live")"
t send-keys -t "$SESSION" q
wait_for '^EXIT:0$' "--lazy: q quits"
check_restored "--lazy"

t resize-window -t "$SESSION" -x 15 -y 14
start "$BIN"
wait_for '^EXIT:2$' "a terminal narrower than a tab"
t capture-pane -t "$SESSION" -p -J | grep -q 'tabstrip-demo: the terminal is 15 columns' || fail "narrow terminal: no one-line error"
check_restored "too narrow"

echo "e2e: all $passed checks passed"
