#!/usr/bin/env python3
"""Copies the backtest's tables into Docs/forecasting.md, so that each history's block there is the bench's own output.

Usage: forecasting-tables.py [--check] LOG [LOG ...]
A LOG is what `Tools/bench/run backtest` printed (one run of every history, or runs of some of them; a later log's
table for a history replaces an earlier one's). Each history's block is the fenced block whose preceding
paragraph names it (the recorded CSV's file name, or "Simulated history" for the simulated one); it gets the table without
its title and without the `model:` and `reference:` lines, whose training times vary from run to run.
With --check nothing is written, and the exit status is 1 when a block differs. A log's history that the doc has
no block for, or a block no log has a table for, is named on stderr."""
import re
import sys

SIMULATED = "simulated history"
RECORDED = re.compile(r"recorded history (\S+)")
DOC = "Docs/forecasting.md"


def tables(paths):
    """{history: the table's lines as the doc shows them}, the history being the CSV's file name or SIMULATED."""
    found = {}
    for path in paths:
        history, lines = None, []
        for line in open(path, encoding="utf-8").read().splitlines() + [""]:
            if line.startswith(SIMULATED) or RECORDED.match(line):
                history = SIMULATED if line.startswith(SIMULATED) else RECORDED.match(line).group(1).rsplit("/", 1)[-1]
                lines = []
            elif history and not line.strip():
                found[history] = lines
                history = None
            elif history and not line.startswith(("model: ", "reference: ")):
                lines.append(line)
    return found


def blocks(text):
    """(history, start, end) of each block that follows a paragraph naming a history; start and end are the
    offsets of the block's contents between its fences."""
    result, previous_end = [], 0
    for match in re.finditer(r"^```[^\n]*\n(.*?)^```$", text, re.S | re.M):
        before = text[previous_end:match.start()]
        previous_end = match.end()
        named = re.findall(r"`([\w-]+\.csv)`", before)
        if named:
            result.append((named[-1], match.start(1), match.end(1)))
        elif "Simulated history" in before:
            result.append((SIMULATED, match.start(1), match.end(1)))
    return result


def main(arguments):
    check = arguments[:1] == ["--check"]
    logs = arguments[1:] if check else arguments
    if not logs:
        sys.exit(__doc__)
    found = tables(logs)
    text = open(DOC, encoding="utf-8").read()
    placed, differs = set(), []
    for history, start, end in reversed(blocks(text)):
        if history not in found:
            print(f"no table in the logs for the block of {history}", file=sys.stderr)
            continue
        placed.add(history)
        new = "\n".join(found[history]) + "\n"
        if text[start:end] != new:
            differs.append(history)
            text = text[:start] + new + text[end:]
    for history in found.keys() - placed:
        print(f"Docs/forecasting.md has no block for {history}", file=sys.stderr)
    for history in reversed(differs):
        print(f"{'differs' if check else 'updated'}: {history}")
    if check:
        sys.exit(1 if differs else 0)
    open(DOC, "w", encoding="utf-8").write(text)


main(sys.argv[1:])
