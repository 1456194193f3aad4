"""XGBoost 1.7 trees for a label's alpha-quantile, grown as `ServerLearning/QuantileTrees` grows them (each tree on the
pinball loss's gradient, given as a custom objective, each leaf then set to its rows' weighted alpha-quantile of what
is left, times the learning rate, as LightGBM's quantile objective renews its leaves): shared by band-variants.py (the
p10 and p90 band) and p50-variants.py (a median model beside the served p50)."""
import numpy as np
import xgboost as xgb


def weighted_quantiles(groups, values, weights, alpha):
    """Per group (0..G-1), the weighted alpha-quantile of its values."""
    order = np.lexsort((values, groups))
    groups, values, weights = groups[order], values[order], weights[order]
    starts = np.flatnonzero(np.r_[True, groups[1:] != groups[:-1]])
    cumulative = np.cumsum(weights)
    before = np.r_[0, cumulative[starts[1:] - 1]]
    totals = np.add.reduceat(weights, starts)
    goal = np.repeat(before + alpha * totals, np.diff(np.r_[starts, len(groups)]))
    below = cumulative < goal  # the first value whose cumulative weight reaches the goal, per group
    first = starts + np.add.reduceat(below.astype(int), starts)
    result = np.zeros(groups.max() + 1 if len(groups) else 0)
    result[groups[starts]] = values[np.minimum(first, len(values) - 1)]
    return result


def parameters(served):
    """The served p50's XGBoost settings without its loss: the quantile trees' objective is their own."""
    return {key: value for key, value in served.items() if key not in ("objective", "huber_slope", "eval_metric")}


def fit(features, label, weight, alpha, rounds, parameters):
    """`rounds` quantile trees on the rows: (booster, leaf values per tree, the starting value)."""
    training = xgb.DMatrix(features, label=label, weight=weight)
    booster = xgb.Booster(parameters, [training])
    start = weighted_quantiles(np.zeros(len(label), dtype=int), label, weight, alpha)[0]
    margin, tables = np.full(len(label), start), []
    eta = float(parameters["eta"])
    for tree in range(rounds):
        residual = label - margin
        booster.boost(training, np.where(residual < 0, 1 - alpha, -alpha) * weight, weight.copy())
        leaves = booster[tree:tree + 1].predict(training, pred_leaf=True).astype(int).ravel()
        table = eta * weighted_quantiles(leaves, residual, weight, alpha)
        margin += table[leaves]
        tables.append(table)
    return booster, tables, start


def predict(booster, tables, start, matrix):
    """What `fit`'s trees predict for a DMatrix's rows: the starting value plus each tree's renewed leaf."""
    leaves = booster.predict(matrix, pred_leaf=True).astype(int).reshape(matrix.num_row(), -1)
    return start + sum(table[leaves[:, tree]] for tree, table in enumerate(tables))
