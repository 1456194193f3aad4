import Foundation
import ReferenceServer
import TestFixtures
import Testing

/// Each committed man page says what its binary's own help says: every command, every long option, every line of
/// every abstract and discussion (regenerate the pages when this fails; see Docs/development.md).
@Suite struct ManPageTests {
    @Test(arguments: ["hangangjari", "hangangjari-widget", "hangangjari-server"])
    func thePageSaysWhatTheHelpSays(_ binary: String) async throws {
        let dump = try await Binaries.run(binary, ["--experimental-dump-help"], environment: [:])
        #expect(dump.status == 0, "\(dump.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let command = try #require(object["command"] as? [String: Any])
        let file = "Docs/man/\(binary).1"
        let page = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
        let said = Self.said(command)
        #expect(said.count > 10)
        for line in said {
            // The generator leaves out what is not ASCII (the marks a help line shows as examples).
            let written = String(String.UnicodeScalarView(line.unicodeScalars.filter(\.isASCII)))
            #expect(page.contains(written), "\(file) does not say: \(line)")
        }
    }

    /// After the help, each page says what help cannot: its environment, files, exit statuses, examples and related
    /// pages, as `Docs/man/sections/BINARY.mdoc` writes them (`Tools/man/generate` puts them there).
    @Test(arguments: ["hangangjari", "hangangjari-widget", "hangangjari-server"])
    func thePageEndsWithItsSections(_ binary: String) throws {
        let man = Fixtures.repositoryRoot.appendingPathComponent("Docs/man")
        let page = try String(contentsOf: man.appendingPathComponent("\(binary).1"), encoding: .utf8)
        let sections = try String(
            contentsOf: man.appendingPathComponent("sections/\(binary).mdoc"), encoding: .utf8)
        #expect(
            page.hasSuffix("\n" + sections), "Docs/man/\(binary).1 does not end with its sections: Tools/man/generate")
        for heading in [".Sh ENVIRONMENT", ".Sh FILES", ".Sh \"EXIT STATUS\"", ".Sh EXAMPLES", ".Sh \"SEE ALSO\""] {
            #expect(page.components(separatedBy: heading + "\n").count == 2, "\(binary): one \(heading)")
        }
    }

    /// `serve`'s flags are the settings table's: none is declared that the table does not read and describe.
    @Test func everyFlagOfServeIsARowOfTheSettingsTable() async throws {
        let dump = try await Binaries.run(
            "hangangjari-server", ["serve", "--experimental-dump-help"], environment: [:])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let command = try #require(object["command"] as? [String: Any])
        var flags: Set<String> = []
        for argument in command["arguments"] as? [[String: Any]] ?? [] {
            for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                flags.insert(name["name"] as? String ?? "")
            }
        }
        flags.subtract(["help", "version"])
        #expect(flags == Set(ServerSettings.table.compactMap(\.flag)))
    }

    /// What the help of `command` and its subcommands says, as the page writes it.
    static func said(_ command: [String: Any], top: Bool = true) -> [String] {
        var said: [String] = []
        if !top, let name = command["commandName"] as? String { said.append(".It Em \(name)") }
        for key in ["abstract", "discussion"] {
            let text = command[key] as? String ?? ""
            said += text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["shouldDisplay"] as? Bool ?? true
        {
            for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                said.append("Fl -\(name["name"] as? String ?? "")")
            }
            if let abstract = argument["abstract"] as? String, !abstract.isEmpty { said.append(abstract) }
        }
        for subcommand in command["subcommands"] as? [[String: Any]] ?? []
        where subcommand["shouldDisplay"] as? Bool ?? true {
            said += Self.said(subcommand, top: false)
        }
        return said
    }
}
