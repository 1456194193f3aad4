#!/usr/bin/env python3
"""Replays the forecaster's p50 on the rows `Tools/bench/run backtest --export DIR` keeps, with XGBoost from PyPI
(`pip install xgboost==1.7.4`, the version of Debian's libxgboost) and variants of its settings: a tool for choosing
the model's settings on the histories that may inform them (README, "Which history informed which choice"), never
on winter-holidays.csv.

The base variant is what `ForecastTraining` does: per scored week, a first model on the rows whose target is before
the held-out days (the last week, half the history while it is shorter than two weeks), its mean absolute error on
those days read every 50 trees up to 1000 and stopped 200 trees after the best, then the served model on every row
before the cut-off with as many trees as did best; labels are the change the rule misses, rows weighted by capacity.
Its MAE is close to the forecaster's own p50 column (printed beside it); where the row budget spaced the backtest's
starts further apart (the simulated history: `thin=2`), give the same thinning.

Usage: p50-variants.py EXPORTED_HISTORY_DIR "VARIANT;VARIANT;..."
A variant is comma-separated KEY=VALUE: XGBoost parameters (max_depth=6, huber_slope=0.01, eta=0.1, ...), rounds=N
(a fixed number of trees instead of the held-out choice), most=N, every=N, patience=N (the choice's limits), thin=K
(keep every K-th training start, as a row budget would), lot=1 (the lot's identity as one more feature, categorical,
as the LightGBM reference has it). An empty variant is the base.
Prints per variant: seconds, the trees chosen per week, and MAE per horizon (the forecaster's own in brackets)."""
import json
import sys
import time

import numpy as np
import pandas as pd
import xgboost as xgb

directory, variants = sys.argv[1], sys.argv[2].split(";")
rows = pd.read_csv(directory + "/rows.csv")
cutoffs = json.load(open(directory + "/cutoffs.json"))
capacity = rows["capacity"].astype(float).values
features = rows.iloc[:, 9:].values.astype(np.float32)
rule = rows["rule_change"].fillna(0).values
now = rows["now"].values * capacity
change = (rows["actual"].values - now) / capacity
target = (rows["start"] + rows["minutes"] // 5).values
training = rows["week"].isna().values
weight = capacity / rows.groupby("lot")["capacity"].first().mean()
base = dict(objective="reg:pseudohubererror", huber_slope=0.05, tree_method="hist", max_depth=5, eta=0.05,
            subsample=0.8, colsample_bytree=0.9, min_child_weight=20, base_score=0, max_bin=128, nthread=2, seed=7,
            verbosity=0, eval_metric="mae")
per_day = 288

for variant in variants:
    parameters, limits = dict(base), dict(rounds=0, most=1000, every=50, patience=200, thin=1, lot=0)
    for part in filter(None, variant.split(",")):
        key, value = part.split("=")
        if key in limits:
            limits[key] = int(value)
        else:
            parameters[key] = value
    kept = (rows["start"].values // 3) % limits["thin"] == 0
    matrix_features, types = features, None
    if limits["lot"]:
        codes = pd.Categorical(rows["lot"]).codes.astype(np.float32)[:, None]  # the same code in every week
        matrix_features = np.hstack([features, codes])
        types = ["q"] * features.shape[1] + ["c"]

    def dmatrix(mask, **kwargs):
        return xgb.DMatrix(matrix_features[mask], feature_types=types, enable_categorical=types is not None, **kwargs)
    predicted = np.full(len(rows), np.nan)
    started, chosen = time.time(), []
    for week, cutoff in enumerate(cutoffs):
        scored = (rows["week"] == week).values
        if not scored.any():
            continue
        before = training & (target < cutoff) & kept
        trees = limits["rounds"]
        if not trees:
            days = (cutoff - target[before].min()) // per_day
            held_start = cutoff - min(7, days // 2) * per_day
            fit = before & (target < held_start)
            held = training & (rows["start"].values >= held_start) & (target < cutoff)
            first = xgb.train(parameters, dmatrix(fit, label=change[fit] - rule[fit], weight=weight[fit]),
                              limits["most"])
            held_matrix = dmatrix(held)
            best = (np.inf, 0)
            for end in range(limits["every"], limits["most"] + 1, limits["every"]):
                error = np.mean(np.abs(first.predict(held_matrix, iteration_range=(0, end)) + rule[held] - change[held])
                                * capacity[held])
                best = min(best, (error, end))
                if end - best[1] >= limits["patience"]:
                    break
            trees = best[1]
        chosen.append(trees)
        model = xgb.train(parameters, dmatrix(before, label=change[before] - rule[before], weight=weight[before]), trees)
        change_predicted = model.predict(dmatrix(scored)) + rule[scored]
        predicted[scored] = np.clip(np.round(now[scored] + change_predicted * capacity[scored]), 0, capacity[scored])
    scored = rows["week"].notna().values
    frame = pd.DataFrame({"minutes": rows["minutes"].values[scored],
                          "variant": np.abs(predicted[scored] - rows["actual"].values[scored]),
                          "forecaster": np.abs(rows["p50"].values[scored] - rows["actual"].values[scored])})
    maes = frame.groupby("minutes").mean()
    print(f"{variant or 'base':44s} {time.time() - started:4.0f} s  trees {chosen}  " + "  ".join(
        f"{minutes}: {row.variant:.2f} ({row.forecaster:.2f})" for minutes, row in maes.iterrows()), flush=True)
