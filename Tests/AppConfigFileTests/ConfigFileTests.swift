import AppConfigFile
import Foundation
import Storage
import Testing

/// Every value the app writes to config.toml reads back unchanged, whatever it holds.
@Suite struct ConfigFileRoundTripTests {
    static let values = [
        #"abc#def"g\h"#,  // the key a user pasted: a `#`, a quote and a backslash
        "plain-key-0123456789abcdef",
        #"'single' and "double" quotes"#,
        #"trailing backslash \"#,
        "한강 반포 키 🌉",
        "two\nlines\tand a tab",
        "  spaces around  ",
        "= looks like an assignment = ",
        "[not-a-table]",
        "\"\"\"triple\"\"\"",
        "'''literal'''",
    ]

    @Test(arguments: values)
    func aWrittenStringReadsBackUnchanged(value: String) throws {
        let text = try ConfigFile.edited("", setting: .seoulKey, to: .text(value))
        #expect(try ConfigFile.read(text).seoulKey == value, "\(text)")
    }

    @Test func otherLinesAndCommentsStay() throws {
        let mine = """
            # my settings
            api = "http://example.test:8080" # the team's server
            language = "ko"

            [unrelated]
            seoul_key = "a table's own key, not the app's"

            """
        let text = try ConfigFile.edited(mine, setting: .seoulKey, to: .text(#"abc#def"g\h"#))
        #expect(text.contains("# my settings"))
        #expect(text.contains(#"api = "http://example.test:8080" # the team's server"#))
        #expect(text.contains(#"seoul_key = "a table's own key, not the app's""#))
        let read = try ConfigFile.read(text)
        #expect(read.seoulKey == #"abc#def"g\h"#)
        #expect(read.apiURL == "http://example.test:8080")
        #expect(read.language == "ko")
        // Replaced, not repeated: a second write leaves one line.
        let again = try ConfigFile.edited(text, setting: .seoulKey, to: .text("second"))
        #expect(try ConfigFile.read(again).seoulKey == "second")
        let topLevel = again.components(separatedBy: "[unrelated]")[0]
        #expect(topLevel.components(separatedBy: "seoul_key").count == 2, "\(again)")
    }

    @Test func aFlagAndARemovalReadBack() throws {
        let on = try ConfigFile.edited("", setting: .strictSigning, to: .flag(true))
        #expect(try ConfigFile.read(on).strictSigning)
        let off = try ConfigFile.edited(on, setting: .strictSigning, to: nil)
        #expect(try !ConfigFile.read(off).strictSigning)
        let removed = try ConfigFile.edited(#"seoul_key = "k""# + "\n", setting: .seoulKey, to: nil)
        #expect(try ConfigFile.read(removed).seoulKey == nil)
    }

    @Test func anInvalidFileIsNamedAndLeftAlone() throws {
        #expect(throws: ConfigFile.Problem.self) {
            try ConfigFile.edited("seoul_key = \"unterminated\n", setting: .api, to: .text("http://x"))
        }
        do {
            _ = try ConfigFile.read("seoul_key = \"unterminated\n", path: "/home/u/.config/hangangjari/config.toml")
            Issue.record("an invalid file was read")
        } catch {
            #expect(error.description.hasPrefix("/home/u/.config/hangangjari/config.toml is not valid TOML"))
        }
    }

    @Test func aValueOfAnotherTypeIsNamed() {
        #expect(throws: ConfigFile.Problem.wrongType(path: "config.toml", key: "api", expected: "a string")) {
            try ConfigFile.read("api = 8080\n")
        }
    }

    @Test func theFileOnDiskRoundTripsWithMode0600() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("hj-toml-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["HOME": home.path]
        let url = try ConfigFile.set(.seoulKey, to: .text(#"abc#def"g\h"#), environment: environment)
        try ConfigFile.set(.api, to: .text("http://127.0.0.1:9"), environment: environment)
        let configuration = AppConfiguration.resolve(apiFlag: nil, environment: environment)
        #expect(configuration.seoulKey == #"abc#def"g\h"#)
        #expect(configuration.apiURL == "http://127.0.0.1:9")
        #expect(configuration.fileProblem == nil)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aBrokenFileOnDiskIsReportedAndTheEnvironmentStillApplies() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("hj-toml-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let dir = home.appendingPathComponent(".config/hangangjari")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data("api = \"http://file:1\nlanguage = ko\n".utf8).write(to: dir.appendingPathComponent("config.toml"))
        let configuration = AppConfiguration.resolve(
            apiFlag: nil, environment: ["HOME": home.path, "SEOUL_OPEN_DATA_KEY": "from-env"])
        #expect(configuration.fileProblem?.contains("config.toml is not valid TOML") == true)
        #expect(configuration.seoulKey == "from-env")
        #expect(configuration.apiURL == nil)
    }
}

@Suite struct AppConfigurationTests {
    @Test func flagBeatsEnvironmentBeatsFile() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("hj-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let dir = home.appendingPathComponent(".config/hangangjari")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data("# mine\napi = \"http://file:1\"\nlanguage = \"ko\"\nstrict_signing = true\n".utf8).write(
            to: dir.appendingPathComponent("config.toml"))
        let fromFile = AppConfiguration.resolve(apiFlag: nil, environment: ["HOME": home.path])
        #expect(fromFile == AppConfiguration(apiURL: "http://file:1", language: "ko", strictSigning: true))
        #expect(
            AppConfiguration.resolve(apiFlag: nil, environment: ["HOME": home.path, "HANGANGJARI_API": "http://env:2"])
                .apiURL == "http://env:2")
        #expect(
            AppConfiguration.resolve(
                apiFlag: "http://flag:3", environment: ["HOME": home.path, "HANGANGJARI_API": "http://env:2"]
            ).apiURL == "http://flag:3")
        #expect(AppConfiguration.resolve(apiFlag: nil, environment: ["HOME": "/nonexistent"]).apiURL == nil)
    }
}
