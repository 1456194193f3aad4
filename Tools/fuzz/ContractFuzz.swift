// libFuzzer target: every /v2 decoder of the contract, the park guard and the deep-link parser.
// Built together with Modules/Models by Tools/fuzz/run; any crash is a bug (decoders must only throw).
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContract(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    _ = try? ContractCoding.decode(HomeSummary.self, from: data)
    _ = try? ParkGuard.decode(HomeSummary.self, from: data, requested: "yeouido")
    _ = try? ContractCoding.decode(ParksResponse.self, from: data)
    _ = try? ContractCoding.decode(ParkingResponse.self, from: data)
    _ = try? ContractCoding.decode(ForecastResponse.self, from: data)
    _ = try? ContractCoding.decode(OutingResponse.self, from: data)
    _ = try? ContractCoding.decode(SourcesResponse.self, from: data)
    _ = try? ContractCoding.decode(BootstrapResponse.self, from: data)
    _ = try? ContractCoding.decode(ClientPolicy.self, from: data)
    _ = try? ContractCoding.decode(Problem.self, from: data)
    _ = try? ContractCoding.decode(TelemetryBatch.self, from: data)
    _ = try? ContractCoding.decode(PushSubscription.self, from: data)
    if let text = String(data: data.prefix(512), encoding: .utf8) {
        if let link = try? DeepLink(parsing: text), (try? DeepLink(parsing: link.description)) != link {
            fatalError("deep link does not round-trip: \(text)")
        }
        if let date = ISO8601.parse(text),
            ISO8601.parse(ISO8601.format(date)).map({ abs($0.timeIntervalSince(date)) >= 1 }) == true
        {
            fatalError("timestamp does not round-trip: \(text)")
        }
    }
    return 0
}
