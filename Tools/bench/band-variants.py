#!/usr/bin/env python3
"""Replays other p10...p90 bands on the scored rows `Tools/bench/run backtest --export DIR` keeps, beside the
forecaster's own: a tool for choosing the bands' design on the histories that may inform it (README, "Which history
informed which choice"), never on winter-holidays.csv. The p50 is the forecaster's own in every variant.

Every variant's band goes through the same day-by-day step as `BandCalibration` (per horizon, after each local day
of 20 forecasts or more, the logarithm of a factor on the band's distances from p50 moves by the day's share missed
minus 20%, within a quarter and four times), on top of the served band, which has had that step already: `aci`
alone shows what the second pass itself does, and a variant is judged against it and against the served band.

Usage: band-variants.py EXPORTED_HISTORY_DIR "VARIANT;VARIANT;..."
A variant is comma-separated KEY or KEY=VALUE:
  aci          the served band through the step once more
  bins=N       the step per width class instead (N classes by the band's width as a share of capacity, their
               bounds the quantiles of the last 28 days' widths): do narrow bands miss more than wide ones?
  rolling=D    a band from what was served: per horizon, time of day and day kind, the count-weighted mean of the
               last D days' 10th and 90th percentiles of the served p50's errors (shares of capacity), a kind's own
               shrunk toward every kind's by n / (n + 200), as `ConformalBands` does
  lightgbm=1   LightGBM's quantile band (alpha 0.1 and 0.9, as Tools/bench/lightgbm-reference.py trains it; kept in
               DIR/lightgbm-band.csv after the first run)
  blend=W      with rolling or lightgbm: W of that band and 1 - W of the served one (default 1: that band alone)
An empty variant is the served band as it is. Prints per variant the interval score per horizon (the served band's in
brackets) and the coverage; every variant is scored on the same rows (where a band has no record yet, the served one
stands in)."""
import json
import os
import sys

import numpy as np
import pandas as pd

import reference_features

directory, variants = sys.argv[1], sys.argv[2].split(";")
columns = ["lot", "capacity", "start", "minutes", "week", "actual", "p10", "p50", "p90", "target_kind", "target_minute"]
rows = pd.read_csv(directory + "/rows.csv", usecols=columns)
scored = rows[rows["week"].notna()].copy()
scored["day"] = (scored["start"] + 9 * 12) // 288  # the Seoul day of the start
scored["block"] = np.searchsorted([9 * 60, 13 * 60, 17 * 60], scored["target_minute"], side="right")
scored["error"] = (scored["actual"] - scored["p50"]) / scored["capacity"]
step, travel, least, target = 1.0, np.log(4.0), 20, 0.8


def interval_score(low, high, actual):
    return (high - low) + 10 * np.maximum(low - actual, 0) + 10 * np.maximum(actual - high, 0)


def stepped(frame, low, high, classes=None):
    """The band through the day-by-day step, per class (one class: the horizon's)."""
    classes = pd.Series(0, index=frame.index) if classes is None else classes
    factors, out_low, out_high = {}, [], []
    for _, day in frame.groupby("day", sort=True):
        factor = np.exp(np.array([factors.get(c, 0.0) for c in classes[day.index]]))
        below = np.maximum(day["p50"] - low[day.index], 0) * factor
        above = np.maximum(high[day.index] - day["p50"], 0) * factor
        day_low = np.round(day["p50"] - below).clip(0, day["capacity"])
        day_high = np.round(day["p50"] + above).clip(0, day["capacity"])
        inside = (day["actual"] >= day_low) & (day["actual"] <= day_high)
        for c, members in inside.groupby(classes[day.index]):
            if len(members) >= least:
                factors[c] = np.clip(factors.get(c, 0.0) + step * ((1 - members.mean()) - (1 - target)), -travel, travel)
        out_low.append(day_low)
        out_high.append(day_high)
    return pd.concat(out_low), pd.concat(out_high)


def width_classes(frame, count):
    relative = (frame["p90"] - frame["p10"]) / frame["capacity"]
    classes, seen = pd.Series(0, index=frame.index), []
    for _, day in frame.groupby("day", sort=True):
        if seen:
            bounds = np.quantile(np.concatenate(seen[-28:]), np.arange(1, count) / count)
            classes[day.index] = np.searchsorted(bounds, relative[day.index], side="right")
        seen.append(relative[day.index].values)
    return classes


def rolling_band(frame, days):
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
    return low, high


def lightgbm_band():
    """LightGBM's p10 and p90 for every scored row, trained as the reference trains them (cached)."""
    path = directory + "/lightgbm-band.csv"
    if not os.path.exists(path):
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


for variant in variants:
    options = dict(part.split("=") if "=" in part else (part, "1") for part in filter(None, variant.split(",")))
    line = []
    for minutes, frame in scored.groupby("minutes"):
        low, high = frame["p10"].astype(float), frame["p90"].astype(float)
        other = None
        if "rolling" in options:
            other = rolling_band(frame, int(options["rolling"]))
        elif "lightgbm" in options:
            other = lightgbm_band()
        if other is not None:
            weight = float(options.get("blend", 1))
            other_low, other_high = other[0].reindex(frame.index), other[1].reindex(frame.index)
            known = other_low.notna() & other_high.notna()
            low = low.where(~known, (1 - weight) * low + weight * np.minimum(other_low, other_high))
            high = high.where(~known, (1 - weight) * high + weight * np.maximum(other_low, other_high))
        if "bins" in options:
            low, high = stepped(frame, low, high, width_classes(frame, int(options["bins"])))
        elif other is not None or "aci" in options:
            low, high = stepped(frame, low, high)
        actual = frame["actual"]
        score = interval_score(low, high, actual[low.index]).mean()
        served = interval_score(frame["p10"], frame["p90"], actual).mean()
        coverage = ((actual[low.index] >= low) & (actual[low.index] <= high)).mean()
        line.append(f"{minutes}: {score:.1f} ({served:.1f}) {100 * coverage:.1f}%")
    print(f"{variant or 'served':28s} " + "  ".join(line), flush=True)
