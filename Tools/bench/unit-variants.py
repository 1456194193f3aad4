#!/usr/bin/env python3
"""Replays the conformal band's unit on the rows `Tools/bench/run backtest --export DIR` keeps: the spread model of
the first model's absolute errors, as `ForecastTraining` has it, against other units, with XGBoost 1.7.4 from PyPI. A
tool for choosing the bands' design on the histories that may inform it (README, "Which history informed which
choice"), never on winter-holidays.csv.

Per scored week, as `ForecastTraining`: the first model with the trees the held-out days choose
(forecaster_replay.py), its misses on every third of its own rows, a spread model of them (100 trees of depth 4,
squared error, at least 0.2% of capacity), and the held-out days' errors in that unit give the 10th and 90th
percentiles per horizon and time of day (the horizon's when a time of day has fewer than 200; day kinds are pooled,
and the served step's fit to 80% on the held-out days is left out: both variants are replayed alike). The band is
then drawn around the served p50 of the export and goes through the day-by-day step (band_step.py).

Usage: unit-variants.py EXPORTED_HISTORY_DIR [THIN]   (THIN=2 for the simulated history, as the row budget spaces it)
Variants, each printed per horizon with the served band's score in brackets:
  one   the forecaster's unit: a spread model of the absolute misses, both sides of the band in it
  two   one unit per side: a spread model of the misses above the first model (max(miss, 0)) for p90, one of
        those below it for p10"""
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the bench target


import numpy as np
import pandas as pd
import xgboost as xgb

import band_step
import forecaster_replay

directory, thin = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1
data = forecaster_replay.load(directory)
rows = data.rows
minutes = rows["minutes"].values
block = band_step.block(rows["target_minute"].values)
spread_parameters = {key: value for key, value in forecaster_replay.PARAMETERS.items()
                     if key not in ("objective", "huber_slope", "max_depth", "eval_metric")}
spread_parameters.update(objective="reg:squarederror", max_depth=4)
kept = (rows["start"].values // 3) % thin == 0
bands = {name: (np.full(len(rows), np.nan), np.full(len(rows), np.nan)) for name in ("one", "two")}


def dmatrix(mask, **kwargs):
    return xgb.DMatrix(data.features[mask], **kwargs)


for week, cutoff in enumerate(data.cutoffs):
    scored = (rows["week"] == week).values
    if not scored.any():
        continue
    before, fit, held = forecaster_replay.split(data, cutoff, kept)
    parameters = dict(forecaster_replay.PARAMETERS, huber_slope=forecaster_replay.huber_slope(data, before))
    first, trees = forecaster_replay.first_model(data, parameters, fit, held, dmatrix)
    third = np.zeros(len(rows), bool)
    third[np.flatnonzero(fit)[::3]] = True
    misses = data.change[third] - data.rule[third] - first.predict(dmatrix(third), iteration_range=(0, trees))

    def spread(label):
        model = xgb.train(spread_parameters, dmatrix(third, label=label, weight=data.weight[third]), 100)
        return lambda mask: np.maximum(model.predict(dmatrix(mask)), 0.002)
    absolute, above, below = spread(np.abs(misses)), spread(np.maximum(misses, 0)), spread(np.maximum(-misses, 0))
    errors = data.change[held] - data.rule[held] - first.predict(dmatrix(held), iteration_range=(0, trees))
    units = {"one": (absolute, absolute), "two": (below, above)}
    for name, (low_unit, high_unit) in units.items():
        held_low, held_high = low_unit(held), high_unit(held)
        scored_low, scored_high = low_unit(scored), high_unit(scored)
        low, high = np.zeros(scored.sum()), np.zeros(scored.sum())
        for horizon in np.unique(minutes[scored]):
            for time_of_day in range(4):
                key = (minutes[held] == horizon) & (block[held] == time_of_day)
                if key.sum() < 200:
                    key = minutes[held] == horizon
                rows_of_key = (minutes[scored] == horizon) & (block[scored] == time_of_day)
                low[rows_of_key] = np.quantile(errors[key] / held_low[key], 0.1) * scored_low[rows_of_key]
                high[rows_of_key] = np.quantile(errors[key] / held_high[key], 0.9) * scored_high[rows_of_key]
        p50, capacity = rows["p50"].values[scored], data.capacity[scored]
        bands[name][0][scored] = p50 + np.minimum(low * capacity, -0.5)
        bands[name][1][scored] = p50 + np.maximum(high * capacity, 0.5)
    print(f"week {week}: {trees} trees", file=sys.stderr, flush=True)

frame = band_step.scored_rows(directory)
for name, (low, high) in bands.items():
    line = []
    for _, horizon in frame.groupby("minutes"):
        line.append(band_step.line(horizon, *band_step.stepped(
            horizon, pd.Series(low[horizon.index], index=horizon.index),
            pd.Series(high[horizon.index], index=horizon.index))))
    print(f"{name:5s} " + "  ".join(line), flush=True)
