import Foundation
import Models

/// How a training's input travels to another process: the model in use first when there is one (a line
/// `model<TAB>` and its stored JSON, which has no line breaks), then one line per reading, `lot<TAB>seconds since
/// 1970<TAB>free spaces`. Compact and exact (the readings are whole seconds and whole spaces).
public enum TrainingWire {
    /// A line that is not three fields of the right kinds.
    public struct Malformed: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var description: String { "training input line \(line) is not lot, seconds and free spaces" }

        public init(line: Int) { self.line = line }
    }

    /// What a training is given.
    public struct Input: Sendable {
        public var readings: [(lot: LotID, at: Date, available: Int)]
        /// The stored model in use (``StoredForecastModel/encoded()``), nil when there is none.
        public var previous: Data?
    }

    static let modelPrefix = "model\t"

    public static func encode(_ readings: [(lot: LotID, at: Date, available: Int)], previous: Data? = nil) -> Data {
        // Written straight into the bytes sent: a text built first and copied would double the peak.
        var bytes = Data()
        bytes.reserveCapacity(readings.count * 28 + (previous?.count ?? 0) + 8)
        if let previous {
            bytes.append(contentsOf: modelPrefix.utf8)
            bytes.append(previous)
            bytes.append(UInt8(ascii: "\n"))
        }
        for reading in readings {
            bytes.append(contentsOf: reading.lot.rawValue.utf8)
            bytes.append(UInt8(ascii: "\t"))
            bytes.append(contentsOf: String(Int64(reading.at.timeIntervalSince1970)).utf8)
            bytes.append(UInt8(ascii: "\t"))
            bytes.append(contentsOf: String(reading.available).utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    public static func decode(_ data: Data) throws(Malformed) -> Input {
        var input = Input(readings: [])
        for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            if index == 0, line.hasPrefix(modelPrefix) {
                input.previous = Data(line.dropFirst(modelPrefix.count).utf8)
                continue
            }
            let fields = line.split(separator: "\t")
            guard fields.count == 3, let seconds = Int64(fields[1]), let available = Int(fields[2]) else {
                throw Malformed(line: index + 1)
            }
            input.readings.append((LotID(String(fields[0])), Date(timeIntervalSince1970: Double(seconds)), available))
        }
        return input
    }
}
