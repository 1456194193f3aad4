import Foundation
import Hummingbird

/// What a rendered page depends on: what the request asks (form, language, whether `?lang=` chose it), the path,
/// the value it shows (the summary's ETag), the minute (ages and "opens in" move with it) and, without a public
/// address, the host it names in its curl hint.
struct PageKey: Hashable, Sendable {
    let asked: PageRequest
    let path: String
    let version: String
    let minute: Int
    let host: String?

    init(_ page: PageRequest, _ request: Request, path: String, version: String, now: Date, namesHost: Bool) {
        asked = page
        self.path = path
        self.version = version
        minute = Int(now.timeIntervalSince1970 / 60)
        host = namesHost ? request.head.authority.map { String($0.prefix(100)) } : nil
    }
}
