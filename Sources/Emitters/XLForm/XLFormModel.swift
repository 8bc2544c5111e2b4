import FormIR

/// The XLForm object model as formconv writes it: what the descriptor files and the generated code
/// both render. Built from the IR by `XLFormProjection`, which reports what does not fit.
struct XLFormModel: Sendable {
    var title: String?
    var disabled = false
    /// Other `XLFormDescriptor` properties (`addAsteriskToRequiredRowsTitle`, …) in a fixed order.
    var properties: [(name: String, value: Value)] = []
    var sections: [XLFormSectionModel] = []
}

struct XLFormSectionModel: Sendable {
    /// The IR section's place and path, for losses found while writing.
    var location: SourceLocation?
    var path: String?
    var title: String?
    var footerTitle: String?
    var hidden: XLFormFlag?
    var multivaluedTag: String?
    /// Bitmask: 1 insert, 2 delete, 4 reorder (`XLFormSectionOptions`).
    var sectionOptions = 0
    /// `XLFormSectionInsertMode`: 0 last row, 2 button.
    var sectionInsertMode: Int?
    var template: XLFormRowModel?
    var rows: [XLFormRowModel] = []
}

/// `hidden`/`disabled`: a fixed boolean or a predicate format string.
enum XLFormFlag: Sendable, Equatable {
    case bool(Bool)
    case predicate(String)
}

/// A selector option: an `XLFormOptionsObject` when it has a display text, else the bare value.
struct XLFormOptionModel: Sendable, Equatable {
    var value: Value
    var displayText: String?
}

enum XLFormRowValue: Sendable, Equatable {
    case plain(Value)
    case option(XLFormOptionModel)
    /// A multiple selector's selection.
    case options([XLFormOptionModel])
}

enum XLFormValidatorModel: Sendable, Equatable {
    case email
    case regex(regex: String, msg: String?)
}

struct XLFormActionModel: Sendable, Equatable {
    var viewControllerClass: String?
    var viewControllerStoryboardId: String?
    var viewControllerNibName: String?
    /// `XLFormPresentationMode`: 0 default, 1 push, 2 present.
    var viewControllerPresentationMode: Int?
    var formSegueIdentifier: String?
    var formSelector: String?
}

struct XLFormRowModel: Sendable {
    /// `nil` for rows of multivalued sections, which XLForm leaves untagged.
    var tag: String?
    var rowType: String
    var title: String?
    var value: XLFormRowValue?
    var required = false
    var requireMsg: String?
    var hidden: XLFormFlag?
    var disabled: XLFormFlag?
    var selectorTitle: String?
    var selectorOptions: [XLFormOptionModel] = []
    var noValueDisplayText: String?
    var validators: [XLFormValidatorModel] = []
    /// `cellConfig`, `cellConfigAtConfigure`, `cellConfigIfDisabled`, `cellConfigForSelector`, each sorted by key path.
    var cellConfigs: [(name: String, entries: [(keyPath: String, value: Value)])] = []
    var height: Value?
    var action: XLFormActionModel?
    var cellClass: String?
    var cellStyle: Int?
    var valueTransformer: String?
    /// Where the field came from, for diagnostics about its values.
    var location: SourceLocation?

    init(tag: String?, rowType: String) {
        self.tag = tag
        self.rowType = rowType
    }
}
