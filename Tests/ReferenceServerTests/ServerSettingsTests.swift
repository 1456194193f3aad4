import Foundation
import TestFixtures
import Testing

@testable import ReferenceServer

/// `serve` is configured from the environment with flags as overrides; secrets only from the environment or files.
@Suite struct ServerSettingsTests {
    func configuration(_ environment: [String: String], _ flags: [String: String] = [:])
        throws(ServerSettings.Invalid) -> ServerConfiguration
    {
        try ServerSettings.configuration(environment: environment, flags: flags)
    }

    func invalid(_ environment: [String: String]) -> String? {
        do {
            _ = try configuration(environment)
            return nil
        } catch {
            return error.setting
        }
    }

    @Test func theEnvironmentConfiguresAndFlagsOverride() throws {
        let environment = [
            "HOST": "0.0.0.0", "PORT": "9000", "UNSIGNED_READS": "deny", "TOKEN_LIFETIME": "600",
            "REQUEST_TIMEOUT": "4",
            "TRUSTED_PROXIES": "10.0.0.0/8", "ACCESS_LOG": "off", "LOG_LEVEL": "warning",
            "ADMIN_TOKEN": "0123456789abcdef0123",
            "DATABASE_URL": "postgres://hj:secret@db.internal:5432/hangangjari", "COLLECTION_INTERVAL": "15",
        ]
        let fromEnvironment = try configuration(environment)
        #expect(fromEnvironment.databaseURL == "postgres://hj:secret@db.internal:5432/hangangjari")
        #expect(fromEnvironment.collectionInterval == .seconds(15))
        #expect(fromEnvironment.host == "0.0.0.0")
        #expect(fromEnvironment.port == 9000)
        #expect(!fromEnvironment.unsignedReadsAllowed)
        #expect(fromEnvironment.tokenLifetime == 600)
        #expect(fromEnvironment.requestTimeout == .seconds(4))
        #expect(fromEnvironment.trustedProxies.trusts("10.1.1.1"))
        #expect(!fromEnvironment.accessLog)
        #expect(fromEnvironment.logLevel == "warning")
        #expect(fromEnvironment.adminToken?.admits(authorization: "Bearer 0123456789abcdef0123") == true)
        let overridden = try configuration(environment, ["port": "0", "unsigned-reads": "allow"])
        #expect(overridden.port == 0)
        #expect(overridden.unsignedReadsAllowed)
        let defaults = try configuration([:])
        #expect(
            defaults.host == "127.0.0.1" && defaults.port == 8080 && defaults.adminToken == nil && defaults.accessLog)
        #expect(defaults.trustedProxies == .none)
    }

    @Test func secretsComeFromFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hj-secrets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyFile = directory.appendingPathComponent("seoul-key").path
        let adminFile = directory.appendingPathComponent("admin-token").path
        try "sample-seoul-key\n".write(toFile: keyFile, atomically: true, encoding: .utf8)
        try "0123456789abcdef-from-file\n".write(toFile: adminFile, atomically: true, encoding: .utf8)
        let configuration = try configuration([
            "SOURCE": "seoul", "SEOUL_OPEN_DATA_KEY_FILE": keyFile, "ADMIN_TOKEN_FILE": adminFile,
            "HISTORY_PATH": "memory",
        ])
        #expect(configuration.source == .seoul(key: "sample-seoul-key", baseURL: "http://openapi.seoul.go.kr:8088"))
        #expect(configuration.adminToken?.admits(authorization: "Bearer 0123456789abcdef-from-file") == true)
        #expect(invalid(["ADMIN_TOKEN_FILE": directory.appendingPathComponent("missing").path]) == "ADMIN_TOKEN_FILE")
    }

    @Test func everyBadSettingIsNamed() {
        #expect(invalid(["PORT": "eighty"]) == "PORT")
        #expect(invalid(["PORT": "70000"]) == "PORT")
        #expect(invalid(["SOURCE": "seoull"]) == "SOURCE")
        #expect(invalid(["SOURCE": "seoul", "HISTORY_PATH": "memory"]) == "SOURCE=seoul")
        #expect(invalid(["UNSIGNED_READS": "maybe"]) == "UNSIGNED_READS")
        #expect(invalid(["TRUSTED_PROXIES": "10.0.0.0/8, proxy.local"]) == "TRUSTED_PROXIES")
        #expect(invalid(["ADMIN_TOKEN": "short"]) == "ADMIN_TOKEN")
        #expect(invalid(["REQUEST_TIMEOUT": "0"]) == "REQUEST_TIMEOUT")
        #expect(invalid(["TOKEN_LIFETIME": "0"]) == "TOKEN_LIFETIME")
        #expect(invalid(["LOG_LEVEL": "loud"]) == "LOG_LEVEL")
        #expect(invalid(["BACKFILL_DAYS": "100"]) == "BACKFILL_DAYS")
        #expect(invalid(["TOKEN_KEYS": "k1:c2hvcnQ="]) == "TOKEN_KEYS")
        #expect(invalid(["ACCESS_LOG": "yes"]) == "ACCESS_LOG")
        #expect(invalid(["SEOUL_CALL_INTERVAL": "0.1"]) == "SEOUL_CALL_INTERVAL")
        #expect(invalid(["DATABASE_URL": "mysql://localhost/hangangjari"]) == "DATABASE_URL")
        // Two places for history would be one too many: say which to drop instead of picking one silently.
        #expect(
            invalid(["DATABASE_URL": "postgres://localhost/hangangjari", "HISTORY_PATH": "/tmp/h"]) == "HISTORY_PATH")
        // An empty HISTORY_PATH (a systemd drop-in clearing the unit's) is no second place.
        #expect(invalid(["DATABASE_URL": "postgres://u@localhost/hangangjari", "HISTORY_PATH": ""]) == nil)
        #expect(invalid(["COLLECTION_INTERVAL": "0"]) == "COLLECTION_INTERVAL")
        #expect(invalid(["DATABASE_TIMEOUT": "0.5"]) == "DATABASE_TIMEOUT")
        // A value given by flag is named by its flag.
        do {
            _ = try configuration([:], ["port": "eighty"])
            Issue.record("--port eighty was accepted")
        } catch {
            #expect(error.setting == "--port")
        }
    }

    /// The table is the one place: every default it shows is what an unset setting gives, and reads back as itself.
    @Test func everyShownDefaultIsTheDefaultAndReadsBack() throws {
        let unset = try configuration([:])
        for setting in ServerSettings.table {
            guard let shown = setting.shownDefault(ServerSettings.baseline), !setting.secret else { continue }
            if let variable = setting.variable {
                // Push settings come with the subject that turns push on.
                let with = variable.hasPrefix("PUSH_") ? ["VAPID_SUBJECT": "mailto:ops@example.org"] : [:]
                #expect(throws: Never.self, "\(variable)=\(shown)") {
                    _ = try configuration(with.merging([variable: shown]) { $1 })
                }
            } else if let flag = setting.flag {
                #expect(throws: Never.self, "--\(flag) \(shown)") { _ = try configuration([:], [flag: shown]) }
            }
        }
        #expect(ServerSettings.flagHelp("port") == "Port, 0 picks a free one (or PORT; default \(unset.port)).")
        #expect(
            ServerSettings.helpLines.contains(
                "  SEOUL_OPEN_DATA_KEY / _FILE: the Seoul Open Data key (needed for SOURCE=seoul)"))
        #expect(
            ServerSettings.helpLines.contains { $0.hasPrefix("  DATABASE_TIMEOUT: ") && $0.hasSuffix("(default 5)") })
    }

    /// The operations guide's list of settings is the table's.
    @Test func theOperationsGuideListsEverySettingAsTheTableDoes() throws {
        let guide = try String(
            contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Docs/operations.md"), encoding: .utf8)
        let table = ServerSettings.markdownTable
        let holds = guide.contains("<!-- settings -->\n" + table + "\n<!-- /settings -->")
        #expect(holds, "Docs/operations.md should hold:\n\(table)")
    }
}

/// The web pages are on by default, and a public address is checked before the server starts.
@Suite struct WebSettingsTests {
    @Test func pagesAreOnUnlessWebIsOffAndThePublicAddressIsChecked() throws {
        let plain = try ServerSettings.configuration(environment: [:])
        #expect(plain.webPages && plain.publicURL == nil)
        let set = try ServerSettings.configuration(
            environment: ["WEB": "off", "PUBLIC_URL": "https://hangang.example.org/"])
        #expect(!set.webPages)
        #expect(set.publicURL?.description == "https://hangang.example.org")
        for (variable, value) in [
            ("WEB", "maybe"), ("PUBLIC_URL", "hangang.example.org"), ("PUBLIC_URL", "https://a/?q"),
        ] {
            #expect(throws: ServerSettings.Invalid.self) {
                try ServerSettings.configuration(environment: [variable: value])
            }
            do { _ = try ServerSettings.configuration(environment: [variable: value]) } catch {
                #expect(error.setting == variable)
            }
        }
    }
}

/// Forecasts learn unless FORECAST_LEARNING is off; the executable that links a learner turns it on.
@Suite struct ForecastLearningSettingsTests {
    @Test func learningIsOnUnlessTurnedOffAndOtherWordsAreRefused() throws {
        let plain = try ServerSettings.configuration(environment: [:])
        #expect(plain.learnForecasts)
        #expect(plain.forecastLearning == nil, "settings name no learner: the executable does")
        let off = try ServerSettings.configuration(environment: ["FORECAST_LEARNING": "off"])
        #expect(!off.learnForecasts)
        do {
            _ = try ServerSettings.configuration(environment: ["FORECAST_LEARNING": "daily"])
            Issue.record("'daily' was accepted")
        } catch {
            #expect(error.setting == "FORECAST_LEARNING")
        }
    }
}
