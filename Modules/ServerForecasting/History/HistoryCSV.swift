import Foundation
import Models

/// Recorded history as CSV, one reading a line: `lot_id,capacity,occupied,observed_at` (ISO 8601 with an offset).
public enum HistoryCSV {
    /// The column names, in the order written.
    public static let columns = ["lot_id", "capacity", "occupied", "observed_at"]
    public static let header = columns.joined(separator: ",")

    /// One line; a lot the catalog does not know is written with its free count as occupied of nothing.
    public static func line(_ reading: (lot: LotID, at: Date, available: Int), catalog: Catalog) -> String {
        let capacity = catalog.lot(reading.lot)?.capacity ?? reading.available
        return
            "\(reading.lot.rawValue),\(capacity),\(max(0, capacity - reading.available)),\(ISO8601.format(reading.at))"
    }
}
