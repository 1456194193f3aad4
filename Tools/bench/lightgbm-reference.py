#!/usr/bin/env python3
"""The reference beside the forecaster in `Tools/bench/run backtest`: LightGBM (PyPI, test-side only), trained on the
rows the backtest exported with the same rolling origin (for each scored week, every training row whose target is
before that week's cut-off), predicting the change of free spaces from the start, scored on the very starts and
horizons the forecaster was scored on.

Its features are only what was known at the start: lot, capacity, start and target time of day, the target's day
kind (with Seoul holidays), the horizon, the value at the start and 30 and 60 minutes before, the same slot a week
earlier, the mean of the same slot on the last (up to) four days of the same kind, and today's offset from those days
at the start.

Usage: lightgbm-reference.py ROWS.csv CUTOFFS.json  ->  JSON on stdout: per horizon, the reference's MAE and the
forecaster's on the same rows, and the seconds training took."""
import json, sys, time

import lightgbm as lgb
import numpy as np
import pandas as pd

rows = pd.read_csv(sys.argv[1])
cutoffs = json.load(open(sys.argv[2]))
objective = sys.argv[3] if len(sys.argv) > 3 else "l1"

cap = rows["capacity"].astype(float)
now = rows["now"] * cap
frame = pd.DataFrame({
    "lot": pd.Categorical(rows["lot"]),
    "capacity": cap,
    "horizon": rows["horizon"],
    "start_minute": rows["start_minute"],
    "target_minute": rows["target_minute"],
    "target_kind": rows["target_kind"],
    "now": now,
    "value_30_before": now - rows["change_30"] * cap,
    "value_60_before": now - rows["change_60"] * cap,
    "week_before": rows["week_before_target"] * cap,
    "same_kind_mean": rows["same_kind_target_4"] * cap,
    "offset_today": rows["same_kind_offset_4"] * cap,
})
label = rows["actual"] - now
target_bucket = rows["start"] + rows["minutes"] // 5
training = rows["week"].isna()

parameters = dict(
    objective=objective, learning_rate=0.05, num_leaves=31, min_data_in_leaf=50, feature_fraction=0.9,
    bagging_fraction=0.8, bagging_freq=1, seed=7, num_threads=2, deterministic=True, force_row_wise=True, verbose=-1)
prediction = pd.Series(0.0, index=rows.index)
seconds = 0.0
for week, cutoff in enumerate(cutoffs):
    scored = rows["week"] == week
    if not scored.any():
        continue
    train = training & (target_bucket < cutoff)
    if train.sum() < 100:
        continue  # nothing to learn from: persistence
    started = time.time()
    model = lgb.train(parameters, lgb.Dataset(frame[train], label[train]), num_boost_round=500)
    seconds += time.time() - started
    prediction[scored] = model.predict(frame[scored])

scored = rows["week"].notna()
reference = np.clip(np.round(now + prediction), 0, cap)
out = {"objective": objective, "seconds": round(seconds, 1), "reference": {}, "forecaster": {}}
for minutes, group in rows[scored].groupby("minutes"):
    index = group.index
    out["reference"][str(minutes)] = float(np.mean(np.abs(reference[index] - rows["actual"][index])))
    out["forecaster"][str(minutes)] = float(np.mean(np.abs(rows["p50"][index] - rows["actual"][index])))
print(json.dumps(out))
