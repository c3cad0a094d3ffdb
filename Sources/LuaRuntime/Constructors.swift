import CLua
import CLuaShim

// Table constructors: global functions that stamp a kind on the table they are given and
// record where they were called, so a diagnostic can name the line an author wrote. The
// runtime knows no names: the host says which constructors a script gets.

extension LuaState {
    /// Installs a global constructor for each (name, kind): `name { ... }` sets the table's
    /// `type` to `kind` unless it has one, records the line (and, inside a function, the calls)
    /// it was called from, and returns the table. Call it after `openSandbox`, outside any call.
    public func installConstructors(_ constructors: [(name: String, kind: String)]) {
        // withCString lends the strings' own bytes (an implicit conversion copies each into
        // a new array first).
        for (name, kind) in constructors {
            name.withCString { name in kind.withCString { kind in ls_install_constructor(L, name, kind) } }
        }
    }

    /// Whether any constructor (`screen {`, `row {`, ...) has recorded where it was called.
    public var constructorsRecordedPlaces: Bool { ls_limits_of(L).pointee.constructed > 0 }

    /// The line the constructor that made the table at `index` was called on (0 when a plain
    /// table) and its chunk name (a pointer stable for the state's life, or nil).
    func constructorPlace(of index: Int32) -> (line: Int32, source: UnsafePointer<CChar>?) {
        var source: UnsafePointer<CChar>? = nil
        let line = ls_constructor_line(L, index, &source)
        return (line, source)
    }

    /// The calls that led to the constructor of the table at `index` when it was called inside
    /// a function (a helper that builds rows): (chunk path, line) a frame, innermost first, up
    /// to the main chunk. Empty for a table made in a main chunk or without a constructor.
    func constructorCallers(of index: Int32) -> [(file: String, line: Int)] {
        var length = 0
        guard let chain = ls_constructor_callers(L, index, &length), length > 0 else { return [] }
        let bytes = UnsafeRawBufferPointer(start: chain, count: length)
        var out: [(file: String, line: Int)] = []
        for frame in bytes.split(separator: 0x1E) {
            let parts = frame.split(separator: 0x1F, maxSplits: 1)
            guard parts.count == 2, let line = Int(String(decoding: parts[1], as: UTF8.self)) else { continue }
            out.append((luaChunkPath(String(decoding: parts[0], as: UTF8.self)), line))
        }
        return out
    }
}
