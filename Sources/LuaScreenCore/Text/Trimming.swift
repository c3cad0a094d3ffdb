extension StringProtocol {
    /// The text without the white space (spaces, tabs, newlines) around it: the one trimming
    /// helper of the library, for the executable too.
    public var trimmingSpaces: String {
        // Fast path: nothing to trim when the first and last bytes are printable ASCII.
        let whole = String(self)
        if let first = whole.utf8.first, let last = whole.utf8.last, first > 32, first < 127, last > 32, last < 127 {
            return whole
        }
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s = s.dropFirst() }
        while let c = s.last, c.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
