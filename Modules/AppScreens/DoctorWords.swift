import AppCore
import Localization

/// Names of the doctor's checks in words.
public enum DoctorWords {
    public static func name(_ check: Doctor.Check) -> L10nKey {
        switch check {
        case .backend: .doctorBackend
        case .container: .doctorContainer
        case .settings: .doctorSettings
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
