/// How a span of text is drawn when colour is on (SGR attributes): the renderer's styles,
/// and the REPL's for its own lines (one table of escape codes).
/// Sendable: a plain value (a bit set), safe to share between threads.
public struct TextStyle: OptionSet, Hashable, Sendable {
    /// The attribute bits.
    public let rawValue: UInt8

    /// A style of these attribute bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold (SGR 1).
    public static let bold = TextStyle(rawValue: 1 << 0)
    /// Dim (SGR 2).
    public static let dim = TextStyle(rawValue: 1 << 1)
    /// Red text (SGR 31).
    public static let red = TextStyle(rawValue: 1 << 2)
    /// Green text (SGR 32).
    public static let green = TextStyle(rawValue: 1 << 3)
    /// Blue text (SGR 34).
    public static let blue = TextStyle(rawValue: 1 << 4)
    /// Yellow text (SGR 33).
    public static let yellow = TextStyle(rawValue: 1 << 5)

    /// The escape sequence that starts the style ("" for plain text). One colour at most:
    /// red, else green, else blue, else yellow.
    public var sgr: String {
        var codes: [String] = []
        if contains(.bold) { codes.append("1") }
        if contains(.dim) { codes.append("2") }
        if contains(.red) { codes.append("31") }
        else if contains(.green) { codes.append("32") }
        else if contains(.blue) { codes.append("34") }
        else if contains(.yellow) { codes.append("33") }
        return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// The escape sequence that ends every style.
    public static let reset = "\u{1B}[0m"

    /// `text` drawn in this style: its escape, the text, the reset (the text alone when the
    /// style or the text is empty).
    public func paint(_ text: String) -> String {
        isEmpty || text.isEmpty ? text : sgr + text + TextStyle.reset
    }
}
