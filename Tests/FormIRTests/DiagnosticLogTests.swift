import Testing
@testable import FormIR

/// `DiagnosticLog` gives back what it was given, in order, whether it keeps its blocks in memory or
/// spills them to a file, and when logs are appended to one another.
@Suite struct DiagnosticLogTests {
    static func sample(_ n: Int) -> [Diagnostic] {
        var d = Diagnostics()
        for i in 0..<n {
            switch i % 5 {
            case 0: d.loss("layout.columns", target: "json", "json cannot express the columns of 'f\(i)' é", at: SourceLocation(file: "a.xml", line: i + 1, column: 7), path: "/pages/0/sections/0/fields/f\(i)")
            case 1: d.warning("mmxml.unknown-tag", "unknown tag <x\(i)>; kept", at: SourceLocation(file: "b.xml", line: i, column: 1))
            case 2: d.error("mmxml.unknown-reference", "names 'n\(i)'", at: nil, path: "/rules/\(i)")
            case 3: d.note("output.renamed", "", at: nil, path: nil)
            default: d.loss("extension", target: "json", "json has no place for mmxml.country", at: SourceLocation(file: "a.xml", line: 3, column: 4), path: "/pages/1", severity: .note)
            }
        }
        return d.items
    }

    @Test func givesBackWhatItWasGivenInOrder() {
        let all = Self.sample(50)
        var log = DiagnosticLog()
        log.append(contentsOf: all)
        #expect(log.count == 50)
        var back: [Diagnostic] = []
        log.drain { back.append($0) }
        #expect(back == all)
        #expect(back.map { $0.formatted() } == all.map { $0.formatted() })
        #expect(log.count == 0)
        // Diagnostics of one kind share it again.
        #expect(back[0].kind === back[5].kind)
    }

    @Test func spilledBlocksComeBackFromTheFile() {
        // Enough for many blocks: each of the five kinds is about 60 to 110 bytes logged.
        let all = Self.sample(4_000)
        var log = DiagnosticLog.spilling()
        for d in all { log.append(d) }
        var back: [Diagnostic] = []
        log.drain { back.append($0) }
        #expect(back.count == all.count)
        #expect(back == all)
    }

    @Test func appendedLogsAreRenumbered() {
        let first = Self.sample(7), second = Array(Self.sample(30).reversed())
        var a = DiagnosticLog(), b = DiagnosticLog()
        a.append(contentsOf: first)
        b.append(contentsOf: second)
        var joined = DiagnosticLog.spilling()
        joined.append(contentsOf: a)
        joined.append(contentsOf: b)
        #expect(joined.count == 37)
        var back: [Diagnostic] = []
        joined.drain { back.append($0) }
        #expect(back == first + second)
    }
}
