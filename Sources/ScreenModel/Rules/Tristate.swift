/// A Kconfig value of three states, ordered `n < m < y` (0, 1, 2): off, a module, on.
public enum Tristate: UInt8, Comparable, Sendable, CustomStringConvertible {
    case n = 0, m = 1, y = 2

    /// `"n"`, `"m"` or `"y"`.
    public var description: String {
        switch self {
        case .n: return "n"
        case .m: return "m"
        case .y: return "y"
        }
    }

    /// The value written `n`, `m` or `y` (nil for anything else).
    public init?(text: String) {
        switch text {
        case "n": self = .n
        case "m": self = .m
        case "y": self = .y
        default: return nil
        }
    }

    /// Orders by value: `n < m < y`.
    public static func < (a: Tristate, b: Tristate) -> Bool { a.rawValue < b.rawValue }

    /// Kconfig's `&&`: the smaller.
    public static func && (a: Tristate, b: Tristate) -> Tristate { a < b ? a : b }
    /// Kconfig's `||`: the larger.
    public static func || (a: Tristate, b: Tristate) -> Tristate { a < b ? b : a }
    /// Kconfig's `!`: `y` - value (`!m` is `m`).
    public static prefix func ! (a: Tristate) -> Tristate { Tristate(rawValue: 2 - a.rawValue)! }
}
