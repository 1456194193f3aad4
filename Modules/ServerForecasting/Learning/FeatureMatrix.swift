/// Rows of features (row-major, NaN where a value is unknown) with, for training, a label and a weight per row.
public struct FeatureMatrix: Sendable {
    public var columns: Int
    public var values: [Float] = []
    public var labels: [Float] = []
    public var weights: [Float] = []

    public init(columns: Int) {
        self.columns = columns
    }

    public var rows: Int { columns == 0 ? 0 : values.count / columns }

    /// Adds a row; `label` and `weight` are for training only.
    public mutating func append(_ row: [Float], label: Float? = nil, weight: Float? = nil) {
        precondition(row.count == columns, "a row of \(row.count) features in a matrix of \(columns)")
        values += row
        if let label { labels.append(label) }
        if let weight { weights.append(weight) }
    }

    /// The median of the labels' sizes (absolute values; the mean of the middle two for an even count), 0 without
    /// labels: the scale of what a model of them learns.
    public var medianLabelSize: Float {
        let sizes = labels.map(abs).sorted()
        guard !sizes.isEmpty else { return 0 }
        let middle = sizes.count / 2
        return sizes.count % 2 == 1 ? sizes[middle] : (sizes[middle - 1] + sizes[middle]) / 2
    }

    /// The given rows, in the given order, with their labels and weights.
    public func subset(_ rows: [Int]) -> FeatureMatrix {
        var subset = FeatureMatrix(columns: columns)
        subset.values.reserveCapacity(rows.count * columns)
        for row in rows { subset.values += values[row * columns..<(row + 1) * columns] }
        if !labels.isEmpty { subset.labels = rows.map { labels[$0] } }
        if !weights.isEmpty { subset.weights = rows.map { weights[$0] } }
        return subset
    }
}
