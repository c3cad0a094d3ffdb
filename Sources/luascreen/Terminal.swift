#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen
#if canImport(Glibc)
@preconcurrency import Glibc
import ScreenRender
#endif

/// What the terminal (or its absence) allows: width, colour, glyphs.
enum Terminal {
    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) != 0 }
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }

    /// The width to render at: --width, else the terminal's (read each time), else COLUMNS, else 80.
    static func width(_ options: Options) -> Int {
        if let w = options.width { return w }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = Environment.value("COLUMNS"), let w = Int(columns), w > 0 { return w }
        return 80
    }

    /// The terminal's height, for paging; nil when not a terminal.
    static func height() -> Int? {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
        return nil
    }

    /// Colour: `--color always` and `never` as they say (an explicit flag beats `NO_COLOR`,
    /// as no-color.org asks); `auto` only on a terminal that is not dumb, never with
    /// `NO_COLOR` set non-empty.
    static func color(_ options: Options) -> Bool {
        switch options.color {
        case .never: return false
        case .always: return true
        case .auto:
            if let noColor = Environment.value("NO_COLOR"), !noColor.isEmpty { return false }
            return stdoutIsTerminal && Environment.value("TERM") != "dumb"
        }
    }

    static func ascii(_ options: Options) -> Bool { options.ascii || !localeIsUTF8() }

    static func renderOptions(_ options: Options, color: Bool? = nil) -> RenderOptions {
        RenderOptions(width: width(options), ascii: ascii(options), color: color ?? self.color(options))
    }
}

/// Standard error, unbuffered.
func printError(_ text: String) {
    // write(2) on the descriptor: no C global `stderr`, which a Swift 6 build may refuse as
    // not concurrency-safe depending on how it batches the files.
    var line = Array((text + "\n").utf8)[...]
    while !line.isEmpty {
        let n = line.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        if n > 0 { line = line.dropFirst(n) } else if n < 0 && errno == EINTR { continue } else { return }
    }
}

/// Flushes standard output (every stream: `fflush(nil)`, which needs no global of C's).
func flushOutput() { fflush(nil) }

/// Nanoseconds on the monotonic clock.
func monotonicNanos() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}
