import Foundation
import TestSupport

/// The project's built executables, found beside the test bundle or in `.build/debug`.
enum Binaries {
    static func url(_ name: String) -> URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            beside, beside.deletingLastPathComponent(), Fixtures.repositoryRoot.appendingPathComponent(".build/debug"),
        ]
        return candidates.map { $0.appendingPathComponent(name) }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
            ?? Fixtures.repositoryRoot.appendingPathComponent(".build/debug/\(name)")
    }
}
