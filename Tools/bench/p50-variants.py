#!/usr/bin/env python3
"""Replays the forecaster's p50 on the rows `Tools/bench/run backtest --export DIR` keeps, with XGBoost from PyPI
(`pip install xgboost==1.7.4`, the version of Debian's libxgboost) and variants of its settings: a tool for choosing
the model's settings on the histories that may inform them (README, "Which history informed which choice"), never
on winter-holidays.csv.

The base variant is what `ForecastTraining` does: per scored week, a first model on the rows whose target is before
the held-out days (the last week, half the history while it is shorter than two weeks), its mean absolute error on
those days read every 50 trees up to 1000 and stopped 200 trees after the best, then the served model on every row
before the cut-off with as many trees as did best; labels are the change the rule misses, rows weighted by capacity,
the pseudo-Huber slope 1.5 times the median size of every training row's label (`forecaster_replay.huber_slope`). Its
MAE is close to the forecaster's own p50 column (printed beside it); where the row budget spaced the backtest's
starts further apart (the simulated history: `thin=2`), give the same thinning.

Usage: p50-variants.py EXPORTED_HISTORY_DIR "VARIANT;VARIANT;..."
A variant is comma-separated KEY=VALUE: XGBoost parameters (max_depth=6, huber_slope=0.01, eta=0.1, ...), rounds=N
(a fixed number of trees instead of the held-out choice), most=N, every=N, patience=N (the choice's limits), thin=K
(keep every K-th training start, as a row budget would), lot=1 (the lot's identity as one more feature, categorical,
as the LightGBM reference has it), bag=N (the mean of N served models, seeded 7, 8, ...), first=1 (the mean of the
served model and the first model cut at the same number of trees), median=N (the mean of the served model and N
quantile trees for the median, as `QuantileTrees` grows them, on every third row before the cut-off: mevery=K for every
K-th, mblend=W for W of the median model and 1 - W of the served one, mchoose=1 for W chosen on the held-out days as the
trees are: a median model on the first model's rows forecasts them beside it, and of W = 0, 0.25, ..., 1 the one with the
least MAE in spaces serves), prev=N (one more feature: the mean over the last N days of the lot's offset at the target's
time of day from the same time on that day's kind, `regime_features.py`), scale=1 (the chosen trees times the served
model's rows over the first model's, in steps of `every`), hchoose=1 (each horizon its own number of trees, chosen on
the held-out days read every 50 up to `most`, the served model grown to the most of them and read at each), decay=D
(rows weighted down by age, halved every D days before the cut-off, their mean weight kept), split=M (horizons up to M
minutes one model and longer ones another, each with its own held-out choice of trees), level=1 (labels the departure
from the mean of the four same-kind days at the target's time instead of from the rule, where those days are known),
kmedian=N (one more feature: the median of the lot's value at the target's time on the last N days of its kind,
`regime_features.py`), hscale=C (the slope C times the labels' median size; huber_slope=S fixes it, as 0.05 did before
it was in the labels' scale). An empty variant is the base.
Prints per variant: seconds, the trees chosen per week, and MAE per horizon (the forecaster's own in brackets)."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the bench target

import time

import numpy as np
import pandas as pd
import xgboost as xgb

import forecaster_replay
import quantile_trees
import regime_features

directory, variants = sys.argv[1], sys.argv[2].split(";")
data = forecaster_replay.load(directory)
base_weight, base_rule = data.weight, data.rule
rows, capacity, features = data.rows, data.capacity, data.features

for variant in variants:
    parameters = dict(forecaster_replay.PARAMETERS)
    limits = dict(forecaster_replay.LIMITS, rounds=0, thin=1, lot=0, bag=1, first=0, median=0,
                  mevery=3, mchoose=0, prev=0, scale=0, hchoose=0, decay=0, split=0, level=0, kmedian=0)
    blend, slope_scale = 0.5, forecaster_replay.SLOPE_SCALE
    for part in filter(None, variant.split(",")):
        key, value = part.split("=")
        if key == "mblend":
            blend = float(value)
        elif key == "hscale":
            slope_scale = float(value)
        elif key in limits:
            limits[key] = int(value)
        else:
            parameters[key] = value
    kept = (rows["start"].values // 3) % limits["thin"] == 0
    data.rule = base_rule
    if limits["level"]:  # labels the level's departure from the four same-kind days' mean at the target's time
        profile = rows["same_kind_target_4"].values - rows["now"].values
        data.rule = np.where(np.isnan(profile), base_rule, profile)
    matrix_features, types = features, None
    if limits["prev"]:
        offsets = regime_features.previous_days_offset(rows, capacity, limits["prev"])
        matrix_features = np.hstack([features, offsets[:, None]])
    if limits["kmedian"]:
        medians = regime_features.same_kind_median(rows, capacity, limits["kmedian"])
        matrix_features = np.hstack([matrix_features, medians[:, None]])
    if limits["lot"]:
        codes = pd.Categorical(rows["lot"]).codes.astype(np.float32)[:, None]  # the same code in every week
        matrix_features = np.hstack([matrix_features, codes])
        types = ["q"] * (matrix_features.shape[1] - 1) + ["c"]

    def dmatrix(mask, **kwargs):
        return xgb.DMatrix(matrix_features[mask], feature_types=types, enable_categorical=types is not None, **kwargs)
    predicted = np.full(len(rows), np.nan)
    started, chosen, blends, slopes = time.time(), [], [], []

    def median_model(mask):
        kept_rows = np.flatnonzero(mask)[::limits["mevery"]]
        booster, tables, start = quantile_trees.fit(
            matrix_features[kept_rows], data.change[kept_rows] - data.rule[kept_rows],
            data.weight[kept_rows].astype(float), 0.5, limits["median"], quantile_trees.parameters(parameters))
        return lambda mask: quantile_trees.predict(booster, tables, start, xgb.DMatrix(matrix_features[mask]))
    for week, cutoff in enumerate(data.cutoffs):
        scored = (rows["week"] == week).values
        if not scored.any():
            continue
        before, fit, held = forecaster_replay.split(data, cutoff, kept)
        if "huber_slope=" not in variant:  # the training's own, unless the variant fixes it
            parameters["huber_slope"] = forecaster_replay.huber_slope(data, before, slope_scale)
            slopes.append(round(parameters["huber_slope"], 4))
        data.weight = base_weight
        if limits["decay"]:  # older rows weigh less: halved every `decay` days before the cut-off, the same mean
            decayed = base_weight * 0.5 ** ((cutoff - data.target) / forecaster_replay.PER_DAY / limits["decay"])
            data.weight = decayed * base_weight[before].mean() / decayed[before].mean()
        first, trees = None, limits["rounds"]
        per_horizon = None
        if limits["split"]:  # horizons up to `split` minutes one model, longer ones another, each its own trees
            minutes = rows["minutes"].values
            trees_per_group = []
            for group in (minutes <= limits["split"], minutes > limits["split"]):
                _, group_trees = forecaster_replay.first_model(data, parameters, fit & group, held & group, dmatrix,
                                                               limits)
                model = forecaster_replay.train(data, parameters, before & group, dmatrix, group_trees)
                inside = scored & group
                change_group = model.predict(dmatrix(inside)) + data.rule[inside]
                predicted[inside] = np.clip(np.round(data.now[inside] + change_group * capacity[inside]), 0,
                                            capacity[inside])
                trees_per_group.append(group_trees)
            chosen.append(trees_per_group)
            continue
        if limits["hchoose"]:  # each horizon its own number of trees, read every 50 up to `most` on the held-out days
            first = forecaster_replay.train(data, parameters, fit, dmatrix, limits["most"])
            held_matrix, horizons = dmatrix(held), rows["minutes"].values
            curve = {end: first.predict(held_matrix, iteration_range=(0, end))
                     for end in range(limits["every"], limits["most"] + 1, limits["every"])}
            per_horizon = {}
            for minutes in np.unique(horizons[held]):
                inside = horizons[held] == minutes
                per_horizon[int(minutes)] = min(
                    (forecaster_replay.mae_in_spaces(data, predicted[inside], held & (horizons == minutes)), end)
                    for end, predicted in curve.items())[1]
            trees = max(per_horizon.values())
        elif not trees or limits["first"] or limits["mchoose"]:
            first, chosen_trees = forecaster_replay.first_model(data, parameters, fit, held, dmatrix, limits)
            trees = trees or chosen_trees
            if limits["scale"]:  # as many more trees as the served model has more rows, in steps of the choice's
                every = limits["every"]
                trees = int(round(trees * before.sum() / fit.sum() / every)) * every
        chosen.append(trees)
        training_matrix = dmatrix(before, label=data.change[before] - data.rule[before], weight=data.weight[before])
        scored_matrix = dmatrix(scored)
        served = [xgb.train(dict(parameters, seed=int(parameters["seed"]) + bag), training_matrix, trees)
                  for bag in range(limits["bag"])]
        change_predicted = np.mean([model.predict(scored_matrix) for model in served], axis=0)
        if per_horizon:
            chosen[-1] = per_horizon
            scored_horizons = rows["minutes"].values[scored]
            for minutes, ends in per_horizon.items():
                horizon_matrix = dmatrix(scored & (rows["minutes"].values == minutes))
                change_predicted[scored_horizons == minutes] = np.mean([
                    model.predict(horizon_matrix, iteration_range=(0, ends)) for model in served], axis=0)
        if limits["first"]:
            change_predicted = 0.5 * change_predicted + 0.5 * first.predict(scored_matrix, iteration_range=(0, trees))
        if limits["median"]:
            if limits["mchoose"]:
                served_held = first.predict(dmatrix(held), iteration_range=(0, trees))
                median_held = median_model(fit)(held)
                errors = {w: forecaster_replay.mae_in_spaces(data, (1 - w) * served_held + w * median_held, held)
                          for w in (0, 0.25, 0.5, 0.75, 1)}
                blend = min(errors, key=errors.get)
                blends.append(blend)
            change_predicted = (1 - blend) * change_predicted + blend * median_model(before)(scored)
        change_predicted = change_predicted + data.rule[scored]
        predicted[scored] = np.clip(np.round(data.now[scored] + change_predicted * capacity[scored]), 0,
                                    capacity[scored])
    scored = rows["week"].notna().values
    frame = pd.DataFrame({"minutes": rows["minutes"].values[scored],
                          "variant": np.abs(predicted[scored] - rows["actual"].values[scored]),
                          "forecaster": np.abs(rows["p50"].values[scored] - rows["actual"].values[scored])})
    maes = frame.groupby("minutes").mean()
    print(f"{variant or 'base':44s} {time.time() - started:4.0f} s  trees {chosen}  "
        + (f"blends {blends}  " if blends else "") + (f"slopes {slopes}  " if slopes else "") + "  ".join(
        f"{minutes}: {row.variant:.2f} ({row.forecaster:.2f})" for minutes, row in maes.iterrows()), flush=True)
