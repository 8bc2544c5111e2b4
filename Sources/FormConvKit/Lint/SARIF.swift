import Foundation
import FormIR

/// SARIF 2.1.0 output (the format GitHub code scanning and other CI tools ingest), with every rule's
/// metadata in `tool.driver.rules`.
enum SARIF {
    /// The tool version SARIF viewers show: formconv's own.
    static let version = FormConvVersion.current

    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }
    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var columnKind = "unicodeCodePoints"
    }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
        var name = "formconv"
        var version = SARIF.version
        var rules: [Rule]
    }
    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text
        var defaultConfiguration: Configuration
        var help: Help
    }
    /// A rule's help as viewers show it: plain text, and the rule's page (docs/rules) as Markdown.
    struct Help: Encodable {
        var text: String
        var markdown: String
    }
    struct Configuration: Encodable { var level: String }
    struct Text: Encodable { var text: String }
    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        /// `formconv/v2`: the baseline key (`LintFindingKey`), so alerts survive moves and reformatting.
        var partialFingerprints: [String: String]? = nil
        var fixes: [Fix]? = nil
    }
    // `lint --fix` edits on a result's line, as SARIF fixes (byte regions of the file).
    struct Fix: Encodable {
        var description: Text
        var artifactChanges: [ArtifactChange]
    }
    struct ArtifactChange: Encodable {
        var artifactLocation: ArtifactLocation
        var replacements: [Replacement]
    }
    struct Replacement: Encodable {
        var deletedRegion: ByteRegion
        var insertedContent: Text
    }
    struct ByteRegion: Encodable {
        var byteOffset: Int
        var byteLength: Int
    }
    struct Location: Encodable { var physicalLocation: PhysicalLocation }
    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }
    struct ArtifactLocation: Encodable { var uri: String }
    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }

    static func level(_ s: Severity) -> String { s.rawValue }

    static func render(_ results: [LintFileResult]) -> String {
        let rules = LintRules.all
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let driverRules = rules.map {
            Rule(id: $0.id, name: camelCase($0.id), shortDescription: Text(text: $0.summary),
                 fullDescription: Text(text: $0.summary + " " + $0.rationale),
                 defaultConfiguration: Configuration(level: level($0.defaultSeverity)),
                 help: Help(text: $0.summary + " " + $0.rationale, markdown: RuleDocs.page($0)))
        }
        var out: [Result] = []
        var uris: [String: String] = [:]  // a file's findings all name it: percent-encode it once
        for file in results {
            let edits = fixEdits(file)
            for d in file.findings {
                let loc = d.location
                let path = loc?.file ?? file.file
                let encoded: String
                if let known = uris[path] { encoded = known } else { encoded = uri(path); uris[path] = encoded }
                let physical = PhysicalLocation(
                    artifactLocation: ArtifactLocation(uri: encoded),
                    region: loc.map { Region(startLine: max(1, $0.line), startColumn: max(1, $0.column)) })
                out.append(Result(ruleId: d.id, ruleIndex: index[d.id] ?? 0, level: level(d.severity),
                                  message: Text(text: d.message), locations: [Location(physicalLocation: physical)],
                                  partialFingerprints: ["formconv/v2": LintFindingKey(d, in: file).fingerprint],
                                  fixes: fixes(for: d, edits, uri: encoded)))
            }
        }
        let log = Log(runs: [Run(tool: Tool(driver: Driver(rules: driverRules)), results: out)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(log)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// The `lint --fix` edits of an MM XML file with `deprecated-spelling` findings, by the 1-based
    /// line each starts on.
    private static func fixEdits(_ file: LintFileResult) -> [Int: [LegacySpellingFix.Edit]] {
        guard file.format == .mmxml, file.findings.contains(where: { $0.id == "deprecated-spelling" }),
              case .success(let read)? = Optional(LintFileReader.head(atPath: file.file, limit: 64 << 20)), read.complete
        else { return [:] }
        var lineOf: [Int: [LegacySpellingFix.Edit]] = [:]
        var line = 1, at = 0
        for e in LegacySpellingFix.edits(in: read.bytes) {
            while at < e.range.lowerBound { if read.bytes[at] == 0x0A { line += 1 }; at += 1 }
            lineOf[line, default: []].append(e)
        }
        return lineOf
    }

    private static func fixes(for d: Diagnostic, _ edits: [Int: [LegacySpellingFix.Edit]], uri: String) -> [Fix]? {
        guard d.id == "deprecated-spelling", let line = d.location?.line, let here = edits[line], !here.isEmpty else { return nil }
        return here.map { e in
            Fix(description: Text(text: e.description + (e.safety == .unsafe ? " (unsafe: --unsafe-fixes)" : "")),
                artifactChanges: [ArtifactChange(artifactLocation: ArtifactLocation(uri: uri), replacements: [
                    Replacement(deletedRegion: ByteRegion(byteOffset: e.range.lowerBound, byteLength: e.range.count),
                                insertedContent: Text(text: e.text)),
                ])])
        }
    }

    /// A relative URI reference for a path (percent-encoding what a URI cannot hold).
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        let p = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return p.addingPercentEncoding(withAllowedCharacters: allowed) ?? p
    }

    static func camelCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
