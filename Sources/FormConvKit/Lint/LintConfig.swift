import FormIR
import DocumentTree

/// `.formconv.yml`, the project's configuration for every command: per-rule severities (or `off`)
/// and excluded paths for `lint`, accepted losses for `convert`.
///
/// ```yaml
/// rules:
///   missing-translation: off
///   submission-key-collision: error
/// exclude:
///   - "legacy/**"
/// accept-losses:
///   - loss.layout.size                 # in every input
///   - id: loss.relationship.*
///     paths: ["legacy/**"]             # only in these inputs
/// translations:                        # see TranslationPolicy
///   languages: [EN_US, FR_CA]
///   min-share: 25%
/// ```
public struct LintConfig: Sendable {
    /// `nil` severity means the rule is disabled.
    public var severities: [String: Severity?] = [:]
    /// Path patterns `lint` does not lint (`legacy/**`).
    public var exclude: [String] = []
    /// `accept-losses`: what `convert` counts without printing or failing on.
    public var acceptedLosses = LossAcceptance()
    /// `translations`: the languages `missing-translation` asks for (`TranslationPolicy`).
    public var translations = TranslationPolicy()

    /// The file read when no `--config` is given: `.formconv.yml` in the current directory.
    public static let defaultPath = ".formconv.yml"

    /// The largest configuration file read: 1 MiB (a configuration is a few hundred lines). A larger one
    /// is refused before or while reading it; a FIFO, device or socket before it is opened (docs/cli.md).
    public static let maxSize = 1 << 20

    /// No configuration: every rule at its default severity, nothing excluded or accepted.
    public init() {}

    /// Reads the configuration at `path`: `nil` when `path` is the default one and does not exist
    /// (no configuration); a `ReadFailure` when it cannot be read or parsed, or holds errors.
    /// Warnings (unknown keys) are added to `diagnostics`.
    public static func load(_ path: String?, diagnostics: inout Diagnostics) throws -> LintConfig? {
        let file = path ?? defaultPath
        let bytes: [UInt8]
        switch InputLoader.readRegularFile(file, limit: maxSize) {
        case .success(let read): bytes = read
        case .failure(.notFound) where path == nil: return nil
        case .failure(.tooLarge):
            throw ReadFailure(id: "config.too-large", "configuration file \(file) is over the limit of \(ByteSize.describe(maxSize))")
        case .failure(let problem):
            throw ReadFailure(id: "config.unreadable", "cannot read configuration file: " + problem.message(file))
        }
        var found = Diagnostics()
        let config = try parse(bytes, name: file, diagnostics: &found)
        diagnostics.append(contentsOf: found.items)
        if let first = found.errors.first { throw ReadFailure(first) }
        return config
    }

    /// The severity a rule's findings get, or `nil` when the rule is off.
    public func severity(of rule: LintRule) -> Severity? {
        severity(ofRule: rule.id, default: rule.defaultSeverity)
    }

    /// The severity findings of the rule `id` get, given its default, or `nil` when it is off.
    func severity(ofRule id: String, default defaultSeverity: Severity) -> Severity? {
        if severities.isEmpty { return defaultSeverity }
        if let configured = severities[id] { return configured }
        return defaultSeverity
    }

    /// Whether `path` (relative to the config's directory, `/`-separated) is excluded.
    public func excludes(_ path: String) -> Bool {
        exclude.contains { Glob($0).matches(path) }
    }

    /// Reads a config file; problems (unknown rule ids, bad severities) are diagnostics with positions.
    public static func parse(_ bytes: [UInt8], name: String, diagnostics: inout Diagnostics) throws -> LintConfig {
        let root = try YAMLReader.parse(bytes, name: name, diagnostics: &diagnostics)
        var config = LintConfig()
        guard case .mapping(let entries) = root.kind else {
            if case .null = root.kind { return config }
            throw ReadFailure(id: "config.invalid", "the configuration must be a mapping with 'rules' and 'exclude'",
                              at: root.location)
        }
        for entry in entries {
            switch entry.key {
            case "rules":
                guard case .mapping(let rules) = entry.value.kind else {
                    diagnostics.error("config.invalid", "'rules' must map rule ids to error, warning, note or off",
                                      at: entry.value.location)
                    continue
                }
                for r in rules {
                    guard LintRules.rule(r.key) != nil else {
                        let hint = Suggest.closest(to: r.key, in: LintRules.all.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
                        diagnostics.error("config.unknown-rule", "unknown rule '\(r.key)'\(hint)", at: r.keyLocation)
                        continue
                    }
                    let word: String
                    switch r.value.kind {
                    case .string(let s): word = s.lowercased()
                    case .bool(false): word = "off"
                    case .bool(true): word = "on"
                    default: word = ""
                    }
                    switch word {
                    case "off", "disabled", "none": config.severities[r.key] = .some(nil)
                    case "on", "enabled": config.severities[r.key] = .some(LintRules.rule(r.key)!.defaultSeverity)
                    default:
                        if let sev = Severity(rawValue: word) { config.severities[r.key] = .some(sev) }
                        else {
                            let hint = Suggest.closest(to: word, in: ["error", "warning", "note", "off"]).map { " (did you mean '\($0)'?)" } ?? ""
                            diagnostics.error("config.invalid-severity",
                                              "rule '\(r.key)': expected error, warning, note or off\(hint)", at: r.value.location)
                        }
                    }
                }
            case "exclude":
                switch entry.value.kind {
                case .array(let items):
                    for item in items {
                        if case .string(let s) = item.kind { config.exclude.append(s) }
                        else { diagnostics.error("config.invalid", "'exclude' entries must be path patterns", at: item.location) }
                    }
                case .string(let s): config.exclude.append(s)
                default: diagnostics.error("config.invalid", "'exclude' must be a list of path patterns", at: entry.value.location)
                }
            case "accept-losses":
                config.acceptedLosses = parseAcceptedLosses(entry.value, diagnostics: &diagnostics)
            case "translations":
                config.translations = TranslationPolicy.parse(entry.value, diagnostics: &diagnostics)
            default:
                let keys = ["rules", "exclude", "accept-losses", "translations"]
                let hint = Suggest.closest(to: entry.key, in: keys).map { "did you mean '\($0)'?" }
                    ?? "expected " + keys.map { "'\($0)'" }.joined(separator: ", ")
                diagnostics.warning("config.unknown-key", "unknown key '\(entry.key)' (\(hint))", at: entry.keyLocation)
            }
        }
        return config
    }
}

extension LintConfig {
    /// `accept-losses`: a list of loss ids (or patterns), each a string or `{id: …, paths: [...]}`.
    static func parseAcceptedLosses(_ node: Node, diagnostics: inout Diagnostics) -> LossAcceptance {
        guard case .array(let items) = node.kind else {
            diagnostics.error("config.invalid", "'accept-losses' must be a list of loss ids (loss.layout.size)", at: node.location)
            return LossAcceptance()
        }
        var entries: [LossAcceptance.Entry] = []
        for item in items {
            var id: String?, paths: [String] = []
            switch item.kind {
            case .string(let s): id = s
            case .mapping(let fields):
                for f in fields {
                    switch (f.key, f.value.kind) {
                    case ("id", .string(let s)): id = s
                    case ("paths", .string(let s)): paths = [s]
                    case ("paths", .array(let ps)):
                        for p in ps { if case .string(let s) = p.kind { paths.append(s) } }
                        if paths.count != ps.count { diagnostics.error("config.invalid", "'paths' must list path patterns", at: f.value.location) }
                    default:
                        diagnostics.error("config.invalid", "an accepted loss has 'id' (a loss id) and 'paths' (patterns); not '\(f.key)'",
                                          at: f.keyLocation)
                    }
                }
            default: break
            }
            guard let id, id.hasPrefix("loss.") else {
                diagnostics.error("config.invalid", "an accepted loss is a loss id such as loss.layout.size (or {id: …, paths: [...]})",
                                  at: item.location)
                continue
            }
            entries.append(LossAcceptance.Entry(id: id, paths: paths))
        }
        return LossAcceptance(entries)
    }
}

/// Shell-style path patterns: `*` (within a path segment), `**` (any number of segments), `?`.
///
/// Compiled once into steps and matched by following every possible position in the pattern at once
/// (a Thompson simulation): time is at most pattern length × path length, whatever the stars.
/// Backtracking took exponential time: `loss.` and twenty `*` made every convert take over 30 s.
struct Glob {
    enum Step: Equatable {
        case literal(Character)
        /// `?`: one character other than `/`.
        case one
        /// `*`: any run of characters other than `/`.
        case star
        /// `**`: any run of characters.
        case globstar
        /// `**/`: nothing, or any run of characters ending with `/`.
        case directories
    }

    let steps: [Step]
    let hasSlash: Bool

    init(_ pattern: String) {
        var p = pattern
        if p.hasPrefix("./") { p.removeFirst(2) }
        if p.hasSuffix("/") { p += "**" }
        let cs = Array(p)
        var steps: [Step] = []
        var i = 0
        while i < cs.count {
            switch cs[i] {
            case "*" where i + 1 < cs.count && cs[i + 1] == "*":
                if i + 2 < cs.count && cs[i + 2] == "/" { steps.append(.directories); i += 3 } else { steps.append(.globstar); i += 2 }
                continue
            case "*": steps.append(.star)
            case "?": steps.append(.one)
            case let c: steps.append(.literal(c))
            }
            i += 1
        }
        self.steps = steps
        hasSlash = cs.contains("/")
    }

    func matches(_ path: String) -> Bool {
        let s = Array(path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
        if match(s[...]) { return true }
        // A pattern without '/' matches a name at any depth, like .gitignore.
        if !hasSlash { return s.split(separator: "/").contains { match($0) } }
        return false
    }

    /// Whether the whole of `s` matches: the set of pattern positions reached after each character.
    func match(_ s: ArraySlice<Character>) -> Bool {
        let m = steps.count
        var current = [Bool](repeating: false, count: m + 1)
        var next = current
        current[0] = true
        close(&current)
        for c in s {
            for k in 0...m { next[k] = false }
            var any = false
            for k in 0..<m where current[k] {
                switch steps[k] {
                case .literal(let l): if l == c { next[k + 1] = true; any = true }
                case .one: if c != "/" { next[k + 1] = true; any = true }
                case .star: if c != "/" { next[k] = true; any = true }
                case .globstar: next[k] = true; any = true
                case .directories:
                    next[k] = true; any = true
                    if c == "/" { next[k + 1] = true }
                }
            }
            guard any else { return false }
            close(&next)
            swap(&current, &next)
        }
        return current[m]
    }

    /// Adds the positions reachable without reading a character: past a star, `**` or `**/` that
    /// matches nothing.
    private func close(_ set: inout [Bool]) {
        for k in 0..<steps.count where set[k] {
            switch steps[k] {
            case .star, .globstar, .directories: set[k + 1] = true
            default: break
            }
        }
    }
}
