import Testing
@testable import DocumentTree

@Suite struct XMLCommentRepairTests {
    func fix(_ s: String) -> String { String(decoding: XMLCommentRepair.repair(Array(s.utf8)), as: UTF8.self) }

    @Test func doubleHyphensInCommentsBecomeHyphenSpace() {
        #expect(fix("<a><!-- x -- reason --></a>") == "<a><!-- x -  reason --></a>")
        #expect(fix("<!-- a -- b -- c -->\n<b/>") == "<!-- a -  b -  c -->\n<b/>")
    }

    @Test func textOutsideCommentsAndCDATAIsUntouched() {
        #expect(fix("<a>x -- y</a>") == "<a>x -- y</a>")
        #expect(fix("<a><![CDATA[<!-- -- ]]></a>") == "<a><![CDATA[<!-- -- ]]></a>")
        #expect(fix("<a><!-- ok --><b>--</b></a>") == "<a><!-- ok --><b>--</b></a>")
    }

    @Test func lengthIsPreserved() {
        let s = "<!-- formconv-disable-next-line empty-options -- options come from the server -->"
        #expect(fix(s).utf8.count == s.utf8.count)
    }

    @Test func unterminatedCommentDoesNotLoop() {
        #expect(fix("<a><!-- -- never closed") == "<a><!-- -  never closed")
    }
}
