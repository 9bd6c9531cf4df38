#!/usr/bin/env python3
"""Measures how fast `outline watch --json` reports a change, and what it costs when idle.

Starts a watcher, then N times runs `outline add` and times the arrival of its report line:
from the start of the add, and from the add's exit (after its commit). Then leaves the watcher
idle and reads its CPU time from /proc.
usage: watch_latency.py OUTLINE DATABASE RUNS IDLE_SECONDS
Prints JSON: {"from_start_ms": [...], "from_exit_ms": [...], "idle_cpu_ms": x, "idle_seconds": s}
"""
import json
import os
import subprocess
import sys
import threading
import time


def cpu_ms(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])  # utime + stime
    return ticks * 1000.0 / os.sysconf("SC_CLK_TCK")


def main():
    outline, database, runs, idle = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
    watch = subprocess.Popen([outline, "watch", "--json", "--db", database],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    watch.stderr.readline()  # "watching ...": following from here on
    arrivals = []
    arrived = threading.Event()

    def read_lines():
        for _ in watch.stdout:
            arrivals.append(time.monotonic())
            arrived.set()

    threading.Thread(target=read_lines, daemon=True).start()
    from_start, from_exit = [], []
    for index in range(runs):
        arrived.clear()
        started = time.monotonic()
        subprocess.run([outline, "add", f"latency probe {index}", "--db", database],
                       check=True, stdout=subprocess.DEVNULL)
        exited = time.monotonic()
        if not arrived.wait(5):
            raise SystemExit("watch reported nothing within 5 s")
        from_start.append((arrivals[-1] - started) * 1000)
        from_exit.append((arrivals[-1] - exited) * 1000)
        time.sleep(0.05)
    before = cpu_ms(watch.pid)
    time.sleep(idle)
    idle_cpu = cpu_ms(watch.pid) - before
    watch.terminate()
    watch.wait()
    print(json.dumps({"from_start_ms": from_start, "from_exit_ms": from_exit,
                      "idle_cpu_ms": idle_cpu, "idle_seconds": idle}))


if __name__ == "__main__":
    main()
