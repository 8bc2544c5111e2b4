import FormIR

/// The whole pipeline for one input: read → IR → emit, with every diagnostic and loss collected.
public struct ConversionResult: Sendable {
    /// The output bytes, or `nil` when reading or emitting failed (nothing must be written then), or
    /// when they went into the sink given to `Converter.convert(_:from:to:options:formatOptions:into:)`.
    public var output: [UInt8]?
    /// Whether the emitter wrote the whole output (to `output`, or into the sink given).
    public var emitted: Bool
    /// The form read, or `nil` when the input could not be read.
    public var form: Form?
    /// Everything reading and writing reported, losses included.
    public var diagnostics: Diagnostics
}

/// The pipeline for one document: reader → IR → emitter, chosen by format id through `FormatRegistry`.
public enum Converter {
    /// Reads `input` as `from` and writes it as `to`, the output held in memory. Never throws: failures
    /// are error diagnostics. The input is consumed: a caller that hands over its only copy has its
    /// bytes freed once read, before the output is made.
    public static func convert(_ input: consuming InputDocument, from: FormatID, to: FormatID,
                               options: EmitOptions = EmitOptions(),
                               formatOptions: FormatRegistry.FormatOptions = .init()) -> ConversionResult {
        var bytes: [UInt8] = []
        var result = convert(input, from: from, to: to, options: options, formatOptions: formatOptions, into: &bytes)
        if result.emitted { result.output = bytes }
        return result
    }

    /// Reads `input` as `from` and writes it as `to` into `sink`, piece by piece as the emitter makes
    /// it; the result's `output` is `nil`. When `emitted` is `false` (or the diagnostics hold an
    /// error), what reached the sink is not an output and must not be kept. Never throws.
    public static func convert<Sink: OutputSink>(_ input: consuming InputDocument, from: FormatID, to: FormatID,
                                                 options: EmitOptions = EmitOptions(),
                                                 formatOptions: FormatRegistry.FormatOptions = .init(),
                                                 into sink: inout Sink) -> ConversionResult {
        var diagnostics = Diagnostics()
        let name = input.name
        let formRead = read(input, as: from, diagnostics: &diagnostics)
        _ = consume input
        guard let form = formRead else {
            return ConversionResult(output: nil, emitted: false, form: nil, diagnostics: diagnostics)
        }
        guard let emitter = FormatRegistry.emitter(for: to, options: formatOptions) else {
            diagnostics.error("cli.not-writable", "formconv cannot write \(to)")
            return ConversionResult(output: nil, emitted: false, form: form, diagnostics: diagnostics)
        }
        var opts = options
        if opts.sourceName == nil { opts.sourceName = name }
        // The form as read stays the result's; the target gets it without what it cannot write sensibly.
        var emitted = form
        if !emitter.supportedFeatures.contains(.ruleUnresolved) {
            LossCheck.leaveOutUnresolvedRules(&emitted, target: emitter.formatID, into: &diagnostics)
        }
        do {
            try emitter.emit(emitted, options: opts, into: &sink, diagnostics: &diagnostics)
            return ConversionResult(output: nil, emitted: true, form: form, diagnostics: diagnostics)
        } catch let failure as EmitFailure {
            diagnostics.append(failure.diagnostic)
        } catch {
            diagnostics.error("internal.emit", "could not write \(to): \(error)")
        }
        return ConversionResult(output: nil, emitted: false, form: form, diagnostics: diagnostics)
    }

    /// Reads `input` as `format`; `nil` (with an error diagnostic) when it cannot be read at all.
    public static func read(_ input: InputDocument, as format: FormatID, diagnostics: inout Diagnostics) -> Form? {
        guard let reader = FormatRegistry.reader(for: format) else {
            diagnostics.error("cli.not-readable", "formconv cannot read \(format)",
                              at: SourceLocation(file: input.name, line: 1, column: 1))
            return nil
        }
        do {
            return try reader.read(input, diagnostics: &diagnostics)
        } catch let failure as ReadFailure {
            var d = failure.diagnostic
            if d.location == nil { d.location = SourceLocation(file: input.name, line: 1, column: 1) }
            diagnostics.append(d)
        } catch {
            diagnostics.error("internal.read", "could not read \(input.name): \(error)",
                              at: SourceLocation(file: input.name, line: 1, column: 1))
        }
        return nil
    }
}
