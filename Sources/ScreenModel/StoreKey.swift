/// A store key compared and hashed byte for byte (SPEC §6).
///
/// Swift's `String` treats canonically equivalent text as equal (`"caf\u{E9}" == "cafe\u{301}"`)
/// and hashes it alike, so a `Dictionary<String, _>` would merge two keys a person stored
/// apart. Every table of store keys uses this type (or `String.sameBytes(as:)`) instead.
/// Sendable: a plain value, safe to share between threads.
public struct StoreKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The key's text.
    public let text: String

    /// The key `text`, compared by its UTF-8 bytes.
    public init(_ text: String) { self.text = text }

    /// Equal when the UTF-8 bytes are the same.
    public static func == (a: StoreKey, b: StoreKey) -> Bool { a.text.sameBytes(as: b.text) }

    /// Byte order of the UTF-8 (the order a file sorted by a program would have).
    public static func < (a: StoreKey, b: StoreKey) -> Bool {
        a.text.utf8.lexicographicallyPrecedes(b.text.utf8)
    }

    /// Hashes the UTF-8 bytes.
    public func hash(into hasher: inout Hasher) {
        var copy = text
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The key's text.
    public var description: String { text }
}

extension String {
    /// Whether the two strings hold the same UTF-8 bytes (`==` also equates canonically
    /// equivalent text, which store keys and values must not).
    public func sameBytes(as other: String) -> Bool {
        var a = self
        var b = other
        return a.withUTF8 { x in
            b.withUTF8 { y in x.count == y.count && (x.count == 0 || x.elementsEqual(y)) }
        }
    }
}
