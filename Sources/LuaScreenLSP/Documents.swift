#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen

/// An open document and what the server knows of it. A value: `Sendable`.
struct OpenDocument: Sendable {
    var doc: TextDocument
    /// The file path the URI names (diagnostics and `require` speak paths).
    var path: String
    /// The outline of the current text, made when first asked for.
    var outline: Outline?
    /// The outline of an earlier text and the edits made since (as one): the current
    /// outline is made from them (`Outline(bytes:editing:by:)`) rather than from the whole text.
    var staleOutline: (outline: Outline, edit: Outline.Edit?)?
    /// The last text that loaded without a syntax error, and its outline once asked for
    /// (completion in text that does not parse yet uses its keys and screen ids).
    var lastGoodBytes: [UInt8]?
    var lastGoodOutline: Outline?
    /// The module paths the last check of this document read.
    var modules: Set<String> = []
    /// The diagnostics the last check of this document found, by file.
    var found: [String: [Diagnostic]] = [:]
    /// The app's entry script the last check ran (the document itself, or the app a module belongs to).
    var entry: String?
    /// The store keys the app binds, as the last check that loaded found them (rows of helpers and modules included).
    var boundKeys: [String] = []
    /// The app's screen ids, as the last check that loaded found them (modules' screens included).
    var screenIDs: [String] = []
    /// How many diagnostics of each file the last check found past `LanguageServer.maxDiagnostics`.
    var omitted: [String: Int] = [:]
    /// What the last whole check found, when the next edit of one row's text may be checked alone.
    var checked: CheckedText?
    /// Something the last check read, other than this text, changed since: checked whole.
    var readsChanged = false

    var isTest: Bool { path.hasSuffix("_test.lua") }

    /// The outline of the last text that loaded (nil: none did yet); the current one's when it is that text.
    mutating func lastGood() -> Outline? {
        guard let bytes = lastGoodBytes else { return nil }
        if bytes == doc.bytes { return currentOutline() }
        if let lastGoodOutline { return lastGoodOutline }
        let made = Outline(bytes: bytes)
        lastGoodOutline = made
        return made
    }

    mutating func currentOutline() -> Outline {
        if let outline { return outline }
        let made: Outline
        if let stale = staleOutline {
            made = stale.edit.map { Outline(bytes: doc.bytes, editing: stale.outline, by: $0) } ?? stale.outline
        } else {
            made = Outline(bytes: doc.bytes)
        }
        outline = made
        staleOutline = nil
        return made
    }

    /// Applies the changes of one `didChange`: the outline, when there is one, follows in
    /// place when only strings and numbers changed; else it is kept with the edits since,
    /// to be made again from them when asked for.
    mutating func apply(_ changes: [ContentChange]) {
        for change in changes {
            guard let edit = doc.apply(change) else {
                outline = nil
                staleOutline = nil
                continue
            }
            if outline != nil {
                if outline!.edit(bytes: doc.bytes, by: edit, rebuild: false) { continue }
                staleOutline = (outline!, edit)
                outline = nil
            } else if let stale = staleOutline {
                staleOutline = (stale.outline, stale.edit.map { $0.then(edit) } ?? edit)
            }
        }
    }
}

/// file:// URIs and paths.
enum URIs {
    /// The path of a `file://` URI (percent escapes decoded), standardized; other URIs as they are.
    static func path(_ uri: String) -> String {
        if let url = URL(string: uri), url.isFileURL { return standard(url.path) }
        return uri
    }

    /// The `file://` URI of a path.
    static func uri(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString }

    /// A path made absolute and standardized, to compare with a document's.
    static func standard(_ path: String) -> String { Files.standardized(path) }

    /// The folder a path is in.
    static func folder(_ path: String) -> String { Files.split(path).folder }

    /// A path's last part.
    static func name(_ path: String) -> String { Files.split(path).name }
}
