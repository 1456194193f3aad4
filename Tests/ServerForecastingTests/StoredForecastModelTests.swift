import Foundation
import Testing

@testable import ServerForecasting

@Suite struct StoredForecastModelTests {
    /// A model kept by a version 6 server, whose band also drew on the last week's served errors, is refused by its
    /// version: the rule forecasts until the next training.
    @Test func aModelWithTheLastWeeksErrorsIsOfAnotherVersion() throws {
        let kept = Data(
            """
            {"version": 6, "trainedAt": 1795300000, "days": 8, "samples": 10, "seconds": 1, "trees": 50,
             "bands": {"bands": []}, "calibration": {"horizons": [], "recent": {"records": []}},
             "model": "AA==", "spread": "AA==", "low": "AA==", "high": "AA=="}
            """.utf8)
        #expect(throws: StoredForecastModel.OtherVersion(version: 6)) { try StoredForecastModel.decoded(kept) }
        #expect(
            StoredForecastModel.OtherVersion(version: 6).description
                == "it is of version 6 and this server reads version 7")
    }
}
