"""The forecaster's p50 as `ForecastTraining` trains it, replayed with XGBoost 1.7.4 from PyPI on the rows
`Tools/bench/run backtest --export DIR` keeps: shared by p50-variants.py (other settings of the p50) and
unit-variants.py (other units of the conformal band)."""
import json
import types

import numpy as np
import pandas as pd
import xgboost as xgb

# ForecastTrainer.xgboost's settings (the pseudo-Huber slope is each training's own: `huber_slope`).
PARAMETERS = dict(objective="reg:pseudohubererror", tree_method="hist", max_depth=5, eta=0.05,
                  subsample=0.8, colsample_bytree=0.9, min_child_weight=20, base_score=0, max_bin=128, nthread=2,
                  seed=7, verbosity=0, eval_metric="mae")
# The held-out choice of the number of trees: read every 50, at most 1000, stopped 200 after the best.
LIMITS = dict(most=1000, every=50, patience=200)
PER_DAY = 288
SLOPE_SCALE = 1.5  # ForecastTrainer.huberSlope(labelSize:)


def load(directory):
    """An exported history's rows with what the replay needs, as arrays (counts as shares of capacity)."""
    rows = pd.read_csv(directory + "/rows.csv")
    capacity = rows["capacity"].astype(float).values
    now = rows["now"].values * capacity
    return types.SimpleNamespace(
        rows=rows, cutoffs=json.load(open(directory + "/cutoffs.json")), capacity=capacity,
        features=rows.iloc[:, 9:].values.astype(np.float32), rule=rows["rule_change"].fillna(0).values, now=now,
        change=(rows["actual"].values - now) / capacity, target=(rows["start"] + rows["minutes"] // 5).values,
        training=rows["week"].isna().values, weight=capacity / rows.groupby("lot")["capacity"].first().mean())


def split(data, cutoff, kept):
    """A scored week's training rows before `cutoff`: (all of them, the first model's, the held-out days')."""
    before = data.training & (data.target < cutoff) & kept
    days = (cutoff - data.target[before].min()) // PER_DAY
    held_start = cutoff - min(7, days // 2) * PER_DAY
    fit = before & (data.target < held_start)
    held = data.training & (data.rows["start"].values >= held_start) & (data.target < cutoff)
    return before, fit, held


def huber_slope(data, before, scale=SLOPE_SCALE):
    """The pseudo-Huber slope of a training on the rows `before`: `scale` times their labels' median size."""
    return max(scale * float(np.median(np.abs(data.change[before] - data.rule[before]))), 0.001)


def first_model(data, parameters, fit, held, dmatrix, limits=LIMITS):
    """The first model on `fit` and the number of trees that did best on `held` (MAE in spaces)."""
    first = train(data, parameters, fit, dmatrix, limits["most"])
    held_matrix = dmatrix(held)
    best = (np.inf, 0)
    for end in range(limits["every"], limits["most"] + 1, limits["every"]):
        error = mae_in_spaces(data, first.predict(held_matrix, iteration_range=(0, end)), held)
        best = min(best, (error, end))
        if end - best[1] >= limits["patience"]:
            break
    return first, best[1]


def train(data, parameters, rows, dmatrix, trees):
    """A model of `trees` trees on the `rows` (a mask), labelled with the change the rule misses: the first model on
    the rows before the held-out days, or a served one on every row before the cut-off."""
    return xgb.train(parameters, dmatrix(rows, label=data.change[rows] - data.rule[rows], weight=data.weight[rows]),
                     trees)


def mae_in_spaces(data, predicted, mask):
    """The mean absolute error in spaces of `predicted` (the model's answers: the change the rule misses) on `mask`."""
    return np.mean(np.abs(predicted + data.rule[mask] - data.change[mask]) * data.capacity[mask])
