import Foundation
import Models
import ServerForecasting
import Testing

/// The readings a child training is given come back as they went.
@Suite struct TrainingWireTests {
    @Test func readingsRoundTripAndAMalformedLineIsNamed() throws {
        let readings: [(lot: LotID, at: Date, available: Int)] = [
            ("yeouido-1", Date(timeIntervalSince1970: 1_795_323_900), 96),
            ("banpo-2", Date(timeIntervalSince1970: 1_795_324_200), 0),
        ]
        let back = try TrainingWire.decode(TrainingWire.encode(readings))
        #expect(back.map(\.lot) == readings.map(\.lot))
        #expect(back.map(\.at) == readings.map(\.at))
        #expect(back.map(\.available) == readings.map(\.available))
        #expect(throws: TrainingWire.Malformed(line: 2)) {
            try TrainingWire.decode(Data("yeouido-1\t1795323900\t96\nbanpo-2\tnoon\t0\n".utf8))
        }
    }
}
