import ArgumentParser
import BenchmarkSupport
import Foundation

/// What an install weighs: each binary as `Tools/install` puts it in `bin/` (stripped), beside the build's size.
/// `hangangjari-widget-fetch` is a link to `hangangjari`, so it weighs nothing.
struct InstalledSizes {
    static let binaries = ["hangangjari", "hangangjari-widget"]

    var built: [String: Int]
    var installed: [String: Int]

    static func measure(directory: URL, work: URL) throws -> InstalledSizes {
        let strip = External.which("strip") ?? "/usr/bin/strip"
        var built: [String: Int] = [:]
        var installed: [String: Int] = [:]
        for name in binaries {
            let source = directory.appendingPathComponent(name).path
            let target = work.appendingPathComponent("installed-" + name).path
            let (_, _, status) = try External.run(strip, ["-o", target, source])
            guard status == 0 else { throw ValidationError("could not strip \(source)") }
            built[name] = try size(source)
            installed[name] = try size(target)
        }
        return InstalledSizes(built: built, installed: installed)
    }

    static func size(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    var rows: [BenchmarkRow] {
        func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }
        let widget = installed["hangangjari-widget"] ?? 0
        let total = installed.values.reduce(0, +)
        return Self.binaries.map { name in
            BenchmarkRow(
                figure: "installed \(name) (stripped)", value: mb(installed[name] ?? 0),
                reference: "as built " + mb(built[name] ?? 0),
                goal: name == "hangangjari-widget" ? "<= 15 MB" : "report",
                met: name == "hangangjari-widget" ? widget <= 15_000_000 : nil)
        } + [
            BenchmarkRow(
                figure: "installed in all (bin/, hangangjari-widget-fetch a link)", value: mb(total),
                reference: "as built " + mb(built.values.reduce(0, +)), goal: "<= 100 MB",
                met: total <= 100_000_000)
        ]
    }
}
