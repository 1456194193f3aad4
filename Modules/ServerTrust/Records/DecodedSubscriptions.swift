import Foundation
import Models
import Synchronization

/// The watched subscriptions' bodies, decoded once per process: the alert watcher reads every subscription after
/// every collection, and decoding ten thousand JSON bodies each time costs more than the collection itself. Sound
/// because a subscription's id is new with every write (a changed subscription is another id), so the body behind
/// an id never changes; ids no longer watched are forgotten at the next pass.
public final class DecodedSubscriptions: Sendable {
    private let decoded = Mutex<[String: PushSubscription]>([:])

    public init() {}

    /// Of these ids, those whose bodies have not been decoded yet (to be read from the store).
    public func missing(_ ids: [String]) -> [String] {
        decoded.withLock { known in ids.filter { known[$0] == nil } }
    }

    /// The watched subscriptions in the order of `states`, decoding only `bodies` (those that were missing); a
    /// state whose body is neither known nor given (deleted between the two reads) is left out.
    public func watched(_ states: [(id: String, armed: Bool)], bodies: [String: Data]) throws
        -> [WatchedSubscription]
    {
        var fresh: [String: PushSubscription] = [:]
        for (id, body) in bodies { fresh[id] = try ContractCoding.decode(PushSubscription.self, from: body) }
        return decoded.withLock { known in
            var kept: [String: PushSubscription] = [:]
            kept.reserveCapacity(states.count)
            let watched = states.compactMap { state -> WatchedSubscription? in
                guard let subscription = fresh[state.id] ?? known[state.id] else { return nil }
                kept[state.id] = subscription
                return WatchedSubscription(id: state.id, subscription: subscription, armed: state.armed)
            }
            known = kept
            return watched
        }
    }
}
