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
        // Both strings' lengths are known without looking at the bytes: most unequal keys
        // differ there. Then 8 bytes at a time (a store lookup compares keys several times:
        // `elementsEqual`, a byte at a time through a generic iterator, cost ~15% of a `set`).
        guard utf8.count == other.utf8.count else { return false }
        var a = self
        var b = other
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let n = x.count
                guard n > 0, let p = x.baseAddress, let q = y.baseAddress else { return true }
                return p == q || bytesEqual(p, q, count: n)
            }
        }
    }
}

/// Whether the `count` bytes at `a` and at `b` are the same: 8 bytes at a time, then byte by byte.
@inlinable
package func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count n: Int) -> Bool {
    let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
    var i = 0
    while i &+ 8 <= n {
        if ra.loadUnaligned(fromByteOffset: i, as: UInt64.self) != rb.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
        i &+= 8
    }
    while i < n {
        if a[i] != b[i] { return false }
        i &+= 1
    }
    return true
}
