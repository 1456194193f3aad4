/// Gives the memory a finished piece of work freed back to the system. glibc keeps freed heap pages (of every
/// thread's arena) for later allocations; after a training, whose feature rows and trees are hundreds of
/// megabytes the server never needs again, they would stay in its RSS for good.
public enum FreedMemory {
    /// Returns what the allocator holds free to the system (glibc's `malloc_trim`); elsewhere nothing.
    public static func giveBack() {
        #if os(Linux) && canImport(Glibc)
            _ = glibcMallocTrim(0)
        #endif
    }
}

#if os(Linux) && canImport(Glibc)
    // `malloc_trim` is declared in <malloc.h>, which the Glibc module does not include: the symbol is bound here
    // by name (`int malloc_trim(size_t pad)`).
    @_silgen_name("malloc_trim")
    private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
