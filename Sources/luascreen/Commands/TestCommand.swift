#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen
import LuaScreenTesting
import ScreenModel

/// `luascreen test [PATH...] [--update-snapshots] [--junit FILE] [--filter TEXT]`: runs
/// `*_test.lua` files (SPEC §5, §11).
///
/// Each PATH is a test file or a folder searched recursively for `*_test.lua`; the default
/// is `./tests`. Results are printed as they come, as TAP (the version a harness asks for
/// in `TAP_VERSION`, else 14), ending with `# N passed, N failed` and the plan; each failed
/// test is also a `FILE:LINE: error: ...` line on stderr. `--junit FILE` also writes JUnit XML.
/// Exit status: 0 all passed, 1 a test failed, no test ran (unless `--allow-empty`) or a
/// path does not exist (as `check` exits for a missing script), 2 a usage error.
enum TestCommand {
    static func run(_ options: Options) -> Int32 {
        let paths = options.paths.isEmpty ? ["tests"] : options.paths
        let files: [String]
        do {
            files = try TestRunner.testFiles(in: paths)
        } catch let error as TestPathError {
            if options.paths.isEmpty {
                printError("luascreen: no ./tests folder here; say which test files or folders to run: luascreen test PATH...")
            } else {
                // As `check` reports a script that is not there: the path first.
                printError(sanitize("\(error.path): error: no such test file or folder"))
            }
            return 1
        } catch {
            printError("luascreen: \(error)")
            return 1
        }
        // No report may be written over a test file or a device (SPEC §14): refused before any test runs.
        do { for case let output? in [options.junit, options.coverage] { try Files.checkOutput(output, inputs: files) } } catch {
            printError("\(error)")
            return 1
        }
        if files.isEmpty {
            printError("luascreen: no *_test.lua files in \(paths.joined(separator: ", "))"
                       + (options.allowEmpty ? "" : "; exit status 1 (--allow-empty makes a run with no test exit 0)"))
        }
        var testOptions = TestOptions(limits: options.limits, trusted: options.trusted,
                                      updateSnapshots: options.updateSnapshots, width: options.width ?? 80,
                                      root: ".",  // the folder it was started in (SPEC §7)
                                      filter: options.filter)
        testOptions.allowEmpty = options.allowEmpty
        testOptions.tapVersion = TAPReport.version(announcedByHarness: Environment.value("TAP_VERSION"))
        let runner = TestRunner(options: testOptions) { line in
            print(line)
            flushOutput()
        }
        let coverage = options.coverage.map { _ in TestCoverage.start() }
        let started = Date().timeIntervalSince1970
        var status = runner.run(files: files)
        // Each failure once more on stderr, as a compiler reports an error: editors jump to it.
        for line in runner.results.compactMap(TAPReport.errorLine) { printError(line) }
        if let junit = options.junit {
            do { try Files.writeOutput(JUnitReport.xml(results: runner.results, files: files, fileSeconds: runner.fileSeconds, started: started), to: junit) } catch {
                printError("\(error)")
                status = 1
            }
        }
        return coverage.map { CoverageOutput.finish($0, file: options.coverage!, status: status, inputs: files) } ?? status
    }
}
