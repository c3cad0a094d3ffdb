/// How a span of text is drawn when colour is on (SGR attributes).
struct TextStyle: OptionSet, Hashable, Sendable {
    let rawValue: UInt8

    static let bold = TextStyle(rawValue: 1 << 0)
    static let dim = TextStyle(rawValue: 1 << 1)
    static let red = TextStyle(rawValue: 1 << 2)
    static let green = TextStyle(rawValue: 1 << 3)
    static let blue = TextStyle(rawValue: 1 << 4)

    /// The escape sequence that starts the style ("" for plain text).
    var sgr: String {
        var codes: [String] = []
        if contains(.bold) { codes.append("1") }
        if contains(.dim) { codes.append("2") }
        if contains(.red) { codes.append("31") }
        else if contains(.green) { codes.append("32") }
        else if contains(.blue) { codes.append("34") }
        return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    static let reset = "\u{1B}[0m"
}
