import LuaScreen
import LuaScreenCore

/// `find TEXT` over every screen, and `go N` to a result.
extension Shell {
    func find(_ text: String) {
        let errors: [String]
        (findResults, errors) = session.search(text)
        // A row whose field function failed could not be searched: an error, as the same
        // failure is for every other command (batch mode exits non-zero).
        defer { for error in errors { fail(clean(error)) } }
        guard !findResults.isEmpty else {
            print("Nothing matches \"\(clean(text, keepNewlines: false))\".")
            return
        }
        let lines = FindList.lines(findResults, width: Terminal.width(options), separator: separator,
                                   ellipsis: ascii ? "..." : "…", clean: { self.clean($0, keepNewlines: false) })
        for line in lines { print(line) }
        print(style.dim(findResults.count == 1 ? "go 1 goes there." : "go N goes to result N."))
    }

    func go(_ text: String) {
        guard !findResults.isEmpty else {
            fail("nothing to go to yet: search first with find TEXT")
            return
        }
        guard let n = Int(text), n >= 1, n <= findResults.count else {
            fail("go takes a result number of the last find: 1 to \(findResults.count)")
            return
        }
        let result = findResults[n - 1]
        do {
            wentThrough = try session.go(to: result.path)
            let row = session.currentScreen().visibleRows.first { $0.id == result.row }
            turnToRow(result.row)
            render()
            if row == nil, let reason = try? session.why(result.row).formatted {
                for line in Columns.paragraph(clean(reason), width: Terminal.width(options)) { print(line) }
            } else if let row {
                let name = clean(row.text, keepNewlines: false)
                print(row.number.map { "\(name) is row \($0)." } ?? "\(name) is on this screen.")
            }
        } catch {
            report(error)
        }
    }
}
