import ArgumentParser
import Models

@main
struct Hangangjari: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hangangjari",
        abstract: "Parking, crowd and outing information for Seoul's Hangang parks.",
        subcommands: [CatalogCommand.self],
        defaultSubcommand: CatalogCommand.self)
}

struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "catalog", abstract: "List the parks and lots.")

    func run() throws {
        print(CatalogListing.render(Catalog.bundled))
    }
}
