"""Features of a multi-day regime (a cold spell, a closed neighbour, a school holiday), computed from the rows
`Tools/bench/run backtest --export DIR` keeps: the lot's value at the target's time of day on each of the last days,
less the mean of that time on the (up to) four days before it of the same day kind, as a share of capacity; and the
median of that time on the last days of the target's kind. Only values before a row's start are read (a day back is
before the start at every horizon up to a day)."""
import warnings

import numpy as np

PER_DAY = 288
LOOKBACK = 35  # Forecaster.lookbackDays
SAME_KIND = 4  # ForecastFeatures.sameKindDays.short


def _past(rows, capacity):
    """Per row, a function of `back` (days) giving the lot's value at the target's time of day that many days before
    (NaN without) and that day's kind (-1 unknown)."""
    lots = rows["lot"].astype("category").cat.codes.values.astype(np.int64)
    start = rows["start"].values.astype(np.int64)
    target = start + rows["minutes"].values // 5
    # The lot's free spaces where the rows know them: at each start (now) and each target (actual).
    keys = np.r_[lots * 10**9 + start, lots * 10**9 + target]
    values = np.r_[rows["now"].values * capacity, rows["actual"].values.astype(float)]
    keys, first = np.unique(keys, return_index=True)
    values = values[first]
    day_start = target - rows["target_minute"].values.astype(np.int64) // 5
    kinds = dict(zip(day_start, rows["target_kind"].values))

    def value(back):
        wanted = lots * 10**9 + target - back * PER_DAY
        at = np.clip(np.searchsorted(keys, wanted), 0, len(keys) - 1)
        return np.where(keys[at] == wanted, values[at], np.nan)

    def kind(back):
        return np.array([kinds.get(day, -1) for day in day_start - back * PER_DAY])

    return lambda back: (value(back), kind(back))


def previous_days_offset(rows, capacity, days):
    """Per row, the mean over the last `days` days of that day's offset at the target's time of day (NaN without)."""
    at = _past(rows, capacity)
    past = {back: at(back) for back in range(1, LOOKBACK + days + 1)}
    total, counted = np.zeros(len(rows)), np.zeros(len(rows))
    for day in range(1, days + 1):
        here, here_kind = past[day]
        sums, counts = np.zeros(len(rows)), np.zeros(len(rows))
        for back in range(day + 1, day + LOOKBACK + 1):
            there, there_kind = past[back]
            take = (there_kind == here_kind) & ~np.isnan(there) & (counts < SAME_KIND)
            sums[take] += there[take]
            counts[take] += 1
        offset = (here - sums / np.maximum(counts, 1)) / capacity
        usable = ~np.isnan(here) & (counts > 0) & (here_kind >= 0)
        total[usable] += offset[usable]
        counted[usable] += 1
    return np.where(counted > 0, total / np.maximum(counted, 1), np.nan).astype(np.float32)


def same_kind_median(rows, capacity, days):
    """Per row, the median of the lot's value at the target's time of day on the last `days` days of the target's kind
    within the lookback, as a share of capacity (NaN without)."""
    at = _past(rows, capacity)
    target_kind = rows["target_kind"].values
    found = np.full((len(rows), days), np.nan)
    counts = np.zeros(len(rows), dtype=np.int64)
    for back in range(1, LOOKBACK + 1):
        there, there_kind = at(back)
        take = (there_kind == target_kind) & ~np.isnan(there) & (counts < days)
        found[np.flatnonzero(take), counts[take]] = there[take]
        counts[take] += 1
    with warnings.catch_warnings():  # rows without such a day are NaN, as the model's missing values are
        warnings.simplefilter("ignore", RuntimeWarning)
        return (np.nanmedian(found, axis=1) / capacity).astype(np.float32)
