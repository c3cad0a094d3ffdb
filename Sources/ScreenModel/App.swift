/// What a script declares: its screens (inline child screens included) and the root.
/// Sendable: a plain value, safe to share between threads.
public struct App: Sendable {
    /// The id of the first screen.
    public var root: String
    /// The store's name (the file `NAME.json`); nil: the script's base name.
    public var storeName: String?
    /// Every screen, in the order declared.
    public var screens: [Screen]
    /// The script's path as given.
    public var file: String
    /// The app's translations (`strings`), when it has any.
    public var strings: Translations?

    /// An app of `screens` whose first screen is `root`.
    public init(root: String, storeName: String?, screens: [Screen], file: String, strings: Translations? = nil) {
        self.root = root
        self.storeName = storeName
        self.screens = screens
        self.file = file
        self.strings = strings
    }

    /// The screen with this id, nil when there is none.
    public func screen(_ id: String) -> Screen? { screens.first { $0.id == id } }
}
