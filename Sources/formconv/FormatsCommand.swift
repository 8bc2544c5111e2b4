import ArgumentParser
import FormConvKit

/// `formconv formats`: the formats table, or with `--features` the feature matrix in Markdown.
struct Formats: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats",  // named, not derived from the type: that took a dozen conformance scans a run
        abstract: "List the formats formconv reads and writes.",
        discussion: "With --features, print which IR features each output format carries, as Markdown (docs/feature-matrix.md).")

    @Flag(help: "Print the feature matrix (Markdown) instead of the format table.")
    var features = false

    func run() {
        Terminal.writeOutput(Array((features ? FormatCatalogue.featureMatrix() : FormatCatalogue.table()).utf8))
    }
}
