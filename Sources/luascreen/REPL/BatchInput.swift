/// Lines of standard input for batch mode: blank lines and `#` comments skipped, trimmed.
final class BatchInput {
    private var pending: String?
    /// Told of each line that is not UTF-8 (`TypedLine.refusal`), which is then skipped.
    var refused: (String) -> Void = { _ in }

    /// The next command line, consumed.
    func next() -> String? {
        let line = peek()
        pending = nil
        return line
    }

    /// The next command line, left for `next`.
    func peek() -> String? {
        if let pending { return pending }
        while let bytes = TypedLine.readStandardInput() {
            guard let raw = TypedLine.decode(bytes) else {
                refused(TypedLine.refusal(bytes))
                continue
            }
            let line = raw.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            pending = line
            return line
        }
        return nil
    }

    func advance() { pending = nil }
}
