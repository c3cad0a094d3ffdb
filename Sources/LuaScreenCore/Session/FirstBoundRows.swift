import ScreenModel

/// Where the first row bound to each key is: one pass over the declared rows, then the live
/// screens (rows that a `sections` function or a callback made), the rows read in place (a
/// loop over them would copy each one) and only their keys read. It holds the section
/// lists it walked (shared, not copied) and each key's place in them (keys compared by
/// their bytes, as StoreKey does), so a binding is copied only when asked for. A plain
/// value owned by one session (bound to its thread).
struct FirstBoundRows {
    /// A row's place: which walked section list, which section, which row.
    private struct Place {
        var list: Int32
        var section: Int32
        var row: Int32
    }
    /// The section lists walked, in order.
    private let lists: [[Section]]
    /// The place of the first row bound to each key.
    private let places: KeyTable<Place>

    /// The first rows bound to each key on the declared screens `declared`, then on the
    /// live screens `live` from the innermost out (`keys`: how many keys to make room for).
    init(declared: [Screen], live: [LiveScreen], keys: Int) {
        var lists: [[Section]] = []
        for screen in declared {
            if case .value(let sections) = screen.sections { lists.append(sections) }
        }
        for screen in live.reversed() { lists.append(screen.sections ?? []) }
        var places = KeyTable<Place>()
        places.reserveCapacity(keys)
        // A live screen's sections are often the declared ones, the same storage: walked
        // again they would only find keys already placed (the first row wins), so a list
        // whose storage was walked is skipped.
        var walked: Set<UnsafeRawPointer> = []
        for l in lists.indices {
            if let base = lists[l].withUnsafeBufferPointer({ $0.baseAddress.map(UnsafeRawPointer.init) }),
               !walked.insert(base).inserted { continue }
            for s in lists[l].indices {
                lists[l][s].rows.withUnsafeBufferPointer { rows in
                    for r in rows.indices {
                        if let key = rows[r].boundKey {
                            _ = places.insertIfAbsent(key, Place(list: Int32(l), section: Int32(s), row: Int32(r)))
                        }
                    }
                }
            }
        }
        self.lists = lists
        self.places = places
    }

    /// The binding of the first row bound to `key`; nil when no walked row binds it.
    func binding(of key: String) -> Binding? {
        guard let p = places[key] else { return nil }
        return lists[Int(p.list)][Int(p.section)].rows[Int(p.row)].binding
    }
}
