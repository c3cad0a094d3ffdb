import CLua
import CLuaShim

extension LuaState {
    /// The calls that led to the constructor of the table at `index` when it was called inside
    /// a function (a helper that builds rows): (chunk path, line) a frame, innermost first, up
    /// to the main chunk. Empty for a table made in a main chunk or without a constructor.
    public func constructorCallers(of index: Int32) -> [(file: String, line: Int)] {
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
