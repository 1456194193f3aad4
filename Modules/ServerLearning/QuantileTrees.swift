import Foundation
import ServerForecasting

/// Trees for a quantile of the label, as LightGBM's `quantile` objective grows them, on Debian's XGBoost 1.7 (which
/// has no quantile objective; it came in 2.0): each tree is grown on the pinball loss's gradient, a custom
/// objective, and each of its leaves is then set to the weighted `alpha`-quantile of what its rows still miss, times
/// the learning rate. A gradient step alone moves a leaf by a constant and never reaches the quantile; the renewed
/// leaves do.
enum QuantileTrees {
    /// A booster of `rounds` such trees on `matrix` (labels and weights), with `parameters` (the objective's own
    /// left out) and learning rate `eta`. It predicts as any booster does: the starting value is in the first
    /// tree's leaves.
    static func train(
        _ matrix: FeatureMatrix, alpha: Float, parameters: [(String, String)], eta: Float, rounds: Int
    ) throws -> Booster {
        let labels = matrix.labels
        let weights = matrix.weights.isEmpty ? [Float](repeating: 1, count: labels.count) : matrix.weights
        let start = weightedQuantile(labels.indices, of: labels, weights: weights, alpha: alpha) ?? 0
        var margins = [Float](repeating: start, count: labels.count)
        var leafValues: [[Int: Float]] = []
        let booster = try matrix.withDMatrix { dmatrix in
            let booster = try Booster.create(dmatrix, parameters: parameters + [("eta", "\(eta)")])
            for tree in 0..<rounds {
                let residuals = zip(labels, margins).map { $0 - $1 }
                // The pinball loss's gradient in the prediction, weighted; its second derivative is nothing, so
                // each row weighs as its weight, as LightGBM's does.
                let gradients = residuals.indices.map { (residuals[$0] < 0 ? 1 - alpha : -alpha) * weights[$0] }
                try booster.boost(dmatrix, gradients: gradients, hessians: weights)
                let leaves = try booster.leaves(ofTree: tree, on: dmatrix)
                var members: [Int: [Int]] = [:]
                for (row, leaf) in leaves.enumerated() { members[leaf, default: []].append(row) }
                var values: [Int: Float] = [:]
                for (leaf, rows) in members {
                    values[leaf] = eta * (weightedQuantile(rows, of: residuals, weights: weights, alpha: alpha) ?? 0)
                }
                for (row, leaf) in leaves.enumerated() { margins[row] += values[leaf] ?? 0 }
                leafValues.append(values)
            }
            return booster
        }
        return try Booster.load(try renewed(booster.serialized(format: "json"), leafValues: leafValues, start: start))
    }

    /// The first value of `rows` (sorted by value) at which their cumulative weight reaches `alpha` of their total;
    /// nil for no rows.
    static func weightedQuantile<Rows: Collection<Int>>(
        _ rows: Rows, of values: [Float], weights: [Float], alpha: Float
    ) -> Float? {
        let sorted = rows.sorted { values[$0] < values[$1] }
        let goal = alpha * sorted.reduce(0) { $0 + weights[$1] }
        var cumulative: Float = 0
        for row in sorted {
            cumulative += weights[row]
            if cumulative >= goal { return values[row] }
        }
        return sorted.last.map { values[$0] }
    }

    /// The model's JSON with each tree's leaves set to `leafValues` (by node index; a leaf no row reached keeps
    /// XGBoost's value) and `start` added to the first tree's.
    static func renewed(_ json: Data, leafValues: [[Int: Float]], start: Float) throws -> Data {
        guard let model = try JSONSerialization.jsonObject(with: json) as? [String: Any],
            let trees = ((model["learner"] as? [String: Any])?["gradient_booster"] as? [String: Any]).flatMap({
                ($0["model"] as? [String: Any])?["trees"] as? [[String: Any]]
            }), trees.count == leafValues.count
        else { throw Booster.Failure(call: "XGBoosterSaveModelToBuffer", message: "a model without its trees") }
        var leaves: [[Int: Double]] = []
        for (index, tree) in trees.enumerated() {
            guard let children = tree["left_children"] as? [Int],
                let conditions = tree["split_conditions"] as? [Double], conditions.count == children.count
            else { throw Booster.Failure(call: "XGBoosterSaveModelToBuffer", message: "a tree without its leaves") }
            var values: [Int: Double] = [:]
            for node in children.indices where children[node] == -1 {
                values[node] =
                    Double(leafValues[index][node] ?? Float(conditions[node])) + (index == 0 ? Double(start) : 0)
            }
            leaves.append(values)
        }
        // The arrays are written again in place, not the whole model: XGBoost reads a number without a decimal
        // point as an integer and refuses it where it expects a real one, and JSONSerialization writes 0.0 as 0.
        // A leaf's value is both its split condition and its base weight; an inner node's stay as they were.
        var text = String(decoding: json, as: UTF8.self)
        for key in ["split_conditions", "base_weights"] {
            text = try replacingArrays(named: key, in: text) { tree, node, old in
                leaves.indices.contains(tree) ? leaves[tree][node] ?? old : old
            }
        }
        return Data(text.utf8)
    }

    /// `text` with the numbers of each array named `key` (the n-th such array being tree n's) replaced by
    /// `value(tree, index, old value)`, written with an exponent.
    private static func replacingArrays(
        named key: String, in text: String, value: (Int, Int, Double) -> Double
    ) throws -> String {
        var result = ""
        var rest = text[...]
        var tree = 0
        while let opening = rest.range(of: "\"\(key)\":[") {
            guard let closing = rest[opening.upperBound...].firstIndex(of: "]") else {
                throw Booster.Failure(call: "XGBoosterSaveModelToBuffer", message: "an unclosed \(key)")
            }
            let old = rest[opening.upperBound..<closing].split(separator: ",").map { Double($0) ?? 0 }
            let new = old.enumerated().map { String(format: "%.9e", value(tree, $0.offset, $0.element)) }
            result += rest[..<opening.upperBound] + new.joined(separator: ",")
            rest = rest[closing...]
            tree += 1
        }
        return result + rest
    }
}
