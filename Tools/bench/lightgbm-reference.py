#!/usr/bin/env python3
"""The reference beside the forecaster in `Tools/bench/run backtest`: LightGBM (PyPI, test-side only), trained on the
rows the backtest exported with the same rolling origin (for each scored week, every training row whose target is
before that week's cut-off), predicting the change of free spaces from the start, scored on the very starts and
horizons the forecaster was scored on.

Its features are only what was known at the start: lot, capacity, start and target time of day, the target's day
kind (with Seoul holidays), the horizon, the value at the start and 30 and 60 minutes before, the same slot a week
earlier, the mean of the same slot on the last (up to) four days of the same kind, and today's offset from those days
at the start.

Beside the median model (objective l1 by default), two quantile models (objective `quantile`, alpha 0.1 and 0.9) give
the reference's p10...p90 band, scored like the forecaster's by coverage and the interval score (Winkler: the band's
width plus 10 times how far outside it the actual value fell), on the same rows.

Usage: lightgbm-reference.py ROWS.csv CUTOFFS.json [OBJECTIVE [SEED]]  ->  JSON on stdout: per horizon, the
reference's MAE, coverage and interval score, the forecaster's on the same rows, and the seconds training took. SEED (7
by default, the backtest's) reads how much the reference's own randomness (its row and feature sampling) moves them."""
import json, sys, time

import lightgbm as lgb
import numpy as np
import pandas as pd

# LightGBM's settings for every reference model (the objective is each model's own).
PARAMETERS = dict(
    learning_rate=0.05, num_leaves=31, min_data_in_leaf=50, feature_fraction=0.9, bagging_fraction=0.8,
    bagging_freq=1, seed=7, num_threads=2, deterministic=True, force_row_wise=True, verbose=-1)


def features(rows):
    """The features of exported rows, counts in spaces: (features, free spaces at the start)."""
    cap = rows["capacity"].astype(float)
    now = rows["now"] * cap
    return pd.DataFrame({
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
    }), now


def interval_score(low, high, actual):
    """Winkler's score of a p10...p90 band, in spaces."""
    return (high - low) + 10 * np.maximum(low - actual, 0) + 10 * np.maximum(actual - high, 0)


rows = pd.read_csv(sys.argv[1])
cutoffs = json.load(open(sys.argv[2]))
objective = sys.argv[3] if len(sys.argv) > 3 else "l1"

cap = rows["capacity"].astype(float)
frame, now = features(rows)
label = rows["actual"] - now
target_bucket = rows["start"] + rows["minutes"] // 5
training = rows["week"].isna()

seed = int(sys.argv[4]) if len(sys.argv) > 4 else PARAMETERS["seed"]
parameters = dict(PARAMETERS, objective=objective, seed=seed)
predictions = {name: pd.Series(0.0, index=rows.index) for name in ("p50", "p10", "p90")}
models = {"p50": dict(parameters), "p10": dict(parameters, objective="quantile", alpha=0.1),
          "p90": dict(parameters, objective="quantile", alpha=0.9)}
seconds = {"p50": 0.0, "band": 0.0}
for week, cutoff in enumerate(cutoffs):
    scored = rows["week"] == week
    if not scored.any():
        continue
    train = training & (target_bucket < cutoff)
    if train.sum() < 100:
        continue  # nothing to learn from: persistence, and a band of nothing
    for name, model_parameters in models.items():
        started = time.time()
        model = lgb.train(model_parameters, lgb.Dataset(frame[train], label[train]), num_boost_round=500)
        seconds["p50" if name == "p50" else "band"] += time.time() - started
        predictions[name][scored] = model.predict(frame[scored])

scored = rows["week"].notna()
served = {name: np.clip(np.round(now + prediction), 0, cap) for name, prediction in predictions.items()}
# Quantile models can cross: the band is the lower and the higher of the two.
low, high = np.minimum(served["p10"], served["p90"]), np.maximum(served["p10"], served["p90"])

out = {"objective": objective, "seconds": round(seconds["p50"], 1), "band_seconds": round(seconds["band"], 1),
       "reference": {}, "forecaster": {}, "reference_coverage": {}, "reference_interval_score": {},
       "forecaster_interval_score": {}}
for minutes, group in rows[scored].groupby("minutes"):
    index = group.index
    actual = rows["actual"][index]
    key = str(minutes)
    out["reference"][key] = float(np.mean(np.abs(served["p50"][index] - actual)))
    out["forecaster"][key] = float(np.mean(np.abs(rows["p50"][index] - actual)))
    out["reference_coverage"][key] = float(np.mean((actual >= low[index]) & (actual <= high[index])))
    out["reference_interval_score"][key] = float(np.mean(interval_score(low[index], high[index], actual)))
    out["forecaster_interval_score"][key] = float(np.mean(interval_score(rows["p10"][index], rows["p90"][index], actual)))
print(json.dumps(out))
