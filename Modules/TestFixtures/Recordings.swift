import Foundation

extension Fixtures {
    /// The path of a recorded history CSV (`city-car-parks.csv`, `riverside-five-minute.csv`, `winter-holidays.csv`).
    /// They are made by seeded generators, not committed: `Tools/fixtures/recordings` makes them under `.build/` once
    /// per version of the generators, and this runs it when they are missing.
    public static func recording(_ name: String) throws -> String {
        let file = repositoryRoot.appendingPathComponent(".build/fixtures/recorded/\(name)")
        if !FileManager.default.fileExists(atPath: file.path) {
            let maker = Process()
            maker.executableURL = repositoryRoot.appendingPathComponent("Tools/fixtures/recordings")
            maker.standardOutput = FileHandle.nullDevice
            try maker.run()
            maker.waitUntilExit()
            guard maker.terminationStatus == 0, FileManager.default.fileExists(atPath: file.path) else {
                throw RecordingMissing(name: name, status: maker.terminationStatus)
            }
        }
        return file.path
    }

    /// `Tools/fixtures/recordings` did not make the named history.
    public struct RecordingMissing: Error, CustomStringConvertible {
        public let name: String
        public let status: Int32
        public var description: String {
            "Tools/fixtures/recordings did not make \(name) (exit \(status); it needs python3)"
        }
    }
}
