import Foundation
import Testing
import FormIR
import Readers
import Emitters

/// The bundled example: what it reads as, and that it writes back byte for byte.
@Suite struct ShinobiExampleTests {
    let url = Paths.examples.appendingPathComponent("payment.shinobi.xml")

    @Test func readsEveryElement() throws {
        let (form, d) = try ShinobiReader().read(bytes: try Paths.bytes(url), name: "payment.shinobi.xml")
        #expect(d.items.isEmpty, "\(d.items)")
        #expect(form.pages.count == 1 && form.pages[0].isImplicit)
        #expect(form.pages[0].sections.map { $0.title?.defaultText } == ["Card holder", "Card", "Amount"])
        #expect(form.validationGroups == [["minimumAmount", "maximumAmount"], ["email", "confirmEmail"]])
        let f = { (id: String) in form.field(id)! }
        #expect(f("cardHolder").kind == .text && f("cardHolder").validation.required)
        #expect(f("email").validation.named == [.email])
        #expect(f("confirmEmail").validation.comparisons == [FieldComparison(otherField: "email", relation: .equal, mode: .text)])
        #expect(f("cardNumber").validation.patterns.map(\.regex) == ["^[0-9]{13,19}$"])
        #expect(f("cardType").options.map(\.value) == [.string("Visa"), .string("Mastercard"), .string("American Express")])
        #expect(f("cardType").defaultValue == .string("Visa"))
        #expect(f("installments").presentation == .picker && f("installments").defaultValue == .string("1"))
        #expect(f("expiry").defaultValue == .array([.string("01"), .string("2027")]))
        #expect(f("securityCode").validation.named == [.numeric])
        #expect(f("minimumAmount").validation.minValue == 1 && f("minimumAmount").validation.maxValue == 500)
        #expect(f("minimumAmount").defaultValue == .int(10))
        #expect(f("paymentDate").defaultValue == .date("2026-12-01"))
        #expect(f("acceptTerms").validation.required && f("acceptTerms").defaultValue == .bool(false))
        #expect(f("paymentToken").kind == .custom("SFormField"))
        #expect(f("cardType").location == SourceLocation(file: "payment.shinobi.xml", line: 45, column: 9))
    }

    @Test func writesBackByteForByteAndValidates() throws {
        let original = try Paths.bytes(url)
        let (form, _) = try ShinobiReader().read(bytes: original, name: "payment.shinobi.xml")
        let (written, d) = try ShinobiEmitter().emit(form)
        #expect(d.items.isEmpty, "\(d.items)")
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: original, as: UTF8.self))
        try expectSchemaValid(original)
        try expectSchemaValid(written)
    }

    @Test func irGolden() throws {
        let (form, _) = try ShinobiReader().read(bytes: try Paths.bytes(url), name: "payment.shinobi.xml")
        try expectGolden(String(decoding: IREmitter.encode(form), as: UTF8.self), "shinobi/payment.ir.json")
    }
}
