import FoundationEssentials
import Localization
import WidgetSnapshot

/// Shows an alert on the desktop with `notify-send`, and says truly whether it was shown.
public enum DesktopNotifier {
    /// Runs `notify-send` from `PATH`; its exit status and first line of stderr decide the delivery.
    public static func notifySend(_ alert: LocalAlerts.Alert, environment: [String: String]) -> LocalAlerts.Delivery {
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/notify-send" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return .failed(Reason(.alertNoNotifier)) }
        let arguments = [path, "--app-name=Hangangjari", "--icon=dialog-information", alert.title, alert.body]
        let run: (status: Int32, stderr: [UInt8])
        do { run = try SpawnedCommand.run(arguments, environment: environment) } catch {
            return .failed(Reason(verbatim: "notify-send: \(error.description)"))
        }
        guard run.status == 0 else {
            let line =
                String(decoding: run.stderr.prefix(300), as: UTF8.self).split(whereSeparator: \.isNewline).first.map(
                    String.init) ?? ""
            return .failed(Reason(.alertNotifierFailed, run.status, line.isEmpty ? "-" : line))
        }
        return .delivered
    }
}
