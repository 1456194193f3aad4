import Foundation
import ServerTrust
import Testing

/// Spent nonces are remembered for their window and then forgotten in order, memory stays bounded by what is
/// unexpired, and at capacity a nonce is refused rather than one forgotten early.
@Suite struct NonceCacheTests {
    let start = Date(timeIntervalSince1970: 1_795_323_900)

    func nonce(_ n: Int) -> SpentNonce { SpentNonce(keyId: "k-1", nonce: String(format: "%016x", n)) }

    @Test func aNonceIsRefusedUntilItsTimeIsUp() throws {
        let cache = NonceCache()
        #expect(try cache.insert(nonce(1), now: start, until: start + 10))
        #expect(try !cache.insert(nonce(1), now: start + 9, until: start + 19))
        #expect(try cache.insert(nonce(1), now: start + 10, until: start + 20))
        // The first entry leaving does not take the second with it.
        #expect(try cache.insert(nonce(2), now: start + 15, until: start + 25))
        #expect(try !cache.insert(nonce(1), now: start + 15, until: start + 25))
    }

    @Test func memoryHoldsOnlyTheUnexpiredWindow() throws {
        let cache = NonceCache()
        // 100,000 nonces, one every millisecond, each kept 10 s: at most 10,000 are unexpired at once.
        for n in 0..<100_000 {
            let now = start + Double(n) / 1000
            #expect(try cache.insert(nonce(n), now: now, until: now + 10))
        }
        #expect(cache.count <= 10_001, "\(cache.count)")
        #expect(try !cache.insert(nonce(99_999), now: start + 100, until: start + 110))
    }

    @Test func atCapacityANonceIsRefusedNotAnotherForgotten() throws {
        let cache = NonceCache(capacity: 2)
        #expect(try cache.insert(nonce(1), now: start, until: start + 10))
        #expect(try cache.insert(nonce(2), now: start, until: start + 10))
        #expect(throws: NonceCache.Full.self) { try cache.insert(nonce(3), now: start + 1, until: start + 11) }
        #expect(try !cache.insert(nonce(1), now: start + 1, until: start + 11), "still remembered")
        #expect(try cache.insert(nonce(3), now: start + 10, until: start + 20), "room once the first two expired")
    }

    @Test func fullRecordsRefuseTheSignedRequestWithTheReason() async throws {
        let records = MemoryClientRecords(nonceCapacity: 1)
        #expect(try await records.spendNonce(nonce(1), now: start, until: start + 600))
        await #expect {
            try await records.spendNonce(nonce(2), now: start, until: start + 600)
        } throws: { error in
            "\(error)" == "the nonce memory holds 1 unexpired nonces, its limit"
        }
    }
}
