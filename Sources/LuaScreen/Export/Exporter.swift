import ScreenModel

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

/// What an export makes: the files, and a warning for each row that has no equivalent.
public struct ExportResult: Sendable {
    /// The files, in the order written.
    public var files: [ExportedFile]
    /// One warning for each row, section or screen that lost something or was left out.
    public var warnings: [Diagnostic]
}

/// Why an export's files could not be written.
public struct ExportWriteError: Error, CustomStringConvertible, Sendable {
    /// The file or folder that could not be written.
    public var path: String
    /// Why, as the system says it.
    public var reason: String
    /// `path: error: reason`.
    public var description: String { "\(path): error: \(reason)" }
}

/// `luascreen export`: a script's declared screens (as loaded and validated) to an iOS
/// Settings.bundle or to androidx.preference XML (SPEC §13).
/// A namespace of functions that keep no state: callable from any thread.
public enum Exporter {
    /// The files of `app` in `format`. `strings` maps a language (`de`) to translations of
    /// displayed strings (SPEC §9); a Settings.bundle gets `LANG.lproj/Root.strings` from it.
    public static func export(_ app: App, format: ExportFormat, strings: [String: [String: String]] = [:]) -> ExportResult {
        let plan = ExportPlan(app: app, format: format)
        let files: [ExportedFile]
        switch format {
        case .settingsBundle: files = SettingsBundleWriter.files(plan, strings: strings)
        case .androidx: files = AndroidXWriter.files(plan)
        }
        return ExportResult(files: files, warnings: Diagnostic.sorted(plan.warnings))
    }

    /// Writes the files under `directory` (made when missing), each one whole: a file is
    /// written beside its place and renamed over it, so a failure leaves the old one.
    public static func write(_ files: [ExportedFile], to directory: String) throws {
        try ExportFileWriter.write(files, to: directory)
    }
}
