import Foundation
import Localization
import Models
import Storage

/// Health checks for `hangangjari doctor`: what each check covers and how its result reads. The checks themselves
/// run in `AppLive` (`Doctor.run`), which reaches the backend, the cache and the snapshots.
public enum Doctor {
    /// What a check covers; the screens put it into words.
    public enum Check: String, Sendable, CaseIterable {
        case backend, container, settings, alerts, cache, snapshots, api, token, policy, clock, upstream
    }

    public enum Status: String, Sendable {
        case ok, warning, failed
    }

    /// The worst status of a run: what `doctor --json` reports and what decides `doctor`'s exit status.
    public static func overall(_ results: [Result]) -> Status {
        results.contains { $0.status == .failed }
            ? .failed : results.contains { $0.status == .warning } ? .warning : .ok
    }

    /// One result; `detail` is in every language, with paths, URLs and the system's own error text kept as they are.
    public struct Result: Sendable, Equatable {
        public var check: Check
        public var status: Status
        public var detail: Reason

        package init(check: Check, status: Status, detail: Reason) {
            self.check = check
            self.status = status
            self.detail = detail
        }

        package init(check: Check, status: Status, verbatim: String) {
            self.init(check: check, status: status, detail: Reason(verbatim: verbatim))
        }
    }
}
