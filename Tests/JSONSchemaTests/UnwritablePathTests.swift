import DocumentTree
@testable import Emitters
import FormIR
import Testing

/// `UnwritableValues.report` walks a node keeping the steps it took and writes a value's path only when
/// it reports it: each path is the base followed by every index and escaped key on the way, as a JSON
/// pointer, in the order the values appear.
@Suite struct UnwritablePathTests {
    @Test func reportedPathsNameEveryStepEscaped() {
        let at = SourceLocation(file: "f.xml", line: 4, column: 2)
        let node = Node.object([
            ("a/b", .array([.int(1), .null, .object([("c~d", .null), ("ok", .string("x"))])])),
            ("n", .double(.nan)),
            ("deep", .object([("x", .array([.array([.null])]))])),
        ])
        var plist = Diagnostics()
        UnwritableValues.report(node, path: "/properties/k", syntax: .plist, target: "t", at: at, subject: "k",
                                into: &plist)
        #expect(plist.losses.map(\.path) == ["/properties/k/a~1b/1", "/properties/k/a~1b/2/c~0d",
                                             "/properties/k/deep/x/0/0"])
        #expect(plist.losses.first?.message == "k: t has no null; the value at /properties/k/a~1b/1 is dropped")
        #expect(plist.losses.allSatisfy { $0.location == at && $0.id == "loss.value.null" })
        var json = Diagnostics()
        UnwritableValues.report(node, path: "", syntax: .json, target: "t", at: at, subject: "k", into: &json)
        #expect(json.losses.map(\.path) == ["/n"])
        #expect(json.losses.first?.message == "k: t cannot hold nan; the value at /n is written as null")
    }

    @Test func pointerJoinsTheStepsOntoTheBase() {
        #expect(UnwritableValues.pointer("/p", []) == "/p")
        #expect(UnwritableValues.pointer("", [.key("a/b~"), .index(3), .key("")]) == "/a~1b~0/3/")
    }
}
