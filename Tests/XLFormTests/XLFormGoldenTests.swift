import Foundation
import Testing
import FormIR
import FormConvKit

/// Golden files: each descriptor is read, then written as JSON (which must reproduce the canonical
/// input byte for byte), as an XML plist, as Swift and as Objective-C; every diagnostic is listed.
@Suite struct XLFormGoldenTests {
    static let cases: [(name: String, url: URL)] = [
        ("event", Support.examples.appendingPathComponent("event.xlform.json")),
        ("kitchen-sink", Support.fixtures.appendingPathComponent("xlform/kitchen-sink.xlform.json")),
    ]

    @Test(arguments: cases.map(\.name))
    func golden(_ name: String) throws {
        let url = Self.cases.first { $0.name == name }!.url
        var listing = ""
        var read = Diagnostics()
        let form = try Support.read(url, as: .xlform, diagnostics: &read)
        listing += "read:\n" + Support.listing(read)
        for format in [FormatID.xlform, .xlformPlist, .xlformSwift, .xlformObjc] {
            var d = Diagnostics()
            let out = try Support.emit(form, as: format, source: url.lastPathComponent, diagnostics: &d)
            listing += "\(format):\n" + Support.listing(d)
            switch format {
            case .xlform:
                #expect(Support.text(out) == Support.text(try Support.bytes(url)), "JSON output differs from the canonical input")
            case .xlformPlist: try Support.golden(Support.text(out), "xlform/\(name).xlform.plist")
            case .xlformSwift: try Support.golden(Support.text(out), "xlform/\(name).swift")
            default: try Support.golden(Support.text(out), "xlform/\(name).m")
            }
        }
        try Support.golden(listing, "xlform/\(name).diagnostics.txt")
    }

    /// The example's plist twin is what the emitter writes for it.
    @Test func examplePlistIsTheEmittedOne() throws {
        var d = Diagnostics()
        let form = try Support.read(Support.examples.appendingPathComponent("event.xlform.json"), as: .xlform, diagnostics: &d)
        let plist = try Support.emit(form, as: .xlformPlist, diagnostics: &d)
        #expect(plist == (try Support.bytes(Support.examples.appendingPathComponent("event.xlform.plist"))))
    }
}
