import Foundation
import Testing
import FormConvTestSupport

/// Issue 25: every `public`/`open` declaration under Sources/ carries a `///` comment saying what it
/// is (docs/library.md); the scanner is `PublicDeclarationScanner`.
@Suite struct PublicAPIDocumentationTests {
    @Test func everyPublicDeclarationIsDocumented() throws {
        let sources = TestPaths.repo.appendingPathComponent("Sources")
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        var total = 0
        var missing: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let (all, undocumented) = PublicDeclarationScanner.scan(text)
            total += all.count
            missing += undocumented.map { "Sources/\(file):\($0)" }
        }
        #expect(total > 500, "the scanner found only \(total) public declarations: is it still reading Sources/?")
        let list = missing.joined(separator: "\n")
        #expect(missing.isEmpty, "\(missing.count) public declarations without a /// comment:\n\(list)")
    }

    private func undocumentedLines(_ source: String) -> [Int] { PublicDeclarationScanner.scan(source).undocumented.map(\.line) }
    private func publicLines(_ source: String) -> [Int] { PublicDeclarationScanner.scan(source).all.map(\.line) }

    @Test func docCommentsAttributesAndModifiers() {
        let source = """
            /// A thing.
            public struct A {
                /// Documented, over two
                /// lines.
                @inlinable
                @available(macOS 13, *)
                public static func f() {}
                @discardableResult public mutating func g() -> Int { 0 }
                public private(set) var h = 1
                public(set) var notPublic = 2
                private var p = 3
                /** Block doc
                    comment. */
                public init() {}

                // An ordinary comment is not documentation.
                public var i: Int { 0 }
                /// A blank line separates this comment from the declaration.

                public let j = 4
                open class func k() {}
                public enum E { case a }
            }
            """
        #expect(publicLines(source) == [2, 7, 8, 9, 14, 17, 20, 21, 22])
        #expect(undocumentedLines(source) == [8, 9, 17, 20, 21, 22])
    }

    @Test func publicExtensionMembersArePublic() {
        let source = """
            /// Helpers.
            public extension String {
                var a: Int { 1 }
                private var b: Int { let c = "}"; return 2 }
                internal func d() {}
                struct Nested { var e = 0 }
            }
            extension Int {
                var f: Int { 0 }
            }
            """
        #expect(publicLines(source) == [2, 3, 6])
        #expect(undocumentedLines(source) == [3, 6])
    }

    @Test func stringsAndCommentsAreNotDeclarations() {
        let source = """
            let text = \"""
                public func inString() {}
                \"""
            /*
             public func inComment() {}
             */
            // public func inLineComment() {}
            let call = open(path)
            public
            """
        #expect(publicLines(source).isEmpty)
    }
}
