import Dispatch
import FormConvKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT, SIGTERM and SIGHUP end formconv as they would any command — killed by the signal, so the
/// shell sees 130, 143 or 129 — but only after the run's temporary files are removed
/// (`TemporaryFiles`): an interrupted batch left hidden `.NAME.formconv-XXXXXXXX` files of up to
/// several megabytes in the output folder.
///
/// The signals are taken by dispatch sources, so the cleaning runs on an ordinary thread, where it may
/// take the registry's lock, and not inside a signal handler. A signal the process inherited as
/// ignored (`nohup`, a background job of a script) stays ignored.
enum SignalCleanup {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// The sources, kept for the life of the process.
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func install() {
        // Dispatch's event loop needs descriptors of its own (epoll, eventfd), and stops the process when
        // it cannot have them: under `ulimit -n 4` formconv died at start with SIGILL. With so few
        // descriptors the signals keep their default action (a run that is interrupted may leave its
        // temporary file), and the run goes on to say which file it could not open.
        guard descriptorsAvailable(3) else { return }
        var handled = sigset_t()
        sigemptyset(&handled)
        for signo in signals {
            // Ignored from now on (a dispatch source needs that), and left so when it already was.
            let previous = signal(signo, SIG_IGN)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            sigaddset(&handled, signo)
            let source = DispatchSource.makeSignalSource(signal: signo, queue: .global())
            source.setEventHandler { end(by: signo) }
            source.resume()
            sources.append(source)
        }
        // A process may start with these blocked (its parent's threads had them blocked): then they
        // would never arrive.
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    }

    /// Whether `count` more descriptors can be opened now (each is opened, then closed).
    static func descriptorsAvailable(_ count: Int) -> Bool {
        var opened: [Int32] = []
        defer { opened.forEach { close($0) } }
        for _ in 0..<count {
            let fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return false }
            opened.append(fd)
        }
        return true
    }

    /// Removes the temporary files, then lets `signo` end the process the usual way.
    private static func end(by signo: Int32) -> Never {
        TemporaryFiles.shared.removeAll()
        signal(signo, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, signo)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        kill(getpid(), signo)
        // The signal is delivered before kill(2) returns when this thread may take it; if another
        // thread takes it, the process is ending: wait for it.
        while true { pause() }
    }
}
