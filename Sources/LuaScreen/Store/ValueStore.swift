import ScreenModel

/// Where a session keeps its values.
public protocol ValueStore: AnyObject {
    /// The stored value of a key (nil when absent or not a boolean/number/string).
    func value(for key: String) -> StoreValue?
    /// Every stored key with a boolean/number/string value, in file order.
    var values: [(key: String, value: StoreValue)] { get }
    /// Applies changes (nil removes the key) and, for a file store, persists them atomically.
    func commit(_ changes: [(key: String, value: StoreValue?)]) throws
    /// The file path, or "memory".
    var location: String { get }
}

/// Values in memory only (`--store none`, and the headless tests).
public final class MemoryStore: ValueStore {
    private var entries: [(key: String, value: StoreValue)]

    public init(_ seed: [(key: String, value: StoreValue)] = []) { entries = seed }

    public func value(for key: String) -> StoreValue? { entries.first { $0.key == key }?.value }
    public var values: [(key: String, value: StoreValue)] { entries }
    public var location: String { "memory" }

    public func commit(_ changes: [(key: String, value: StoreValue?)]) throws {
        for (key, value) in changes {
            if let i = entries.firstIndex(where: { $0.key == key }) {
                if let value { entries[i].value = value } else { entries.remove(at: i) }
            } else if let value {
                entries.append((key, value))
            }
        }
    }
}
