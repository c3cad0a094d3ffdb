import ScreenModel

/// How a binding is said in words wherever it is shown: a number's range, a secure input's mask.
extension Binding {
    /// A number row's range as a person reads it (`10 to 30, step 2`, `at least 0`,
    /// `at most 5, step 0.5`); nil when it has no min, max or step. `help` and the REPL's
    /// prompt for a new value both say it this way.
    public var rangeText: String? {
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

    /// What a secure input shows instead of its value (`help`, the evaluated row's value,
    /// its detail): one mask for the library and the executable.
    public static let secureMask = "••••"
}
