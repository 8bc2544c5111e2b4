import FormIR
import Lowering

/// What the preview draws for one field and what it submits: the control, the options it lists and
/// the payload keys (as `--to json-schema` describes them: `PayloadSchemaBuilder.payloadKeys`).
struct HTMLFieldPlan {
    /// The input element(s) a field is drawn with.
    enum Control: Equatable {
        /// `<input type=…>` (text, email, tel, url, password, number, date, time, datetime-local, range).
        case input(String)
        case textarea
        case select
        /// One radio button per option.
        case radios
        /// One checkbox per option (several may be selected).
        case checkboxes
        case checkbox
        /// Day, month and year inputs, one per submitted component key.
        case dateParts
        /// One text input per address component key.
        case address
        /// A canvas to sign on, with a hidden input carrying the submitted value.
        case signature
        /// `<input type=file accept=image/*>`.
        case photo
        /// A field that holds no value: text, image, spacer, separator, button.
        case display
    }

    /// The most options a range lists in a drop-down; a wider range is a number input with its bounds.
    static let maxListedRange = 1_000

    let field: Field
    let index: Int
    let pageIndex: Int
    /// Index of the section in the form's list of every section.
    let sectionIndex: Int
    let path: String
    let keys: [SubmittedKey]
    let options: [Option]
    let control: Control
    /// `string`, `integer`, `number` or `any`: the JSON type of the option values (of the text for fields without options).
    let shape: ValueShape

    /// `false` when no state the relationships can reach submits the field (`RuleStates`, as
    /// `--to json-schema` decides which keys a payload may hold): its inputs then carry no `name`.
    let submits: Bool

    init(field: Field, index: Int, pageIndex: Int, sectionIndex: Int, path: String, submits: Bool) {
        self.submits = submits
        self.field = field
        self.index = index
        self.pageIndex = pageIndex
        self.sectionIndex = sectionIndex
        self.path = path
        let keys = PayloadSchemaBuilder.payloadKeys(SubmissionModel.keys(for: field), of: field)
        self.keys = keys
        var options = field.options
        if options.isEmpty, let values = field.optionRange?.listedValues, values.count <= Self.maxListedRange {
            options = values.map { Option(value: .string(String($0))) }
        }
        self.options = options
        let main = keys.first { $0.component == nil }
        self.shape = main.map { ValueShape(key: $0, field: field) } ?? .string
        self.control = Self.control(field, keys: keys, listed: !options.isEmpty)
    }

    private static func control(_ field: Field, keys: [SubmittedKey], listed: Bool) -> Control {
        let kind = field.kind
        if kind.isDisplayOnly { return .display }
        if kind.isChoice || listed {
            if kind == .multipleChoice || field.allowsMultiple { return .checkboxes }
            switch field.presentation {
            case .radio?, .segmented?, .imagePicker?, .leftRight?, .inline?: return .radios
            default: return .select
            }
        }
        let sendsText = keys.first { $0.component == nil }?.valueType == .string
        switch kind {
        case .multiline: return .textarea
        case .email: return .input("email")
        case .phone: return .input("tel")
        case .url: return .input("url")
        case .password: return .input("password")
        case .integer, .decimal, .number, .currency, .percent, .stepper:
            return sendsText ? .input("text") : .input("number")
        case .slider: return .input("range")
        case .date, .dateTime, .time, .countdown:
            if keys.contains(where: { $0.component == "day" }) { return .dateParts }
            return .input(kind == .date ? "date" : kind == .dateTime ? "datetime-local" : "time")
        case .boolean: return .checkbox
        case .signature: return .signature
        case .photo: return .photo
        case .address: return .address
        default: return field.optionRange != nil ? .input("number") : .input("text")
        }
    }

    /// The input's `step`: whole numbers for integer values, any number otherwise.
    var step: String? {
        guard control == .input("number") || control == .input("range") else { return nil }
        if let s = field.formatting.step, s > 0 { return Value.format(s) }
        return keys.first?.valueType == .integer || field.optionRange != nil ? "1" : "any"
    }
}
