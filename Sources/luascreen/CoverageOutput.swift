import Foundation
import LuaScreen

/// `test --coverage FILE`: writes the lcov file and prints the summary after the tests.
enum CoverageOutput {
    static func finish(_ coverage: TestCoverage, file: String, status: Int32) -> Int32 {
        let result = coverage.finish()
        do {
            try result.lcov.write(toFile: file, atomically: true, encoding: .utf8)
        } catch {
            printError("luascreen: cannot write the coverage to \(file): \(error.localizedDescription)")
            return 1
        }
        let cwd = FileManager.default.currentDirectoryPath + "/"
        for (path, summary) in result.perScript {
            let shown = path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
            print("coverage: \(shown): \(summary.text)")
        }
        print("coverage: all: \(result.total.text) (lcov in \(file))")
        return status
    }
}
