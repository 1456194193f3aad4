import Foundation
import Models
import Networking

/// The runtime policy, changeable while running.
public final class PolicyState: Sendable {
    private let unsigned: LockedBox<Bool>
    public let maxSkewSeconds: Int

    public init(unsignedReadsAllowed: Bool, maxSkewSeconds: Int = 300) {
        unsigned = LockedBox(unsignedReadsAllowed)
        self.maxSkewSeconds = maxSkewSeconds
    }

    public var unsignedReadsAllowed: Bool {
        get { unsigned.value }
        set { unsigned.value = newValue }
    }

    public var clientPolicy: ClientPolicy {
        ClientPolicy(
            unsignedReads: .known(unsignedReadsAllowed ? .allow : .deny), proofMaxSkewSeconds: maxSkewSeconds,
            refreshIntervalSeconds: 300, minClientVersion: "0.1.0")
    }
}
