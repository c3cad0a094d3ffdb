import ScreenModel

/// A store that reads another and refuses every write, for commands that show values but
/// must not change them (`check`, `dump`, `render`): a commit throws `StoreError.readOnly`
/// and the store it reads is never touched.
///
/// Bound to one thread, like the store it reads.
public final class ReadOnlyStore: ValueStore {
    /// The store the values are read from.
    public let base: ValueStore
    /// Why writes are refused, said in the error (e.g. "render only reads the values").
    public let reason: String

    /// A view of `base` whose commits throw, saying `reason`.
    public init(_ base: ValueStore, reason: String = "this store is opened to read the values only") {
        self.base = base
        self.reason = reason
    }

    /// The value `base` holds for `key`.
    public func value(for key: String) -> StoreValue? { base.value(for: key) }
    /// Every value `base` holds, in its order.
    public var values: [(key: String, value: StoreValue)] { base.values }
    /// Where `base` keeps its values.
    public var location: String { base.location }
    /// The size of `base`'s file.
    public var fileSize: Int { base.fileSize }
    /// The bytes `key` takes in `base`'s file.
    public func fileSize(ofMember key: String) -> Int { base.fileSize(ofMember: key) }

    /// Throws `StoreError.readOnly`: nothing is written, nothing in memory changes.
    public func commit(_ changes: [(key: String, value: StoreValue?)]) throws {
        throw StoreError.readOnly(path: base.location, blocked: nil, reason: reason)
    }
}
