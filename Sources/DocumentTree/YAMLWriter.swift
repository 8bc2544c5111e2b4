import CYAML
import FormIR

/// Writes a `Node` as block-style YAML through libyaml's emitter.
///
/// Mappings keep node order; empty collections are `{}`/`[]`. A string that would read back as
/// another type (`"true"`, `"1"`, `"null"`, `""`, `"2024-01-01"`, `"yes"`) is single-quoted, under both
/// the YAML 1.2 core schema and the YAML 1.1 rules PyYAML applies; multi-line strings use literal
/// block style where libyaml allows it. Doubles always carry a `.` (`1.0e-07`), so YAML 1.1 readers
/// see floats too; non-finite doubles are `.inf`, `-.inf`, `.nan`. Dates are strings, data base64.
/// Throws `EmitFailure` (`yaml.emit`) only if libyaml refuses an event.
public enum YAMLWriter {
    /// The YAML text of `node`; throws `EmitFailure` only if libyaml refuses an event.
    public static func write(_ node: Node) throws -> [UInt8] {
        let sink = YAMLSink()
        // On the heap: the event writer keeps a pointer to it.
        let emitter = UnsafeMutablePointer<yaml_emitter_t>.allocate(capacity: 1)
        emitter.initialize(to: yaml_emitter_t())
        defer { emitter.deallocate() }
        guard yaml_emitter_initialize(emitter) == 1 else {
            throw EmitFailure(id: "yaml.emit", "libyaml could not start (out of memory)")
        }
        defer { yaml_emitter_delete(emitter) }
        yaml_emitter_set_unicode(emitter, 1)
        yaml_emitter_set_width(emitter, -1)
        yaml_emitter_set_indent(emitter, 2)
        yaml_emitter_set_break(emitter, YAML_LN_BREAK)
        yaml_emitter_set_output(emitter, { data, buffer, size in
            guard let data, let buffer else { return 0 }
            Unmanaged<YAMLSink>.fromOpaque(data).takeUnretainedValue()
                .bytes.append(contentsOf: UnsafeBufferPointer(start: buffer, count: size))
            return 1
        }, Unmanaged.passUnretained(sink).toOpaque())

        let out = YAMLEventWriter(emitter: emitter)
        var event = yaml_event_t()
        yaml_stream_start_event_initialize(&event, YAML_UTF8_ENCODING)
        try out.emit(&event)
        yaml_document_start_event_initialize(&event, nil, nil, nil, 1)
        try out.emit(&event)
        try out.write(node)
        yaml_document_end_event_initialize(&event, 1)
        try out.emit(&event)
        yaml_stream_end_event_initialize(&event)
        try out.emit(&event)
        _ = yaml_emitter_flush(emitter)
        return withExtendedLifetime(sink) { sink.bytes }
    }

    /// YAML text for a double that YAML 1.2 and 1.1 readers both take as a float.
    static func format(_ d: Double) -> String {
        if d.isNaN { return ".nan" }
        if d.isInfinite { return d < 0 ? "-.inf" : ".inf" }
        var s = d.description
        if let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }), !s[..<e].contains(".") {
            s.insert(contentsOf: ".0", at: e)
        }
        return s
    }
}

/// Collects the emitter's output (the C callback reaches it through its context pointer).
final class YAMLSink {
    var bytes: [UInt8] = []
}

/// Sends the events for a tree to a libyaml emitter.
struct YAMLEventWriter {
    let emitter: UnsafeMutablePointer<yaml_emitter_t>

    init(emitter: UnsafeMutablePointer<yaml_emitter_t>) { self.emitter = emitter }

    /// Emits (and hands over) one event.
    func emit(_ event: inout yaml_event_t) throws {
        guard yaml_emitter_emit(emitter, &event) == 1 else {
            let problem = emitter.pointee.problem.map { String(cString: $0) } ?? "libyaml emitter error"
            throw EmitFailure(id: "yaml.emit", problem)
        }
    }

    func write(_ node: Node) throws {
        var event = yaml_event_t()
        switch node.kind {
        case .null: try scalar("null", style: YAML_PLAIN_SCALAR_STYLE)
        case .bool(let b): try scalar(b ? "true" : "false", style: YAML_PLAIN_SCALAR_STYLE)
        case .int(let i): try scalar(String(i), style: YAML_PLAIN_SCALAR_STYLE)
        case .double(let d): try scalar(YAMLWriter.format(d), style: YAML_PLAIN_SCALAR_STYLE)
        case .string(let s), .date(let s): try string(s, isKey: false)
        case .data(let d): try string(Base64.encode(d), isKey: false)
        case .array(let items):
            yaml_sequence_start_event_initialize(&event, nil, nil, 1, YAML_BLOCK_SEQUENCE_STYLE)
            try emit(&event)
            for item in items { try write(item) }
            yaml_sequence_end_event_initialize(&event)
            try emit(&event)
        case .mapping(let entries):
            yaml_mapping_start_event_initialize(&event, nil, nil, 1, YAML_BLOCK_MAPPING_STYLE)
            try emit(&event)
            for e in entries {
                try string(e.key, isKey: true)
                try write(e.value)
            }
            yaml_mapping_end_event_initialize(&event)
            try emit(&event)
        }
    }

    /// A string: quoted when plain text would read as another type, literal block when multi-line.
    private func string(_ s: String, isKey: Bool) throws {
        if !isKey && s.contains("\n") {
            try scalar(s, style: YAML_LITERAL_SCALAR_STYLE)
        } else if YAMLScalarResolver.needsQuoting(s) {
            try scalar(s, style: YAML_SINGLE_QUOTED_SCALAR_STYLE)
        } else {
            try scalar(s, style: YAML_PLAIN_SCALAR_STYLE)
        }
    }

    private func scalar(_ text: String, style: yaml_scalar_style_t) throws {
        var event = yaml_event_t()
        var text = text
        let ok = text.withUTF8 { utf8 -> Int32 in
            // libyaml insists on a non-null pointer even for an empty value.
            withUnsafePointer(to: UInt8(0)) { empty in
                yaml_scalar_event_initialize(&event, nil, nil, utf8.baseAddress ?? empty, Int32(utf8.count), 1, 1, style)
            }
        }
        guard ok == 1 else { throw EmitFailure(id: "yaml.emit", "libyaml could not create a scalar event") }
        try emit(&event)
    }
}
