import Testing

@testable import ServerForecasting

#if os(Linux) && canImport(Glibc)
    import Glibc

    /// A long-running server keeps glibc from holding on to what a training's hand-over freed.
    @Suite struct FreedMemoryTests {
        /// Whether glibc mapped `block` on its own: bit 1 (IS_MMAPPED) of the size word just before it. Read through
        /// an address made from an integer, so that the optimiser cannot treat it as outside the allocation.
        static func isMappedOnItsOwn(_ block: UnsafeMutableRawPointer) -> Bool {
            let header = UnsafeRawPointer(bitPattern: UInt(bitPattern: block) - UInt(MemoryLayout<UInt>.size))!
            return header.load(as: UInt.self) & 2 != 0
        }

        /// Without the fixed limits, freeing a block of 16 MiB raises glibc's limit to 16 MiB, and a block of 1 MiB
        /// then comes from an arena, whose freed top a thread's arena keeps; with them, it is still mapped on its own
        /// and unmapped when freed.
        @Test func aLargeBlockFreedDoesNotRaiseTheLimitForMappedBlocks() throws {
            FreedMemory.returnPromptly()
            let large = try #require(malloc(16 << 20))
            #expect(Self.isMappedOnItsOwn(large))
            free(large)
            let block = try #require(malloc(1 << 20))
            defer { free(block) }
            #expect(Self.isMappedOnItsOwn(block))
        }
    }
#endif
