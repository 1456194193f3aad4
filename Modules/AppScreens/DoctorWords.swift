import AppCore
import Localization
import Models
import ScreenRows

/// Names of the doctor's checks in words.
public enum DoctorWords {
    public static func name(_ check: Doctor.Check) -> L10nKey {
        switch check {
        case .backend: .doctorBackend
        case .container: .doctorContainer
        case .settings: .doctorSettings
        case .alerts: .doctorAlerts
        case .cache: .doctorCache
        case .snapshots: .doctorSnapshots
        case .api: .doctorApi
        case .token: .doctorToken
        case .policy: .doctorPolicy
        case .clock: .doctorClock
        case .upstream: .doctorUpstream
        }
    }
}

/// `hangangjari doctor --json`: every check with its status and detail, and the overall status, for scripts.
public enum DoctorJSON {
    struct Report: Encodable {
        var version: String
        /// The worst status: `ok`, `warning` or `failed`.
        var status: String
        var checks: [Check]
    }

    struct Check: Encodable {
        var check: String
        var status: String
        /// The detail in the stable technical (English) wording.
        var detail: String
        /// The detail in the user's language.
        var text: String
    }

    /// One JSON document.
    public static func render(_ results: [Doctor.Result], _ l: Localizer) -> String {
        ContractCoding.text(
            Report(
                version: ProductVersion.current, status: Doctor.overall(results).rawValue,
                checks: results.map {
                    Check(
                        check: $0.check.rawValue, status: $0.status.rawValue, detail: $0.detail.technical,
                        text: $0.detail.text(l))
                }))
    }
}
