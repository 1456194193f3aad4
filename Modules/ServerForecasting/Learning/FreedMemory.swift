/// Gives the memory a finished piece of work freed back to the system. glibc keeps freed heap pages (of every
/// thread's arena) for later allocations; after a training, whose feature rows and trees are hundreds of
/// megabytes the server never needs again, they would stay in its RSS for good.
public enum FreedMemory {
    /// Returns what the allocator holds free to the system (glibc's `malloc_trim`); elsewhere nothing.
    ///
    /// `malloc_trim` gives back free pages inside every arena but shrinks only the main arena's top: what a
    /// thread's arena freed at its end goes back when it is freed, and only under ``returnPromptly()``.
    public static func giveBack() {
        #if os(Linux) && canImport(Glibc)
            _ = glibcMallocTrim(0)
        #endif
    }

    /// Keeps glibc from holding on to what a large piece of work freed, for the life of a long-running process.
    ///
    /// glibc starts with blocks of 128 KiB and more mapped on their own (unmapped when freed) and an arena shrunk
    /// when 128 KiB are free at its top; but each large mapped block freed raises the first limit to its size (up
    /// to 32 MiB) and the second to twice that.
    /// After one training's hand-over (megabytes of readings and wire bytes) the server's request threads would
    /// then keep that much free at the top of their arenas for good: setting the limits fixes them (glibc's
    /// `mallopt`: a set limit no longer moves), so a training leaves the heap as it found it.
    public static func returnPromptly() {
        #if os(Linux) && canImport(Glibc)
            _ = glibcMallopt(mTrimThreshold, 128 * 1024)
            _ = glibcMallopt(mMmapThreshold, 128 * 1024)
        #endif
    }
}

#if os(Linux) && canImport(Glibc)
    // `malloc_trim` and `mallopt` are declared in <malloc.h>, which the Glibc module does not include: the symbols
    // are bound here by name (`int malloc_trim(size_t pad)`, `int mallopt(int param, int value)`).
    @_silgen_name("malloc_trim")
    private func glibcMallocTrim(_ pad: Int) -> Int32

    @_silgen_name("mallopt")
    private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32

    // <malloc.h>: M_TRIM_THRESHOLD and M_MMAP_THRESHOLD.
    private let mTrimThreshold: Int32 = -1
    private let mMmapThreshold: Int32 = -3
#endif
