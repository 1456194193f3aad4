"""The LightGBM reference's features and settings, shared by lightgbm-reference.py (the backtest's reference) and
band-variants.py (its quantile band as a variant): only what was known at a row's start."""
import pandas as pd

# LightGBM's settings for every reference model (the objective is each model's own).
PARAMETERS = dict(
    learning_rate=0.05, num_leaves=31, min_data_in_leaf=50, feature_fraction=0.9, bagging_fraction=0.8,
    bagging_freq=1, seed=7, num_threads=2, deterministic=True, force_row_wise=True, verbose=-1)


def frame(rows):
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
