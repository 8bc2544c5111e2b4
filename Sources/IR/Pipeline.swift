/// An input handed to a reader: its bytes and the name diagnostics print (a path, or `<stdin>`).
public struct InputDocument: Sendable {
    /// The name diagnostics print: a path, or `<stdin>`.
    public var name: String
    /// The input's bytes, UTF-8 for text formats.
    public var bytes: [UInt8]
    /// An input named `name` holding `bytes`.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
    /// An input whose bytes are `text` in UTF-8.
    public init(name: String, text: String) {
        self.name = name
        self.bytes = Array(text.utf8)
    }
}

/// What every emitter may be told of the conversion besides the form. Options of one format (the JSON
/// Schema draft, the generated type's name) are properties of that format's emitter.
public struct EmitOptions: Sendable {
    /// The locale to treat as default when a format holds one language only.
    public var locale: String?
    /// The input file's name, for emitters that mention it (generated code headers).
    public var sourceName: String?

    /// Options with a default `locale` and the input's `sourceName`, both optional.
    public init(locale: String? = nil, sourceName: String? = nil) {
        self.locale = locale
        self.sourceName = sourceName
    }
}

/// A front end: bytes in, a `Form` out. Problems go to `diagnostics`; throw `ReadFailure` only when
/// nothing can be read.
public protocol FormReader {
    func read(_ input: InputDocument, diagnostics: inout Diagnostics) throws -> Form
}

/// Where an emitter writes its output, in pieces, in order, as it makes them. The caller decides what
/// becomes of them: a conversion's run writes them to a temporary file beside the destination and puts
/// it in place only once the conversion has succeeded; `[UInt8]` keeps them in memory.
public protocol OutputSink {
    /// Takes the next piece of the output.
    mutating func write(_ bytes: [UInt8])
}

extension Array: OutputSink where Element == UInt8 {
    /// Appends `bytes` (takes them over when nothing came before).
    public mutating func write(_ bytes: [UInt8]) {
        if isEmpty { self = bytes } else { append(contentsOf: bytes) }
    }
}

/// A back end: a `Form` in, bytes out. What the format cannot express is reported as losses in
/// `diagnostics`; throw `EmitFailure` only when no output can be written at all (what was written to
/// the sink by then is not an output).
public protocol FormEmitter {
    /// The format id losses name as their target (`json`, `xlform`, …).
    var formatID: String { get }
    /// The IR features this emitter writes; `LossCheck` reports the others.
    var supportedFeatures: Set<Feature> { get }
    /// Writes `form` into `sink`, in as many pieces as the format's writer makes.
    func emit<Sink: OutputSink>(_ form: Form, options: EmitOptions, into sink: inout Sink,
                                diagnostics: inout Diagnostics) throws
}

extension FormEmitter {
    /// The whole output of `form`, in memory.
    public func emit(_ form: Form, options: EmitOptions, diagnostics: inout Diagnostics) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try emit(form, options: options, into: &bytes, diagnostics: &diagnostics)
        return bytes
    }
}
