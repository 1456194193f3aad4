import Foundation
import Models

/// Access to the golden files under `Tests/Fixtures` and to the repository root, for tests and tools.
public enum Fixtures {
    /// The repository root (found from this file's compile-time path).
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder of the /v2 contract fixtures.
    public static let contractDirectory = repositoryRoot.appendingPathComponent("Tests/Fixtures/v2")

    /// The bytes of a /v2 fixture, e.g. `home-summary.json`.
    public static func contract(_ name: String) throws -> Data {
        try Data(contentsOf: contractDirectory.appendingPathComponent(name))
    }

    /// The names listed under `valid` in the fixture manifest, with their schema names.
    public static func validContractFixtures() throws -> [String: String] {
        let manifest = try JSONSerialization.jsonObject(with: contract("manifest.json")) as? [String: Any]
        return manifest?["valid"] as? [String: String] ?? [:]
    }

    /// The contract's home-summary fixture (Yeouido), decoded.
    public static func homeSummary() throws -> HomeSummary {
        try ContractCoding.decode(HomeSummary.self, from: contract("home-summary.json"))
    }
}
