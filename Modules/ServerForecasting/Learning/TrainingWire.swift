import Foundation
import Models

/// How a history's readings travel to a training in another process: one line per reading, `lot<TAB>seconds since
/// 1970<TAB>free spaces`. Compact and exact (the readings are whole seconds and whole spaces).
public enum TrainingWire {
    /// A line that is not three fields of the right kinds.
    public struct Malformed: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var description: String { "training input line \(line) is not lot, seconds and free spaces" }

        public init(line: Int) { self.line = line }
    }

    public static func encode(_ readings: [(lot: LotID, at: Date, available: Int)]) -> Data {
        var text = ""
        text.reserveCapacity(readings.count * 28)
        for reading in readings {
            text +=
                reading.lot.rawValue + "\t" + String(Int64(reading.at.timeIntervalSince1970)) + "\t"
                + String(reading.available) + "\n"
        }
        return Data(text.utf8)
    }

    public static func decode(_ data: Data) throws(Malformed) -> [(lot: LotID, at: Date, available: Int)] {
        var readings: [(lot: LotID, at: Date, available: Int)] = []
        for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            let fields = line.split(separator: "\t")
            guard fields.count == 3, let seconds = Int64(fields[1]), let available = Int(fields[2]) else {
                throw Malformed(line: index + 1)
            }
            readings.append((LotID(String(fields[0])), Date(timeIntervalSince1970: Double(seconds)), available))
        }
        return readings
    }
}
