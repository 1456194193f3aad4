import Foundation
import ServerForecasting

extension ForecastTrainer {
    /// Gradient-boosted trees from Debian's XGBoost library, fitted with the pseudo-Huber loss (absolute error for
    /// errors beyond 5% of capacity, squared below; rows weighted by capacity, so the error minimised is in spaces).
    /// XGBoost 1.7's own absolute-error objective was tried and forecast worse than persistence on the recorded
    /// histories.
    public static func xgboost(rounds: Int = 300, depth: Int = 5, threads: Int = 2) -> ForecastTrainer {
        let parameters = [
            ("objective", "reg:pseudohubererror"), ("huber_slope", "0.05"), ("tree_method", "hist"),
            ("max_depth", "\(depth)"),
            ("eta", "0.05"), ("subsample", "0.8"), ("colsample_bytree", "0.9"), ("min_child_weight", "20"),
            ("base_score", "0"), ("max_bin", "128"),
            ("nthread", "\(threads)"), ("seed", "7"), ("verbosity", "0"),
        ]
        // The spread model: squared error on absolute errors (their mean), a third of the trees, shallower.
        var spreadParameters = parameters.filter { !["objective", "huber_slope", "max_depth"].contains($0.0) }
        spreadParameters += [("objective", "reg:squarederror"), ("max_depth", "\(max(depth - 1, 1))")]
        let spreadRounds = max(rounds / 3, 1)
        @Sendable func model(_ booster: Booster) -> ChangeModel {
            ChangeModel { matrix in try booster.predict(matrix) }
        }
        // The trained booster keeps the training matrix (its binned copy, gradients, predictions) for as long as it
        // lives: the model used is read back from its bytes, and the trained one freed here.
        func fitting(_ parameters: [(String, String)], rounds: Int)
            -> @Sendable (FeatureMatrix) throws -> (model: ChangeModel, bytes: Data)
        {
            { matrix in
                let bytes = try Booster.train(matrix, parameters: parameters, rounds: rounds).serialized()
                return (model(try Booster.load(bytes)), bytes)
            }
        }
        return ForecastTrainer(
            name: "XGBoost \(rounds) trees of depth \(depth) (pseudo-Huber), on the rule's change",
            fit: fitting(parameters, rounds: rounds), fitSpread: fitting(spreadParameters, rounds: spreadRounds),
            load: { bytes in model(try Booster.load(bytes)) })
    }
}
