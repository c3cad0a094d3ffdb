/// Lines of standard input for batch mode: blank lines and `#` comments skipped, trimmed.
final class BatchInput {
    private var pending: String?
    /// Told of each line that is not UTF-8 (`TypedLine.refusal`), which is then skipped.
    var refused: (String) -> Void = { _ in }
    /// The lines of standard input read so far (blank, comment and refused lines too).
    private var linesRead = 0
    /// The line number (from 1) of the line `peek` holds, or of the last one `next` gave.
    private(set) var lineNumber = 0

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
            linesRead += 1
            guard let raw = TypedLine.decode(bytes) else {
                lineNumber = linesRead
                refused(TypedLine.refusal(bytes))
                continue
            }
            let line = raw.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            pending = line
            lineNumber = linesRead
            return line
        }
        return nil
    }

    func advance() { pending = nil }
}
