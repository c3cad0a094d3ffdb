extension Binding {
    /// A number's range and step in words, e.g. `0 to 10, step 0.5`, `at least 1`; nil when
    /// it has none. What the REPL says when it asks for a number (one wording for the range).
    public var numberRange: String? {
        var parts: [String] = []
        switch (minimum, maximum) {
        case let (lo?, hi?): parts.append("\(StoreValue.format(lo)) to \(StoreValue.format(hi))")
        case let (lo?, nil): parts.append("at least \(StoreValue.format(lo))")
        case let (nil, hi?): parts.append("at most \(StoreValue.format(hi))")
        case (nil, nil): break
        }
        if let step { parts.append("step \(StoreValue.format(step))") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
