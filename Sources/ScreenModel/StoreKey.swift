/// A store key compared and hashed byte for byte (SPEC §6).
///
/// Swift's `String` treats canonically equivalent text as equal (`"caf\u{E9}" == "cafe\u{301}"`)
/// and hashes it alike, so a `Dictionary<String, _>` would merge two keys a person stored
/// apart. Every table of store keys uses this type (or `String.sameBytes(as:)`) instead.
public struct StoreKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The key's text.
    public let text: String

    /// The key `text`, compared by its UTF-8 bytes.
    public init(_ text: String) { self.text = text }

    public static func == (a: StoreKey, b: StoreKey) -> Bool { a.text.sameBytes(as: b.text) }

    /// Byte order of the UTF-8 (the order a file sorted by a program would have).
    public static func < (a: StoreKey, b: StoreKey) -> Bool {
        a.text.utf8.lexicographicallyPrecedes(b.text.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        var copy = text
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    public var description: String { text }

    /// The key in double quotes for a message, at most 200 characters of it (`…` marks the
    /// cut: a key can be megabytes long; SPEC §7). When `Diagnostic.quote` exists, this
    /// should call it.
    public var quoted: String {
        guard text.utf8.count > 200 else { return "\"" + text + "\"" }
        // 200 characters are at most 800 bytes in most text: cut the bytes first (a 17 MiB
        // key is never split into characters).
        let head = String(decoding: text.utf8.prefix(800), as: UTF8.self)
        return "\"" + String(head.prefix(200)) + "…\""
    }
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
