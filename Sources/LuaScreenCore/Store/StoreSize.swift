import ScreenModel

/// The size of a store file (SPEC §6: a write that would make the file larger than 16 MiB
/// is refused), computed without writing it.
///
/// A file as a store writes it is `{\n`, its members `  "KEY": VALUE` joined by `,\n`, and
/// `\n}\n` (`{}\n` when empty): 3 bytes plus, for each member, 6 plus its key's JSON text
/// plus its value's text. Both stores and the session's write check count with these.
/// A namespace of functions that keep no state: callable from any thread.
package enum StoreSize {
    /// The largest store file luascreen reads or writes: 16 MiB.
    public static let limit = 16 << 20

    /// The bytes of an empty file, and the fixed part of every file.
    static let empty = 3

    /// The bytes one member adds to the file: `  "KEY": VALUE` and its separator.
    static func member(key: String, valueText: Int) -> Int { 6 + string(key) + valueText }

    /// The bytes one member with a store value adds to the file.
    static func member(key: String, value: StoreValue) -> Int { member(key: key, valueText: text(value)) }

    /// The bytes a file holding exactly `values` has.
    package static func file(_ values: [(key: String, value: StoreValue)]) -> Int {
        values.reduce(empty) { $0 + member(key: $1.key, value: $1.value) }
    }

    /// The length of a value's JSON text, as `JSONValue.serialized` writes it.
    static func text(_ value: StoreValue) -> Int {
        switch value {
        case .bool(let b): return b ? 4 : 5
        case .string(let s): return string(s)
        default:  // numbers (and anything else): as `Member(store:)` writes it, compact
            return JSONValue(store: value)?.serialized().utf8.count ?? 4  // non-finite: refused before a write
        }
    }

    /// The length of a string's JSON text, quotes included, as `JSONValue.writeString` writes it.
    package static func string(_ s: String) -> Int {
        var copy = s
        return copy.withUTF8 { buffer in
            var length = 2 + buffer.count
            var i = 0
            while i < buffer.count {
                switch JSONValue.escapedLength(buffer, at: i) {
                case 0: i += 1
                case 1:
                    switch buffer[i] {
                    case 0x22, 0x5C, 0x0A, 0x0D, 0x09: length += 1  // \" \\ \n \r \t
                    default: length += 5                              // \u00XX
                    }
                    i += 1
                case let n:  // C1 or bidi: \uXXXX in place of n bytes
                    length += 6 - n
                    i += n
                }
            }
            return length
        }
    }

    /// `16.0 MiB` style.
    static func mebibytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 20) / 2) >> 20
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}

extension ValueStore {
    /// Default: the size of a file holding exactly `values` (stores that keep more, like
    /// `FileStore`, count it all).
    public var fileSize: Int { StoreSize.file(values) }

    /// Default: the bytes `key`'s member takes in that file (0 when absent).
    public func fileSize(ofMember key: String) -> Int {
        value(for: key).map { StoreSize.member(key: key, value: $0) } ?? 0
    }

    /// Throws `StoreError.tooLarge` when committing `changes` would make the file larger
    /// than `StoreSize.limit` (a file luascreen writes is always one it can read again).
    public func checkSize(after changes: [(key: String, value: StoreValue?)]) throws {
        var size = fileSize
        var seen = Set<StoreKey>()
        // The last change of a key wins: walk back, counting each key once.
        for change in changes.reversed() where seen.insert(StoreKey(change.key)).inserted {
            size += (change.value.map { StoreSize.member(key: change.key, value: $0) } ?? 0) - fileSize(ofMember: change.key)
        }
        if size > StoreSize.limit { throw StoreError.tooLarge(path: location, size: size) }
    }
}
