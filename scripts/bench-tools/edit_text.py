#!/usr/bin/env python3
"""Makes a few hundred changes to the text of `outline edit REF --print`, as a user reorganising
a big list would: retitles, new items, removed leaves, items ticked or unticked, neighbours
swapped. Every change keeps the text valid. Reads the text from argv[1], writes it to stdout, and
prints the number of changes to stderr."""
import re
import sys

lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
if lines and lines[-1] == "":
    lines.pop()
header = [line for line in lines if line.lstrip().startswith("#")]
items = [line for line in lines if line and not line.lstrip().startswith("#")]


def depth(line):
    return (len(line) - len(line.lstrip(" "))) // 2


changes = 0
out = []
index = 0
while index < len(items):
    line = items[index]
    following = items[index + 1] if index + 1 < len(items) else None
    is_leaf = following is None or depth(following) <= depth(line)
    if index % 100 == 50 and is_leaf:
        changes += 1  # removed: a leaf, so that no line below it loses its parent
        index += 1
        continue
    if index % 100 == 0:
        line = re.sub(r"  #(\d+)$", r" (edited)  #\1", line)
        changes += 1
    if index % 200 == 10:
        indent = " " * (2 * depth(line))
        body = line[len(indent):]
        # A done line loses its box, an open one is ticked, a plain one gets a tick; a line with
        # another keyword ([NEXT] ...) is ticked too, which replaces its keyword.
        if body.startswith("[x] "):
            body = body[4:]
        elif body.startswith("[") and "] " in body:
            body = "[x] " + body[body.index("] ") + 2:]
        else:
            body = "[x] " + body
        line = indent + body
        changes += 1
    if index % 200 == 75 and is_leaf and following is not None and depth(following) == depth(line):
        nxt = items[index + 2] if index + 2 < len(items) else None
        if nxt is None or depth(nxt) <= depth(following):
            out += [following, line]  # two leaves that are siblings, swapped
            changes += 1
            index += 2
            continue
    out.append(line)
    if index % 100 == 25 and is_leaf:  # after a leaf, so that no line below it changes parent
        out.append(" " * (2 * depth(line)) + "New item %d" % index)
        changes += 1
    index += 1
sys.stdout.write("\n".join(header + out) + "\n")
print(changes, file=sys.stderr)
