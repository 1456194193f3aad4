import Foundation

/// The sanitizer settings of the running test process, for child binaries that get a clean environment.
///
/// Under `Tools/sanitizers/run` the child binaries are built with the same sanitizer; without these settings
/// LeakSanitizer would end them with status 1 and ThreadSanitizer would lose its suppressions.
public enum SanitizerOptions {
    static let names = ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"]

    /// The variables that are set, as a dictionary to merge into a child's environment.
    public static var environment: [String: String] {
        ProcessInfo.processInfo.environment.filter { names.contains($0.key) }
    }

    /// The same variables as `NAME='value'` words for a shell command line.
    public static var shellAssignments: String {
        environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
    }
}
