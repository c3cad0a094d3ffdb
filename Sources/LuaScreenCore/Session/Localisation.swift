import LuaRuntime
import ScreenModel
#if canImport(Glibc)
import Glibc
#endif

/// Translations (SPEC §9): the locale's table is chosen once, when the session opens, and every
/// displayed string is looked up in it, falling back to itself.
extension Session {
    /// The text as the selected locale shows it on the screen on top: the screen's own
    /// translation, else the app's, else the text itself.
    public func tr(_ text: String) -> String {
        if !localisation.byScreen.isEmpty, let id = navigation.last?.id, let own = localisation.byScreen[id]?[text] { return own }
        return localisation.translations[text] ?? text
    }

    /// The text as the selected locale shows it on screen `id` (its title in the path of a
    /// screen above it): that screen's own translation, else the app's, else the text itself.
    func tr(_ text: String, screen id: String) -> String {
        localisation.byScreen[id]?[text] ?? localisation.translations[text] ?? text
    }

    /// The words the core writes itself (`PresentationWords.keys`: `on`, `off`, `disabled`,
    /// `%d selected`, ...) in the selected locale, for `RenderOptions.words`: empty when the
    /// locale translates none of them.
    public var rendererWords: [String: String] {
        var words: [String: String] = [:]
        for word in PresentationWords.keys { if let shown = localisation.translations[word] { words[word] = shown } }
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
        for screen in registry.screens where !screen.strings.isEmpty {
            if let name = names.first(where: { screen.strings[$0] != nil }) { localisation.byScreen[screen.id] = screen.strings[name] }
        }
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

    /// The locale files the selected locale is looked up in (`strings = "locales"`), most
    /// specific first, whether they exist or not: what `run --watch` and the preview watch.
    package var localeFilePaths: [String] {
        guard let requested = options.locale, let folder = app.strings?.folder else { return [] }
        return Translations.candidates(for: requested).filter(Translations.isFolderName).map {
            ScriptLoader.directoryName(scriptPath) + "/" + folder + "/" + $0 + ".lua"
        }
    }

    /// The locales the app has strings for: the inline tables' names and the folder's files.
    public var availableLocales: [String] {
        guard let strings = app.strings else { return Set(registry.screens.flatMap { $0.strings.keys }).sorted() }
        var names = Set(strings.tables.keys).union(registry.screens.flatMap { $0.strings.keys })
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
                : LocaleEntryLines.placed(problems.map {
                    // Moved to the locale file (to the entry's line, below): a general code is made again.
                    Diagnostic(file: path, line: nil, path: $0.path, message: $0.message,
                               code: $0.code == .general($0.severity, line: $0.line, path: $0.path) ? nil : $0.code)
                }, path: path))
        }
        return table
    }
}

extension Session {
    /// `check --locale LANG`: a warning for each displayed string written in the script (titles,
    /// headers, footers, texts, details, option texts, placeholders, units, help, confirm
    /// questions, action texts) and each button word of a dialog a row opens (`OK`, `Cancel`)
    /// that the selected locale does not translate, each string once, at its first place, and
    /// each literal handed to `ctx:tr`; not the texts `untranslated` lists nor those without a
    /// letter. Strings a function computes are the script's to pass through `ctx:tr`.
    public func untranslatedStrings() -> [Diagnostic] { untranslated().diagnostics }

    /// The texts `check --locale` finds without a translation, each once, in the order of its
    /// warnings: what `check --locale LANG --todo FILE` writes for a translator.
    public func untranslatedTexts() -> [String] { untranslated().texts }

    /// A locale file for a translator: `return { ["text"] = nil, -- TODO ... }`, each text a Lua
    /// literal that reads back byte for byte (a nil entry is no translation until filled in).
    public static func todoFile(locale: String, texts: [String]) -> String {
        var out = "-- The texts \"\(sanitize(locale, lineBreaks: .escape))\" does not translate (luascreen check --locale --todo): give each\n"
        out += "-- its translation in place of nil, then move the lines into the locale's table.\nreturn {\n"
        for text in texts { out += "  [\(LuaLiteral.string(text))] = nil, -- TODO\n" }
        return out + "}\n"
    }

    private func untranslated() -> (diagnostics: [Diagnostic], texts: [String]) {
        var texts: [String] = []
        guard let locale else { return ([], []) }
        var out: [Diagnostic] = []
        // No table for the locale: one warning instead of one a text (the texts are still listed).
        var noTable: Diagnostic?
        if !availableLocales.contains(where: { Translations.candidates(for: locale).contains($0) }) {
            // The file, relative to the script, and where that is when the script was named
            // from another folder (`add locales/de.lua in home` for `check home/app.lua`).
            let beside = ScriptLoader.directoryName(scriptPath)
            let file = app.strings?.folder.map { folder in
                "\(folder)/\(Translations.candidates(for: locale).first ?? locale).lua"
                    + (beside == "." || scriptPath.hasPrefix("/") ? "" : " in \(beside)")
            }
            let have = availableLocales.isEmpty
                ? (file.map { "it has none: add \($0) returning { [\"text\"] = \"translation\", ... }" } ?? "it has none: add app { strings = { \(locale) = { ... } } }")
                : "it has " + availableLocales.joined(separator: ", ") + (file.map { "; add \($0)" } ?? "")
            noTable = Diagnostic(.warning, file: scriptPath, line: nil, path: "strings",
                                 message: "no strings for the locale \"\(locale)\" (\(have))")
        }
        var seen = Set<String>()
        var callers: [SourceLocation] = []
        let strings = app.strings ?? Translations()
        var own: [String: String] = [:]  // the screen's own strings (screen { strings = })
        var used = Set(PresentationWords.keys + ["none", "not set", "1 item", "%d items"])
        var usedOnScreen = Set<String>()
        func need(_ text: String?, _ location: SourceLocation?, _ path: String) {
            if let text { used.insert(text); usedOnScreen.insert(text) }
            guard let text, !text.isEmpty, own[text] == nil, localisation.translations[text] == nil, strings.wantsTranslation(text),
                  seen.insert(text).inserted else { return }
            texts.append(text)
            out.append(Diagnostic(.warning, file: location?.file ?? scriptPath, line: location?.line, path: path,
                                  message: "no \"\(locale)\" translation for \"\(text.prefix(200))\"", calledFrom: callers))
        }
        for screen in registry.screens {
            own = localisation.byScreen[screen.id] ?? [:]
            usedOnScreen = []
            defer {
                // A screen's own translation of a text it does not show.
                for text in own.keys.sorted() where !usedOnScreen.contains(text) {
                    out.append(Diagnostic(.warning, file: screen.location?.file ?? scriptPath, line: screen.location?.line, path: "screen \(screen.id).strings",
                                          message: "the \"\(locale)\" translation of \"\(text.prefix(200))\" is used by no text of screen \(screen.id)"))
                }
                own = [:]
            }
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
                    need(row.binding?.unit, row.location, rowPath + ".unit")
                    if row.binding != nil, case .value(let detail)? = row.detail { need(detail, row.location, rowPath + ".detail") }
                    for action in row.actions {
                        need(action.text, row.location, rowPath + ".actions." + action.id)
                        if case .value(let question)? = action.confirm { need(question, row.location, rowPath + ".actions." + action.id + ".confirm") }
                    }
                    // The dialogs' button words (RowPresentation.Confirm): a question's two, the
                    // actions' chooser's Cancel.
                    let words = PresentationWords()
                    if row.asksConfirmation || row.actions.contains(where: { $0.confirm != nil }) {
                        need(words.ok, row.location, rowPath + (row.asksConfirmation ? ".confirm" : ".actions") + " (button)")
                    }
                    if row.asksConfirmation || !row.actions.isEmpty {
                        need(words.cancel, row.location, rowPath + (row.asksConfirmation ? ".confirm" : ".actions") + " (button)")
                    }
                    if case .value(let options)? = row.binding?.options {
                        for option in options {
                            need(option.text, row.location, rowPath + ".options")
                            need(option.short, row.location, rowPath + ".options")
                        }
                    }
                }
            }
        }
        // The literals handed to ctx:tr (alert, refuse) or a validate returns, in the script and in the modules it required.
        // Every quoted string of the code: a translation whose text is one of them may be
        // what a function returns (`return on and "Wi-Fi only" or "Any network"`, translated
        // as it is shown), so it is no leftover.
        var written = Set<String>()
        for (index, file) in script.sources.paths.enumerated() {
            let unsaved = index == 0 ? script.text : options.moduleSource?(file)
            guard let bytes = unsaved ?? (try? PathResolver.readRegularFile(file).get()) else { continue }
            // (a locale file, read through require, is no code: its texts are the translations)
            let isLocale = app.strings?.folder.map { ScriptLoader.directoryName(file).hasSuffix($0) } ?? false
            for literal in TranslatedLiterals.scan(bytes, every: { if !isLocale { written.insert($0) } }) {
                need(literal.text, SourceLocation(file: file, line: literal.line), literal.method == "validate" ? "validate" : "ctx:" + literal.method)
            }
        }
        // Translations no text of the script uses (left over after a text changed), at their
        // line of the locale file when they come from one.
        let leftovers = localisation.translations.keys.sorted().filter { !used.contains($0) && !written.contains($0) }
        let places = leftovers.isEmpty ? [:] : localeFileLines(of: leftovers, locale: locale)
        for text in leftovers {
            let place = places[text]
            out.append(Diagnostic(.warning, file: place?.file ?? scriptPath, line: place?.line, path: "strings",
                                  message: "the \"\(locale)\" translation of \"\(text.prefix(200))\" is used by no text of the script (a text changed, or one a function computes without ctx:tr)"))
        }
        if let noTable { return ([noTable], texts) }
        return (out, texts)
    }

    /// Where each text is given its translation in the locale's file of the strings folder
    /// (`["text"] = ...`): the file as the script's path names it, and the line. A text
    /// written in another form (an escape) is left out.
    private func localeFileLines(of texts: [String], locale: String) -> [String: SourceLocation] {
        guard let folder = app.strings?.folder else { return [:] }
        let beside = ScriptLoader.directoryName(scriptPath)
        for name in Translations.candidates(for: locale) where Translations.isFolderName(name) {
            let relative = folder + "/" + name + ".lua"
            let shown = beside == "." ? relative : beside + "/" + relative
            guard let bytes = try? PathResolver.readRegularFile(shown).get() else { continue }
            var lines: [String: SourceLocation] = [:]
            let text = String(decoding: bytes, as: UTF8.self)
            let numbered = text.split(separator: "\n", omittingEmptySubsequences: false)
            for wanted in texts {
                let keys = ["[" + LuaLiteral.string(wanted) + "]", "['" + wanted + "']"]
                if let index = numbered.firstIndex(where: { line in keys.contains { line.contains($0) } }) {
                    lines[wanted] = SourceLocation(file: shown, line: index + 1)
                }
            }
            return lines
        }
        return [:]
    }
}
