import FaultMatrix
import Foundation

// The fault matrix: the real binaries (beside this one, or in --bin DIR) against the real server.
let arguments = CommandLine.arguments
let binaries =
    arguments.firstIndex(of: "--bin").flatMap {
        arguments.indices.contains($0 + 1) ? URL(fileURLWithPath: arguments[$0 + 1]) : nil
    }
    ?? URL(fileURLWithPath: arguments[0]).deletingLastPathComponent()
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("hj-faults-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
let rows = await FaultMatrix(binaries: binaries, scratch: scratch).run()
try? FileManager.default.removeItem(at: scratch)
print(FaultMatrix.render(rows))
let failed = rows.filter { !$0.passed }.count
print("\(rows.count - failed) of \(rows.count) rows as expected")
exit(failed == 0 ? 0 : 1)
