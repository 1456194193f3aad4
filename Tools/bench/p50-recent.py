#!/usr/bin/env python3
"""Replays the served p50 moved by its own recent errors, on the scored rows `Tools/bench/run backtest --export DIR`
keeps: would a p50 that learns from what it served, as the band does (`RecentErrors`), follow a change of regime
(a lot closing, a counter stuck) better than the model alone? A tool for the histories that may inform choices
(README, "Which history informed which choice"), never winter-holidays.csv.

Usage: p50-recent.py EXPORTED_HISTORY_DIR "VARIANT;VARIANT;..."
A variant is comma-separated KEY=VALUE: days=D (the window: the last D local days, default 7), prior=N (a group's
correction weighs n / (n + N) for its n errors, default 200, as the band's keys do), by=COLUMNS (the groups, joined
by +, from lot, block and target_kind; default lot). Per horizon and group, the correction is the count-weighted
mean of the window's daily medians of the served p50's errors (shares of capacity), the moved p50 kept within 0 and
the capacity. Prints per variant the MAE per horizon, the served p50's in brackets, and the change."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the bench target

import numpy as np
import pandas as pd

import band_step

directory, variants = sys.argv[1], sys.argv[2].split(";")
scored = band_step.scored_rows(directory)


def correction(frame, days, prior, by):
    """Each row's correction (a share of capacity) from the window before its day."""
    daily = frame.groupby(["day"] + by)["error"].agg(median="median", n="count").reset_index()
    moved = pd.Series(0.0, index=frame.index)
    for day, today in frame.groupby("day"):
        window = daily[(daily["day"] < day) & (daily["day"] >= day - days)].copy()
        if window.empty:
            continue
        window["weighted"] = window["median"] * window["n"]
        sums = window.groupby(by)[["weighted", "n"]].sum()
        shift = sums["weighted"] / (sums["n"] + prior)  # the mean, weighing n / (n + prior)
        keys = pd.MultiIndex.from_frame(today[by]) if len(by) > 1 else pd.Index(today[by[0]])
        moved[today.index] = shift.reindex(keys).fillna(0).values
    return moved


for variant in variants:
    options = dict(part.split("=") for part in filter(None, variant.split(",")))
    days, prior = int(options.get("days", 7)), float(options.get("prior", 200))
    by = options.get("by", "lot").split("+")
    line = []
    for minutes, frame in scored.groupby("minutes"):
        p50 = (frame["p50"] + correction(frame, days, prior, by) * frame["capacity"]).clip(0, frame["capacity"])
        served, moved = (frame["actual"] - frame["p50"]).abs().mean(), (frame["actual"] - p50).abs().mean()
        line.append(f"{minutes}: {moved:.2f} ({served:.2f}) {100 * (moved / served - 1):+.1f}%")
    print(f"{variant or 'days=7':28s} " + "  ".join(line), flush=True)
