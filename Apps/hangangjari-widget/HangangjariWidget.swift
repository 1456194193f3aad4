import FoundationEssentials
import Localization
import Models
import Storage
import WidgetFront
import WidgetRendering

#if canImport(Glibc)
    import Glibc
#endif

/// The widget command. It serves a fresh snapshot itself (small binary, no argument parser, no SQLite, fast
/// start); otherwise, and for help or anything unusual on the command line, it becomes `hangangjari-widget-fetch`
/// (`hangangjari`, installed beside it, under that name) with the same arguments.
@main
enum HangangjariWidget {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        let environment = ProcessInfo.processInfo.environment
        let quick = QuickArguments.parse(arguments)
        // A malformed clock or state directory is left to the helper, which reports it; so is a language that
        // config.toml may name, which only the helper's TOML reader reads (unless --lang names one).
        if let quick, let clock = try? WallClock.from(environment: environment),
            let container = try? SharedContainer.resolve(explicit: quick.stateDir, environment: environment),
            quick.options.language != nil || !AppConfiguration.fileMayNameLanguage(environment)
        {
            let runner = WidgetRunner(
                container: container, environment: environment, makeFetch: { throw CancellationError() }, now: clock.now
            )
            var warnings: [String] = []
            if let (output, messages) = runner.freshOutput(quick.options, messages: &warnings) {
                WidgetMessages.emit(messages, format: quick.options.format, container: container, now: clock.now())
                StandardStream.output.write(output.text + "\n")
                exit(output.exitCode)
            }
            WidgetMessages.emit(warnings, format: quick.options.format, container: container, now: clock.now())
        }
        // The fetching half is `hangangjari` itself, called by the name that makes it that command.
        let helper = RunningExecutable.sibling(FetchingHalf.binary)
        let argv = [FetchingHalf.invocationName] + arguments
        let cArgs = argv.map { strdup($0) } + [nil]
        execv(helper, cArgs)
        // Only reached when exec failed: still print something.
        let problem = String(cString: strerror(errno))
        let l = Localizer(
            Language.resolve(
                flag: quick?.options.language?.rawValue, configFile: nil, settings: nil, environment: environment))
        StandardStream.error.write("hangangjari-widget: \(l(.widgetHelperMissing))\n")
        print("P — (\(l(.widgetHelperMissingShort, helper, problem)))")
        exit(ExitStatus.unavailable)
    }
}
