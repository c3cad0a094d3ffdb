/// Lines of standard input for batch mode: blank lines and `#` comments skipped, trimmed.
final class BatchInput {
    private var pending: String?

    /// The next command line, consumed.
    func next() -> String? {
        let line = peek()
        pending = nil
        return line
    }

    /// The next command line, left for `next`.
    func peek() -> String? {
        if let pending { return pending }
        while let raw = readLine(strippingNewline: true) {
            let line = raw.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            pending = line
            return line
        }
        return nil
    }

    func advance() { pending = nil }
}
