#!/usr/bin/env python3
"""Fills the peers' data files with N items, as `generate.py` does for outline.

usage: peers.py taskwarrior DATA_DIR N    (pending.data in taskwarrior 2.6's format)
       peers.py devtodo FILE N            (devtodo's XML database)
Titles are drawn like outline's; entries are undatable-free and deterministic for a given N.
"""
import random
import sys
import uuid
from xml.sax.saxutils import escape

from generate import title


def taskwarrior(folder, total):
    rng = random.Random(total)
    with open(f"{folder}/pending.data", "w") as pending:
        for _ in range(total):
            text = title(rng).replace('"', "'")
            pending.write(f'[description:"{text}" entry:"1795000000" modified:"1795000000" '
                          f'status:"pending" uuid:"{uuid.UUID(int=rng.getrandbits(128))}"]\n')
    for name in ("completed.data", "undo.data", "backlog.data"):
        open(f"{folder}/{name}", "w").close()


def devtodo(path, total):
    rng = random.Random(total)
    with open(path, "w") as database:
        database.write('<?xml version="1.0"?>\n<todo version="0.1.20">\n')
        for _ in range(total):
            database.write(f'    <note priority="medium" time="1795000000">\n        {escape(title(rng))}\n    </note>\n')
        database.write("</todo>\n")


if __name__ == "__main__":
    kind, where, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    {"taskwarrior": taskwarrior, "devtodo": devtodo}[kind](where, count)
