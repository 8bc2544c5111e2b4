import Testing
import Foundation
@Test func dumpLoan() throws {
    let s = try SchemaHarness.emit(SampleForms.loan)
    try s.text.write(toFile: "/tmp/js/loan.json", atomically: true, encoding: .utf8)
    try s.diagnostics.items.map { $0.formatted() }.joined(separator: "\n").write(toFile: "/tmp/js/loan.txt", atomically: true, encoding: .utf8)
}
