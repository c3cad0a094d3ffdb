@preconcurrency import Glibc
import LuaScreen
import LuaScreenTesting
import ScreenModel

/// `test --coverage FILE`: writes the lcov file and prints the summary after the tests.
enum CoverageOutput {
    static func finish(_ coverage: TestCoverage, file: String, status: Int32, inputs: [String]) -> Int32 {
        let result: (perScript: [(path: String, summary: TestCoverage.Summary)], total: TestCoverage.Summary)
        do {
            result = try coverage.finish(lcovFile: file, inputs: inputs)
        } catch {
            printError("\(error)")
            return 1
        }
        var cwd = ""
        if let here = getcwd(nil, 0) {
            cwd = String(cString: here) + "/"
            free(here)
        }
        for (path, summary) in result.perScript {
            let shown = !cwd.isEmpty && path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
            // A chunk name is the script's: sanitized as everything it makes the host print.
            print(sanitize("coverage: \(shown): \(summary.text)", lineBreaks: .escape))
        }
        print(sanitize("coverage: all: \(result.total.text) (lcov in \(file))", lineBreaks: .escape))
        return status
    }
}
