/// One value of a platform-key table (`ios = { ... }`, `android = { ... }`, SPEC §15): plain
/// data luascreen shows nowhere and writes back into that platform's export.
/// A value type: `Sendable`.
public indirect enum PlatformValue: Sendable, Equatable {
    /// A string.
    case string(String)
    /// A Lua integer (a plist `<integer>`).
    case integer(Int64)
    /// A Lua float (a plist `<real>`).
    case number(Double)
    /// A boolean.
    case bool(Bool)
    /// A table whose keys are 1...n (a Lua sequence): a plist `<array>`.
    case list([PlatformValue])
    /// A table with string keys, sorted by key (`{}` too): a plist `<dict>`.
    case table([PlatformEntry])
}

/// One `key = value` of a platform-key table. A value type: `Sendable`.
public struct PlatformEntry: Sendable, Equatable {
    /// The key, as written.
    public var key: String
    /// Its value.
    public var value: PlatformValue

    /// The entry `key = value`.
    public init(key: String, value: PlatformValue) {
        self.key = key
        self.value = value
    }
}

/// A row's, section's or screen's platform keys: `ios` (merged into its Settings.bundle
/// specifier) and `android` (attributes of its androidx element), each sorted by key.
/// A value type: `Sendable`.
public struct PlatformKeys: Sendable, Equatable {
    /// `ios = { KEY = value, ... }`: Settings.bundle specifier keys.
    public var ios: [PlatformEntry]
    /// `android = { attribute = value, ... }`: androidx element attributes.
    public var android: [PlatformEntry]

    /// Platform keys with these entries (none by default).
    public init(ios: [PlatformEntry] = [], android: [PlatformEntry] = []) {
        self.ios = ios
        self.android = android
    }

    /// Whether neither table holds a key.
    public var isEmpty: Bool { ios.isEmpty && android.isEmpty }

    /// The value of `key` in `ios`, if any.
    public func ios(_ key: String) -> PlatformValue? { ios.first { $0.key == key }?.value }
    /// The value of `attribute` in `android`, if any.
    public func android(_ attribute: String) -> PlatformValue? { android.first { $0.key == attribute }?.value }
}
