@preconcurrency import Glibc
import LuaScreen

/// The values of explore's options (`--seed`, `--walks`, `--steps`; `--out` is `Options.out`).
struct ExploreArguments {
    var seed: UInt64?
    var walks = 200
    var steps = 50

    /// `--seed N`: any whole number a UInt64 holds.
    static func seed(_ value: String) throws -> UInt64 {
        guard let n = UInt64(value) else {
            throw Options.UsageError(description: "--seed takes a whole number from 0 to \(UInt64.max), got \"\(value)\"")
        }
        return n
    }
}

/// `luascreen explore SCRIPT`: seeded random walks with checks after every step (SPEC §12).
enum ExploreCommand {
    static func run(_ options: Options) -> Int32 {
        let path = options.paths[0]
        // Without --seed: one from the clock, printed first so the run can be repeated.
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let seed = options.explore.seed ?? UInt64(now.tv_nsec) % 1_000_000_000
        if !options.json { print("seed \(seed)") }
        var exploreOptions = ExploreOptions(seed: seed)
        exploreOptions.walks = options.explore.walks
        exploreOptions.steps = options.explore.steps
        // The script's print goes nowhere: the walks would flood the output.
        exploreOptions.session = CommandSupport.sessionOptions(options, store: nil)
        exploreOptions.session.print = { _ in }
        let report: ExploreReport
        do {
            report = try Explorer(path: path, options: exploreOptions).run()
        } catch {
            CommandSupport.printLoadError(error, path: path)
            return 1
        }
        var testFile: String?
        if let finding = report.finding, finding.failure.check != .neverEnabled, let folder = options.out {
            do {
                testFile = try ExploreTestFile.write(script: path, folder: folder, seed: seed, finding: finding)
            } catch {
                printError("error: cannot write the test into \(folder): \(error)")
            }
        }
        if options.json {
            print(report.json(testFile: testFile).serialized(pretty: true))
        } else {
            for line in report.lines(script: path, testFile: testFile) { print(ReplText.clean(line, ascii: Terminal.ascii(options), keepNewlines: true)) }
        }
        return report.finding == nil ? 0 : 1
    }
}
