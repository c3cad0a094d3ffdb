import ScreenModel
import LuaScreenCore
import LuaScreenExplore

/// A line diff for snapshot mismatches: `- N: line` for expected lines that are not in the
/// actual text, `+ N: line` for actual lines that are not in the expected text, and a line
/// of context either side, each numbered in its own text.
///
/// A namespace of pure functions, no state: usable from any thread.
package enum LineDiff {
    enum Step: Equatable {
        case same(Int, Int)   // index in expected, index in actual
        case removed(Int)     // index in expected
        case added(Int)       // index in actual
    }

    /// The lines of a text; a final newline does not start another line.
    static func lines(_ text: String) -> [Substring] {
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.hasSuffix("\n") { parts.removeLast() }
        return parts
    }

    /// The steps from `a` to `b` along a longest common subsequence of lines, compared
    /// byte for byte (Swift's `==` would take "é" and "e\u{301}" for the same line).
    static func steps(_ a: [Substring], _ b: [Substring]) -> [Step] {
        steps(a.map { Array($0.utf8) }, b.map { Array($0.utf8) })
    }

    static func steps(_ a: [[UInt8]], _ b: [[UInt8]]) -> [Step] {
        // Each distinct line becomes a number, read once: the table below then compares
        // numbers, not lines (two texts of long lines that differ at their ends took minutes).
        var numbers: [[UInt8]: Int] = [:]
        func number(_ line: [UInt8]) -> Int {
            if let known = numbers[line] { return known }
            let next = numbers.count
            numbers[line] = next
            return next
        }
        return steps(numbered: a.map(number), b.map(number))
    }

    static func steps(numbered a: [Int], _ b: [Int]) -> [Step] {
        // Common head and tail first: most snapshot changes touch a few lines.
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let a1 = Array(a[head..<(a.count - tail)])
        let b1 = Array(b[head..<(b.count - tail)])
        var steps: [Step] = (0..<head).map { .same($0, $0) }
        let n = a1.count, m = b1.count
        if n * m > 4_000_000 {
            // Too large for the table: line by line.
            for i in 0..<max(n, m) {
                if i < n, i < m, a1[i] == b1[i] { steps.append(.same(head + i, head + i)); continue }
                if i < n { steps.append(.removed(head + i)) }
                if i < m { steps.append(.added(head + i)) }
            }
        } else {
            // lcs[i][j]: the longest common subsequence of a1[i...] and b1[j...].
            var lcs = [Int32](repeating: 0, count: (n + 1) * (m + 1))
            let width = m + 1
            if n > 0, m > 0 {
                for i in stride(from: n - 1, through: 0, by: -1) {
                    for j in stride(from: m - 1, through: 0, by: -1) {
                        lcs[i * width + j] = a1[i] == b1[j] ? lcs[(i + 1) * width + j + 1] + 1
                            : max(lcs[(i + 1) * width + j], lcs[i * width + j + 1])
                    }
                }
            }
            var i = 0, j = 0
            while i < n || j < m {
                if i < n, j < m, a1[i] == b1[j] {
                    steps.append(.same(head + i, head + j)); i += 1; j += 1
                } else if j < m, i == n || lcs[i * width + j + 1] >= lcs[(i + 1) * width + j] {
                    steps.append(.added(head + j)); j += 1
                } else {
                    steps.append(.removed(head + i)); i += 1
                }
            }
            // Show removals before additions within each changed run.
            steps = groupedRuns(steps)
        }
        for k in 0..<tail { steps.append(.same(a.count - tail + k, b.count - tail + k)) }
        return steps
    }

    private static func groupedRuns(_ steps: [Step]) -> [Step] {
        var out: [Step] = []
        var removed: [Step] = [], added: [Step] = []
        func flush() { out += removed + added; removed = []; added = [] }
        for step in steps {
            switch step {
            case .same: flush(); out.append(step)
            case .removed: removed.append(step)
            case .added: added.append(step)
            }
        }
        flush()
        return out
    }

    /// A line of the diff as it is shown: at most `Diagnostic.quoteLimit` characters of it
    /// (its first and last halves around a `…`; a line of megabytes is not printed whole).
    static func shown(_ line: Substring) -> String {
        Diagnostic.quote(String(line), keepEnd: true)
    }

    /// The diff as lines, without a header; empty when the texts are equal.
    public static func render(expected: String, actual: String, context: Int = 1, maxLines: Int = 80) -> [String] {
        if expected.utf8.elementsEqual(actual.utf8) { return [] }
        let a = lines(expected), b = lines(actual)
        let steps = steps(a, b)
        let digits = String(max(a.count, b.count, 1)).count
        func number(_ i: Int) -> String {
            let s = String(i + 1)
            return String(repeating: " ", count: digits - s.count) + s
        }
        var visible = [Bool](repeating: false, count: steps.count)
        for (k, step) in steps.enumerated() {
            if case .same = step { continue }
            for c in max(0, k - context)...min(steps.count - 1, k + context) { visible[c] = true }
        }
        var out: [String] = []
        var lastShown = -1
        for (k, step) in steps.enumerated() where visible[k] {
            if out.count >= maxLines {
                let left = steps[k...].filter { if case .same = $0 { return false } else { return true } }.count
                if left > 0 { out.append("  … \(left) more changed line(s)") }
                break
            }
            if lastShown >= 0, k > lastShown + 1 { out.append("  …") }
            lastShown = k
            switch step {
            case .same(let i, _): out.append("  \(number(i)): \(shown(a[i]))")
            case .removed(let i): out.append("- \(number(i)): \(shown(a[i]))")
            case .added(let j): out.append("+ \(number(j)): \(shown(b[j]))")
            }
        }
        if out.isEmpty {
            // Same lines: only the final newline differs.
            out.append(expected.hasSuffix("\n") ? "- the expected text ends with a newline"
                                                : "- the expected text does not end with a newline")
            out.append(actual.hasSuffix("\n") ? "+ the actual text ends with a newline"
                                              : "+ the actual text does not end with a newline")
        }
        return out
    }
}
