import FormIR

/// The texts `formconv formats` prints, generated from `FormatRegistry` and the emitters'
/// `supportedFeatures`, so they cannot drift from the code.
public enum FormatCatalogue {
    /// One row per format: id, whether formconv reads and writes it, its output extension and summary.
    public static func table() -> String {
        let header = ["FORMAT", "READ", "WRITE", "EXTENSION", "DESCRIPTION"]
        let rows = FormatID.allCases.map { f in
            [f.rawValue, FormatRegistry.reader(for: f) == nil ? "-" : "yes",
             FormatRegistry.emitter(for: f) == nil ? "-" : "yes", "." + f.fileExtension, f.summary]
        }
        let widths = (0..<header.count - 1).map { i in ([header] + rows).map { $0[i].count }.max()! }
        return ([header] + rows).map { row in
            row.enumerated().map { i, cell in i < widths.count ? cell.padding(toLength: widths[i] + 2, withPad: " ", startingAt: 0) : cell }
                .joined()
        }.joined(separator: "\n") + "\n"
    }

    /// The feature matrix as Markdown: one row per IR `Feature`, one column per writable format, `✓` where
    /// the format's emitter writes the feature. Committed as docs/feature-matrix.md.
    public static func featureMatrix() -> String {
        let formats = FormatRegistry.writable
        let supported = formats.map { FormatRegistry.emitter(for: $0)?.supportedFeatures ?? [] }
        var out = """
        # Feature matrix

        Which IR features each output format carries. A feature without a ✓ is reported as a loss
        (`loss.<feature>`, a warning with the file, line and column where the input used it) whenever a
        form that uses it is converted to that format. Generated from the emitters' `supportedFeatures`;
        do not edit by hand. Regenerate with:

            swift run formconv formats --features > docs/feature-matrix.md


        """
        out += "| feature | " + formats.map { "`\($0.rawValue)`" }.joined(separator: " | ") + " |\n"
        out += "|---|" + formats.map { _ in ":-:" }.joined(separator: "|") + "|\n"
        for feature in Feature.allCases {
            out += "| `\(feature.rawValue)` | " + supported.map { $0.contains(feature) ? "✓" : " " }.joined(separator: " | ") + " |\n"
        }
        out += "\n| format | features written |\n|---|--:|\n"
        for (f, s) in zip(formats, supported) {
            out += "| `\(f.rawValue)` | \(s.intersection(Feature.allCases).count) of \(Feature.allCases.count) |\n"
        }
        out += "\nFormats read (`--from`): " + FormatRegistry.readable.map { "`\($0.rawValue)`" }.joined(separator: ", ")
            + ". What each reader maps is in its format's page (SurveyJS: surveyjs.md).\n"
        return out
    }
}
