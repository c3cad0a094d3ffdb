import ScreenModel
import LuaScreenCore

extension Session {
    /// Every translation table of the app (SPEC §9), by locale: the inline `strings` tables and
    /// the `LANG.lua` files of its `strings` folder, for `Exporter.export(_:format:strings:)`.
    /// Throws `LoadError` when a locale file is broken.
    public func translationTables() throws -> [String: [String: String]] {
        guard let strings = app.strings else { return [:] }
        var tables: [String: [String: String]] = [:]
        for name in availableLocales {
            if let table = strings.tables[name] {
                tables[name] = table
            } else if let folder = strings.folder, let table = try localeFile(folder: folder, name: name) {
                tables[name] = table
            }
        }
        return tables
    }
}
