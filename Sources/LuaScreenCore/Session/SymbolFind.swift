import ScreenModel

/// `find` in an app of symbols (SPEC §18, menuconfig's `/`): every symbol or choice whose
/// name (with or without `CONFIG_`) or prompt holds the text, hidden ones too, with its menu
/// path, read from the declared rows (no field function runs: 16,000 rows in milliseconds).
extension Session {
    /// The rows of symbols (and other rows whose text matches) of every screen reachable
    /// from the root, in menu order.
    func findSymbols(_ text: String) -> [FindResult] {
        guard let symbols else { return [] }
        let needle = CaseInsensitiveNeedle(text)
        let bare = text.hasPrefix("CONFIG_") ? CaseInsensitiveNeedle(String(text.dropFirst(7))) : needle
        var results: [FindResult] = []
        forEachReachableScreen { id, screen, idPath, parentTitles in
            let titles = parentTitles + [tr(screen.title)]
            guard case .value(let sections) = screen.sections else { return titles.last! }
            // (rows read in place, field by field: copying a row copies every field it holds)
            for s in sections.indices {
                for r in sections[s].rows.indices {
                    let prompt = sections[s].rows[r].text.value ?? sections[s].rows[r].id
                    var matched: String?
                    var hit = false
                    if let key = sections[s].rows[r].boundKey, let i = symbols.symbol(named: key), symbols.name(i) == key {
                        if bare.found(in: key) { hit = true; matched = "symbol \(key)" } else if needle.found(in: prompt) { hit = true }
                        if hit {
                            results.append(FindResult(screen: id, row: sections[s].rows[r].id, text: prompt, titles: titles, path: idPath,
                                                      hidden: sections[s].rows[r].kind == .symbol || symbols.visibility(i) == .n, matched: matched))
                        }
                        if symbols.isChoice(i) {
                            for o in symbols.options(i) where bare.found(in: symbols.name(o)) || symbols.prompts(o).contains(where: { needle.found(in: $0) }) {
                                results.append(FindResult(screen: id, row: sections[s].rows[r].id, text: prompt, titles: titles, path: idPath,
                                                          hidden: symbols.visibility(o) == .n, matched: "option \(symbols.name(o))"))
                            }
                        }
                    } else if needle.found(in: prompt) {
                        let hidden = sections[s].rows[r].depends.map { symbols.evaluate($0) == .n } ?? false
                        results.append(FindResult(screen: id, row: sections[s].rows[r].id, text: prompt, titles: titles, path: idPath, hidden: hidden))
                    }
                }
            }
            return titles.last!
        }
        return results
    }
}
