import Foundation
import ServerForecasting

extension ForecastTrainer {
    /// Gradient-boosted trees from Debian's XGBoost library, fitted with the pseudo-Huber loss (absolute error for
    /// errors beyond its slope, squared below; rows weighted by capacity, so the error minimised is in spaces). The
    /// slope is ``huberSlope(labelSize:)``: in the labels' own scale, so that a quiet history's small changes are
    /// fitted as a busy one's large ones are. XGBoost 1.7's own absolute-error objective was tried and forecast worse
    /// than persistence on the recorded histories. The number of trees is chosen on the held-out days
    /// (``fitChoosingTrees``): the mean absolute error in spaces read every `every` trees, up to `most`, stopping
    /// `patience` trees after the best.
    public static func xgboost(
        most: Int = 1000, every: Int = 50, patience: Int = 200, depth: Int = 5, threads: Int = 2
    ) -> ForecastTrainer {
        let eta: Float = 0.05
        let parameters = [
            ("objective", "reg:pseudohubererror"), ("tree_method", "hist"),
            ("max_depth", "\(depth)"),
            ("eta", "\(eta)"), ("subsample", "0.8"), ("colsample_bytree", "0.9"), ("min_child_weight", "20"),
            ("base_score", "0"), ("max_bin", "128"),
            ("nthread", "\(threads)"), ("seed", "7"), ("verbosity", "0"),
        ]
        // The spread model: squared error on absolute errors (their mean), a tenth of the most trees, shallower.
        let spreadParameters =
            parameters.filter { !["objective", "max_depth"].contains($0.0) }
            + [("objective", "reg:squarederror"), ("max_depth", "\(max(depth - 1, 1))")]
        let spreadRounds = max(most / 10, 1)
        // The quantile models: the first model's trees, grown on the pinball loss (``QuantileTrees``).
        let quantileParameters = parameters.filter { !["objective", "eta"].contains($0.0) }
        let quantileRounds = max(most / 10, 1)
        @Sendable func slope(_ labelSize: Float) -> (String, String) {
            ("huber_slope", "\(huberSlope(labelSize: labelSize))")
        }
        @Sendable func model(_ booster: Booster) -> ChangeModel {
            ChangeModel { matrix in try booster.predict(matrix) }
        }
        // The trained booster keeps the training matrix (its binned copy, gradients, predictions) for as long as it
        // lives: the model used is read back from its bytes, and the trained one freed here.
        @Sendable func fitting(_ parameters: [(String, String)], _ matrix: FeatureMatrix, rounds: Int) throws
            -> (model: ChangeModel, bytes: Data)
        {
            let bytes = try Booster.train(matrix, parameters: parameters, rounds: rounds).serialized()
            return (model(try Booster.load(bytes)), bytes)
        }
        return ForecastTrainer(
            name:
                "XGBoost trees of depth \(depth) (pseudo-Huber), as many as the held-out days chose (at most \(most)), on the rule's change",
            fitChoosingTrees: { matrix, heldOut, labelSize in
                let (booster, trees) = try Booster.train(
                    matrix, heldOut: heldOut,
                    parameters: parameters + [slope(labelSize), ("eval_metric", "mae")],
                    most: most, every: every, patience: patience)
                return (model(booster), trees)
            },
            fit: { matrix, trees, labelSize in
                try fitting(parameters + [slope(labelSize)], matrix, rounds: trees)
            },
            fitSpread: { matrix in try fitting(spreadParameters, matrix, rounds: spreadRounds) },
            fitQuantile: { matrix, alpha in
                let booster = try QuantileTrees.train(
                    matrix, alpha: alpha, parameters: quantileParameters, eta: eta, rounds: quantileRounds)
                return (model(booster), try booster.serialized())
            },
            load: { bytes in model(try Booster.load(bytes)) })
    }

    /// The pseudo-Huber loss's slope for labels whose median size is `labelSize` (shares of capacity): 1.5 times it,
    /// which on the histories that chose the fixed 0.05 it replaces (the simulated one, `city-car-parks.csv`,
    /// `riverside-five-minute.csv`) is 0.04-0.05; never under 0.1% of capacity, so that labels all zero still fit.
    static func huberSlope(labelSize: Float) -> Float { max(1.5 * labelSize, 0.001) }
}
