import Synchronization

/// The script files rows were made in, each numbered once for the process: a row keeps its
/// file's number (two bytes) instead of its name (a 16-byte `String`), which on a screen of
/// 100,000 rows is 1.4 MB. Numbers are never reused or forgotten (a process reads few files);
/// once 65,535 are taken, `number(of:)` answers nil and a row keeps its location whole.
///
/// Thread-safe (one lock); the names are shared, never copied into each row.
@usableFromInline enum SourceFileNumbers {
    private struct Table {
        /// The names by number; number 0 is no file.
        var names: [String] = [""]
        /// The numbers by the names' bytes (paths are told apart byte for byte; a `String`
        /// key would equate canonically equivalent names).
        var numbers: [[UInt8]: UInt16] = [:]
        /// The number `number(of:)` answered last (0: none yet).
        var last: UInt16 = 0
    }

    private static let table = Mutex(Table())

    /// The number of `file` (numbered now if it was not), nil when every number is taken.
    static func number(of file: String) -> UInt16? {
        table.withLock { table -> UInt16? in
            // The loader asks for the same file row after row: the last answer first.
            if table.last != 0, table.names[Int(table.last)].sameBytes(as: file) { return table.last }
            let bytes = Array(file.utf8)
            if let known = table.numbers[bytes] {
                table.last = known
                return known
            }
            guard table.names.count <= Int(UInt16.max) else { return nil }
            let number = UInt16(table.names.count)
            table.names.append(file)
            table.numbers[bytes] = number
            table.last = number
            return number
        }
    }

    /// The name numbered `number` (from `number(of:)`).
    @usableFromInline static func name(_ number: UInt16) -> String {
        table.withLock { $0.names[Int(number)] }
    }
}
