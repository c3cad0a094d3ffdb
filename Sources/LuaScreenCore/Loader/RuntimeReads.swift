import LuaRuntime
import ScreenModel

/// Entry points used while the script runs: screens, rows, sections and options made at
/// run time are checked by the same rules, against what was read at load: the session's
/// registry, lent for the read, to which the screens and keys they make are added.
extension Validator {
    /// The id a screen table already read was registered under, or reads and registers it.
    func screenID(forTable t: borrowing LuaTableView, path base: [PathComponent], registry: inout ScreenRegistry) -> String? {
        lending(&registry) { screenID(forTable: t, path: base) }
    }

    private func screenID(forTable t: borrowing LuaTableView, path base: [PathComponent]) -> String? {
        path = base
        defer { path = [] }
        let id = readScreen(t, requireID: false, defaultID: nil)
        resolvePushes()
        return id
    }

    /// Validates rows and sections inserted at run time, against the ids already on the screen.
    func readRuntimeRow(_ t: borrowing LuaTableView, path base: [PathComponent], rowIDs: inout RowIDs, registry: inout ScreenRegistry) -> Row? {
        lending(&registry) { readRuntimeRow(t, path: base, rowIDs: &rowIDs) }
    }

    private func readRuntimeRow(_ t: borrowing LuaTableView, path base: [PathComponent], rowIDs: inout RowIDs) -> Row? {
        path = base
        defer { path = [] }
        let row = readRow(t, position: rowIDs.count + 1, rowIDs: &rowIDs)
        resolvePushes()
        return row
    }

    /// Validates one section inserted at run time.
    func readRuntimeSection(_ t: borrowing LuaTableView, path base: [PathComponent], position: Int, rowIDs: inout RowIDs,
                            registry: inout ScreenRegistry) -> Section? {
        lending(&registry) { readRuntimeSection(t, path: base, position: position, rowIDs: &rowIDs) }
    }

    private func readRuntimeSection(_ t: borrowing LuaTableView, path base: [PathComponent], position: Int, rowIDs: inout RowIDs) -> Section? {
        path = base
        defer { path = [] }
        let section = readSection(t, position: position, rowIDs: &rowIDs)
        resolvePushes()
        return section
    }

    /// Validates a list of sections made at run time (a `sections` function's result).
    func readRuntimeSections(_ list: borrowing LuaTableView, path base: [PathComponent], rowIDs: inout RowIDs, registry: inout ScreenRegistry) -> [Section] {
        lending(&registry) { readRuntimeSections(list, path: base, rowIDs: &rowIDs) }
    }

    private func readRuntimeSections(_ list: borrowing LuaTableView, path base: [PathComponent], rowIDs: inout RowIDs) -> [Section] {
        path = base
        defer { path = [] }
        let sections = readSections(list, count: list.count, rowIDs: &rowIDs)
        resolvePushes()
        return sections
    }

    /// Validates a list of options made at run time (an `options` function's result).
    func readRuntimeOptions(_ list: borrowing LuaTableView, path base: [PathComponent]) -> [ChoiceOption]? {
        path = base
        defer { path = [] }
        return readOptions(list, field: "options")
    }
}
