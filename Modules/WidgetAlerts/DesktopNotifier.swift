import Foundation
import Localization
import WidgetSnapshot

/// Shows an alert on the desktop with `notify-send`, and says truly whether it was shown.
public enum DesktopNotifier {
    /// Runs `notify-send` from `PATH`; its exit status and first line of stderr decide the delivery.
    public static func notifySend(_ alert: LocalAlerts.Alert, environment: [String: String]) -> LocalAlerts.Delivery {
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/notify-send" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return .failed(Reason(.alertNoNotifier)) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--app-name=Hangangjari", "--icon=dialog-information", alert.title, alert.body]
        process.environment = environment
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do { try process.run() } catch { return .failed(Reason(verbatim: "notify-send: \(error)")) }
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let line =
                String(decoding: said.prefix(300), as: UTF8.self).split(whereSeparator: \.isNewline).first.map(
                    String.init) ?? ""
            return .failed(Reason(.alertNotifierFailed, process.terminationStatus, line.isEmpty ? "-" : line))
        }
        return .delivered
    }
}
