#!/usr/bin/env python3
"""Measures `outline tui` through a pseudo-terminal: how long it takes to draw its first full
screen, and how long a key takes to change the screen.

Opening: spawns the outliner on a pseudo-terminal of ROWS by 100 and times it from the spawn to
the end of its first frame (the write that draws the bottom line), then quits it with q.
Alternated, run for run, with `outline ls --depth 1 --tsv` (the top-level items, with the count of
what each hides, which reads the whole outline) and `outline ls PARENT --tsv` (one parent's
children: a command's fixed cost and one list), each run to its exit, so that all see the same
machine.

Keys: in one outliner, presses each key (j: the cursor moves; h then l: a fold and an unfold;
x: done and open again, each a write and a step of the history) and times it from the write of
the key to the end of the frame it causes.
usage: tui_latency.py OUTLINE DATABASE PARENT RUNS KEY_RUNS [ROWS]
Live: another process adds an item at the top, and the time from that command's exit to the
frame that shows it is taken (the adds are undone afterwards).
Prints JSON: {"open_ms": [...], "ls_top_ms": [...], "ls_parent_ms": [...], "keys_ms": {"j": [...], ...},
"live_ms": [...]}
"""
import json
import os
import pty
import select
import sqlite3
import struct
import subprocess
import sys
import termios
import fcntl
import time

COLUMNS = 100


def spawn(outline, database, rows):
    """The outliner on a new pseudo-terminal: (process, the terminal's other end)."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", rows, COLUMNS, 0, 0))
    env = dict(os.environ, TERM="xterm-256color")
    env.pop("NO_COLOR", None)
    process = subprocess.Popen([outline, "tui", "--db", database], stdin=follower, stdout=follower,
                               stderr=follower, env=env, start_new_session=True,
                               preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
    os.close(follower)
    return process, leader


def read_frame(leader, end_marker, timeout=30.0):
    """Reads until a write that holds `end_marker` has ended: the frame is drawn. Returns the time."""
    seen = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], deadline - time.monotonic())
        if not ready:
            break
        chunk = os.read(leader, 65536)
        if not chunk:
            break
        seen += chunk
        marker = seen.rfind(end_marker)
        # A frame ends with its last line's erase-to-end; the marker's line is the last drawn.
        if marker >= 0 and seen.find(b"\x1b[K", marker) >= 0:
            return time.monotonic()
    raise SystemExit(f"no frame within {timeout} s; the screen so far: {seen[-400:]!r}")


def drain(leader):
    """Reads whatever is left of the last write."""
    while select.select([leader], [], [], 0.01)[0]:
        if not os.read(leader, 65536):
            return


def quit_outliner(process, leader):
    os.write(leader, b"q")
    process.wait(timeout=30)
    os.close(leader)


def main():
    outline, database, parent = sys.argv[1], sys.argv[2], sys.argv[3]
    runs, key_runs = int(sys.argv[4]), int(sys.argv[5])
    rows = int(sys.argv[6]) if len(sys.argv) > 6 else 40
    bottom = f"\x1b[{rows};1H".encode()
    open_ms, ls_ms, parent_ms = [], [], []
    for _ in range(runs):
        start = time.monotonic()
        process, leader = spawn(outline, database, rows)
        drawn = read_frame(leader, bottom)
        open_ms.append((drawn - start) * 1000)
        quit_outliner(process, leader)
        start = time.monotonic()
        subprocess.run([outline, "ls", "--depth", "1", "--tsv", "--db", database], stdout=subprocess.DEVNULL,
                       check=True)
        ls_ms.append((time.monotonic() - start) * 1000)
        start = time.monotonic()
        subprocess.run([outline, "ls", parent, "--tsv", "--db", database], stdout=subprocess.DEVNULL, check=True)
        parent_ms.append((time.monotonic() - start) * 1000)

    process, leader = spawn(outline, database, rows)
    read_frame(leader, bottom)
    drain(leader)
    keys_ms = {}
    # Each key's frame ends with the bottom line (the message) or the cursor's new row; the
    # cursor hide that starts every frame comes first, so the end is the erase after it.
    for name, presses in (("j", [b"j"]), ("fold h, unfold l", [b"h", b"l"]), ("x", [b"x"])):
        times = []
        for _ in range(key_runs):
            for key in presses:
                start = time.monotonic()
                os.write(leader, key)
                drawn = read_frame(leader, b"\x1b[?25l")
                times.append((drawn - start) * 1000)
                drain(leader)
        keys_ms[name] = times
    # Another process's change: from the exit of `outline add` (its commit done) to the frame that
    # shows it, marked. The cursor goes to the first row, and the item becomes its first child,
    # on the next line of the screen.
    live_ms = []
    os.write(leader, b"g")
    read_frame(leader, b"\x1b[?25l")
    drain(leader)
    with sqlite3.connect(database) as db:
        first = db.execute("SELECT id FROM item WHERE parent_id = 0 ORDER BY position LIMIT 1").fetchone()[0]
    for index in range(key_runs // 3):
        subprocess.run([outline, "add", f"Live {index}", "--under", str(first), "--at", "1", "--db", database],
                       stdout=subprocess.DEVNULL, check=True)
        committed = time.monotonic()
        drawn = read_frame(leader, f"Live {index}".encode())
        live_ms.append((drawn - committed) * 1000)
        drain(leader)
    quit_outliner(process, leader)
    for index in range(key_runs // 3):
        subprocess.run([outline, "undo", "--db", database], stdout=subprocess.DEVNULL, check=True)
    json.dump({"open_ms": open_ms, "ls_top_ms": ls_ms, "ls_parent_ms": parent_ms, "keys_ms": keys_ms,
               "live_ms": live_ms}, sys.stdout)


if __name__ == "__main__":
    main()
