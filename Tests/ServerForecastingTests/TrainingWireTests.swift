import Foundation
import Models
import ServerForecasting
import Testing

/// The model in use and the readings a child training is given come back as they went.
@Suite struct TrainingWireTests {
    let readings: [(lot: LotID, at: Date, available: Int)] = [
        ("yeouido-1", Date(timeIntervalSince1970: 1_795_323_900), 96),
        ("banpo-2", Date(timeIntervalSince1970: 1_795_324_200), 0),
    ]

    @Test func readingsRoundTripAndAMalformedLineIsNamed() throws {
        let back = try TrainingWire.decode(TrainingWire.encode(readings))
        #expect(back.previous == nil)
        #expect(back.readings.map(\.lot) == readings.map(\.lot))
        #expect(back.readings.map(\.at) == readings.map(\.at))
        #expect(back.readings.map(\.available) == readings.map(\.available))
        #expect(throws: TrainingWire.Malformed(line: 2)) {
            try TrainingWire.decode(Data("yeouido-1\t1795323900\t96\nbanpo-2\tnoon\t0\n".utf8))
        }
    }

    @Test func theModelInUseTravelsFirstWithItsLearnedWidths() throws {
        var calibration = BandCalibration()
        var day = BandCalibration.Day(day: 20_500, kind: 1)
        for index in 0..<100 { day.add(minutes: 60, inside: index < 60) }
        calibration.record(day)
        #expect(calibration.horizons.first?.days == [0, 1, 0])
        let stored = StoredForecastModel(
            trainedAt: Date(timeIntervalSince1970: 1_795_300_000), days: 8, samples: 10, seconds: 1,
            bands: ConformalBands(), calibration: calibration, model: Data([0, 1, 10, 13, 255]), spread: Data([7, 10]),
            low: Data([3]), high: Data([4, 5]))
        let back = try TrainingWire.decode(TrainingWire.encode(readings, previous: try stored.encoded()))
        #expect(try back.previous.map(StoredForecastModel.decoded) == stored)
        #expect(back.readings.count == 2)
        // A malformed reading after the model is named by its line in the input.
        var input = TrainingWire.encode([], previous: try stored.encoded())
        input += Data("yeouido-1\t1795323900\n".utf8)
        #expect(throws: TrainingWire.Malformed(line: 2)) { try TrainingWire.decode(input) }
    }
}
