import Foundation
import Testing
import FormConvTestSupport
@testable import FormConvKit

/// An input truncated or rewritten while it is read (issue 24, item 4). When large inputs were mapped
/// into memory, a page cut off by the truncation raised SIGBUS (exit 135, 33 of 320 runs). Inputs are
/// now read with read(2) into memory (since the pipeline of issue 21), which cannot fault: each load
/// gets whatever bytes were there, and the reader reports them if they are no longer a form. This
/// test keeps it so: loads race a thread that truncates and rewrites the file.
@Suite struct InputChangingTests {
    @Test func truncatedWhileReadIsNeverACrash() throws {
        let dir = try ScratchDirectory("changing-input")
        defer { dir.remove() }
        let form = Array(GeneratedForms.mmxml(items: 4000).utf8)
        let path = try dir.write(form, to: "big.xml")
        let stop = Atomic(false)
        let finished = DispatchSemaphore(value: 0)
        let writer = Thread {
            defer { finished.signal() }
            var round = 0
            while !stop.value {
                // Cut to a random length, then write it back whole: the two ways a file changes under a reader.
                truncate(path, off_t(Int.random(in: 0..<form.count)))
                if round % 2 == 0, let handle = FileHandle(forWritingAtPath: path) {
                    handle.write(Data(form))
                    try? handle.close()
                }
                round += 1
            }
        }
        writer.start()
        defer {
            stop.value = true
            finished.wait()
        }
        var sizes = Set<Int>()
        for _ in 0..<300 {
            switch InputLoader().load(path) {
            case .success(let loaded): sizes.insert(loaded.document.bytes.count)
            case .failure(let problem): Issue.record("\(problem)")
            }
            _ = LintFileReader.contents(atPath: path)
        }
        #expect(sizes.allSatisfy { $0 <= form.count })
    }
}

/// A flag shared with the writer thread.
private final class Atomic<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}
