import FormIR

/// A conversion's output file as its emitter makes it (`OutputSink`): each piece goes to a temporary
/// file beside the destination, made with the first piece (and the directories it needs), so the run
/// never holds the whole output. `commit` puts the file in place once the conversion has succeeded;
/// `discard` removes it and the directories made for it, so a conversion that fails leaves nothing,
/// as if nothing had been written. A device or a FIFO (`OutputTarget.inPlace`) can take nothing back:
/// its bytes are held until `commit` and written then. When the file cannot be made or written, the
/// rest is not attempted and `commit` says why.
final class OutputFile: OutputSink {
    /// The destination, as given.
    let path: String
    /// The temporary file the pieces go to, once the first has come.
    private var file: AtomicFile?
    /// Where the destination leads, once the first piece has come.
    private var target: OutputTarget?
    /// What goes to a device or a FIFO, held until `commit`.
    private var held: [UInt8] = []
    /// Why the file could not be made or written.
    private var problem: OutputProblem?

    /// The output file for `path`: nothing is made until the first piece comes.
    init(_ path: String) { self.path = path }

    func write(_ bytes: [UInt8]) {
        guard problem == nil else { return }
        if target == nil { open() }
        if case .inPlace = target { held.write(bytes) } else { file?.write(bytes) }
    }

    /// Puts the output in place of `path` (an empty file when nothing was written), or says why not.
    func commit() -> Result<Void, OutputProblem> {
        if target == nil, problem == nil { open() }
        if let problem { return .failure(problem) }
        if case .inPlace = target {
            switch AtomicFile.create(at: path, target: target!) {
            case .failure(let problem): return .failure(problem)
            case .success(let device): file = device
            }
            file?.write(held)
            held = []
        }
        return file.map { $0.commit() } ?? .success(())
    }

    /// Removes what was written (the temporary file and the directories made for it).
    func discard() {
        file?.discard()
        file = nil
        held = []
    }

    /// Resolves `path`, and makes the temporary file unless the bytes go to a device.
    private func open() {
        switch OutputTarget.resolve(path) {
        case .failure(let why): problem = why
        case .success(let resolved):
            target = resolved
            guard case .replace = resolved else { return }
            switch AtomicFile.create(at: path, target: resolved) {
            case .failure(let why): problem = why
            case .success(let made): file = made
            }
        }
    }
}
