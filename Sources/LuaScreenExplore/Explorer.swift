import ScreenModel
import LuaScreenCore

/// How `luascreen explore` walks a script.
///
/// Not `Sendable`: it holds the `SessionOptions` of each walk's session (closures called on
/// the explorer's thread).
public struct ExploreOptions {
    /// The seed of every walk (printed first, so a run can be repeated).
    public var seed: UInt64
    /// How many walks, each from a fresh session on the root screen.
    public var walks = 200
    /// At most this many steps a walk.
    public var steps = 50
    /// Limits and trust of each session (the store is always in memory; `print` is dropped).
    public var session = SessionOptions(print: { _ in })
    /// Reuse check results whose inputs did not change (off: every check after every step).
    public var reuseChecks = true
    /// Shrink a failing walk (off for benchmarks of the walks alone).
    public var shrink = true

    /// Options with the given seed and the defaults (200 walks of up to 50 steps).
    public init(seed: UInt64) { self.seed = seed }
}

/// A bug found: the failure, where, and the steps that show it, shrunk.
/// `Sendable`: a plain value.
public struct ExploreFinding: Sendable {
    /// The check that failed and what it said (on the shrunk replay).
    public var failure: ExploreFailure
    /// The walk it showed in (from 0).
    public var walk: Int
    /// Steps of that walk up to and including the failing one, before shrinking.
    public var stepsBefore: Int
    /// The shrunk steps.
    public var steps: [ExploreStep]
    /// What each shrunk step did on replay.
    public var outcomes: [ExploreStep.Outcome]
}

/// What a run of walks did and found. `Sendable`: a plain value.
public struct ExploreReport: Sendable {
    /// The seed the walks were drawn from.
    public var seed: UInt64
    /// Walks run.
    public var walks = 0
    /// Steps run in all walks.
    public var steps = 0
    /// Declared screens reached, of all declared screens.
    public var screensReached = 0
    /// Declared screens in all.
    public var screens = 0
    /// Rows selected or set at least once, of the selectable rows seen.
    public var rowsSelected = 0
    /// Selectable rows seen.
    public var rowsSelectable = 0
    /// The selectable rows seen that no walk selected or set, by screen and row id.
    public var rowsNeverSelected: [NeverSelected] = []

    /// A selectable row no walk selected: its screen, its id and its text as shown.
    /// `Sendable`: a plain value.
    public struct NeverSelected: Hashable, Sendable {
        /// The id of the screen it is on.
        public var screen: String
        /// The row's id.
        public var row: String
        /// The row's text, as shown when it was seen.
        public var text: String
    }
    /// The first bug found, shrunk; nil when every walk passed.
    public var finding: ExploreFinding?
    /// Nanoseconds spent choosing steps, running them and in each check.
    public var nanoseconds: [String: UInt64] = [:]
}

/// Runs seeded random walks through a script's screens with the checks after every step.
///
/// Not `Sendable`: bound to the thread that runs it, as the sessions of its walks are.
public final class Explorer {
    /// The script explored.
    public let path: String
    /// How the script is walked.
    public let options: ExploreOptions
    /// Chooses the steps; add value domains or move sources to it before `run`.
    package var generator = ActionGenerator()

    /// An explorer of the script at `path`.
    public init(path: String, options: ExploreOptions) {
        self.path = path
        self.options = options
    }

    /// A fresh session on the script, its store in memory.
    func openSession() throws -> Session {
        var sessionOptions = options.session
        sessionOptions.store = MemoryStore()
        return try Session.open(path: path, options: sessionOptions)
    }

    private struct RowKey: Hashable { var screen: String; var row: String }

    /// Runs the walks; throws `LoadError` when the script does not load.
    public func run() throws -> ExploreReport {
        var report = ExploreReport(seed: options.seed)
        let started = monotonicNanoseconds()
        let checker = ExploreChecker(reuse: options.reuseChecks)
        var reached = Set<String>(), declared = Set<String>()
        var selectable = Set<RowKey>(), selected = Set<RowKey>()
        var texts: [RowKey: String] = [:]
        // Rows seen enabled; rows whose `enabled` is a function, where first seen disabled.
        var enabledSeen = Set<RowKey>(), staticallyDisabled = Set<RowKey>()
        var firstDisabled: [RowKey: (walk: Int, steps: [ExploreStep])] = [:]
        var time: [String: UInt64] = [:]
        var notedScreens = Set<HashedScreen>()

        /// Notes the screen the check just made (`checker.changedScreen`: noted right after it).
        func noteScreen(_ session: Session, walk: Int, steps: [ExploreStep]) {
            let id = session.currentScreenID
            // (a picker's options and a list's items are the row's values, not rows of the app)
            guard session.navigation.last?.picker == nil, session.navigation.last?.list == nil else { return }
            reached.insert(id)
            let hashed = checker.changedScreen ?? HashedScreen(session.currentScreen())
            let screen = hashed.screen
            guard notedScreens.insert(hashed).inserted else { return }
            if notedScreens.count > 4096 { notedScreens = [hashed] }
            for row in screen.sections.lazy.flatMap(\.rows) where row.visible {
                let key = RowKey(screen: id, row: row.id)
                if row.selectable, selectable.insert(key).inserted { texts[key] = row.text }
                if row.enabled {
                    enabledSeen.insert(key)
                } else if firstDisabled[key] == nil, !staticallyDisabled.contains(key) {
                    if let declaredRow = session.declaredRow(row), case .function = declaredRow.enabled {
                        firstDisabled[key] = (walk, steps)
                    } else {
                        staticallyDisabled.insert(key)
                    }
                }
            }
        }

        walks: for walk in 0..<options.walks {
            var rng = SplitMix64(seed: SplitMix64.walkSeed(options.seed, walk: walk))
            let session: Session
            let opening = monotonicNanoseconds()
            do {
                session = try openSession()
                time["open", default: 0] &+= monotonicNanoseconds() &- opening
            } catch let error as SessionError {
                report.walks = walk + 1
                report.finding = ExploreFinding(failure: ExploreFailure(.raised, "opening the root screen: \(error)"),
                                                walk: walk, stepsBefore: 0, steps: [], outcomes: [])
                break walks
            }
            defer {
                let closing = monotonicNanoseconds()
                session.close()
                time["close", default: 0] &+= monotonicNanoseconds() &- closing
            }
            if declared.isEmpty { declared = Set(session.screenIDs) }
            report.walks = walk + 1
            checker.newSession()
            var steps: [ExploreStep] = []
            if let failure = checker.check(session, after: .done) {
                report.finding = ExploreFinding(failure: failure, walk: walk, stepsBefore: 0, steps: [], outcomes: [])
                break walks
            }
            noteScreen(session, walk: walk, steps: steps)
            for _ in 0..<options.steps {
                var t0 = monotonicNanoseconds()
                guard let step = generator.next(in: session, rng: &rng) else { break }
                var t1 = monotonicNanoseconds()
                time["choose", default: 0] &+= t1 &- t0
                let outcome = step.run(on: session)
                t0 = monotonicNanoseconds()
                time["step", default: 0] &+= t0 &- t1
                steps.append(step)
                report.steps += 1
                if case .reload = step.action { checker.newSession(scriptChanged: true) }
                if let row = step.row {
                    switch (step.action, outcome) {
                    case (.select, .done), (.set, .done):
                        selected.insert(RowKey(screen: step.screen, row: row))
                    case (.select, .refused):
                        // Its on_select ran and refused (ctx:refuse): selected all the same.
                        // (A refusal changes nothing: the row is as it was when selected.)
                        if let shown = try? session.lookup(row), shown.enabled { selected.insert(RowKey(screen: step.screen, row: row)) }
                    default: break
                    }
                }
                if let failure = checker.check(session, after: outcome) {
                    report.finding = ExploreFinding(failure: failure, walk: walk, stepsBefore: steps.count, steps: steps, outcomes: [])
                    break walks
                }
                t1 = monotonicNanoseconds()
                if checker.screenChanged { noteScreen(session, walk: walk, steps: steps) }
                time["coverage", default: 0] &+= monotonicNanoseconds() &- t1
            }
        }
        let walked = monotonicNanoseconds() &- started
        if report.finding == nil {
            let never = firstDisabled.keys.filter { !enabledSeen.contains($0) }.sorted { ($0.screen, $0.row) < ($1.screen, $1.row) }
            if let key = never.first, let first = firstDisabled[key] {
                report.finding = neverEnabledFinding(key.screen, key.row, walk: first.walk, steps: first.steps)
            }
        }
        if var finding = report.finding, options.shrink, finding.failure.check != .neverEnabled {
            let shrinker = Shrinker(replay: replay, signature: finding.failure.signature)
            finding.steps = shrinker.shrink(finding.steps)
            let simpler = Shrinker.pickersAsSets(finding.steps)
            if simpler != finding.steps, shrinker.reproduces(simpler) != nil {
                let shrunk = shrinker.shrink(simpler)
                if shrunk.count <= finding.steps.count { finding.steps = shrunk }
            }
            finding.outcomes = outcomes(of: finding.steps)
            // The failure as the shrunk steps show it (the same bug, maybe met elsewhere).
            if let (failure, _) = replay(finding.steps) { finding.failure = failure }
            report.finding = finding
        }
        report.screens = declared.count
        report.screensReached = reached.intersection(declared).count
        report.rowsSelectable = selectable.count
        report.rowsSelected = selected.intersection(selectable).count
        report.rowsNeverSelected = selectable.subtracting(selected).sorted { ($0.screen, $0.row) < ($1.screen, $1.row) }
            .map { ExploreReport.NeverSelected(screen: $0.screen, row: $0.row, text: texts[$0] ?? $0.row) }
        report.nanoseconds = time.merging(checker.nanoseconds) { $0 + $1 }
        report.nanoseconds["walks"] = walked
        report.nanoseconds["total"] = monotonicNanoseconds() &- started
        return report
    }

    /// A row never enabled: the steps to reach it (shrunk) and its `why`.
    private func neverEnabledFinding(_ screen: String, _ row: String, walk: Int, steps: [ExploreStep]) -> ExploreFinding {
        var shortest = steps
        if options.shrink {
            let shrinker = Shrinker(replay: { [self] candidate in
                guard let session = try? openSession() else { return nil }
                defer { session.close() }
                for step in candidate { _ = step.run(on: session) }
                guard session.currentScreenID == screen, let found = try? session.lookup(row, includeHidden: true),
                      found.id == row, !found.enabled else { return nil }
                return (ExploreFailure(.neverEnabled, row), candidate.count - 1)
            }, signature: ExploreFailure(.neverEnabled, row).signature)
            shortest = shrinker.shrink(steps)
        }
        var why = ""
        if let session = try? openSession() {
            for step in shortest { _ = step.run(on: session) }
            why = (try? session.why(row).formatted) ?? ""
            session.close()
        }
        let message = "row \"\(row)\" of screen \"\(screen)\" was never enabled in any walk\(why.isEmpty ? "" : " (why: \(why))")"
        return ExploreFinding(failure: ExploreFailure(.neverEnabled, message), walk: walk, stepsBefore: steps.count,
                              steps: shortest, outcomes: outcomes(of: shortest))
    }

    /// Replays steps on a fresh session with every check after each: the first failure.
    func replay(_ steps: [ExploreStep]) -> (failure: ExploreFailure, at: Int)? {
        let session: Session
        do { session = try openSession() } catch {
            return (ExploreFailure(.raised, "opening the root screen: \(error)"), -1)
        }
        defer { session.close() }
        let checker = ExploreChecker(reuse: false)
        if let failure = checker.check(session, after: .done) { return (failure, -1) }
        for (i, step) in steps.enumerated() {
            let outcome = step.run(on: session)
            if let failure = checker.check(session, after: outcome) { return (failure, i) }
        }
        return nil
    }

    /// What each step does when the steps are replayed on a fresh session.
    func outcomes(of steps: [ExploreStep]) -> [ExploreStep.Outcome] {
        guard let session = try? openSession() else { return [] }
        defer { session.close() }
        return steps.map { $0.run(on: session) }
    }
}
