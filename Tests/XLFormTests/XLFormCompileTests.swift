import Foundation
import Testing
import FormIR
import FormConvKit

/// Generated code is checked by the compilers themselves: `swiftc -parse` always, `swiftc -typecheck`
/// against stub `UIKit`/`XLForm` modules (Fixtures/stubs/swift) and `clang -fsyntax-only` against stub
/// headers (Fixtures/stubs/objc). The stubs declare ONLY the XLForm API the generator uses, each
/// declaration copied from the xmartlabs/XLForm header it names in a comment (XLForm.h,
/// XLFormDescriptor.h, XLFormSectionDescriptor.h, XLFormRowDescriptor.h, XLFormOptionsObject.h,
/// XLFormViewController.h, Validation/*.h), so code that compiles here uses nothing XLForm lacks.
/// Warnings are errors.
@Suite(.serialized) struct XLFormCompileTests {
    static let stubs = Support.fixtures.appendingPathComponent("stubs")
    static var goldenSwift: [URL] { ["event", "kitchen-sink", "cross/mm-like", "cross/expense-report", "cross/signup", "cross/merchant-application", "cross/survey", "escaping", "empty", "one-row"].map { Support.fixtures.appendingPathComponent("xlform/\($0).swift") } }
    static var goldenObjC: [URL] { goldenSwift.map { $0.deletingPathExtension().appendingPathExtension("m") } }

    @Test(.enabled(if: Support.which("swiftc"), "needs swiftc"))
    func swiftParses() throws {
        // All files in one compiler run (each run costs a second of start-up); messages name the file.
        let r = try Support.run("swiftc", ["-parse"] + Self.goldenSwift.map(\.path))
        #expect(r.status == 0, "\(r.output)")
    }

    @Test(.enabled(if: Support.which("swiftc"), "needs swiftc"))
    func swiftTypechecksAgainstXLFormAPI() throws {
        let dir = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for module in ["UIKit", "XLForm"] {
            let r = try Support.run("swiftc", ["-emit-module", "-parse-as-library", "-module-name", module, "-I", dir.path,
                                               Self.stubs.appendingPathComponent("swift/\(module).swift").path,
                                               "-emit-module-path", dir.appendingPathComponent("\(module).swiftmodule").path])
            try #require(r.status == 0, "stub \(module): \(r.output)")
        }
        // One module of every file (their class names differ), checked in one compiler run.
        let r = try Support.run("swiftc", ["-typecheck", "-parse-as-library", "-warnings-as-errors", "-I", dir.path]
                                + Self.goldenSwift.map(\.path))
        #expect(r.status == 0, "\(r.output)")
    }

    @Test(.enabled(if: Support.which("clang"), "needs clang"))
    func objectiveCCompilesAgainstXLFormHeaders() throws {
        let r = try Support.run("clang", ["-target", "arm64-apple-ios12.0", "-fsyntax-only", "-x", "objective-c", "-fobjc-arc",
                                          "-Wall", "-Wextra", "-Werror", "-Wno-nullability-completeness",
                                          "-I", Self.stubs.appendingPathComponent("objc").path] + Self.goldenObjC.map(\.path))
        #expect(r.status == 0, "\(r.output)")
    }

    /// The checks catch real mistakes: code using a name XLForm does not declare, or the Objective-C
    /// spelling in Swift, fails.
    @Test(.enabled(if: Support.which("clang") && Support.which("swiftc"), "needs clang and swiftc"))
    func stubsRejectUndeclaredAPI() throws {
        let dir = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for module in ["UIKit", "XLForm"] {
            let r = try Support.run("swiftc", ["-emit-module", "-parse-as-library", "-module-name", module, "-I", dir.path,
                                               Self.stubs.appendingPathComponent("swift/\(module).swift").path,
                                               "-emit-module-path", dir.appendingPathComponent("\(module).swiftmodule").path])
            try #require(r.status == 0, "stub \(module): \(r.output)")
        }
        let badSwift = dir.appendingPathComponent("bad.swift")
        try "import XLForm\nfunc f(_ row: XLFormRowDescriptor) { row.required = true }\n".write(to: badSwift, atomically: true, encoding: .utf8)
        let s = try Support.run("swiftc", ["-typecheck", "-I", dir.path, badSwift.path])
        #expect(s.status != 0)
        #expect(s.output.contains("required"))
        let bad = dir.appendingPathComponent("bad.m")
        try "#import <XLForm/XLForm.h>\nvoid f(XLFormRowDescriptor *row) { row.placeholder = @\"x\"; }\n"
            .write(to: bad, atomically: true, encoding: .utf8)
        let r = try Support.run("clang", ["-target", "arm64-apple-ios12.0", "-fsyntax-only", "-x", "objective-c", "-fobjc-arc",
                                          "-I", Self.stubs.appendingPathComponent("objc").path, bad.path])
        #expect(r.status != 0)
        #expect(r.output.contains("placeholder"))
    }
}

/// MM XML's `defaultDate` (`today` or a Unix timestamp) becomes an `NSDate` in generated code, never a string.
@Suite struct XLFormDateValueTests {
    @Test(arguments: [("today", "Date()", "[NSDate date]"),
                      ("281062800", "Date(timeIntervalSince1970: 281062800)", "[NSDate dateWithTimeIntervalSince1970:281062800]")])
    func defaultDates(_ text: String, _ swift: String, _ objc: String) throws {
        let xml = """
        <form><page name="p"><group name="g"><item name="d" type="dateField"><label>When</label>\
        <defaultDate>\(text)</defaultDate></item></group></page></form>
        """
        for (format, expected) in [(FormatID.xlformSwift, swift), (.xlformObjc, objc)] {
            let r = Converter.convert(InputDocument(name: "d.xml", text: xml), from: .mmxml, to: format)
            let code = String(decoding: try #require(r.output), as: UTF8.self)
            #expect(code.contains("row.value = \(expected)"), "\(format): \(code)")
        }
    }
}
