import LuaRuntime
import ScreenModel
#if canImport(Glibc)
import Glibc
#endif

/// The key-typo warning of `check` (SPEC §9): a store key that the script's functions read
/// (`ctx.store.NAME`, `ctx.store["NAME"]`) but that no row binds and the script never writes is
/// almost always a misspelt key, and it makes a condition silently false forever.
extension Session {
    /// One warning for each such key, at its first read, with a did-you-mean among the bound keys.
    /// Reads the script's text and the modules it names with a literal `require "name"`; and,
    /// after `evaluationProblems`, the keys its field functions read when it ran them, which
    /// finds a typo in a key the script computes (`ctx.store[s.depends]`, the name from its
    /// own data table) as long as no computed key is written (`ctx.store[k] = value`).
    public func storeKeyWarnings() -> [Diagnostic] {
        let computed = tracking.fieldReads.map { read -> StoreKeyUse.ComputedRead in
            let location = read.row?.location ?? read.section.location
            let owner = read.row.map { "row \"\($0.id)\"" } ?? "section \"\(read.section.id)\""
            return StoreKeyUse.ComputedRead(key: read.key, file: location?.file ?? scriptPath, line: location?.line,
                                            reader: "\(read.what) of \(owner)", calledFrom: read.row.map { callers(of: $0) } ?? [])
        }
        return StoreKeyUse.warnings(scriptPath: scriptPath, isBound: { registry.isBound($0) }, boundKeys: { self.boundKeys },
                                    scriptText: script.text, scriptLines: script.keyLines, moduleSource: options.moduleSource,
                                    computedReads: computed)
    }
}

/// A store key a field function read while `check` ran it, and whose function it was.
struct FieldRead {
    var key: String
    /// The field: `text`, `detail`, `enabled`, `visible`, `options`.
    var what: String
    /// The row whose field it is; nil for a section's `visible`.
    var row: Row?
    var section: Section
}

extension StoreKeyUse {
    /// The key-typo warnings of the script at `scriptPath` (and the modules it names), given
    /// which keys its rows bind: also for a script whose rows have errors (`check` shows
    /// every diagnostic at once). `scriptText` and `moduleSource`: the unsaved texts of the
    /// script and of its modules (an editor's buffers), read instead of the files.
    /// `scriptLines`: the script's `candidateLines`, taken from the text it was loaded from,
    /// used when there is no `scriptText` instead of reading the file again (a script of
    /// 100,000 rows is 6 to 11 MB: read again after loading, it raised `check`'s peak).
    /// `boundKeys`: the bound keys, sorted (asked for only when there is a warning to suggest
    /// one in: sorting 33,000 keys was most of this on a screen of 100,000 rows).
    static func warnings(scriptPath: String, isBound: (String) -> Bool, boundKeys: () -> [String],
                         scriptText: [UInt8]? = nil, scriptLines: [(Int, String)]? = nil,
                         moduleSource: ((String) -> [UInt8]?)? = nil,
                         computedReads: [ComputedRead] = []) -> [Diagnostic] {
        var uses: [StoreKeyUse] = []
        // ctx's members are a closed set: a name outside it is an error (ContextMember).
        var members: [Diagnostic] = []
        var writesComputedKey = false
        var files = [scriptPath]
        var index = 0
        // Modules the script names are read as `require` reads them: through the one path
        // resolver, inside the script's folder only.
        let folder = ScriptLoader.directoryName(scriptPath)
        let resolver = PathResolver(root: folder, name: "the script's folder")
        while index < files.count {
            let file = files[index]
            index += 1
            let unsaved = index == 1 ? scriptText : moduleSource?(PathResolver.join(folder, file))
            let lines: [(Int, String)]
            if index == 1, unsaved == nil, let scriptLines {
                lines = scriptLines
            } else {
                let read: Result<[UInt8], PathError> = unsaved.map { .success($0) } ?? (index == 1 ? PathResolver.readRegularFile(file)
                    : resolver.map { $0.read(file, from: folder).map(\.bytes) } ?? .failure(PathError("no folder")))
                guard case .success(let bytes) = read else { continue }
                lines = StoreKeyUse.candidateLines(of: bytes)
            }
            for (number, line) in lines {
                let shown = index == 1 ? file : PathResolver.join(folder, file)
                uses += StoreKeyUse.scan(line, file: shown, line: number)
                members += ContextMember.scan(line, file: shown, line: number)
                writesComputedKey = writesComputedKey || StoreKeyUse.writesComputedKey(line)
                for module in StoreKeyUse.requiredModules(line) {
                    let relative = module.replacing(".", with: "/") + ".lua"
                    if !files.contains(relative) { files.append(relative) }
                }
            }
        }
        guard !uses.isEmpty || !computedReads.isEmpty else { return members }
        var sortedKeys: [String]?
        func boundKeysSorted() -> [String] {
            if let sortedKeys { return sortedKeys }
            let keys = boundKeys()
            sortedKeys = keys
            return keys
        }
        let written = Set(uses.filter(\.isWrite).map(\.key))
        var warned = Set<String>()
        var out: [Diagnostic] = members
        for use in uses where !use.isWrite && !isBound(use.key) && !written.contains(use.key) {
            guard warned.insert(use.key).inserted else { continue }
            let closest = Suggest.closest(to: use.key, in: boundKeysSorted())
            let hint = Suggest.hint(closest: closest)
            out.append(Diagnostic(.warning, file: use.file, line: use.line, path: "",
                                  message: "ctx.store\(StoreKeyUse.accessor(use.key)) is read, but no row binds the key \"\(Diagnostic.quote(use.key))\" and the script never writes it\(hint)",
                                  code: StoreKeyUse.typoCode(use.key), subject: use.key, suggestion: closest))
        }
        // A key read under a computed name may be one a computed write stores: then no word.
        guard !writesComputedKey else { return out }
        for read in computedReads where !isBound(read.key) && !written.contains(read.key) {
            guard warned.insert(read.key).inserted else { continue }
            let closest = Suggest.closest(to: read.key, in: boundKeysSorted())
            let hint = Suggest.hint(closest: closest)
            out.append(Diagnostic(.warning, file: read.file, line: read.line, path: "",
                                  message: "ctx.store\(StoreKeyUse.accessor(read.key)) is read by \(read.reader), but no row binds the key \"\(Diagnostic.quote(read.key))\" and the script never writes it\(hint)",
                                  calledFrom: read.calledFrom, code: StoreKeyUse.typoCode(read.key), subject: read.key, suggestion: closest))
        }
        return out
    }
}

extension StoreKeyUse {
    /// The key typos and unknown ctx members of a script that did not run to its end (a
    /// syntax error, an error raised as it ran), so they are said with its error (SPEC §2):
    /// the keys its text binds (`key = "..."`), and the texts of the modules it names with a
    /// literal `require "name"` (a module that does not compile included), stand for the rows
    /// it did not make. Only the ctx members when a key may be bound elsewhere: a computed
    /// `key = ...`, or a `require` of a module that cannot be read or is not named literally.
    static func warningsFromText(path: String, bytes: [UInt8], options: SessionOptions) -> [Diagnostic] {
        // (a script of many megabytes that failed, over its budget say, is not scanned again)
        guard !bytes.isEmpty, bytes.count <= 8 << 20 else { return [] }
        var keys = Set<String>()
        var complete = true
        let folder = ScriptLoader.directoryName(path)
        let resolver = PathResolver(root: folder, name: "the script's folder")
        var files: [String] = []
        var texts = [String(decoding: bytes, as: UTF8.self)]
        var index = 0
        while index < texts.count, index <= 64 {
            let text = texts[index]
            index += 1
            // `key = "name"` binds name; `key = "flag" .. i` or any other expression is computed.
            for match in text.matches(of: #/(?:^|[^A-Za-z0-9_."'])key\s*=(?!=)\s*(?:"([^"\n]*)"|'([^'\n]*)'|)\s*(\.\.)?/#) {
                if let key = match.output.1 ?? match.output.2, match.output.3 == nil { keys.insert(String(key)) } else { complete = false }
            }
            let named = requiredModules(text)
            // A `require` not followed by a literal name may bring any key.
            if text.matches(of: #/require/#).count > named.count { complete = false }
            for module in named {
                let relative = module.replacing(".", with: "/") + ".lua"
                guard !files.contains(relative) else { continue }
                files.append(relative)
                let unsaved = options.moduleSource?(PathResolver.join(folder, relative))
                let read = unsaved.map { Result<[UInt8], PathError>.success($0) }
                    ?? resolver.map { $0.read(relative, from: folder).map(\.bytes) } ?? .failure(PathError("no folder"))
                guard case .success(let moduleBytes) = read, moduleBytes.count <= 8 << 20 else { complete = false; continue }
                texts.append(String(decoding: moduleBytes, as: UTF8.self))
            }
        }
        if index < texts.count { complete = false }
        let found = warnings(scriptPath: path, isBound: { keys.contains($0) }, boundKeys: { keys.sorted() },
                             scriptText: bytes, moduleSource: options.moduleSource)
        return complete ? found : found.filter { $0.code == .unknownField }
    }
}

/// A place where a script reads or writes `ctx.store.NAME` (any name before `.store`).
struct StoreKeyUse {
    // The patterns, each made once: a regex literal is parsed again each time it is evaluated
    // (made in `scan`, once a line, it was 94% of `check` of 3,000 detail functions).
    /// `.store[expression] = value` (not nil).
    nonisolated(unsafe) static let computedWrite = #/\.store\[\s*[^"'\s\]][^\]]*\]\s*=(?!=)\s*(?!nil\b)/#
    /// `.store.NAME` or `.store["NAME"]`, and `=` when assigned.
    nonisolated(unsafe) static let storeUse = #/\.store(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*(?:"([^"\n]*)"|'([^'\n]*)')\s*\])(\s*=(?!=))?/#
    /// A Lua name.
    nonisolated(unsafe) static let luaName = #/[A-Za-z_][A-Za-z0-9_]*/#
    /// `require "name"`, `require("name")`.
    nonisolated(unsafe) static let requireCall = #/require\s*\(?\s*["']([A-Za-z0-9_.\-]+)["']/#

    var key: String
    var file: String
    var line: Int
    var isWrite: Bool

    /// A key a field function read when `check` ran it, with the place and the name of the
    /// function (`enabled of row "x"`) its warning gives.
    struct ComputedRead {
        var key: String
        var file: String
        var line: Int?
        var reader: String
        var calledFrom: [SourceLocation]
    }

    /// Whether the line (outside a `--` comment) stores a value other than nil under a key it
    /// computes: `ctx.store[name] = value` (`ctx.store[k] = nil` only resets).
    static func writesComputedKey(_ line: String) -> Bool {
        guard line.holdsBytes(".store[") else { return false }
        let code = line.firstRange(of: "--").map { line[..<$0.lowerBound] } ?? line[...]
        return code.contains(computedWrite)
    }

    /// The lines (1-based number, text) that hold `.store`, `require`, `ctx.` or `ctx:` (or the
    /// ctx of a callback named otherwise, written `ctx`: `ContextAliases`), found with `memchr`
    /// (for `.` and for the rarer `q`) without decoding the rest: `check` of a 100,000-row
    /// script stays one fast pass over its bytes.
    static func candidateLines(of bytes: [UInt8]) -> [(Int, String)] {
        let store = Array("store".utf8), require = Array("require".utf8), ctx = Array("ctx".utf8)
        var starts: [Int] = []   // the offsets of the lines that hold a match
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            func matches(_ p: [UInt8], at i: Int) -> Bool {
                i >= 0 && i + p.count <= buffer.count && buffer[i..<(i + p.count)].elementsEqual(p)
            }
            var hits: [Int] = []
            func find(_ byte: UInt8, _ pattern: [UInt8], back: Int) {
                var from = 0
                while from < buffer.count, let found = memchr(base + from, Int32(byte), buffer.count - from) {
                    let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if matches(pattern, at: at - back) { hits.append(at) }
                    from = at + 1
                }
            }
            find(UInt8(ascii: "."), store, back: -1)
            find(UInt8(ascii: "q"), require, back: 2)
            find(UInt8(ascii: "."), ctx, back: 3)
            find(UInt8(ascii: ":"), ctx, back: 3)
            for at in hits {
                var start = at
                while start > 0, buffer[start - 1] != 0x0A { start -= 1 }
                starts.append(start)
            }
        }
        var out: [(Int, String)] = []
        var number = 1, counted = 0
        starts.sort()
        for (i, start) in starts.enumerated() where i == 0 || starts[i - 1] != start {
            // Lines are counted only up to the lines that matter (memchr from line end to line end).
            number += bytes.withUnsafeBufferPointer { buffer in
                var lines = 0, from = counted
                while from < start, let found = memchr(buffer.baseAddress! + from, 0x0A, start - from) {
                    lines += 1
                    from = buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                }
                return lines
            }
            counted = start
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            out.append((number, String(decoding: bytes[start..<end], as: UTF8.self)))
        }
        // A callback naming its ctx otherwise (`function(c) c:alret() end`): read as ctx.
        return ContextAliases.merged(out, with: ContextAliases.lines(of: bytes))
    }

    /// Every `X.store.NAME` and `X.store["NAME"]` of one line outside a `--` comment, with
    /// whether it is assigned to (`= value`, not `==`).
    static func scan(_ line: String, file: String, line number: Int) -> [StoreKeyUse] {
        guard line.holdsBytes(".store") else { return [] }  // (most lines: no pattern run at all)
        let code = line.firstRange(of: "--").map { line[..<$0.lowerBound] } ?? line[...]
        return code.matches(of: storeUse).compactMap { match in
            guard let key = match.output.1 ?? match.output.2 ?? match.output.3 else { return nil }
            return StoreKeyUse(key: String(key), file: file, line: number, isWrite: match.output.4 != nil)
        }
    }

    /// How Lua reads the key: `.name` for a name, `["editor.tabsize"]` for anything else.
    /// The code of a key-typo warning about `key`: `keyTypo` for a key written `.NAME`; one
    /// written `["..."]` has always reached the language server as a plain `warning`.
    static func typoCode(_ key: String) -> DiagnosticCode {
        accessor(key).hasPrefix(".") ? .keyTypo : .warning
    }

    static func accessor(_ key: String) -> String {
        let shown = Diagnostic.quote(key)
        if key.wholeMatch(of: luaName) != nil { return "." + shown }
        return "[\"" + shown + "\"]"
    }

    /// The modules a script names with a literal: `require "name"`, `require("name")`.
    static func requiredModules(_ text: String) -> [String] {
        guard mayRequire(text) else { return [] }
        return text.matches(of: requireCall).map { String($0.output.1) }
    }

    /// Whether `text` holds `require` followed (after spaces and a `(`) by a quote: a test of
    /// its bytes before the pattern is run (a help text saying "required" then costs no
    /// pattern).
    static func mayRequire(_ text: String) -> Bool {
        guard text.holdsBytes("require") else { return false }
        let word = Array("require".utf8)
        var text = text
        return text.withUTF8 { bytes in
            var i = 0
            while i + word.count <= bytes.count {
                if bytes[i] == word[0], bytes[i..<(i + word.count)].elementsEqual(word) {
                    var j = i + word.count
                    while j < bytes.count, [0x20, 0x09, 0x0B, 0x0C, 0x0D, 0x28].contains(bytes[j]) { j += 1 }
                    if j < bytes.count, bytes[j] == 0x22 || bytes[j] == 0x27 { return true }
                }
                i += 1
            }
            return false
        }
    }
}
