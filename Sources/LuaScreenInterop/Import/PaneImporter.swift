import ScreenModel
import LuaScreenCore

/// The state of one import: the panes read so far (each a screen), warnings, the memory the
/// plists may still expand to, and each pane's strings table.
struct Importer {
    /// The bundle's folder: every file import reads lies inside it.
    let folder: String
    var screens: [ImportedScreen] = []
    var warnings: [Diagnostic] = []
    /// What the plists may still expand to (`--max-memory`).
    var budget: PlistBudget
    /// Screen ids by `File` name, so a pane named twice (or a cycle) is read once.
    var loaded: [String: String] = [:]
    /// The titles of the rows that open each pane, by screen id (a pane opened by rows of
    /// different titles is titled after its file).
    var openers: [String: [String]] = [:]
    /// Each pane's strings table (its `StringsTable`, else its own name), with the plist that
    /// named it: every table is read, per language.
    var tables: [(table: String, plist: String)] = []
    /// Each screen's strings table.
    var tableOfScreen: [String: String] = [:]
    /// Translations a table gives otherwise than the app's (the first table's): table →
    /// language → pairs, for the screens of that table (`strings` of the screen).
    var ownTranslations: [String: [(language: String, pairs: [(String, String)])]] = [:]
    /// The line of the specifier being read (XML plists).
    var currentLine: Int?
    /// Each bound key and the kind that binds it (one key holds one kind of value; rows of one
    /// kind may share a key).
    var keyKinds: [String: (kind: String, rules: String)] = [:]

    init(folder: String, budget: PlistBudget) {
        self.folder = folder
        self.budget = budget
    }

    /// Reads the root plist (already read from `path`) as the screen `id`.
    mutating func loadRoot(_ bytes: [UInt8], path: String, id: String) throws {
        _ = try load(bytes, path: path, name: id, id: id, depth: 1)
    }

    /// Reads a pane's plist `bytes` as a screen with `id`. `name` is its file's name without
    /// `.plist` (its default strings table). A child pane that holds no dictionary (a
    /// placeholder `<string></string>` an app's build fills) is not read: the reason is
    /// returned, for the warning of the row that opens it. A dictionary without
    /// `PreferenceSpecifiers` is an empty pane, with a warning.
    mutating func load(_ bytes: [UInt8], path: String, name: String, id: String, depth: Int) throws -> String? {
        let (value, lines) = try BundleImporter.decode(bytes, path: path, budget: &budget)
        guard case .dictionary(let members) = value else {
            let why = "\(path) holds \(value.described), not a dictionary with PreferenceSpecifiers"
            if depth > 1 { return why }
            throw ImportError(description: "\(path): error: the plist holds \(value.described), not a dictionary with PreferenceSpecifiers")
        }
        let index = screens.count
        screens.append(ImportedScreen(id: id, title: id, sections: []))
        let specifiers: PlistValue
        if let given = value["PreferenceSpecifiers"] {
            specifiers = given
        } else {
            warnings.append(Diagnostic(.warning, file: path, line: nil, path: "",
                                       message: "no PreferenceSpecifiers key: an empty pane (export writes PreferenceSpecifiers as an empty array)"))
            specifiers = .array([])
        }
        guard let list = specifiers.array else {
            throw ImportError(description: "\(path): error: PreferenceSpecifiers is \(specifiers.described), not an array")
        }
        // Its strings table: StringsTable, else the plist's own name (Root~ipad reads Root's).
        let ownName = name.split(separator: "~", maxSplits: 1).first.map(String.init) ?? name
        var table = ownName.isEmpty ? "Root" : ownName
        if let given = value["StringsTable"]?.string { table = given }
        if !tables.contains(where: { $0.table == table }) { tables.append((table, path)) }
        tableOfScreen[id] = table
        let title = value["Title"]?.string
        // The pane's other keys are kept in the screen's ios (StringsTable too: export writes it back).
        var paneKeys: [PlatformEntry] = []
        for member in members where member.key != "PreferenceSpecifiers" && !(member.key == "Title" && title != nil) {
            if let v = PlatformValues.value(member.value) { paneKeys.append(PlatformEntry(key: member.key, value: v)) }
            else { warnings.append(Diagnostic(.warning, file: path, line: nil, path: member.key, message: "\(member.key) (\(member.value.described)) left out: luascreen keeps strings, numbers, booleans, arrays and dictionaries")) }
        }
        screens[index].ios = PlatformValues.sorted(paneKeys)
        var screen = ScreenBuilder(file: path)
        let specifierLines = lines?.linesOfItems(under: "PreferenceSpecifiers", in: value) ?? []
        for (n, item) in list.enumerated() {
            currentLine = n < specifierLines.count ? specifierLines[n] : nil
            try read(item, at: n, into: &screen, depth: depth)
        }
        screens[index].sections = screen.finished()
        // An untitled root is "Settings" (what export leaves untitled again), whatever the bundle's name.
        screens[index].title = title ?? (index == 0 ? "Settings" : id)
        if title != nil { ownTitles.insert(id) }
        return nil
    }

    /// Titles each child pane without a `Title` after the rows that open it: their title when
    /// they agree, else the pane's file name (each row keeps its own text).
    mutating func settleTitles() {
        for index in screens.indices {
            let id = screens[index].id
            let names = openers[id] ?? []
            if ownTitles.contains(id) {
                // Export leaves out a Title iOS shows anyway (the root's "Settings", a child's
                // that every opening row has): one written so is kept in the pane's ios.
                let title = screens[index].title
                let implied = index == 0 ? title == "Settings" : (title == id || (!names.isEmpty && names.allSatisfy { $0 == title }))
                if implied { screens[index].ios = PlatformValues.sorted(screens[index].ios + [PlatformEntry(key: "Title", value: .string(title))]) }
            } else if index > 0, let first = names.first {
                screens[index].title = names.allSatisfy({ $0 == first }) ? first : id
            }
        }
    }

    /// Reads the child pane `File` names (inside the bundle's folder), once; returns its
    /// screen id, or nil (with a warning naming the specifier) when it is refused or missing.
    mutating func child(_ file: String, title: String?, at n: Int, screen: ScreenBuilder, depth: Int, name: String) throws -> String? {
        if let id = loaded[file] {
            openers[id, default: []].append(title ?? id)
            return id
        }
        let bytes: [UInt8]
        do {
            bytes = try Files.readRegularFile(file + ".plist", inside: folder.isEmpty ? "." : folder)
        } catch let error as FileError {
            warn(screen.file, n, "\(name): its pane is not read: \(error.description); the specifier is kept as a plain row, its keys in ios")
            return nil
        }
        guard depth < BundleImporter.maxPaneDepth else {
            warn(screen.file, n, "\(name): its pane is not read: child panes nest more than \(BundleImporter.maxPaneDepth) deep; the specifier is kept as a plain row, its keys in ios")
            return nil
        }
        let path = Files.joinText(folder, file + ".plist")
        loaded[file] = file
        openers[file] = [title ?? file]
        let saved = currentLine
        defer { currentLine = saved }
        if let why = try load(bytes, path: path, name: PathText.lastComponent(file), id: file, depth: depth + 1) {
            loaded[file] = nil
            openers[file] = nil
            warn(screen.file, n, "\(name): its pane is not read: \(why); the specifier is kept as a plain row, its keys in ios")
            return nil
        }
        return file
    }

    /// Screens whose plist gave a `Title`.
    var ownTitles = Set<String>()

    /// The translations of the bundle: for each language folder (`LANG.lproj`, not
    /// `Base.lproj`) the pairs of every pane's strings table, first table first. A table
    /// that cannot be read is a warning; a table named with `..`, `/` or a NUL is refused.
    mutating func translations() -> [(language: String, pairs: [(String, String)])] {
        guard !tables.isEmpty else { return [] }
        let names = Files.entries(folder.isEmpty ? "." : folder)
        var out: [(language: String, pairs: [(String, String)])] = []
        var refused = Set<String>()
        for name in names.sorted() where name.hasSuffix(".lproj") && name != "Base.lproj" {
            let language = String(name.dropLast(6))
            guard !language.isEmpty, language.utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == 95 || $0 == 45 }) else { continue }
            var pairs: [(String, String)] = []
            var seen: [String: String] = [:]
            for (table, plist) in tables {
                if table.contains("/") || table.utf8.contains(0) || table == ".." || table.isEmpty {
                    if refused.insert(table).inserted {
                        warnings.append(Diagnostic(.warning, file: plist, line: nil, path: "StringsTable",
                                                   message: "StringsTable \"\(table)\" refused: a strings table is a file name inside LANG.lproj (no '/', '..' or NUL)"))
                    }
                    continue
                }
                let relative = name + "/" + table + ".strings"
                let path = Files.joinText(folder, relative)
                let data: [UInt8]
                do {
                    data = try Files.readRegularFile(relative, inside: folder.isEmpty ? "." : folder)
                } catch let error as FileError {
                    if error.reason != .missing { warnings.append(Diagnostic(.warning, file: path, line: nil, path: "", message: "\(error.message); its translations are left out")) }
                    continue
                } catch { continue }
                guard budget.charge(data.count) else {
                    warnings.append(Diagnostic(.warning, file: path, line: nil, path: "", message: "\(budget.exceeded); its translations are left out"))
                    continue
                }
                do {
                    var own: [(String, String)] = []
                    var ownSeen = Set<String>()
                    for pair in try StringsFileReader.read(data) {
                        if let earlier = seen[pair.0] {
                            // Another pane's translation of the text: this pane's own, in context.
                            if earlier != pair.1, ownSeen.insert(pair.0).inserted { own.append(pair) }
                            continue
                        }
                        seen[pair.0] = pair.1
                        pairs.append(pair)
                    }
                    if !own.isEmpty { ownTranslations[table, default: []].append((language, own)) }
                } catch let error as PlistReadError {
                    warnings.append(Diagnostic(.warning, file: path, line: { if case .line(let l, _) = error.position { return l } else { return nil } }(),
                                               path: "", message: "\(error.message); its translations are left out"))
                } catch {}
            }
            if !pairs.isEmpty { out.append((language, pairs)) }
        }
        return out
    }

    /// Binds `key` to `kind` with `rules` (its default, options, bounds: what the validator
    /// compares), or says why it cannot be: bound before with another kind, or with other
    /// rules (rows sharing a key must agree).
    mutating func bind(_ key: String, _ kind: String, rules: String) -> String? {
        if let previous = keyKinds[key] {
            if previous.kind != kind { return "key \"\(key)\" is bound by a \(previous.kind) already; one key holds one kind of value" }
            if previous.rules != rules { return "key \"\(key)\" is bound by an earlier \(kind) with another default or other options; rows sharing a key must agree" }
            return nil
        }
        keyKinds[key] = (kind, rules)
        return nil
    }

    mutating func warn(_ file: String, _ n: Int, _ message: String) {
        warnings.append(Diagnostic(.warning, file: file, line: currentLine, path: "PreferenceSpecifiers[\(n)]", message: message))
    }
}
