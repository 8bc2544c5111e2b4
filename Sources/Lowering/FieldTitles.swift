import FormIR

/// The name a field is shown and spoken of by where a form gives it no label: its placeholder, else the
/// title of its group, before its id (`_creditAddress is required.` reads as `Card-holder address is
/// required.`). One table for the preview, SurveyJS, rjsf and JSON Forms.
public struct FieldTitles: Sendable {
    /// Where a field's title comes from.
    public enum Source: String, Sendable {
        /// Its own label.
        case label
        /// Its placeholder (no label).
        case placeholder
        /// Its group's title (no label, no placeholder).
        case groupTitle = "group title"
    }

    private var groupTitles: [String: LocalizedText] = [:]

    /// The table for `form`: each field's group title, read once.
    public init(_ form: Form) {
        for page in form.pages {
            for section in page.sections {
                guard let title = section.title, !title.isEmpty else { continue }
                // By index: `for field in` copied each 208-byte `Field`.
                let fields = section.fields
                for fi in fields.indices where groupTitles[fields[fi].id] == nil { groupTitles[fields[fi].id] = title }
            }
        }
    }

    /// The title of `field` and where it comes from; nil when it has no label, placeholder or group title,
    /// or shows no answer (display-only kinds are their own text).
    public func title(of field: Field) -> (text: LocalizedText, source: Source)? {
        if let label = field.texts.label, !label.isEmpty { return (label, .label) }
        guard !field.kind.isDisplayOnly else { return nil }
        if let placeholder = field.texts.placeholder, !placeholder.isEmpty { return (placeholder, .placeholder) }
        if let group = groupTitles[field.id] { return (group, .groupTitle) }
        return nil
    }

    /// Reports a title that is not `field`'s own label (`loss.text.label`): "'id' has no label:" then what
    /// `target` does with the fallback, given its source and text (`shows its placeholder 'Name' as its title`).
    public static func reportFallback(_ field: Field, _ title: (text: LocalizedText, source: Source), target: String,
                                      does: (_ source: String, _ text: String) -> String, path: String,
                                      into diagnostics: inout Diagnostics) {
        guard title.source != .label else { return }
        diagnostics.loss(Feature.label.rawValue, target: target,
                         "'\(field.id)' has no label: " + does(title.source.rawValue, title.text.entries.first?.text ?? ""),
                         at: field.location, path: path)
    }
}
