#!/usr/bin/env python3
"""Replays other p10...p90 bands on the scored rows `Tools/bench/run backtest --export DIR` keeps, beside the
forecaster's own: a tool for choosing the bands' design on the histories that may inform it (README, "Which history
informed which choice"), never on winter-holidays.csv. The p50 is the forecaster's own in every variant.

Every variant's band goes through the same day-by-day step as `BandCalibration` (band_step.py), on top of the served
band, which has had that step already: `aci`
alone shows what the second pass itself does, and a variant is judged against it and against the served band.

Usage: band-variants.py EXPORTED_HISTORY_DIR "VARIANT;VARIANT;..."
A variant is comma-separated KEY or KEY=VALUE:
  aci          the served band through the step once more
  sides=1      the same, or with another band, through a step per side instead: a factor on each side's distance
               from p50, moved by that side's share missed minus 10%
  bins=N       the step per width class instead (N classes by the band's width as a share of capacity, their
               bounds the quantiles of the last 28 days' widths): do narrow bands miss more than wide ones?
  rolling=D    a band from what was served: per horizon, time of day and day kind, the count-weighted mean of the
               last D days' 10th and 90th percentiles of the served p50's errors (shares of capacity), a kind's own
               shrunk toward every kind's by n / (n + 200), as `ConformalBands` does
  lot=1        with rolling: each lot's band moved by its own departure (the 10th and 90th percentiles of its errors
               in those D days less every lot's), weighing n / (n + 200)
  lightgbm=1   LightGBM's quantile band (alpha 0.1 and 0.9, as Tools/bench/lightgbm-reference.py trains it; kept in
               DIR/lightgbm-band.csv until the rows are exported again)
  xgbquantile=N  the band of N quantile trees of XGBoost 1.7.4 (PyPI) on the forecaster's own features and labels,
               as `QuantileTrees` grows them: each tree on the pinball loss's gradient, its leaves then set to the
               weighted quantile of what their rows still miss; per scored week on every row before its cut-off
               (kept in DIR/xgboost-quantile-band-N-K.csv until the rows are exported again)
  every=K      with xgbquantile: every K-th of those rows only
  blend=W      with rolling, lightgbm or xgbquantile: W of that band and 1 - W of the served one (default 1: that band
               alone)
An empty variant is the served band as it is. Prints per variant the interval score per horizon (the served band's in
brackets) and the coverage; every variant is scored on the same rows (where a band has no record yet, the served one
stands in)."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the bench target

import json
import os

import numpy as np
import pandas as pd

import band_step
import quantile_trees
import reference_features

directory, variants = sys.argv[1], sys.argv[2].split(";")
scored = band_step.scored_rows(directory)
least = band_step.LEAST


def width_classes(frame, count):
    relative = (frame["p90"] - frame["p10"]) / frame["capacity"]
    classes, seen = pd.Series(0, index=frame.index), []
    for _, day in frame.groupby("day", sort=True):
        if seen:
            bounds = np.quantile(np.concatenate(seen[-28:]), np.arange(1, count) / count)
            classes[day.index] = np.searchsorted(bounds, relative[day.index], side="right")
        seen.append(relative[day.index].values)
    return classes


def rolling_band(frame, days, by_lot=False):
    """p10 and p90 from the last `days` days' served errors (NaN where there were too few)."""
    daily = frame.groupby(["day", "target_kind", "block"])["error"].agg(
        low=lambda e: e.quantile(0.1), high=lambda e: e.quantile(0.9), n="count").reset_index()
    low, high = pd.Series(np.nan, index=frame.index), pd.Series(np.nan, index=frame.index)

    def mean(records):
        return np.array([np.average(records["low"], weights=records["n"]),
                         np.average(records["high"], weights=records["n"])])
    for day, today in frame.groupby("day"):
        past = daily[(daily["day"] < day) & (daily["day"] >= day - days) & (daily["n"] >= least)]
        if past["n"].sum() < 200:
            continue
        for (kind, block), group in today.groupby(["target_kind", "block"]):
            same_time = past[past["block"] == block]
            pooled = mean(same_time if same_time["n"].sum() >= 200 else past)
            own = same_time[same_time["target_kind"] == kind]
            quantiles = pooled
            if len(own):
                weight = own["n"].sum() / (own["n"].sum() + 200)
                quantiles = pooled + weight * (mean(own) - pooled)
            low[group.index] = group["p50"] + quantiles[0] * group["capacity"]
            high[group.index] = group["p50"] + quantiles[1] * group["capacity"]
        if by_lot:  # each lot's departure: its window's percentiles less every lot's, weighing n / (n + 200)
            window = frame[(frame["day"] < day) & (frame["day"] >= day - days)]
            every = np.array([window["error"].quantile(0.1), window["error"].quantile(0.9)])
            for lot, group in today.groupby("lot"):
                own = window.loc[window["lot"] == lot, "error"]
                if len(own):
                    departure = len(own) / (len(own) + 200) * (np.array([own.quantile(0.1), own.quantile(0.9)]) - every)
                    low[group.index] += departure[0] * group["capacity"]
                    high[group.index] += departure[1] * group["capacity"]
    return low, high


def lightgbm_band():
    """LightGBM's p10 and p90 for every scored row, trained as the reference trains them (cached until the rows are
    exported again: a new export may order them otherwise)."""
    path = directory + "/lightgbm-band.csv"
    if not os.path.exists(path) or os.path.getmtime(path) < os.path.getmtime(directory + "/rows.csv"):
        import lightgbm as lgb
        everything = pd.read_csv(directory + "/rows.csv")
        cutoffs = json.load(open(directory + "/cutoffs.json"))
        capacity = everything["capacity"].astype(float)
        frame, now = reference_features.frame(everything)
        label = everything["actual"] - now
        target_bucket = everything["start"] + everything["minutes"] // 5
        training = everything["week"].isna()
        parameters = dict(reference_features.PARAMETERS, objective="quantile")
        band = pd.DataFrame({"low": np.nan, "high": np.nan}, index=everything.index)
        for week, cutoff in enumerate(cutoffs):
            week_rows = everything["week"] == week
            train = training & (target_bucket < cutoff)
            if not week_rows.any() or train.sum() < 100:
                continue
            for name, alpha in (("low", 0.1), ("high", 0.9)):
                model = lgb.train(dict(parameters, alpha=alpha), lgb.Dataset(frame[train], label[train]), 500)
                band.loc[week_rows, name] = now[week_rows] + model.predict(frame[week_rows])
        band = band[everything["week"].notna()]
        band.clip(lower=0, upper=capacity[band.index], axis=0).to_csv(path, index_label="row")
    band = pd.read_csv(path, index_col="row")
    return band["low"].reindex(scored.index), band["high"].reindex(scored.index)


def xgboost_quantile_band(rounds, every):
    """The p10 and p90 of XGBoost quantile trees (quantile_trees.fit) on the forecaster's own features and rows, per
    scored week trained on every row before its cut-off (cached like the LightGBM band)."""
    path = f"{directory}/xgboost-quantile-band-{rounds}-{every}.csv"
    if not os.path.exists(path) or os.path.getmtime(path) < os.path.getmtime(directory + "/rows.csv"):
        import xgboost as xgb
        import forecaster_replay
        data = forecaster_replay.load(directory)
        parameters = quantile_trees.parameters(forecaster_replay.PARAMETERS)
        label = data.change - data.rule
        band = pd.DataFrame({"low": np.nan, "high": np.nan}, index=data.rows.index)
        for week, cutoff in enumerate(data.cutoffs):
            week_rows = (data.rows["week"] == week).values
            train = data.training & (data.target < cutoff)
            kept = np.flatnonzero(train)[::every]  # every `every`-th row, as the spread model's
            train[:] = False
            train[kept] = True
            if not week_rows.any() or train.sum() < 100:
                continue
            scored_matrix = xgb.DMatrix(data.features[week_rows])
            for name, alpha in (("low", 0.1), ("high", 0.9)):
                booster, tables, start = quantile_trees.fit(
                    data.features[train], label[train], data.weight[train].astype(float), alpha, rounds, parameters)
                change = quantile_trees.predict(booster, tables, start, scored_matrix)
                band.loc[week_rows, name] = data.now[week_rows] + (change + data.rule[week_rows]) * data.capacity[
                    week_rows]
        band = band[data.rows["week"].notna()]
        band.clip(lower=0, upper=pd.Series(data.capacity)[band.index], axis=0).to_csv(path, index_label="row")
    band = pd.read_csv(path, index_col="row")
    return band["low"].reindex(scored.index), band["high"].reindex(scored.index)


for variant in variants:
    options = dict(part.split("=") if "=" in part else (part, "1") for part in filter(None, variant.split(",")))
    line = []
    for minutes, frame in scored.groupby("minutes"):
        low, high = frame["p10"].astype(float), frame["p90"].astype(float)
        other = None
        if "rolling" in options:
            other = rolling_band(frame, int(options["rolling"]), "lot" in options)
        elif "lightgbm" in options:
            other = lightgbm_band()
        elif "xgbquantile" in options:
            other = xgboost_quantile_band(int(options["xgbquantile"]), int(options.get("every", 1)))
        if other is not None:
            weight = float(options.get("blend", 1))
            other_low, other_high = other[0].reindex(frame.index), other[1].reindex(frame.index)
            known = other_low.notna() & other_high.notna()
            low = low.where(~known, (1 - weight) * low + weight * np.minimum(other_low, other_high))
            high = high.where(~known, (1 - weight) * high + weight * np.maximum(other_low, other_high))
        if "bins" in options:
            low, high = band_step.stepped(frame, low, high, width_classes(frame, int(options["bins"])))
        elif other is not None or "aci" in options or "sides" in options:
            low, high = band_step.stepped(frame, low, high, per_side="sides" in options)
        line.append(band_step.line(frame, low, high))
    print(f"{variant or 'served':28s} " + "  ".join(line), flush=True)
