import Foundation
import Models
import Synchronization

/// The runtime policy, changeable while running.
public final class PolicyState: Sendable {
    private let unsigned: Mutex<Bool>
    private let pushKey = Mutex<String?>(nil)
    public let maxSkewSeconds: Int
    /// Where people reach the deployment's pages, told to clients.
    public let publicURL: PublicURL?

    public init(unsignedReadsAllowed: Bool, maxSkewSeconds: Int = 300, publicURL: PublicURL? = nil) {
        unsigned = Mutex(unsignedReadsAllowed)
        self.maxSkewSeconds = maxSkewSeconds
        self.publicURL = publicURL
    }

    public var unsignedReadsAllowed: Bool {
        get { unsigned.withLock { $0 } }
        set { unsigned.withLock { $0 = newValue } }
    }

    /// The deployment's VAPID public key, once it is loaded from the shared store; nil while it is not, or when the
    /// deployment sends no push alerts.
    public var pushPublicKey: String? {
        get { pushKey.withLock { $0 } }
        set { pushKey.withLock { $0 = newValue } }
    }

    public var clientPolicy: ClientPolicy {
        ClientPolicy(
            unsignedReads: .known(unsignedReadsAllowed ? .allow : .deny), proofMaxSkewSeconds: maxSkewSeconds,
            refreshIntervalSeconds: 300, minClientVersion: "0.1.0",
            publicUrl: publicURL?.description, pushPublicKey: pushPublicKey)
    }
}
