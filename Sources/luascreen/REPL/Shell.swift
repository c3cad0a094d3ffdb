@preconcurrency import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen

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

    /// Commands that failed so far (batch mode exits 1 when there was any).
    private(set) var failures = 0
    private var shownMessages = 0
    private var shownWarnings = 0
    private var findResults: [FindResult] = []
    /// The page shown of the current screen, and the path it belongs to.
    private var page = 0
    private var pagedPath: [String] = []

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

    /// The first screen, the hint (interactive only) and any alert the root's on_appear gave.
    func start() {
        render(first: true)
        if interactive {
            for line in wrap(Shell.hint, width: Terminal.width(options)) { print(style.dim(line)) }
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
        switch command {
        case .select(let ref): select(ref, typed: line)
        case .set(let rest): set(rest)
        case .accessory(let ref): act { try session.accessory(ref) }
        case .inc(let ref): act { try session.increment(ref) }
        case .dec(let ref): act { try session.decrement(ref) }
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
        case .why(let ref): explain { try session.why(ref) }
        case .store: printStore()
        case .reset(let ref): act { try session.reset(ref) }
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
        (try? session.lookup(ReplText.unquoted(reference))) != nil
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

    private func explain(_ body: () throws -> String) {
        do {
            let text = clean(try body())
            for line in Columns.paragraph(text, width: Terminal.width(options)) { print(line) }
        } catch {
            report(error)
        }
    }

    // MARK: select and set

    private func select(_ ref: String, typed line: String) {
        do {
            try session.select(ref)
            render()
        } catch let error as SessionError {
            switch error.kind {
            case .needsConfirmation(let question): confirm(ref, question)
            case .needsValue: askValue(ref, error)
            default:
                var error = error
                if error.kind == .refused, error.message.hasPrefix("no row \""), !line.hasPrefix("select ") {
                    error.message += Shell.commandHint(for: line, after: error.message)
                }
                report(error)
            }
        } catch {
            report(error)
        }
    }

    /// A button's `confirm`: ask, and press it only on yes.
    private func confirm(_ ref: String, _ question: String) {
        guard askYesNo(clean(question, keepNewlines: false)) else { return }
        act { try session.select(ref, answer: true) }
    }

    /// Asks a y/N question: true on yes. Otherwise says "Cancelled." (no, Ctrl-C, Ctrl-D),
    /// or in batch mode, when the next line is no answer, fails saying how to give one.
    private func askYesNo(_ question: String) -> Bool {
        guard let answer = ask(question + " [y/N] ", false) else {
            if interactive {
                print("Cancelled.")
            } else {
                fail("\"\(question)\" needs an answer: put y or n on the line after the command")
            }
            return false
        }
        guard Shell.isYes(answer) else {
            print("Cancelled.")
            return false
        }
        return true
    }

    /// For a line that named no row: the command it may have meant, else where to look.
    static func commandHint(for line: String, after message: String) -> String {
        let word = ReplText.splitFirstWord(line).word.lowercased()
        if (3...24).contains(word.count), let close = ReplCommand.words.min(by: { Suggest.distance($0, word) < Suggest.distance($1, word) }),
           Suggest.distance(close, word) <= (word.count >= 4 ? 2 : 1) {
            return "; did you mean the command `\(close)`?"
        }
        return message.contains("did you mean") ? "" : " ('help' lists the commands)"
    }

    static func isYes(_ answer: String) -> Bool {
        ["y", "yes"].contains(ReplText.trimmed(answer).lowercased())
    }

    static func isAnswer(_ line: String) -> Bool {
        ["y", "yes", "n", "no"].contains(ReplText.trimmed(line).lowercased())
    }

    /// An input or number row was selected: ask for its new value (interactive), or say
    /// how to give it with `set` (batch).
    private func askValue(_ ref: String, _ error: SessionError) {
        guard interactive, let row = try? session.lookup(ref) else {
            report(error)
            return
        }
        let binding = row.key.flatMap(declaredBinding(for:))
        let secret = binding?.secure ?? false
        var notes: [String] = []
        if !secret {
            // The value itself: not the detail (which a script may set to anything, or to
            // a placeholder when the value is empty).
            var current = clean(row.value?.description ?? "", keepNewlines: false)
            if row.kind == .number, !current.isEmpty, let unit = binding?.unit { current += " " + clean(unit, keepNewlines: false) }
            notes.append("now: \(current.isEmpty ? "empty" : current)")
        }
        if let binding {
            if row.kind == .number {
                var range: [String] = []
                switch (binding.minimum, binding.maximum) {
                case let (lo?, hi?): range.append("\(StoreValue.format(lo)) to \(StoreValue.format(hi))")
                case let (lo?, nil): range.append("at least \(StoreValue.format(lo))")
                case let (nil, hi?): range.append("at most \(StoreValue.format(hi))")
                case (nil, nil): break
                }
                if let step = binding.step { range.append("step \(StoreValue.format(step))") }
                if !range.isEmpty { notes.append(range.joined(separator: ", ")) }
            } else if let max = binding.maxLength {
                notes.append("at most \(max) characters")
            }
        }
        let about = notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"
        guard let answer = ask("New value for \(clean(row.text, keepNewlines: false))\(about): ", secret) else {
            print("Cancelled.")  // Ctrl-C or Ctrl-D
            return
        }
        guard !answer.isEmpty else {
            print("Unchanged.")
            return
        }
        act { try session.set(ref, text: answer) }
    }

    private func set(_ rest: String) {
        if clearsList(rest) { return }
        guard let (ref, value) = splitSet(rest) else { return }
        act { try session.set(ref, text: value) }
    }

    /// `set REF VALUE` split where REF ends: a quoted REF, else the longest run of words
    /// that names a row ("set Font size 14"). Reports the problem when it cannot split
    /// (unless `quiet`).
    func splitSet(_ rest: String, quiet: Bool = false) -> (ref: String, value: String)? {
        func problem(_ message: String) -> (ref: String, value: String)? {
            if !quiet { fail(message) }
            return nil
        }
        if let quote = rest.first, quote == "\"" || quote == "'" {
            let afterOpen = rest.index(after: rest.startIndex)
            guard let close = rest[afterOpen...].firstIndex(of: quote) else {
                return problem("a quote is not closed: set \"ROW TEXT\" VALUE")
            }
            let ref = String(rest[afterOpen..<close])
            let value = ReplText.trimmed(rest[rest.index(after: close)...])
            if value.isEmpty { return problem("set needs a value after the row: set \(rest) VALUE (\"\" for an empty text)") }
            return (ref, ReplText.unquoted(value))
        }
        // Each place a run of spaces starts and ends: REF before it, VALUE after it.
        var splits: [(end: String.Index, valueStart: String.Index)] = []
        var i = rest.startIndex
        while i < rest.endIndex {
            if rest[i].isWhitespace {
                var j = i
                while j < rest.endIndex, rest[j].isWhitespace { j = rest.index(after: j) }
                if j < rest.endIndex { splits.append((i, j)) }
                i = j
            } else {
                i = rest.index(after: i)
            }
        }
        guard !splits.isEmpty else {
            return problem("set needs a value after the row: set \(rest) VALUE (\"\" for an empty text)")
        }
        // (a row's text is not a page long: the first 32 words are plenty)
        for split in splits.prefix(32).reversed() {
            let ref = String(rest[..<split.end])
            if (try? session.lookup(ref)) != nil {
                return (ref, ReplText.unquoted(String(rest[split.valueStart...])))
            }
        }
        if !quiet {
            do {
                _ = try session.lookup(String(rest[..<splits[0].end]))
            } catch {
                report(error)
            }
        }
        return nil
    }

    /// For Tab after `set REF `: the value typed so far and the values the row takes from a
    /// list (on/off for a toggle, the option texts of a choice whose options are a table).
    func valueChoices(_ rest: String) -> (typed: String, options: [String])? {
        var i = rest.startIndex
        var splits: [(end: String.Index, valueStart: String.Index)] = []
        while i < rest.endIndex {
            if rest[i].isWhitespace {
                var j = i
                while j < rest.endIndex, rest[j].isWhitespace { j = rest.index(after: j) }
                splits.append((i, j))
                i = j
            } else {
                i = rest.index(after: i)
            }
        }
        for split in splits.prefix(32).reversed() {
            guard let row = try? session.lookup(String(rest[..<split.end])) else { continue }
            let typed = String(rest[split.valueStart...])
            switch row.kind {
            case .toggle:
                return (typed, ["on", "off"])
            case .choice:
                guard let options = row.key.flatMap(declaredBinding(for:))?.options?.value else { return nil }
                return (typed, options.map(\.text).filter { sanitize($0, lineBreaks: .escape) == $0 })
            default:
                return nil
            }
        }
        return nil
    }

    /// Whether a line may go into the history: not when it sets a secure input.
    func remembers(_ line: String) -> Bool {
        guard case .set(let rest) = ReplCommand.parse(line, resolves: resolves),
              let (ref, _) = splitSet(rest, quiet: true),
              let key = (try? session.lookup(ref))?.key else { return true }
        return !secureKeys().contains(key)
    }

    /// Keys bound to secure inputs (their values are never shown).
    func secureKeys() -> Set<String> {
        Set(session.boundKeys.filter { session.binding(forKey: $0)?.secure ?? false })
    }

    /// The binding a script declared for a key (range, step, secure...).
    func declaredBinding(for key: String) -> Binding? {
        session.binding(forKey: key)
    }

    // MARK: values

    private func printStore() {
        let values = session.storeValues()
        let secure = secureKeys()
        let location = session.store.location
        print(location == "memory" ? "Values (kept in memory, not saved):" : "Values (saved in \(clean(location, keepNewlines: false))):")
        if values.isEmpty {
            print("  none: this script has no toggle, choice, input or number rows")
            return
        }
        var rows: [(left: String, right: String)] = []
        var changedRows: Set<Int> = []
        for (key, value) in values {
            let defaultValue = session.defaultValue(for: key)
            let changed = defaultValue.map { !$0.sameValue(as: value) } ?? false
            let hidden = secure.contains(key)
            var right = "= " + (hidden ? mask : shown(value))
            if changed {
                changedRows.insert(rows.count)
                right += hidden ? "   (changed)" : defaultValue.map { "   (default: \(shown($0)))" } ?? ""
            } else if defaultValue == nil {
                right += "   (no row uses this key; kept)"
            }
            rows.append(((changed ? "* " : "  ") + clean(key, keepNewlines: false), right))
        }
        // Each key's lines, aligned: the keys in a column as wide as the widest that leaves
        // the values room; a longer key puts its value on the next line.
        let width = Terminal.width(options)
        let maxKey = max(8, min(rows.map { displayWidth($0.left) }.max() ?? 0, width / 2))
        let laidOut = Columns.grouped(rows, width: width, indent: 0, gap: 1, maxLeft: maxKey, minRight: 12)
        for (i, lines) in laidOut.enumerated() {
            for line in lines { print(changedRows.contains(i) ? style.bold(line) : line) }
        }
        if !changedRows.isEmpty { print(style.dim("* changed from the default")) }
    }

    private var mask: String { ascii ? "****" : "••••" }

    /// A value as Lua would write it: strings quoted.
    private func shown(_ value: StoreValue) -> String {
        if case .string(let s) = value {
            let escaped = s.reduce(into: "") { out, c in if c == "\\" || c == "\"" { out.append("\\") }; out.append(c) }
            return "\"" + clean(escaped, keepNewlines: false) + "\""
        }
        return value.description
    }

    private func resetAll() {
        let changed = session.storeValues().filter { entry in
            session.defaultValue(for: entry.key).map { !$0.sameValue(as: entry.value) } ?? false
        }.count
        if changed > 0 {
            let question = changed == 1 ? "Put 1 changed value back to its default?" : "Put \(changed) changed values back to their defaults?"
            guard askYesNo(question) else { return }
        }
        do {
            try session.resetAll()
            render()
            print(changed == 0 ? "Every value was already its default." :
                  "\(changed) value\(changed == 1 ? "" : "s") back to the default.")
        } catch {
            report(error)
        }
    }

    // MARK: rendering and paging

    private var renderer: TextRenderer {
        var renderOptions = Terminal.renderOptions(options, color: style.color)
        renderOptions.words = session.rendererWords
        return TextRenderer(options: renderOptions)
    }

    /// The pages of the current screen at the terminal's size (see `LinePager`).
    private let pager = LinePager()
    private var pageCount = 1

    /// Lines a page may take: the terminal's height less the blank line before it and the prompt.
    private func pageLines(_ height: Int) -> Int { max(3, height - 2) }

    /// The page of the current screen to show (interactive, on a terminal): as many rows as
    /// fill the terminal, with a blank line before, the page line and the prompt. Only that
    /// page's rows are evaluated when the screen allows, so a screen of 100,000 rows stays
    /// quick. Nil in batch mode, which shows whole screens.
    private func layoutPage() -> (lines: [String], index: Int, count: Int, estimated: Bool)? {
        guard interactive, let height = Terminal.height() else { return nil }
        let path = session.path
        if path != pagedPath {
            page = 0
            pagedPath = path
        }
        let renderer = self.renderer
        guard let shown = pager.page(page + 1, of: session, renderer: renderer, lines: pageLines(height)) else {
            page = 0
            pageCount = 1
            return (renderer.render(session.currentScreen()), 1, 1, false)
        }
        page = shown.index - 1
        pageCount = shown.count
        return (renderer.render(shown.screen), shown.index, shown.count, shown.estimated)
    }

    /// Shows the current screen: whole in batch mode, a page of it on a terminal shorter
    /// than the screen.
    func render(first: Bool = false) {
        guard let shown = layoutPage() else {
            page = 0
            pagedPath = session.path
            for line in renderer.render(session.currentScreen()) { print(line) }
            return
        }
        if !first { print("") }  // apart from the command above; the hint goes below the first
        for line in shown.lines { print(line) }
        if shown.count > 1 {
            let moves = shown.index == 1 ? "next" : shown.index == shown.count ? "prev" : "next, prev"
            let count = shown.estimated ? "~\(shown.count)" : "\(shown.count)"
            print(style.dim("-- page \(shown.index)/\(count): \(moves) --"))
        }
    }

    private func turnPage(by delta: Int) {
        guard interactive, Terminal.height() != nil else {
            print("(batch mode shows whole screens: nothing to page)")
            return
        }
        _ = layoutPage()
        guard pageCount > 1 else {
            print("The whole screen fits: nothing to page.")
            return
        }
        let target = page + delta
        guard target >= 0 else { print("Already on the first page."); return }
        guard target < pageCount else { print("Already on the last page."); return }
        page = target
        render()
    }

    /// Opens the page of the current screen that shows the row with this id.
    private func turnToRow(_ id: String) {
        guard let height = Terminal.height(), layoutPage() != nil, pageCount > 1,
              let position = session.visiblePosition(ofRow: id) else { return }
        page = pager.pageIndex(ofPosition: position, of: session, renderer: renderer, lines: pageLines(height)) - 1
    }

    // MARK: find and go

    private func find(_ text: String) {
        findResults = session.find(text)
        guard !findResults.isEmpty else {
            print("Nothing matches \"\(clean(text, keepNewlines: false))\".")
            return
        }
        let lines = FindList.lines(findResults, width: Terminal.width(options), separator: separator,
                                   ellipsis: ascii ? "..." : "…", clean: { self.clean($0, keepNewlines: false) })
        for line in lines { print(line) }
        print(style.dim(findResults.count == 1 ? "go 1 goes there." : "go N goes to result N."))
    }

    private func go(_ text: String) {
        guard !findResults.isEmpty else {
            fail("nothing to go to yet: search first with find TEXT")
            return
        }
        guard let n = Int(text), n >= 1, n <= findResults.count else {
            fail("go takes a result number of the last find: 1 to \(findResults.count)")
            return
        }
        let result = findResults[n - 1]
        do {
            try session.go(to: result.path)
            let row = session.currentScreen().visibleRows.first { $0.id == result.row }
            turnToRow(result.row)
            render()
            if row == nil, let reason = try? session.why(result.row) {
                for line in Columns.paragraph(clean(reason), width: Terminal.width(options)) { print(line) }
            } else if let row {
                let name = clean(row.text, keepNewlines: false)
                print(row.number.map { "\(name) is row \($0)." } ?? "\(name) is on this screen.")
            }
        } catch {
            report(error)
        }
    }

    // MARK: help

    static let commandHelp: [(names: String, text: String, words: [String])] = [
        ("REF, select REF", "open, flip, pick or press a row", ["select"]),
        ("set REF VALUE", "change a value: set 2 off", ["set"]),
        ("inc REF, dec REF", "a number one step up or down", ["inc", "dec"]),
        ("add REF TEXT", "add an item to a list", ["add"]),
        ("edit REF", "edit a text in $VISUAL or $EDITOR", ["edit"]),
        ("action REF [ID]", "list a row's actions, or run one", ["action"]),
        ("remove REF N, move REF A B", "remove or move a list's item", ["remove", "move"]),
        ("accessory REF", "press the row's detail button (i)", ["accessory"]),
        ("back (..), home", "one screen back, or to the first", ["back", "home"]),
        ("show", "draw the screen again", ["show"]),
        ("next, prev", "page through a long screen", ["next", "prev"]),
        ("find TEXT, go N", "search all screens, go to result N", ["find", "go"]),
        ("help REF", "a row's help, key, value and default", ["help"]),
        ("why REF", "why a row is disabled or hidden", ["why"]),
        ("store", "every value; * marks changed ones", ["store"]),
        ("reset REF, reset all", "back to the default", ["reset"]),
        ("reload", "re-read the script, keep the values", ["reload"]),
        ("lua CODE, = EXPR", "run Lua in the script (with ctx)", ["lua"]),
        ("quit, exit, Ctrl-D", "leave", ["quit", "exit"]),
    ]

    private func printHelp() {
        let width = Terminal.width(options)
        for line in Columns.paragraph("REF is a row's number, its id, or the start of its text.", width: width, hang: 0) { print(line) }
        let rows = Shell.commandHelp.map { (left: $0.names, right: $0.text) }
        for line in Columns.lines(rows, width: width, maxLeft: 24, minRight: 24) { print(line) }
        if interactive {
            for line in Columns.paragraph("Tab completes commands and rows; Ctrl-C clears the line.", width: width, hang: 0) { print(line) }
        }
    }

    /// `help REF`: a row's help; `help set`: a command's line when no row is called that.
    private func help(_ ref: String) {
        if !resolves(ref), ReplCommand.words.contains(ref.lowercased()),
           let entry = Shell.commandHelp.first(where: { $0.words.contains(ref.lowercased()) }) {
            print("\(entry.names): \(entry.text)")
            return
        }
        explain { try session.help(ref) }
    }

    // MARK: reload and Lua

    /// `reload`, or (`changed`: the files `run --watch` saw change) a reload on its own.
    func reload(changed: [String]? = nil) {
        if let changed {
            let names = changed.isEmpty ? [session.scriptPath] : changed
            print(style.dim("\(names.map { clean($0, keepNewlines: false) }.joined(separator: ", ")) changed on disk: reloading."))
        }
        do {
            let note = try session.reloadScript()
            render()
            print("Reloaded \(clean(session.scriptPath, keepNewlines: false)).")
            if let note { print("note: \(clean(note))") }
        } catch let error as LoadError {
            for diagnostic in error.diagnostics { printError(clean(diagnostic.description)) }
            fail("the script has errors; still running the version loaded before")
        } catch {
            report(error)
        }
    }

    private func runLua(_ code: String, expression: Bool) {
        let before = (session.path, session.currentScreen())
        do {
            let result = try session.evaluate(code, expression: expression)
            if expression || !result.isEmpty { print(clean(result)) }
            if session.path != before.0 || session.currentScreen() != before.1 { render() }
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
            printError(style.paint("warning:", "1;33") + " " + clean(warning))
        }
        shownWarnings = session.warnings.count
    }

    func report(_ error: Error) {
        if let error = error as? LoadError {
            for diagnostic in error.diagnostics { printError(clean(diagnostic.description)) }
            failures += 1
            return
        }
        fail(clean("\(error)"))
    }

    func fail(_ message: String) {
        failures += 1
        flushOutput()
        printError(style.error("error:") + " " + message)
    }

    // MARK: prompt

    /// The path of titles and "> ", kept to about three fifths of the width (the first titles give
    /// way to "…").
    func prompt() -> String {
        let room = max(24, Terminal.width(options) * 3 / 5)
        var titles = session.titles.map { clean($0, keepNewlines: false) }
        var cut = false
        func joined() -> String { ((cut ? [ascii ? "..." : "…"] : []) + titles).joined(separator: separator) }
        while titles.count > 1, displayWidth(joined()) > room {
            titles.removeFirst()
            cut = true
        }
        let path = truncate(joined(), toWidth: room, ellipsis: ascii ? "..." : "…")
        return style.promptPaint(path, "1;34") + "> "
    }
}
