import ScreenModel
import LuaScreenCore

/// Values to try on a bound row of one kind: valid ones (the default, the bounds, random
/// values from the domain) and invalid ones, which the session must refuse cleanly.
///
/// A new kind of value plugs in by adding its domain to `ActionGenerator.domains`.
///
/// Conformers need not be `Sendable`: the explorer calls them on its own thread.
package protocol ValueDomain {
    /// Texts to `set` the row to, as a person would type them.
    func candidates(for row: Row, binding: Binding, options: [ChoiceOption], rng: inout SplitMix64) -> [String]
}

/// Moves a row offers besides select, set, accessory and reset (actions, list edits, ...).
/// A new kind of move plugs in by adding a source to `ActionGenerator.moveSources`.
///
/// Conformers need not be `Sendable`: the explorer calls them on its own thread.
package protocol MoveSource {
    /// The steps this source offers for a visible, enabled row of the current screen.
    func moves(for row: Row, resolved: ResolvedRow, screen: String) -> [ExploreStep]
}

/// Chooses the next step of a walk among everything the current screen offers.
///
/// Not `Sendable`: it holds domains and move sources of any type; use it on the explorer's thread.
package struct ActionGenerator {
    /// The value domain of each bound kind.
    public var domains: [RowKind: ValueDomain] = [
        .toggle: ToggleDomain(), .choice: ChoiceDomain(), .number: NumberDomain(), .input: InputDomain(),
        .date: DayTimeDomain(date: true), .time: DayTimeDomain(date: false),
    ]
    /// Extra moves: a row's actions and a list's edits (SPEC §12). `NumberStepMoves` (inc and
    /// dec) is not among them: `set` already draws from a number's grid, and a shrunk walk
    /// reads better as `set X 6` than as `set X 4` then `inc X`.
    public var moveSources: [MoveSource] = [RowActionMoves(), ListEditMoves()]

    /// A generator with the built-in domains.
    public init() {}

    /// The next step on the session's current screen (nil: nothing at all to do).
    ///
    /// A row of the screen is drawn first (each visible row alike), then one of the things
    /// it offers; navigation (back, home), `reset all` and `reload` are drawn beside the rows.
    /// Only the drawn row is looked at closely, so a step costs little on a long screen.
    public func next(in session: Session, rng: inout SplitMix64) -> ExploreStep? {
        let screen = session.currentScreen()
        let screenID = screen.id
        let isPicker = session.navigation.last?.picker != nil
        var rows: [(section: Int, row: Int)] = []
        for (s, section) in screen.sections.enumerated() where section.visible {
            for (r, row) in section.rows.enumerated() where row.visible && row.error == nil { rows.append((s, r)) }
        }
        var global: [(weight: Int, action: ExploreStep.Action)] = []
        if session.path.count > 1 {
            global.append((isPicker ? 80 : 48, .back))
            global.append((12, .home))
        }
        // Rare: reload re-reads the script (the costliest step by far).
        global.append((2, .resetAll))
        global.append((1, .reload))
        let rowWeight = rows.count * 100
        let globalWeight = global.reduce(0) { $0 + $1.weight }
        for _ in 0..<8 {
            var roll = rng.below(rowWeight + globalWeight)
            if roll < rowWeight {
                let (s, r) = rows[rng.below(rows.count)]
                let row = screen.sections[s].rows[r]
                if let step = move(for: row, on: screenID, isPicker: isPicker, in: session, rng: &rng) { return step }
                continue
            }
            roll -= rowWeight
            for entry in global {
                if roll < entry.weight { return ExploreStep(entry.action, on: screenID, onPicker: isPicker) }
                roll -= entry.weight
            }
        }
        return ExploreStep(.reload, on: screenID, onPicker: isPicker)
    }

    /// One of the things a row offers, drawn by weight; nil when it offers nothing.
    private func move(for row: ResolvedRow, on screenID: String, isPicker: Bool, in session: Session,
                      rng: inout SplitMix64) -> ExploreStep? {
        if isPicker { return ExploreStep(.select(row: row.id, answer: nil), on: screenID, onPicker: true) }
        guard let declared = session.declaredRow(row) else { return nil }
        // What each weight stands for, made into a step only when drawn (plain values, not
        // closures: no allocation for each thing a row offers).
        enum Offer {
            case action(ExploreStep.Action)
            case value(Binding, ValueDomain)
            case step(ExploreStep)
        }
        var weighted: [(weight: Int, offer: Offer)] = []
        func add(_ weight: Int, _ action: ExploreStep.Action) { weighted.append((weight, .action(action))) }
        if !row.enabled {
            // A person may try a disabled row: it must be refused cleanly.
            guard row.selectable else { return nil }
            return rng.chance(0.1) ? ExploreStep(.select(row: row.id, answer: nil), on: screenID) : nil
        }
        if row.selectable, declared.kind != .input, declared.kind != .number {
            if declared.asksConfirmation {
                add(120, .select(row: row.id, answer: true))
                add(40, .select(row: row.id, answer: false))
            } else {
                add(120, .select(row: row.id, answer: nil))
            }
        }
        if let binding = declared.binding, let domain = domains[declared.kind] {
            // The value is drawn only when this entry is chosen.
            weighted.append((80, .value(binding, domain)))
            add(12, .reset(row: row.id))
        }
        if declared.onAccessory != nil { add(40, .accessory(row: row.id)) }
        for source in moveSources {
            for move in source.moves(for: declared, resolved: row, screen: screenID) {
                weighted.append((40, .step(move)))
            }
        }
        let total = weighted.reduce(0) { $0 + $1.weight }
        guard total > 0 else { return nil }
        var roll = rng.below(total)
        for entry in weighted {
            if roll < entry.weight {
                switch entry.offer {
                case .action(let action):
                    return ExploreStep(action, on: screenID)
                case .step(let step):
                    return step
                case .value(let binding, let domain):
                    var options: [ChoiceOption] = []
                    if declared.kind == .choice, case .success(let list) = session.options(of: declared) { options = list }
                    let candidates = domain.candidates(for: declared, binding: binding, options: options, rng: &rng)
                    return ExploreStep(.set(row: row.id, text: candidates.isEmpty ? "" : rng.pick(candidates)), on: screenID)
                }
            }
            roll -= entry.weight
        }
        return nil
    }
}

/// on, off, and a word that is neither.
struct ToggleDomain: ValueDomain {
    func candidates(for row: Row, binding: Binding, options: [ChoiceOption], rng: inout SplitMix64) -> [String] {
        ["on", "off", "on", "off", "maybe"]
    }
}

/// A date (`YYYY-MM-DD`) or time (`HH:MM`): the default, the bounds, random values between
/// them, and ones that are not a day or a time of day.
struct DayTimeDomain: ValueDomain {
    /// A date row's domain; else a time row's.
    let date: Bool

    func candidates(for row: Row, binding: Binding, options: [ChoiceOption], rng: inout SplitMix64) -> [String] {
        var out: [String] = []
        let current = binding.defaultValue.description
        if case .string(let text) = binding.defaultValue, !text.isEmpty { out.append(text) } else if current.count > 2 { out.append(current) }
        if let lo = binding.earliest { out.append(lo) }
        if let hi = binding.latest { out.append(hi) }
        // (ISO dates and 24-hour times order as their texts do)
        for _ in 0..<6 where out.count < 6 {
            let drawn: String
            if date {
                let year = 1990 + rng.below(50), month = 1 + rng.below(12), day = 1 + rng.below(28)
                drawn = "\(year)-" + two(month) + "-" + two(day)
            } else {
                let hour = rng.below(24), minute = rng.below(60)
                drawn = two(hour) + ":" + two(minute)
            }
            if binding.earliest.map({ drawn >= $0 }) ?? true, binding.latest.map({ drawn <= $0 }) ?? true { out.append(drawn) }
        }
        // Invalid ones.
        out += date ? ["2023-02-30", "not a date"] : ["24:61", "not a time"]
        return out
    }

    private func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

/// Each option by value and by text, and one that is not an option.
struct ChoiceDomain: ValueDomain {
    func candidates(for row: Row, binding: Binding, options: [ChoiceOption], rng: inout SplitMix64) -> [String] {
        var out = options.map { $0.value.description }
        out += options.map(\.text)
        out.append("no such option")
        return out.filter { !$0.isEmpty && $0.trimmingSpaces == $0 }
    }
}

/// The default, the bounds, random values on the grid, and values off it, out of range or not numbers.
struct NumberDomain: ValueDomain {
    func candidates(for row: Row, binding: Binding, options: [ChoiceOption], rng: inout SplitMix64) -> [String] {
        let lo = binding.minimum ?? -100
        let hi = binding.maximum ?? max(lo + 100, 100)
        let step = binding.step
        let origin = binding.minimum ?? 0
        var out = [binding.defaultValue.description]
        if binding.minimum != nil { out.append(StoreValue.format(lo)) }
        if binding.maximum != nil { out.append(StoreValue.format(hi)) }
        for _ in 0..<3 {
            if let step, step > 0 {
                let count = Int(((hi - origin) / step).rounded(.down))
                let first = Int(((lo - origin) / step).rounded(.up))
                if count >= first { out.append(StoreValue.format(origin + Double(first + rng.below(count - first + 1)) * step)) }
            } else {
                let span = max(hi - lo, 0)
                out.append(StoreValue.format((lo + Double(rng.below(Int(min(span, 1_000_000)) + 1))).rounded()))
            }
        }
        // Invalid ones.
        if let m = binding.minimum { out.append(StoreValue.format(m - (step ?? 1))) }
        if let m = binding.maximum { out.append(StoreValue.format(m + (step ?? 1))) }
        if let step, step > 0 { out.append(StoreValue.format(origin + step / 2)) }
        out.append("not a number")
        return out
    }
}

/// The default, empty, short and long texts, and one past `max_length`.
struct InputDomain: ValueDomain {
    func candidates(for row: Row, binding: Binding, options: [ChoiceOption], rng: inout SplitMix64) -> [String] {
        var out = [binding.defaultValue.description, "", "a", "hello world", "x\(rng.below(1000))", "Ünïcödé ✓"]
        if let max = binding.maxLength {
            out.append(String(repeating: "m", count: max))
            out.append(String(repeating: "n", count: max + 1))
        } else {
            out.append(String(repeating: "long ", count: 40).trimmingSpaces)
        }
        return out.filter { $0.trimmingSpaces == $0 && !$0.contains("\n") }
    }
}

/// A row's `actions` (SPEC §8): each one, answering a confirm yes and no.
///
/// `Sendable`: no state.
package struct RowActionMoves: MoveSource, Sendable {
    /// The source.
    public init() {}
    /// Every action of the row (both answers when it asks first).
    public func moves(for row: Row, resolved: ResolvedRow, screen: String) -> [ExploreStep] {
        row.actions.flatMap { action -> [ExploreStep] in
            guard action.confirm != nil else { return [ExploreStep(.action(row: row.id, id: action.id, answer: nil), on: screen)] }
            return [ExploreStep(.action(row: row.id, id: action.id, answer: true), on: screen),
                    ExploreStep(.action(row: row.id, id: action.id, answer: false), on: screen)]
        }
    }
}

/// `inc` and `dec` on a number row.
///
/// `Sendable`: no state.
package struct NumberStepMoves: MoveSource, Sendable {
    /// The source.
    public init() {}
    /// One step up and one down.
    public func moves(for row: Row, resolved: ResolvedRow, screen: String) -> [ExploreStep] {
        guard row.kind == .number else { return [] }
        return [ExploreStep(.inc(row: row.id), on: screen), ExploreStep(.dec(row: row.id), on: screen)]
    }
}

/// Edits of a list row: an item added (a new one, an empty one, one already there), the
/// first or last removed, an item moved, and positions out of range, which must be refused.
///
/// `Sendable`: no state.
package struct ListEditMoves: MoveSource, Sendable {
    /// The source.
    public init() {}
    /// The edits this list offers now.
    public func moves(for row: Row, resolved: ResolvedRow, screen: String) -> [ExploreStep] {
        guard row.kind == .list else { return [] }
        var items: [String] = []
        if case .list(let values)? = resolved.value { items = values.map(\.description) }
        let n = items.count
        var steps = [ExploreStep(.add(row: row.id, text: "item \(n + 1)"), on: screen),
                     ExploreStep(.add(row: row.id, text: ""), on: screen),
                     ExploreStep(.remove(row: row.id, at: n + 1), on: screen)]
        if let first = items.first { steps.append(ExploreStep(.add(row: row.id, text: first), on: screen)) }
        if n > 0 {
            steps.append(ExploreStep(.remove(row: row.id, at: 1), on: screen))
            steps.append(ExploreStep(.remove(row: row.id, at: n), on: screen))
        }
        if n > 1 { steps.append(ExploreStep(.move(row: row.id, from: n, to: 1), on: screen)) }
        return steps
    }
}
