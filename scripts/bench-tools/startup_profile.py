#!/usr/bin/env python3
"""Counts the instructions of one run of a command, by part of the program, with callgrind.

usage: startup_profile.py NAME OUT.json BINARY ARGS...
Adds {NAME: {part: instructions}} to OUT.json (created if missing). Instruction counts are the
same on every run, where times on this shared machine are not, so they show where a start-up
goes. valgrind cannot read the binary's DWARF 5, so it profiles a copy stripped of debug
sections; the symbol table stays.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

name, out, binary, arguments = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]

# The parts, by the inclusive count of the function that does each (a regular expression on
# callgrind_annotate's line); "total" is the whole run.
PARTS = {
    "dynamic loader": r"\./elf/\./elf/rtld\.c:_dl_start ",
    "argument parsing (swift-argument-parser)": r"\$s14ArgumentParser15ParsableCommandPAAE11parseAsRootyAaB_pSaySSGSgKFZ ",
    "conformance look-ups (anywhere)": r"swift_conformsToProtocolMaybeInstantiateSuperclasses\(swift::TargetMetadata<swift::InProcess> const\*, swift::TargetProtocolDescriptor<swift::InProcess> const\*, bool\) ",
    "SQL statements prepared": r"\?\?\?:sqlite3LockAndPrepare \[",
}

with tempfile.TemporaryDirectory() as scratch:
    copy = os.path.join(scratch, os.path.basename(binary))
    shutil.copy(binary, copy)
    subprocess.run(["strip", "--strip-debug", copy], check=True)
    profile = os.path.join(scratch, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={profile}", copy] + arguments,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    annotated = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", profile],
                               check=True, capture_output=True, text=True).stdout

counts = {}
for line in annotated.splitlines():
    match = re.match(r"\s*([\d,]+) ", line)
    if not match:
        continue
    value = int(match.group(1).replace(",", ""))
    if "PROGRAM TOTALS" in line:
        counts["total"] = value
    for part, pattern in PARTS.items():
        if re.search(pattern, line):
            counts[part] = counts.get(part, 0) + value
profiles = json.load(open(out)) if os.path.exists(out) else {}
profiles[name] = counts
json.dump(profiles, open(out, "w"), indent=1)
