import AppCommands
import EmbeddedServer
import Foundation
import WidgetCommandLine
import WidgetFront

/// One binary, two commands: called as `hangangjari-widget-fetch` (by the widget, or through an installed link)
/// it is the widget's fetching half, so the backend stack is linked and installed once.
@main
enum Main {
    static func main() async {
        guard !FetchingHalf.isInvoked(as: CommandLine.arguments.first) else {
            await WidgetFetchCommand.localizedMain { command in
                guard let fetch = command as? WidgetFetchCommand else {
                    var command = command
                    return try command.run()
                }
                try await fetch.run(embedded: .reference)
            }
            return
        }
        let status = await Hangangjari.run(
            Array(CommandLine.arguments.dropFirst()), in: .live(embedded: .reference))
        exit(status)
    }
}
