import Testing
import FormIR
@testable import DocumentTree

/// Every diagnostic id the readers record (not throw) appears here once with its exact position.
@Suite struct DiagnosticCatalogueTests {
    static func ids(_ d: Diagnostics) -> [String] {
        d.items.map { "\($0.id) \($0.location.map { "\($0.line):\($0.column)" } ?? "-")" }
    }

    @Test func jsonDiagnostics() throws {
        let (_, d) = try Support.json("{\"a\": \"\\udc00\",\n \"a\": 2}")
        #expect(Self.ids(d) == ["json.lone-surrogate 1:8", "json.duplicate-key 2:2"])
    }

    @Test func yamlDiagnostics() throws {
        let text = """
        a: *missing
        b: !!int twelve
        c: !!seq text
        d: !!map [1]
        e: !local x
        ? {k: v}
        : skipped
        a: again
        ---
        next: doc

        """
        let (root, d) = try Support.yaml(text)
        #expect(Self.ids(d) == ["yaml.undefined-alias 1:4", "yaml.invalid-value 2:4", "yaml.tag-mismatch 3:4",
                                "yaml.tag-mismatch 4:4", "yaml.unknown-tag 5:4", "yaml.non-scalar-key 6:3",
                                "yaml.duplicate-key 8:1", "yaml.extra-document 9:1"])
        #expect(root["b"]?.stringValue == "twelve")
        #expect(root.keys == ["a", "b", "c", "d", "e"])
    }

    @Test func plistDiagnostics() throws {
        let text = "<plist>\n<array>\n<key>stray</key>\n<string>x</string>\n</array>\n<string>second</string>\n</plist>\n"
        let (root, d) = try Support.plist(Array(text.utf8))
        #expect(Self.ids(d) == ["plist.misplaced-key 3:1", "plist.extra-value 6:1"])
        #expect(root.arrayValue?.count == 1)
    }

    @Test func thrownFailuresCarryTheirIds() {
        #expect(Support.failure { try Support.json("[[1]]", limits: ParseLimits(maxDepth: 1)) } == "json.too-deep 1:2")
        #expect(Support.failure { try Support.yaml("a:\n  b:\n    c: 1\n", limits: ParseLimits(maxDepth: 2)) } == "yaml.too-deep 3:5")
        #expect(Support.failure { try Support.yaml("a: &x [1, 2, 3]\nb: [*x, *x]\n", limits: ParseLimits(maxAliasNodes: 7)) }
                == "yaml.alias-budget 2:9")
        #expect(Support.failure { try Support.plist(Array("<plist><array><array/></array></plist>".utf8), limits: ParseLimits(maxDepth: 1)) }
                == "plist.too-deep 1:15")
    }
}
