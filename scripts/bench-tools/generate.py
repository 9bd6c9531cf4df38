#!/usr/bin/env python3
"""Fills an empty outline database with N items of a realistic shape.

Fan-out about 10, depth up to 6, titles of 10 to 60 characters, about one in ten in Chinese.
One item in 50 has a tag (five tags, in turn), one in 100 a due date and another one in 100 a
scheduled date, spread over the 30 days before and after today, each of those a TODO task.
Deterministic for a given N and day (seeded), so runs compare like with like.
usage: generate.py DATABASE N
"""
import datetime
import random
import sqlite3
import sys
from collections import deque

WORDS = ("buy call write plan check book fix read send pay clean review draft order pack "
         "milk report garden invoice meeting tickets letter budget notes photos car dentist").split()
CJK = "买牛奶写报告打电话计划检查预订修理阅读发送付款清洁审核草稿订购包装花园会议"


def title(rng):
    length = rng.randint(10, 60)
    if rng.random() < 0.1:
        return "".join(rng.choice(CJK) for _ in range(max(4, length // 3)))
    words = []
    while len(" ".join(words)) < length:
        words.append(rng.choice(WORDS))
    return " ".join(words)[:length].strip().capitalize()


def main():
    path, total = sys.argv[1], int(sys.argv[2])
    rng = random.Random(total)
    db = sqlite3.connect(path)
    rows = []
    frontier = deque([(0, 0)])  # (id, depth): parents still to fill, breadth first
    next_id = 1
    while next_id <= total and frontier:
        parent, depth = frontier.popleft()
        # The root is depth 0, so items sit at depths 1 to 6.
        # 16 top-level items leave room for a million in six levels of about 10 each.
        count = 16 if depth == 0 else rng.randint(5, 15) if depth < 6 else 0
        for position in range(1, count + 1):
            if next_id > total:
                break
            rows.append((next_id, parent, position, title(rng)))
            frontier.append((next_id, depth + 1))
            next_id += 1
    db.executemany("INSERT INTO item (id, parent_id, position, title) VALUES (?, ?, ?, ?)", rows)
    # Files of schemas before attributes (the baseline build's) get the tree alone.
    columns = {row[1] for row in db.execute("PRAGMA table_info(item)")}
    if "tags" in columns:
        give_attributes(db, next_id)
    db.execute("UPDATE sqlite_sequence SET seq = (SELECT max(id) FROM item) WHERE name = 'item'")
    db.commit()
    if next_id <= total:
        raise SystemExit(f"only {next_id - 1} items fit in six levels")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


def give_attributes(db, next_id):
    """Tags and dates, as the docstring says: written by SQL, so the title index only notes them."""
    tags = ("work", "home", "errand", "calls", "later")
    db.executemany("UPDATE item SET tags = ? WHERE id = ?",
                   [(tags[(i // 50) % 5], i) for i in range(3, next_id, 50)])
    today = datetime.date.today()
    def day(i):
        return (today + datetime.timedelta(days=(i // 100) % 61 - 30)).isoformat()
    db.executemany("UPDATE item SET due = ?, state = 'TODO' WHERE id = ?", [(day(i), i) for i in range(7, next_id, 100)])
    db.executemany("UPDATE item SET scheduled = ?, state = 'TODO' WHERE id = ?",
                   [(day(i), i) for i in range(57, next_id, 100)])


if __name__ == "__main__":
    main()
