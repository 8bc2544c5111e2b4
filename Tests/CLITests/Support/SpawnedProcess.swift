import Foundation
import FormConvTestSupport

/// A child process started with posix_spawn(2) and left running, for tests that signal it. Unlike
/// `Process`, it starts with no signal blocked and SIGINT/SIGTERM at their default action, whatever
/// the test thread that spawns it has blocked.
struct SpawnedProcess {
    let pid: pid_t

    /// Starts `executable` with `arguments`, standard output and error going to `log`.
    init(_ executable: String, _ arguments: [String], log: String) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signo in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signo) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else { throw Subprocess.Failure("posix_spawn \(executable): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    /// Whether the process has ended (without reaping it).
    var hasEnded: Bool {
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == pid
    }

    /// How the process ended: its exit status, or the signal that ended it.
    enum Ending: Equatable { case exited(Int32), signalled(Int32) }

    /// Waits for the process to end.
    func wait() -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signo = status & 0x7F
        return signo == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signo)
    }
}
