import ArgumentParser
import Localization
import Models

// The vocabulary's closed sets parse as themselves, from the command line to rendering; their completions and the
// values listed in `--help` come from their cases.
extension WidgetKind: ExpressibleByArgument {}
extension WidgetFormat: ExpressibleByArgument {}
extension Language: ExpressibleByArgument {}
