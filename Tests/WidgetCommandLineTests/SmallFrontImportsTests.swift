import Foundation
import TestFixtures
import Testing

/// The widget's small front stays small: the modules it links import `FoundationEssentials`, never `Foundation`,
/// whose one reference (a `FileHandle`, a `trimmingCharacters`) links all of Foundation and ICU's data (44 MB) into
/// it. `Tools/bench/run widget` measures the result (at most 15 MB installed).
@Suite struct SmallFrontImportsTests {
    static let modules = [
        "Localization", "Models", "Storage", "ValueWording", "WidgetSnapshot", "WidgetRendering", "WidgetAlerts",
        "WidgetFront",
    ]

    @Test func theSmallFrontsModulesImportFoundationEssentialsOnly() throws {
        let root = Fixtures.repositoryRoot
        var offenders: [String] = []
        for directory in Self.modules.map({ "Modules/" + $0 }) + ["Apps/hangangjari-widget"] {
            let url = root.appendingPathComponent(directory)
            let files =
                FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            #expect(!files.isEmpty, "\(directory) has no sources")
            for file in files {
                let text = try String(contentsOf: file, encoding: .utf8)
                let imports = text.split(separator: "\n").filter {
                    $0.hasPrefix("import ") || $0.hasPrefix("@_exported import ") || $0.hasPrefix("public import ")
                }
                for line in imports where line.split(separator: " ").last == "Foundation" {
                    offenders.append("\(directory)/\(file.lastPathComponent): \(line)")
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }
}
