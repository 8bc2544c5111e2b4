/// Every change id `formconv diff` reports, with its usual level and what it means (docs/diff.md,
/// SARIF rules). Some ids take another level in the cases their summary names.
public enum DiffChangeKinds {
    /// One change id.
    public struct Kind: Sendable {
        /// The stable id (`option.value-removed`).
        public var id: String
        /// The level it is reported at, unless its summary says otherwise.
        public var level: DiffLevel
        /// What the change is.
        public var summary: String
    }

    /// Every change id, grouped by what they concern.
    public static let all: [Kind] = [
        Kind(id: "field.removed", level: .breaking, summary: "A field that holds a value was removed."),
        Kind(id: "field.added", level: .warning, summary: "A field was added (breaking when it is required and starts shown)."),
        Kind(id: "field.renamed", level: .breaking, summary: "A field's submission key changed; found by likeness, not reported as removed plus added."),
        Kind(id: "field.moved", level: .info, summary: "A field moved to another section or group, its key unchanged."),
        Kind(id: "field.reordered", level: .info, summary: "A field moved to another place in its section."),
        Kind(id: "field.kind-changed", level: .breaking, summary: "A field's kind changed and with it the type of value submitted (warning when the type stayed, info for display items)."),
        Kind(id: "value.type-changed", level: .breaking, summary: "The kind stayed, but the value is submitted as another type (date encoding, bitmask)."),
        Kind(id: "key.renamed", level: .breaking, summary: "A component key (date part, address part, part clone) is submitted under another name."),
        Kind(id: "key.removed", level: .breaking, summary: "A component key is no longer submitted."),
        Kind(id: "key.added", level: .warning, summary: "A component key is submitted that was not before."),
        Kind(id: "submission.stopped", level: .breaking, summary: "A field is no longer submitted in its initial state (skipped, hidden without force)."),
        Kind(id: "submission.started", level: .warning, summary: "A field is now submitted in its initial state."),
        Kind(id: "decoration.added", level: .info, summary: "A label, image, separator, button or other item holding no value was added."),
        Kind(id: "decoration.removed", level: .info, summary: "An item holding no value was removed."),
        Kind(id: "decoration.renamed", level: .info, summary: "An item holding no value changed its id."),
        Kind(id: "option.value-removed", level: .breaking, summary: "An option value was removed: answers holding it are rejected."),
        Kind(id: "option.value-renamed", level: .breaking, summary: "An option kept its label but submits another value (renumbered)."),
        Kind(id: "option.value-added", level: .warning, summary: "An option value was added."),
        Kind(id: "option.relabelled", level: .info, summary: "An option's label changed, its value unchanged."),
        Kind(id: "option.reordered", level: .info, summary: "Options were reordered (breaking when the field submits a bitmask of positions)."),
        Kind(id: "required.added", level: .breaking, summary: "A field became required."),
        Kind(id: "required.removed", level: .warning, summary: "A field is no longer required."),
        Kind(id: "required.conditional-added", level: .breaking, summary: "A condition now makes a field required."),
        Kind(id: "required.conditional-removed", level: .warning, summary: "A condition no longer makes a field required."),
        Kind(id: "validation.stricter", level: .breaking, summary: "A limit, pattern, validator, predicate or comparison was added or tightened."),
        Kind(id: "validation.looser", level: .warning, summary: "A limit, pattern, validator, predicate or comparison was dropped or loosened."),
        Kind(id: "validation.changed", level: .breaking, summary: "A pattern, validator or predicate was replaced by another: NEW may reject answers OLD accepted."),
        Kind(id: "validation.groups-changed", level: .warning, summary: "The fields validated together changed."),
        Kind(id: "default.changed", level: .warning, summary: "A field's default value changed."),
        Kind(id: "visibility.changed", level: .warning, summary: "A field, section or page now starts hidden, or shown."),
        Kind(id: "editable.changed", level: .warning, summary: "A field or the form became read-only, or editable."),
        Kind(id: "actions.changed", level: .warning, summary: "What a field does when tapped or changed is different."),
        Kind(id: "condition.added", level: .warning, summary: "A condition now decides an effect on a target (show, hide, enable, skip, compute, …)."),
        Kind(id: "condition.removed", level: .warning, summary: "An effect on a target no longer depends on a condition."),
        Kind(id: "condition.changed", level: .warning, summary: "Another condition now decides an effect (breaking when the effect is require)."),
        Kind(id: "text.changed", level: .info, summary: "A label, placeholder, message or other text changed."),
        Kind(id: "translation.added", level: .info, summary: "A text gained a language."),
        Kind(id: "translation.removed", level: .info, summary: "A text lost a language."),
        Kind(id: "presentation.changed", level: .info, summary: "A field is shown with another control, its value unchanged."),
        Kind(id: "layout.changed", level: .info, summary: "Position, size or page geometry changed."),
        Kind(id: "style.changed", level: .info, summary: "Colours, text size or alignment changed."),
        Kind(id: "formatting.changed", level: .info, summary: "How a field displays its value changed."),
        Kind(id: "page.added", level: .info, summary: "A page was added."),
        Kind(id: "page.removed", level: .info, summary: "A page was removed (its fields are reported one by one)."),
        Kind(id: "section.added", level: .info, summary: "A section or group was added."),
        Kind(id: "section.removed", level: .info, summary: "A section or group was removed (its fields are reported one by one)."),
        Kind(id: "section.moved", level: .info, summary: "A section or group moved to another page with its fields."),
        Kind(id: "section.repeat-changed", level: .warning, summary: "Whether rows of a section can be added, deleted or reordered changed."),
    ]
}
