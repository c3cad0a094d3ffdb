#if canImport(Glibc)
import Glibc
#endif
import LuaRuntime
import ScreenModel
import ScreenRender
import LuaScreenCore

/// A bug the explorer found: which check failed and what it said. `Sendable`: a plain value.
public struct ExploreFailure: Equatable, Sendable, CustomStringConvertible {
    /// The checks run after every step. `Sendable`.
    public enum Check: String, Sendable {
        /// A callback or field function raised (or a step failed other than by a clean refusal).
        case raised
        /// A line of the screen does not fit its width, or holds a raw control character.
        case render
        /// A stored value breaks its row's rules.
        case value
        /// A disabled or hidden row has no `why`.
        case why
        /// The store does not survive a JSON round trip.
        case json
        /// One of the script's `invariants` returned false or raised.
        case invariant
        /// A row whose `enabled` is a function was never enabled in any walk.
        case neverEnabled = "never-enabled"
    }

    /// The check that failed.
    public var check: Check
    /// What it found, naming the row, value or line.
    public var message: String

    /// A failure of `check` saying `message`.
    public init(_ check: Check, _ message: String) {
        self.check = check
        self.message = message
    }

    /// `CHECK: MESSAGE`, as `explore` prints it.
    public var description: String { "\(check.rawValue): \(message)" }

    /// What a shrunk walk must still show to count as the same bug: the check, and the
    /// message's first line without its numbers (values and line numbers may move).
    var signature: String {
        var first = message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        // An error raised by the script is the same bug wherever it shows (a callback, a
        // row's field, a check of a stored value): its message after "FILE:LINE: ".
        if check == .raised, let core = ExploreFailure.scriptError(in: first) { first = core }
        return check.rawValue + ":" + String(first.filter { !$0.isNumber })
    }

    /// The text after the first ":LINE: " of a message, up to " (in ...)".
    static func scriptError(in line: String) -> String? {
        let chars = Array(line)
        var i = 0
        while i < chars.count {
            if chars[i] == ":" {
                var j = i + 1
                while j < chars.count, chars[j].isNumber { j += 1 }
                if j > i + 1, j + 1 < chars.count, chars[j] == ":", chars[j + 1] == " " {
                    var rest = String(chars[(j + 2)...])
                    if let cut = rest.firstRange(of: " (in ") { rest = String(rest[..<cut.lowerBound]) }
                    return rest
                }
            }
            i += 1
        }
        return nil
    }
}

/// An evaluated screen and its hash, computed once. `Sendable`: a plain value.
package struct HashedScreen: Hashable, Sendable {
    /// The screen.
    package let screen: ResolvedScreen
    private let hash: Int

    /// The screen, hashed now.
    package init(_ screen: ResolvedScreen) {
        self.screen = screen
        hash = HashedScreen.digest(screen)
    }

    /// A hash of what tells the screens of one walk apart: the screen's id and shape and each
    /// row's state (enabled, visible, value, detail, error), not every text and field
    /// (hashing all of them, `hashValue`, was 7 k instructions a step of explore). Equal
    /// screens hash equal; two screens with the same digest are told apart by `==`.
    static func digest(_ screen: ResolvedScreen) -> Int {
        var hasher = Hasher()
        hasher.combine(screen.id)
        hasher.combine(screen.sections.count)
        for section in screen.sections {
            hasher.combine(section.visible)
            hasher.combine(section.rows.count)
            for row in section.rows {
                hasher.combine(row.enabled)
                hasher.combine(row.visible)
                hasher.combine(row.value)
                hasher.combine(row.detail)
                hasher.combine(row.error != nil)
            }
        }
        return hasher.finalize()
    }

    package static func == (a: HashedScreen, b: HashedScreen) -> Bool { a.hash == b.hash && a.screen == b.screen }

    package func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// The checks after each step. Work whose answer depends only on the evaluated screen or on
/// the stored values is done again only when they changed.
///
/// Not `Sendable`: it keeps what the last checks saw; use it on the thread of the session
/// it checks.
package final class ExploreChecker {
    /// The widths every screen must render at.
    public static let widths = [20, 40, 80, 200]

    /// Skip the checks whose inputs have not changed since they last passed.
    public var reuse = true
    /// Time spent in each check, in nanoseconds (for `scripts/bench`).
    public private(set) var nanoseconds: [String: UInt64] = [:]

    /// Whether the evaluated screen differed from the one of the previous check.
    public private(set) var screenChanged = true

    private var passedScreens = Set<HashedScreen>()
    /// The screen of the last check, hashed, when it differed from the one before (nil when
    /// it did not): the sets of screens seen hash it once a step instead of once a set.
    package private(set) var changedScreen: HashedScreen?
    /// Rows and section frames (header, footer) drawn without a problem, with the columns
    /// (and width) they were drawn at.
    private var passedRows: [ResolvedRow: Set<[Int]>] = [:]
    private struct Frame: Hashable { var header: String?; var footer: String? }
    private var passedFrames: [Frame: Set<[Int]>] = [:]
    /// Titles drawn without a problem at every width (a title's lines depend on its text and
    /// the width alone).
    private var passedTitles = Set<String>()
    private struct StoredPair: Hashable { var key: String; var value: StoreValue }
    private var passedValues = Set<[StoredPair]>()
    /// Values whose JSON round trip passed: a function of the values alone (no script code
    /// runs in it), so no reload forgets them.
    private var passedJSON = Set<[StoredPair]>()
    private var lastScreen: ResolvedScreen?
    private var lastValues: [(key: String, value: StoreValue)]?
    private var rowsByKey: [String: Row]?
    private let renderers = ExploreChecker.widths.map { TextRenderer(options: RenderOptions(width: $0)) }

    /// A checker with nothing remembered.
    public init(reuse: Bool = true) { self.reuse = reuse }

    /// Forget what belongs to the previous session (a new walk, a reload); after a reload
    /// (`scriptChanged`) also the screens and values that passed, since the script (its
    /// `why`s, its rules) may have changed on disk. The rows, frames and titles that were
    /// drawn without a problem stay: their lines are a function of the evaluated text and the
    /// width alone (the renderers take nothing from the script), so no script can make them
    /// stale, and drawing them again after each reload was most of the render checks; so do
    /// the values whose JSON round trip passed.
    public func newSession(scriptChanged: Bool = false) {
        lastScreen = nil
        lastValues = nil
        rowsByKey = nil
        if scriptChanged {
            passedScreens.removeAll()
            passedValues.removeAll()
        }
    }

    /// Runs every check after a step (or after opening); the first failure, or nil.
    public func check(_ session: Session, after outcome: ExploreStep.Outcome) -> ExploreFailure? {
        if case .failed(let error) = outcome { return ExploreFailure(.raised, error.description) }
        let screen = timed("screen") { session.currentScreen() }
        if let failure = timed("fields", { fieldErrors(screen) }) { return failure }
        screenChanged = screen != lastScreen
        changedScreen = screenChanged ? HashedScreen(screen) : nil
        if !reuse || screenChanged {
            // A choice's picker whose options function fails shows no options.
            if let picker = session.navigation.last?.picker, case .failure(let error) = session.options(of: picker.row) {
                return ExploreFailure(.raised, "the options of \"\(picker.row.id)\": \(error)")
            }
            // A screen evaluated the same as one that passed renders the same; its rows'
            // conditions gave the same answers, so their `why`s are taken as passing too.
            if !reuse || !passedScreens.contains(changedScreen!) {
                if let failure = timed("render", { renders(screen) }) { return failure }
                if let failure = timed(Verb.why.name, { whys(screen, session) }) { return failure }
                if reuse {
                    if passedScreens.count > 4096 { passedScreens.removeAll(keepingCapacity: true) }
                    passedScreens.insert(changedScreen!)
                }
            }
            lastScreen = screen
        }
        let values = session.store.values
        if !reuse || !ExploreChecker.same(values, lastValues) {
            // Values are checked against rows that never change within a script: a set of
            // values that passed once passes again.
            let key = values.map { StoredPair(key: $0.key, value: $0.value) }
            if !reuse || !passedValues.contains(key) {
                if let failure = timed("values", { storedValues(values, session) }) { return failure }
                if !reuse || !passedJSON.contains(key) {
                    if let failure = timed("json", { roundTrip(values) }) { return failure }
                    if reuse {
                        if passedJSON.count > 4096 { passedJSON.removeAll(keepingCapacity: true) }
                        passedJSON.insert(key)
                    }
                }
                if reuse {
                    if passedValues.count > 4096 { passedValues.removeAll(keepingCapacity: true) }
                    passedValues.insert(key)
                }
            }
            lastValues = values
        }
        return timed("invariants") { session.invariantFailure() }
    }

    private func timed<T>(_ name: String, _ body: () -> T) -> T {
        let start = monotonicNanoseconds()
        let result = body()
        nanoseconds[name, default: 0] &+= monotonicNanoseconds() &- start
        return result
    }

    private static func same(_ a: [(key: String, value: StoreValue)], _ b: [(key: String, value: StoreValue)]?) -> Bool {
        guard let b, a.count == b.count else { return false }
        for i in a.indices where a[i].key != b[i].key || a[i].value != b[i].value { return false }
        return true
    }

    /// A field function (text, detail, enabled, visible, options, sections) raised.
    private func fieldErrors(_ screen: ResolvedScreen) -> ExploreFailure? {
        for row in screen.sections.lazy.flatMap(\.rows) {
            if let error = row.error { return ExploreFailure(.raised, "row \"\(row.id)\" of screen \"\(screen.id)\": \(error)") }
        }
        return nil
    }

    /// The screen at each width: every line within the width, no raw control characters.
    /// A section drawn before with the same columns at the same width is not drawn again.
    private func renders(_ screen: ResolvedScreen) -> ExploreFailure? {
        if !reuse {
            for (w, renderer) in renderers.enumerated() {
                if let failure = checkLines(renderer.render(screen), screen, width: ExploreChecker.widths[w]) { return failure }
            }
            return nil
        }
        // Piece by piece: the title, each section's header and footer, each row; a piece
        // drawn before with the same columns is not drawn again.
        // The renderers differ in their width alone: the rows are measured once for all four.
        let columns = renderers[0].columns(of: screen, atWidths: ExploreChecker.widths)
        if !passedTitles.contains(screen.title) {
            for (w, renderer) in renderers.enumerated() {
                if let failure = checkLines(renderer.renderTitle(screen), screen, width: ExploreChecker.widths[w]) { return failure }
            }
            if passedTitles.count > 10_000 { passedTitles.removeAll(keepingCapacity: true) }
            passedTitles.insert(screen.title)
        }
        for section in screen.sections where section.visible {
            if section.header != nil || section.footer != nil {
                let frame = Frame(header: section.header, footer: section.footer)
                for (w, renderer) in renderers.enumerated() where passedFrames[frame]?.contains(columns[w].key) != true {
                    if let failure = checkLines(renderer.renderFrame(section, columns[w]), screen, width: ExploreChecker.widths[w]) { return failure }
                    passedFrames[frame, default: []].insert(columns[w].key)
                }
            }
            for row in section.rows where row.visible {
                let passed = passedRows[row]
                for (w, renderer) in renderers.enumerated() where passed?.contains(columns[w].key) != true {
                    if let failure = checkLines(renderer.renderRow(row, columns[w]), screen, width: ExploreChecker.widths[w]) { return failure }
                    passedRows[row, default: []].insert(columns[w].key)
                }
            }
        }
        if passedRows.count > 200_000 { passedRows.removeAll(keepingCapacity: true) }
        if passedFrames.count > 10_000 { passedFrames.removeAll(keepingCapacity: true) }
        return nil
    }

    /// Every line within the width, no raw control character.
    private func checkLines(_ lines: [String], _ screen: ResolvedScreen, width: Int) -> ExploreFailure? {
        for line in lines {
            if ExploreChecker.hasRawControl(line) {
                return ExploreFailure(.render, "screen \"\(screen.id)\" at width \(width) prints a raw control character: \(line.debugDescription)")
            }
            let lineWidth = displayWidth(line)
            if lineWidth > width {
                return ExploreFailure(.render, "screen \"\(screen.id)\" at width \(width) has a line \(lineWidth) columns wide: \(line)")
            }
        }
        return nil
    }

    /// Whether `line` holds a C0 or C1 control or DEL (U+0000–U+001F, U+007F–U+009F), read
    /// from its UTF-8 bytes: C1 controls are the pairs C2 80 to C2 9F.
    static func hasRawControl(_ line: String) -> Bool {
        var line = line
        return line.withUTF8 { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) { return true }
                previous = byte
            }
            return false
        }
    }

    /// Every disabled or hidden row can say why.
    private func whys(_ screen: ResolvedScreen, _ session: Session) -> ExploreFailure? {
        guard session.navigation.last?.picker == nil else { return nil }
        for row in screen.sections.lazy.flatMap(\.rows) where !row.enabled || !row.visible {
            let answer: WhyAnswer
            do { answer = try session.why(row.id) } catch {
                return ExploreFailure(.why, "row \"\(row.id)\" of screen \"\(screen.id)\" is \(row.visible ? "disabled" : "hidden") but `why` fails: \(error)")
            }
            if answer.findings.contains(where: Self.contradictsAStateShown) {
                return ExploreFailure(.why, "row \"\(row.id)\" of screen \"\(screen.id)\" is \(row.visible ? "disabled" : "hidden") but `why` says: \(answer.formatted)")
            }
        }
        return nil
    }

    /// Whether a finding of `why` about a disabled or hidden row says the opposite (the row is
    /// shown and enabled) or could not be found (a condition failed): read from the answer's
    /// values, never from its words, which hold the row's text and the values read.
    private static func contradictsAStateShown(_ finding: WhyAnswer.Finding) -> Bool {
        switch finding {
        case .shown(let enabled, _): return enabled
        case .unmet(let unmet):
            if case .failed = unmet.verdict { return true }
            return false
        case .sectionHidden: return false
        }
    }

    /// Every stored value obeys the row bound to its key.
    private func storedValues(_ values: [(key: String, value: StoreValue)], _ session: Session) -> ExploreFailure? {
        if rowsByKey == nil { rowsByKey = session.declaredRowsByKey() }
        for (key, value) in values {
            guard let row = rowsByKey?[key] else { continue }
            do { _ = try session.checkRules(value, for: row) } catch let error as SessionError where error.kind == .script {
                return ExploreFailure(.raised, "checking \"\(key)\" against row \"\(row.id)\": \(error)")
            } catch {
                return ExploreFailure(.value, "the store holds \(value.typeName) \(value) for \"\(key)\", which its \(row.kind.constructor) row \"\(row.id)\" refuses: \(error)")
            }
        }
        return nil
    }

    /// The values written as a JSON object and read back are the same values.
    private func roundTrip(_ values: [(key: String, value: StoreValue)]) -> ExploreFailure? {
        var members: [(String, JSONValue)] = []
        for (key, value) in values {
            guard let json = JSONValue(store: value) else {
                return ExploreFailure(.json, "\"\(key)\" holds \(value), which JSON cannot hold")
            }
            members.append((key, json))
        }
        let text = JSONValue.object(members).serialized()
        guard case .object(let back)? = try? JSONValue.parse(text), back.count == members.count else {
            return ExploreFailure(.json, "the store does not read back from its JSON: \(text.prefix(200))")
        }
        for (original, read) in zip(values, back) {
            guard original.key == read.key, let value = StoreValue(json: read.value), value.sameValue(as: original.value) else {
                return ExploreFailure(.json, "\"\(original.key)\" = \(original.value) reads back from JSON as \(read.value.serialized())")
            }
        }
        return nil
    }
}

extension Session {
    /// The first row declared for each bound key.
    func declaredRowsByKey() -> [String: Row] {
        var rows: [String: Row] = [:]
        for screen in registry.screens {
            guard case .value(let sections) = screen.sections else { continue }
            for row in sections.lazy.flatMap(\.rows) {
                if let key = row.binding?.key, rows[key] == nil { rows[key] = row }
            }
        }
        return rows
    }

    /// The script's invariants that apply now (the app's, and those of each screen on the
    /// navigation stack), run in order; the first that returns false or raises.
    public func invariantFailure() -> ExploreFailure? {
        let invariants = registry.invariants
        guard !invariants.isEmpty else { return nil }
        let onStack = Set(navigation.map(\.id))
        for invariant in invariants where invariant.screen.map(onStack.contains) ?? true {
            let what = "invariant \"\(invariant.name)\""
            let broken: String?
            do {
                // Like a field function: it may read the store, not change it.
                broken = try withReadLog {
                    try call(invariant.ref, row: nil, what: what, results: 2) { results -> String? in
                        // The broken message, when the invariant returned false (and maybe a message).
                        guard results[1].boolean == false else { return nil }
                        let message = results[2]
                        return message.type == .string ? message.string ?? "" : ""
                    }
                }
            } catch {
                return ExploreFailure(.invariant, "\(what) raised: \(error)")
            }
            if let broken { return ExploreFailure(.invariant, "\(what) is broken\(broken.isEmpty ? "" : ": " + broken)") }
        }
        return nil
    }
}
