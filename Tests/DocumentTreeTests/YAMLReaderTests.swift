import Testing
import FormIR
@testable import DocumentTree

@Suite struct YAMLReaderTests {
    @Test func positionsOfNestedValues() throws {
        let text = """
        form:
          title: Réglages
          rows:
            - tag: é
              value: 12
            - {tag: "ü", value: [1, 2]}

        """
        let (root, d) = try Support.yaml(text)
        #expect(d.items.isEmpty)
        #expect(Support.at(root["form"]) == "2:3")
        #expect(Support.at(root["form"]?["title"]) == "2:10")
        let rows = try #require(root["form"]?["rows"]?.arrayValue)
        #expect(Support.at(rows[0]) == "4:7")
        #expect(Support.at(rows[0]["value"]) == "5:14")
        // Columns count characters, not bytes: "ü" is one column.
        #expect(Support.at(rows[1]["value"]) == "6:25")
        #expect(Support.at(rows[1]["value"]?[1]) == "6:29")
        #expect(rows[1].mappingEntries?.last?.keyLocation.map { "\($0.line):\($0.column)" } == "6:18")
        #expect(rows[1]["tag"]?.isQuoted == true)
        #expect(rows[0]["value"]?.kind == .int(12))
    }

    @Test func coreSchemaResolution() throws {
        let text = """
        - ~
        - null
        -
        - true
        - False
        - yes
        - 42
        - -7
        - 0o17
        - 0x1F
        - 1.5
        - .5
        - 1.
        - +2.5e3
        - .inf
        - -.Inf
        - 1_000
        - "42"
        - 'true'
        - !!str 12
        - !!float 3
        - !!int "7"
        - ! 5
        - 2024-01-01
        - |
          text
        """
        let (root, d) = try Support.yaml(text)
        #expect(d.items.isEmpty)
        let kinds = try #require(root.arrayValue).map(\.kind)
        #expect(kinds == [.null, .null, .null, .bool(true), .bool(false), .string("yes"), .int(42), .int(-7), .int(15),
                          .int(31), .double(1.5), .double(0.5), .double(1), .double(2500), .double(.infinity),
                          .double(-.infinity), .string("1_000"), .string("42"), .string("true"), .string("12"),
                          .double(3), .int(7), .string("5"), .string("2024-01-01"), .string("text")])
        let nan = try Support.yaml("x: .NaN").0["x"]?.doubleValue
        #expect(nan?.isNaN == true)
    }

    @Test func syntaxErrorsCarryLibyamlPositionAndText() {
        #expect(Support.failure { try Support.yaml("a: b\nc: d: e\n") } == "yaml.syntax 2:5")
        #expect(Support.failure { try Support.yaml("a: [1, 2\nb: 3\n") } == "yaml.syntax 2:2")
        // A construct the file ends inside is reported where it opens (the end is named in the message).
        #expect(Support.failure { try Support.yaml("key: \"unterminated\n") } == "yaml.syntax 1:6")
        #expect(Support.failure { try Support.yaml("a: 1\nb: [1, 2\n") } == "yaml.syntax 2:4")
        do {
            _ = try Support.yaml("key: 'open\n")
        } catch let f as ReadFailure {
            #expect(f.diagnostic.message == "a quoted scalar starts here and the file ends before it is closed (found unexpected end of stream at 2:1)")
        } catch { Issue.record("\(error)") }
        do {
            _ = try Support.yaml("a: b\nc: d: e\n")
        } catch let f as ReadFailure {
            #expect(f.diagnostic.message.hasPrefix("mapping values are not allowed in this context"))
        } catch { Issue.record("\(error)") }
        // Reader errors (bad UTF-8) are located from libyaml's byte offset.
        var d = Diagnostics()
        let bad = Array("a: 1\nb: x".utf8) + [0xFF] + Array("\n".utf8)
        #expect(Support.failure { try YAMLReader.parse(bad, name: "b.yaml", diagnostics: &d) } == "yaml.syntax 2:5")
    }

    @Test func billionLaughsFailsFast() throws {
        var lines = ["a: &a [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]"]
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]")
            previous = name
        }
        let text = lines.joined(separator: "\n") + "\n"
        let failure = Support.failure { try Support.yaml(text) }
        #expect(failure?.hasPrefix("yaml.alias-budget 6:") == true)
        // Within budget aliases expand normally.
        let small = lines.prefix(3).joined(separator: "\n") + "\n"
        #expect(try Support.yaml(small).0["c"]?[8]?[8]?[8]?.stringValue == "lol")
    }

    /// Few nodes but long text: 16,384 copies of a 1 KB string is 16 MB from a small file.
    @Test func aliasedLongTextIsChargedForItsSize() throws {
        let long = String(repeating: "x", count: 1024)
        var lines = ["a: &a \(long)"]
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h"] {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 4).joined(separator: ", ") + "]")
            previous = name
        }
        let failure = Support.failure { try Support.yaml(lines.joined(separator: "\n") + "\n") }
        #expect(failure?.hasPrefix("yaml.alias-budget") == true, "\(failure ?? "no failure")")
        // The same shape with a short string stays within the budget.
        lines[0] = "a: &a short"
        #expect(try Support.yaml(lines.joined(separator: "\n") + "\n").0["h"]?[3]?[3]?[3]?[3]?[3]?[3]?[3]?.stringValue == "short")
    }

    @Test func aliasesExpand() throws {
        let (root, d) = try Support.yaml("base: &b {x: 1}\nuse: *b\nlist: [*b, *b]\n")
        #expect(d.items.isEmpty)
        #expect(root["use"] == root["base"])
        #expect(root["list"]?[1]?["x"]?.intValue == 1)
        #expect(Support.at(root["use"]) == "2:6")
        let (_, undefined) = try Support.yaml("a: *nothing\n")
        #expect(undefined.items.map(\.id) == ["yaml.undefined-alias"])
    }

    @Test func depthIsBounded() {
        let deep = String(repeating: "[", count: 30) + String(repeating: "]", count: 30)
        #expect(throws: Never.self) { try Support.yaml(deep, limits: ParseLimits(maxDepth: 30)) }
        #expect(Support.failure { try Support.yaml("[" + deep + "]", limits: ParseLimits(maxDepth: 30)) } == "yaml.too-deep 1:31")
        // An alias cannot smuggle depth past the limit.
        let viaAlias = "a: &x [[[1]]]\nb: [[*x]]\n"
        #expect(Support.failure { try Support.yaml(viaAlias, limits: ParseLimits(maxDepth: 4)) } == "yaml.too-deep 2:6")
    }

    @Test func duplicateKeysReportBothPositions() throws {
        let (root, d) = try Support.yaml("a: 1\nb:\n  c: 2\na: 3\n")
        #expect(root.keys == ["a", "b"])
        #expect(root["a"]?.intValue == 1)
        #expect(d.items.map(\.id) == ["yaml.duplicate-key"])
        #expect(d.items.first?.severity == .error)
        #expect(d.items.first?.message.contains("at 4:1 (first at 1:1)") == true)
        #expect(Support.at(Node(.null, at: d.items.first?.location)) == "4:1")
    }

    @Test func unknownTagsAreErrors() throws {
        let (root, d) = try Support.yaml("a: !!binary aGVsbG8=\nb: !custom 1\nc: !!python/object:os.system {}\nd: !!str ok\n")
        #expect(d.items.map(\.id) == ["yaml.unknown-tag", "yaml.unknown-tag", "yaml.unknown-tag"])
        #expect(d.items.map { "\($0.location!.line):\($0.location!.column)" } == ["1:4", "2:4", "3:4"])
        #expect(d.items.first?.message.contains("!!binary") == true)
        #expect(root["b"]?.intValue == 1)
        #expect(root["d"]?.stringValue == "ok")
    }

    @Test func nonScalarKeysAreErrors() throws {
        let (root, d) = try Support.yaml("? [1, 2]\n: x\nok: y\n")
        #expect(d.items.map(\.id) == ["yaml.non-scalar-key"])
        #expect(root.keys == ["ok"])
    }

    @Test func extraDocumentsAreReported() throws {
        let (root, d) = try Support.yaml("a: 1\n---\nb: [unclosed\n")
        #expect(root.keys == ["a"])
        #expect(d.items.map(\.id) == ["yaml.extra-document"])
        #expect(d.items.first?.severity == .warning)
        #expect(d.items.first?.location?.line == 2)
    }

    @Test func emptyAndJSONInput() throws {
        #expect(try Support.yaml("").0.isNull)
        #expect(try Support.yaml("# only a comment\n").0.isNull)
        let (root, _) = try Support.yaml(#"{"a": [1, 2.5, "x", true, null]}"#)
        #expect(root["a"]?.arrayValue?.map(\.kind) == [.int(1), .double(2.5), .string("x"), .bool(true), .null])
    }
}
