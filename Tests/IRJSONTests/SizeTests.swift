import Foundation
import Testing
import FormIR

/// The IR of each example is at most twice the size of the file it was read from (version 1 wrote
/// 5.4× for signup.xml).
@Suite struct SizeTests {
    @Test(arguments: Inputs.examples)
    func atMostTwiceTheSource(_ input: Inputs.Input) throws {
        let source = try Data(contentsOf: input.url).count
        let ir = Inputs.text(input.form).utf8.count
        #expect(ir <= 2 * source, "\(input.name): \(source) bytes → IR \(ir) bytes")
    }
}
