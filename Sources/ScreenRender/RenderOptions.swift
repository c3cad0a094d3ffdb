/// How `TextRenderer` draws a screen.
/// Sendable: a plain value, safe to share between threads.
public struct RenderOptions: Hashable, Sendable {
    /// The width when none is given (a classic terminal).
    public static let defaultWidth = 80
    /// Narrower requests are drawn at this width.
    public static let minimumWidth = 20
    /// Wider requests are drawn at this width (a guard against absurd `--width` values).
    public static let maximumWidth = 4096

    /// Columns every line fits in; clamped to `minimumWidth ... maximumWidth`.
    public var width: Int {
        didSet { width = RenderOptions.clamp(width) }
    }
    /// Draw with ASCII only: glyphs and the script's own text (see `asciiFold`).
    public var ascii: Bool
    /// Use ANSI colour and attributes; when false the output has no escape codes at all.
    public var color: Bool
    /// The renderer's own words as the locale shows them: `on`, `off` and `disabled` mapped to
    /// their translations (missing ones are drawn as written).
    public var words: [String: String]

    /// Options for drawing at `width` columns.
    public init(width: Int = RenderOptions.defaultWidth, ascii: Bool = false, color: Bool = false,
                words: [String: String] = [:]) {
        self.width = RenderOptions.clamp(width)
        self.ascii = ascii
        self.color = color
        self.words = words
    }

    private static func clamp(_ width: Int) -> Int {
        min(max(width, minimumWidth), maximumWidth)
    }
}
