"""What band-variants.py and unit-variants.py share: the exported rows scored, the interval score, and the same
day-by-day step as `BandCalibration` (per horizon, after each local day of 20 forecasts or more, the logarithm of a
factor on the band's distances from p50 moves by the day's share missed minus 20%, within a quarter and four
times)."""
import numpy as np
import pandas as pd

STEP, TRAVEL, LEAST, TARGET = 1.0, np.log(4.0), 20, 0.8
COLUMNS = ["lot", "capacity", "start", "minutes", "week", "actual", "p10", "p50", "p90", "target_kind",
           "target_minute"]


def block(target_minute):
    """The target's time of day, as `ConformalBands.block`: night and morning, late morning, afternoon, evening."""
    return np.searchsorted([9 * 60, 13 * 60, 17 * 60], target_minute, side="right")


def scored_rows(directory):
    """The scored rows of an export, with the Seoul day of the start, the target's time of day (as
    `ConformalBands.block`) and the served p50's error as a share of capacity."""
    rows = pd.read_csv(directory + "/rows.csv", usecols=COLUMNS)
    scored = rows[rows["week"].notna()].copy()
    scored["day"] = (scored["start"] + 9 * 12) // 288
    scored["block"] = block(scored["target_minute"])
    scored["error"] = (scored["actual"] - scored["p50"]) / scored["capacity"]
    return scored


def interval_score(low, high, actual):
    """Winkler's score of a p10...p90 band, in spaces."""
    return (high - low) + 10 * np.maximum(low - actual, 0) + 10 * np.maximum(actual - high, 0)


def stepped(frame, low, high, classes=None, per_side=False):
    """The band through the day-by-day step, per class (one class: the horizon's), in the frame's order; per_side:
    a factor for each side, each stepped by its own share missed minus 10%."""
    classes = pd.Series(0, index=frame.index) if classes is None else classes
    factors, out_low, out_high = {}, [], []
    sides, target = (("low", "high"), (1 - TARGET) / 2) if per_side else (("both",), 1 - TARGET)
    for _, day in frame.groupby("day", sort=True):
        factor = {side: np.exp(np.array([factors.get((c, side), 0.0) for c in classes[day.index]])) for side in sides}
        below = np.maximum(day["p50"] - low[day.index], 0) * factor[sides[0]]
        above = np.maximum(high[day.index] - day["p50"], 0) * factor[sides[-1]]
        day_low = np.round(day["p50"] - below).clip(0, day["capacity"])
        day_high = np.round(day["p50"] + above).clip(0, day["capacity"])
        missed = {"low": day["actual"] < day_low, "high": day["actual"] > day_high}
        missed["both"] = missed["low"] | missed["high"]
        for side in sides:
            for c, members in missed[side].groupby(classes[day.index]):
                if len(members) >= LEAST:
                    factors[(c, side)] = np.clip(factors.get((c, side), 0.0) + STEP * (members.mean() - target),
                                                 -TRAVEL, TRAVEL)
        out_low.append(day_low)
        out_high.append(day_high)
    return pd.concat(out_low).reindex(frame.index), pd.concat(out_high).reindex(frame.index)


def line(frame, low, high):
    """A horizon's interval score (the served band's in brackets) and coverage."""
    actual = frame["actual"]
    score = interval_score(low, high, actual).mean()
    served = interval_score(frame["p10"], frame["p90"], actual).mean()
    coverage = ((actual >= low) & (actual <= high)).mean()
    return f"{frame['minutes'].iloc[0]}: {score:.1f} ({served:.1f}) {100 * coverage:.1f}%"
