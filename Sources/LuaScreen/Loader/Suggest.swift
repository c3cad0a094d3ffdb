/// "did you mean" suggestions: the closest candidate within a small edit distance.
enum Suggest {
    static func closest(to word: String, in candidates: [String]) -> String? {
        // The distance is at least the difference in length and the limit is at most 3: a
        // much longer word (a 10 MB field name) is never close, and is not even lowercased
        // (lowercasing shrinks a UTF-8 text by far less than 4 times).
        guard let longest = candidates.map(\.utf8.count).max(), word.utf8.count <= 4 * (longest + 3) else { return nil }
        let w = Array(word.lowercased().utf8)
        var best: (String, Int)? = nil
        for candidate in candidates {
            let limit = max(1, min(3, candidate.utf8.count / 3))
            if abs(w.count - candidate.utf8.count) > limit { continue }
            let d = distance(w, Array(candidate.lowercased().utf8))
            // A suggestion shares something with the word: not every character replaced.
            if d <= limit, d < max(w.count, candidate.utf8.count), best == nil || d < best!.1 { best = (candidate, d) }
        }
        return best?.0
    }

    /// Optimal string alignment distance (Levenshtein with adjacent transpositions).
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// ` (did you mean "x"?)` or nothing.
    static func hint(_ word: String, _ candidates: [String]) -> String {
        closest(to: word, in: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }
}
