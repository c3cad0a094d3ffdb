@preconcurrency import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen
import LuaScreenCore
import ScreenRender

/// Runs REPL commands against a session and prints what they do: the same for the
/// interactive REPL and batch mode, which differ only in how lines and answers arrive.
final class Shell {
    let session: Session
    let options: Options
    let interactive: Bool
    let style: ReplStyle
    /// Asks the person a question (`secret`: without echo). The answer, or nil when there is none.
    var ask: (_ question: String, _ secret: Bool) -> String? = { _, _ in nil }
    /// Reads one raw line of text (`edit` without an editor); nil at the end of input.
    var readTextLine: () -> String? = { nil }
    /// A value prompt pre-filled with the current value (interactive only; nil: cancelled).
    var askValueLine: (_ question: String, _ current: String) -> String? = { _, _ in nil }

    /// Batch mode: the line of standard input the running command came from (counting blank
    /// and comment lines), and the command; errors name it (`stdin:3: error: ...`).
    var inputLine: (number: Int, command: String)?
    /// Commands that failed so far (batch mode exits 1 when there was any).
    private(set) var failures = 0
    private var shownMessages = 0
    private var shownWarnings = 0
    var findResults: [FindResult] = []
    /// The rows the last `go N` selected on its way from the root (what `--record` replays).
    var wentThrough: [String] = []
    /// The page shown of the current screen, and the path it belongs to.
    var page = 0
    var pagedPath: [String] = []
    /// The pages of the current screen at the terminal's size (see `LinePager`).
    let pager = LinePager()
    var pageCount = 1
    /// Batch mode said once how it pages a long screen (see `render`).
    var toldBatchPaging = false
    /// The `store` listing shown last when it took more than a page: `next` and `prev` page
    /// it until another command runs.
    var storeListing: StoreListing?

    init(session: Session, options: Options, interactive: Bool) {
        self.session = session
        self.options = options
        self.interactive = interactive
        // Batch output never has colour (SPEC §4), whatever --color says.
        self.style = ReplStyle(color: interactive && Terminal.color(options))
    }

    var ascii: Bool { Terminal.ascii(options) }
    var separator: String { ascii ? " > " : " › " }

    func clean(_ s: String, keepNewlines: Bool = true) -> String {
        ReplText.clean(s, ascii: ascii, keepNewlines: keepNewlines)
    }

    static let hint = "Type a row's number or name to select it, 'help' for more."
    /// The hint where the long one would push a full page's title off the terminal.
    static let shortHint = "'help' lists the commands."

    /// The first screen, the hint (interactive only) and any alert the root's on_appear gave.
    func start() {
        let shown = render(first: true)
        if interactive {
            var hint = wrap(Shell.hint, width: Terminal.width(options))
            // A page that fills the terminal keeps its title in view: a hint that wraps gives
            // way to a short one (one line) rather than push the title off the top.
            if hint.count > 1, let height = Terminal.height(), shown + hint.count + 1 > height {
                hint = wrap(Shell.shortHint, width: Terminal.width(options))
            }
            for line in hint { print(style.dim(line)) }
        }
        showNotices()
    }

    // MARK: one command

    /// Runs one line (trimmed, not empty, not a comment). False when the REPL should end.
    func run(_ line: String) -> Bool {
        let recording = recordBefore(line)
        defer { recordAfter(recording) }
        // One command is one action: one instruction budget for everything it runs.
        return session.action { runCommand(line) }
    }

    private func runCommand(_ line: String) -> Bool {
        let command = ReplCommand.parse(line, resolves: resolves)
        var keepGoing = true
        let listing = storeListing
        storeListing = nil
        switch command {
        case .next where listing != nil: turnStorePage(listing!, by: 1)
        case .prev where listing != nil: turnStorePage(listing!, by: -1)
        case .select(let ref): select(ref, typed: line)
        case .set(let rest): set(rest)
        case .accessory(let ref): act { try session.accessory(ref) }
        case .inc(let ref): actOnRow(ref) { try session.increment(ref) }
        case .dec(let ref): actOnRow(ref) { try session.decrement(ref) }
        case .add(let rest): addItem(rest)
        case .edit(let ref): editText(ref)
        case .action(let rest): action(rest)
        case .remove(let rest): editList(rest, positions: 1, usage: "remove REF N")
        case .move(let rest): editList(rest, positions: 2, usage: "move REF FROM TO")
        case .back: act { try session.back() }
        case .home: act { session.home() }
        case .show: render()
        case .next: turnPage(by: 1)
        case .prev: turnPage(by: -1)
        case .find(let text): find(text)
        case .go(let number): go(number)
        case .help(nil): printHelp()
        case .help(let ref?): help(ref)
        case .why(let ref):
            if let lines = session.explainSymbol(ref) { printSymbolLines(lines) } else { explain { try session.why(ref).formatted } }
        case .store(let pattern): printStore(matching: pattern)
        case .reset(let ref): actOnRow(ref) { try session.reset(ref) }
        case .resetAll: resetAll()
        case .reload: reload()
        case .lua(let code): runLua(code, expression: false)
        case .expression(let code): runLua(code, expression: true)
        case .quit: keepGoing = false
        case .usage(let message): fail(message)
        }
        showNotices()
        return keepGoing
    }

    func resolves(_ reference: String) -> Bool {
        (try? session.lookup(ReplSyntax.unquoted(reference))) != nil
    }

    /// Runs an action that changes values or navigates, then shows the screen.
    func act(_ body: () throws -> Void) {
        do {
            try body()
            render()
        } catch {
            report(error)
        }
    }

    /// A symbol's `why` or `help` (menuconfig's lines), each wrapped to the width.
    func printSymbolLines(_ lines: [String]) {
        let width = Terminal.width(options)
        var inHelp = false  // the help text, after the first empty line: plain paragraphs
        for line in lines {
            let text = clean(line, keepNewlines: false)
            if text.isEmpty { inHelp = true }
            if displayWidth(text) <= width { print(text); continue }
            if inHelp {
                for wrapped in Columns.paragraph(text, width: width, hang: 0) { print(wrapped) }
                continue
            }
            // A long line wraps under its own text, past its indent and label.
            let lead = text.prefix { $0 == " " }.count
            let body = String(text.dropFirst(lead))
            let colon = body.firstIndex(of: ":").map { body.distance(from: body.startIndex, to: $0) + 2 }
            let label = body.hasPrefix("- ") ? 2 : min(colon ?? 2, 14)
            for wrapped in Columns.paragraph(body, width: width, indent: lead, hang: min(lead + label, width / 2)) { print(wrapped) }
        }
    }

    func explain(_ body: () throws -> String) {
        do {
            let text = clean(try body())
            for line in Columns.paragraph(text, width: Terminal.width(options)) { print(line) }
        } catch {
            report(error)
        }
    }


    // MARK: notices and errors

    /// Alerts since the last command (`! message`), and new warnings on stderr.
    func showNotices() {
        for message in session.messages(since: shownMessages) {
            let lines = clean(message).split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() {
                print(style.alert((i == 0 ? "! " : "  ") + line))
            }
        }
        shownMessages = session.messages.count
        for warning in session.warnings.dropFirst(shownWarnings) {
            printError(style.alert("warning:") + " " + clean(warning))
        }
        shownWarnings = session.warnings.count
    }

    /// A failed command's error on stderr (each diagnostic of a script that did not load).
    func report(_ error: Error) {
        if let error = error as? LoadError {
            for diagnostic in error.diagnostics { printError(clean(diagnostic.description)) }
            failures += 1
            return
        }
        fail(clean(CommandSupport.described(error)))
    }

    /// A failed command's error on stderr, counted as a failure, with its place first as
    /// editors read it: `FILE:LINE: error: MESSAGE` when the message begins with the script's
    /// place (a callback raised), else `error: MESSAGE`. In batch mode an error without a
    /// place is at the command's line of standard input (`stdin:3: error: ...`), and one in
    /// the script is followed by `stdin:3: note: ...` naming the command.
    func fail(_ message: String) {
        failures += 1
        flushOutput()
        let input = inputLine.map { "stdin:\($0.number)" }
        var placed = PlacedMessage(message, fallback: input)
        // `lua CODE` runs as the chunk "prompt": in batch mode that is the line of stdin.
        if let input, let place = placed.place, place.hasPrefix(Shell.promptChunk + ":") { placed.place = input }
        if interactive {
            // On a terminal the message wraps at word boundaries within the width, the lines
            // after the first indented; only the label is coloured.
            var lines = Columns.paragraph(placed.line("error"), width: Terminal.width(options))
            if let label = lines.first?.firstRange(of: "error:") {
                lines[0].replaceSubrange(label, with: style.error("error:"))
            }
            for line in lines { printError(line) }
        } else {
            printError(placed.line("error", style: style.error))
        }
        if let input, let command = inputLine?.command, placed.place != input {
            printError(PlacedMessage(place: input, text: "in the command \"\(clean(command, keepNewlines: false))\"").line("note"))
        }
    }

    /// The chunk name of Lua run at the prompt (`lua CODE`, `= EXPR`), as its errors name it.
    static let promptChunk = "prompt"
}
