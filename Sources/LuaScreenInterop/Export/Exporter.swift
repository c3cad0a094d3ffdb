import ScreenModel
import LuaScreenCore

/// One file an export writes, relative to the output folder.
public struct ExportedFile: Equatable, Sendable {
    /// Where the file goes, relative to the output folder (`Root.plist`, `res/xml/main.xml`).
    public var path: String
    /// The file's text (UTF-8).
    public var contents: String

    /// A file to write at `path` with `contents`.
    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// What an export makes: the files, a warning for each row that has no equivalent, and the
/// errors that make writing impossible (an id no file name can be made from, a locale that
/// cannot name a folder).
public struct ExportResult: Sendable {
    /// The files, in the order written.
    public var files: [ExportedFile]
    /// One warning for each row, section or screen that lost something or was left out.
    public var warnings: [Diagnostic]
    /// Why nothing may be written; empty when the files can be written.
    public var errors: [Diagnostic] = []
}

/// `luascreen export`: a script's declared screens (as loaded and validated) to an iOS
/// Settings.bundle or to androidx.preference XML (SPEC §13).
/// A namespace of functions that keep no state: callable from any thread.
public enum Exporter {
    /// The files of `app` in `format`. `strings` maps a language (`de`) to translations of
    /// displayed strings (SPEC §9); a Settings.bundle gets `LANG.lproj/Root.strings` from it.
    /// `functions` (`ExportFunctions(session:)`) are the row functions androidx has as
    /// attributes (`app:dependency`, `summaryOn`/`summaryOff`); others are left out with a warning.
    /// `readers`: who reads a Settings.bundle (`BundleReaders.reading(folder:)`: the Settings
    /// app, or InAppSettingsKit alone), which says whether an InAppSettingsKit specifier is
    /// worth a warning. `callers`: the calls that led to a row a helper built
    /// (`Session.callers(of:)`), named under the warnings about that row as `note: called from here`.
    public static func export(_ app: App, format: ExportFormat, strings: [String: [String: String]] = [:],
                              functions: ExportFunctions = ExportFunctions(), readers: BundleReaders = .settingsApp,
                              callers: @escaping (Row) -> [SourceLocation] = { _ in [] }) -> ExportResult {
        let plan = ExportPlan(app: app, format: format, functions: functions, readers: readers, callers: callers)
        let files: [ExportedFile]
        var warnings = plan.warnings
        switch format {
        case .settingsBundle: files = SettingsBundleWriter.files(plan, strings: strings)
        case .androidx:
            let written = AndroidXWriter.files(plan, strings: strings)
            files = written.0
            warnings += written.1.map { Diagnostic(.warning, file: $0.file.isEmpty ? app.file : $0.file, line: $0.line, path: $0.path, message: $0.message, code: $0.code) }
        }
        var errors = plan.errors
        if format == .settingsBundle {
            for language in strings.keys.sorted() {
                if let problem = ExportNames.localeProblem(language) {
                    errors.append(Diagnostic(.error, file: app.file, line: nil, path: "locale", message: problem))
                }
            }
        }
        return ExportResult(files: files, warnings: Diagnostic.sorted(warnings + ExportTextCheck.warnings(plan, format: format, file: app.file)),
                            errors: errors)
    }

    /// Writes `result`'s files under `directory` (see `write(_:to:inputs:)`); throws its first
    /// error, writing nothing, when it has errors.
    public static func write(_ result: ExportResult, to directory: String, inputs: [String] = []) throws {
        if let first = result.errors.first { throw ExportError(diagnostics: result.errors, first: first) }
        try write(result.files, to: directory, inputs: inputs)
    }

    /// Writes the files under `directory` (made when missing) through the `Files` seam: every
    /// name is checked first (a file name holds only ASCII letters, digits, `_`, `-` and `.`,
    /// not first, at most 200 bytes; nothing leaves `directory` or goes through a link; no
    /// target is a device, FIFO, socket, folder or link; none is one of `inputs`), then each
    /// file is replaced atomically. A refusal leaves `directory` as it was. Throws `FileError`.
    public static func write(_ files: [ExportedFile], to directory: String, inputs: [String] = []) throws {
        var planned: [Files.Planned] = []
        for file in files {
            let parts = try Files.relativeParts(file.path, path: Files.joinText(directory, file.path))
            for part in parts where !ExportNames.isSafe(part) && !isLocaleFolder(part) {
                throw FileError(path: Files.joinText(directory, file.path), reason: .badName(
                    "'\(sanitize(Diagnostic.quote(part)))' is not a file name luascreen writes (ASCII letters, digits, '_', '-' and '.', not first, at most \(ExportNames.limit) bytes); nothing was written"))
            }
            planned.append(Files.Planned(relative: file.path, bytes: Array(file.contents.utf8)))
        }
        try Files.write(planned, inside: directory, inputs: inputs)
    }

    /// Whether `name` is an Android values folder of a locale with a script or variant, as
    /// `AndroidXResources.folder(ofLocale:)` makes it: `values-b+` and up to four subtags of 1 to
    /// 8 ASCII letters and digits joined by `+` (`values-b+sr+Latn`). Android has no other name
    /// for such a locale, so this is the one name with a `+` an export writes (SPEC §15: the
    /// texts resolve the same in every locale).
    static func isLocaleFolder(_ name: String) -> Bool {
        guard name.hasPrefix("values-b+") else { return false }
        let subtags = name.dropFirst("values-b+".count).split(separator: "+", omittingEmptySubsequences: false)
        return (1...4).contains(subtags.count) && subtags.allSatisfy { tag in
            (1...8).contains(tag.utf8.count) && tag.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) }
        }
    }
}

/// An export that cannot be written: every reason, each naming its row or locale.
/// `Sendable`: a plain value.
public struct ExportError: Error, CustomStringConvertible, Sendable {
    /// Every error of the export.
    public var diagnostics: [Diagnostic]
    /// The first of them.
    public var first: Diagnostic
    /// The errors, one a line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
