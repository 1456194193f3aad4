import FoundationEssentials
import Models
import Storage

/// Widget snapshots as files in the shared container, one per kind and park (`widget-parking-yeouido.json`),
/// written atomically and read defensively: a corrupt, older or newer file is ignored with a reason, never misread.
public struct SnapshotStore: Sendable {
    public let container: SharedContainer

    public init(container: SharedContainer) {
        self.container = container
    }

    /// The file of one kind and park; go ranks every park's lots, so it has one file (`widget-go.json`).
    public func url(_ kind: WidgetKind, _ park: ParkID) -> URL {
        kind == .go ? container.file("widget-go.json") : container.file("widget-\(kind.rawValue)-\(park.rawValue).json")
    }

    /// Why a snapshot could not be used.
    public enum ReadFailure: Error, Equatable, Sendable {
        case missing
        case corrupt
        case otherFormat(Int)
        case wrongPark(ParkID)
    }

    /// The largest snapshot read: every lot's forecast (the go kind) is about 9 KiB.
    static let sizeLimit = 512 * 1024

    /// Reads one snapshot.
    public func read(_ kind: WidgetKind, _ park: ParkID) -> Result<WidgetSnapshot, ReadFailure> {
        guard let data = AtomicFile.read(url(kind, park), limit: Self.sizeLimit) else { return .failure(.missing) }
        struct Header: Decodable { var format: Int }
        // One pass over the file when it reads; the header alone says why one of another format does not.
        guard let snapshot = try? ContractCoding.makeDecoder().decode(WidgetSnapshot.self, from: data),
            snapshot.format == WidgetSnapshot.currentFormat
        else {
            guard let header = try? JSONDecoder().decode(Header.self, from: data) else { return .failure(.corrupt) }
            return .failure(header.format == WidgetSnapshot.currentFormat ? .corrupt : .otherFormat(header.format))
        }
        guard snapshot.kind == kind, kind == .go || snapshot.parkId == park else {
            return .failure(.wrongPark(snapshot.parkId))
        }
        return .success(snapshot)
    }

    /// Writes one snapshot atomically.
    public func write(_ snapshot: WidgetSnapshot) throws(StorageError) {
        try container.prepare()
        let data: Data
        do { data = try ContractCoding.encode(snapshot) } catch {
            throw .unwritable(path: url(snapshot.kind, snapshot.parkId).path, reason: "\(error)")
        }
        try AtomicFile.write(data, to: url(snapshot.kind, snapshot.parkId))
    }

    /// Builds and writes both kinds from one summary (after the app or the widget fetched it).
    public func writeBoth(from summary: HomeSummary, now: Date) throws(StorageError) {
        for kind in WidgetKind.summaryKinds { try write(SnapshotBuilder.build(kind, from: summary, now: now)) }
    }
}
