extension RuleEngine {
    /// The symbols' storage: one buffer, reached by index. Its pointer is private to this file,
    /// so the optimizer sees every access to it and checks none at run time (an array property
    /// of the engine costs an exclusivity check at each of the hundreds of thousands of reads
    /// a change makes).
    final class SymbolStore {
        private var base: UnsafeMutablePointer<Sym>
        private var capacity: Int
        /// How many symbols it holds.
        private(set) var count = 0

        init() {
            capacity = 256
            base = .allocate(capacity: capacity)
        }

        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }

        /// The symbol at `i`.
        subscript(i: Int) -> Sym {
            get { base[i] }
            _modify { yield &base[i] }
        }

        /// Adds a symbol at the end.
        func append(_ s: Sym) {
            if count == capacity {
                let bigger = UnsafeMutablePointer<Sym>.allocate(capacity: capacity * 2)
                bigger.moveInitialize(from: base, count: count)
                base.deallocate()
                base = bigger
                capacity *= 2
            }
            (base + count).initialize(to: s)
            count += 1
        }

        /// The indices of the symbols.
        var indices: Range<Int> { 0..<count }
    }
}
