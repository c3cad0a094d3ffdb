import LuaRuntime
import ScreenModel
#if canImport(Glibc)
import Glibc
#endif

/// Translations (SPEC §9): the locale's table is chosen once, when the session opens, and every
/// displayed string is looked up in it, falling back to itself.
extension Session {
    /// The text as the selected locale shows it: its translation, else the text itself.
    public func tr(_ text: String) -> String { localisation.translations[text] ?? text }

    /// The renderer's own words (`on`, `off`, `disabled`, `%d selected`) in the selected
    /// locale, for `RenderOptions.words`: empty when the locale translates none of them.
    public var rendererWords: [String: String] {
        var words: [String: String] = [:]
        for word in ["on", "off", "disabled", "%d selected"] { if let shown = localisation.translations[word] { words[word] = shown } }
        return words
    }

    /// "3 items" in the selected locale: the table's entry for `one` ("1 item") when n is 1,
    /// else its entry for `many` ("%d items") with `%d` replaced by n.
    func counted(_ n: Int, one: String, many: String) -> String {
        if n == 1 { return localisation.translations[one] ?? one }
        return (localisation.translations[many] ?? many).replacing("%d", with: String(n))
    }

    /// The calls that led to a row built inside a function (a helper), innermost first.
    package func callers(of row: Row) -> [SourceLocation] {
        registry.callers(ofRow: row.id, at: row.location)
    }

    /// `ctx:tr(text)`: the text as the selected locale shows it (any other value unchanged).
    func ctxTranslate(_ call: borrowing LuaCall) -> HostResult {
        guard call.type(2) == .string, let text = call.string(2) else {
            call.pushArgument(2)
            return .results(1)
        }
        call.push(tr(text))
        return .results(1)
    }

    /// Picks the table for `options.locale`: `de_DE` first, then `de`; inline tables first,
    /// then the `strings` folder's `LANG.lua`. Throws `LoadError` when a locale file is broken.
    func selectLocale() throws {
        guard let requested = options.locale else { return }
        let names = Translations.candidates(for: requested)
        localisation.locale = names.first
        guard let strings = app.strings else { return }
        for name in names {
            if let table = strings.tables[name] {
                localisation.translations = table
                return
            }
            if let folder = strings.folder, let table = try localeFile(folder: folder, name: name) {
                localisation.translations = table
                return
            }
        }
    }

    /// The locales the app has strings for: the inline tables' names and the folder's files.
    public var availableLocales: [String] {
        guard let strings = app.strings else { return [] }
        var names = Set(strings.tables.keys)
        if let folder = strings.folder {
            let dir = ScriptLoader.directoryName(scriptPath) + "/" + folder
            if let handle = opendir(dir) {
                defer { closedir(handle) }
                while let entry = readdir(handle) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                    }
                    if name.hasSuffix(".lua"), Translations.isFolderName(String(name.dropLast(4))) {
                        names.insert(String(name.dropLast(4)))
                    }
                }
            }
        }
        return names.sorted()
    }

    /// The strings of `folder/NAME.lua`, loaded through the script's own `require` (so the
    /// sandbox's folder rules apply); nil when there is no such file.
    package func localeFile(folder: String, name: String) throws -> [String: String]? {
        guard Translations.isFolderName(name) else { return nil }
        let relative = folder + "/" + name + ".lua"
        let path = ScriptLoader.directoryName(scriptPath) + "/" + relative
        guard access(path, F_OK) == 0 else { return nil }
        let chunk: LuaChunk
        do {
            chunk = try lua.compile("return require(...)", chunkName: LuaState.hostChunkName)
        } catch {
            throw LoadError([Diagnostic.ofErrorText(file: path, line: nil, path: "", message: error.text)])
        }
        let table: [String: String]?
        do {
            table = try lua.run(chunk, results: 1, arguments: { $0.push(folder + "." + name) }) {
                script.validator.readStringTable($0[1], what: relative)
            } ?? nil
        } catch {
            throw LoadError([ScriptLoader.diagnostic(from: error, file: path)])
        }
        let problems = script.validator.takeDiagnostics().filter { $0.severity == .error }
        guard problems.isEmpty, let table else {
            throw LoadError(problems.isEmpty
                ? [Diagnostic(file: path, line: nil, path: "", message: "\(relative) must return a table of [\"text\"] = \"translation\"")]
                : problems.map {
                    // Moved to the locale file's own line (none): a general code is made again.
                    Diagnostic(file: path, line: nil, path: $0.path, message: $0.message,
                               code: $0.code == .general($0.severity, line: $0.line, path: $0.path) ? nil : $0.code)
                })
        }
        return table
    }
}

extension Session {
    /// `check --locale LANG`: a warning for each displayed string written in the script (titles,
    /// headers, footers, texts, details, option texts, placeholders, help, confirm questions)
    /// that the selected locale does not translate, each string once, at its first place, and
    /// each literal handed to `ctx:tr`; not the texts `untranslated` lists nor those without a
    /// letter. Strings a function computes are the script's to pass through `ctx:tr`.
    public func untranslatedStrings() -> [Diagnostic] {
        guard let locale else { return [] }
        var out: [Diagnostic] = []
        if !availableLocales.contains(where: { Translations.candidates(for: locale).contains($0) }) {
            let have = availableLocales.isEmpty ? "it has none: add app { strings = { \(locale) = { ... } } }"
                                                : "it has " + availableLocales.joined(separator: ", ")
            return [Diagnostic(.warning, file: scriptPath, line: nil, path: "strings",
                               message: "no strings for the locale \"\(locale)\" (\(have))")]
        }
        var seen = Set<String>()
        var callers: [SourceLocation] = []
        let strings = app.strings ?? Translations()
        func need(_ text: String?, _ location: SourceLocation?, _ path: String) {
            guard let text, !text.isEmpty, localisation.translations[text] == nil, strings.wantsTranslation(text),
                  seen.insert(text).inserted else { return }
            out.append(Diagnostic(.warning, file: location?.file ?? scriptPath, line: location?.line, path: path,
                                  message: "no \"\(locale)\" translation for \"\(text.prefix(200))\"", calledFrom: callers))
        }
        for screen in registry.screens {
            need(screen.title, screen.location, "screen \(screen.id).title")
            guard case .value(let sections) = screen.sections else { continue }
            for (si, section) in sections.enumerated() {
                let sectionPath = "screen \(screen.id).sections[\(si + 1)]"
                need(section.header, section.location, sectionPath + ".header")
                need(section.footer, section.location, sectionPath + ".footer")
                for row in section.rows {
                    callers = self.callers(of: row)
                    defer { callers = [] }
                    let rowPath = "\(sectionPath).\(row.id)"
                    need(row.text.value, row.location, rowPath + ".text")
                    if row.binding == nil { need(row.detail?.value, row.location, rowPath + ".detail") }
                    need(row.help, row.location, rowPath + ".help")
                    need(row.confirm, row.location, rowPath + ".confirm")
                    need(row.binding?.placeholder, row.location, rowPath + ".placeholder")
                    if case .value(let options)? = row.binding?.options {
                        for option in options {
                            need(option.text, row.location, rowPath + ".options")
                            need(option.short, row.location, rowPath + ".options")
                        }
                    }
                }
            }
        }
        // The literals handed to ctx:tr, in the script and in the modules it required.
        for (index, file) in script.sources.paths.enumerated() {
            let unsaved = index == 0 ? script.text : options.moduleSource?(file)
            guard let bytes = unsaved ?? (try? PathResolver.readRegularFile(file).get()) else { continue }
            for literal in TranslatedLiterals.scan(bytes) {
                need(literal.text, SourceLocation(file: file, line: literal.line), "ctx:" + literal.method)
            }
        }
        return out
    }
}
