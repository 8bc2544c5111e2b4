#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error as the process starts with them.
enum StandardDescriptors {
    /// A closed standard descriptor (`>&-`, `2>&-`) would be handed out again by the next open(2) —
    /// to an input, or to an output's temporary file — and whatever was meant for the stream would be
    /// written into that file. Each closed one is given `/dev/null` opened the wrong way round (standard
    /// input for writing, output and error for reading), which keeps its number taken while every use
    /// of it still fails with EBADF, as on a closed descriptor. Nothing is ever written to `/dev/null`.
    static func reserveClosed() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let placeholder = open("/dev/null", (fd == STDIN_FILENO ? O_WRONLY : O_RDONLY) | O_NOCTTY)
            if placeholder >= 0 && placeholder != fd {
                dup2(placeholder, fd)
                close(placeholder)
            }
        }
    }
}
