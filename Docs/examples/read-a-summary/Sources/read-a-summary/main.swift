import CurlHTTP
import Foundation
import Models
import Networking

// Usage: read-a-summary SERVER [PARK], e.g. read-a-summary http://127.0.0.1:8080 yeouido
let arguments = CommandLine.arguments.dropFirst()
let server = arguments.first ?? "http://127.0.0.1:8080"
let park = ParkID(arguments.dropFirst().first ?? "yeouido")

// The client bootstraps a token, signs every read with an RFC 9421 request proof and checks that the answer is
// for the park asked about; libcurl carries it.
let configuration = APIConfiguration(baseURL: server, app: "read-a-summary", appVersion: "1.0")
let transport = CurlTransport(configuration: TransportConfiguration(userAgent: configuration.userAgent))
let client = APIClient(configuration: configuration, transport: transport.transport, store: .inMemory())

do {
    let summary = try await client.homeSummary(park).value
    let parking = summary.parking
    print(
        "\(summary.park.nameEn): \(parking.totalAvailable.map(String.init) ?? "?") of \(parking.totalCapacity) spaces free"
    )
    print("signed: \(await client.diagnostics.lastRequestSigned == true)")
} catch {
    print("could not read \(park): \(error)")
    exit(1)
}
