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
}
