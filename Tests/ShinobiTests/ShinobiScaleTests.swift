import Foundation
import Testing
import FormIR
import Readers
import Emitters

/// A large document reads and writes in well under a second per thousand fields (debug build).
@Test func twoThousandFieldsReadAndWriteQuickly() throws {
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<form>\n  <sections>\n"
    for s in 0..<40 {
        xml += "    <section>\n      <title>Section \(s)</title>\n      <fields>\n"
        for f in 0..<50 {
            xml += "        <textField name=\"f\(s)_\(f)\">\n          <title>Field \(f)</title>\n"
            xml += "          <validators>\n            <textEmailValidator/>\n          </validators>\n        </textField>\n"
        }
        xml += "      </fields>\n    </section>\n"
    }
    xml += "  </sections>\n</form>\n"
    let clock = ContinuousClock()
    var form = Form()
    let readTime = try clock.measure { (form, _) = try ShinobiReader().read(text: xml, name: "big.xml") }
    var written: [UInt8] = []
    let writeTime = try clock.measure { (written, _) = try ShinobiEmitter().emit(form) }
    #expect(form.allFields.count == 2000)
    #expect(String(decoding: written, as: UTF8.self) == xml)
    #expect(readTime < .seconds(5) && writeTime < .seconds(5), "read \(readTime), write \(writeTime)")
    print("shinobi 2000 fields: read \(readTime), write \(writeTime), \(xml.utf8.count) bytes")
}
