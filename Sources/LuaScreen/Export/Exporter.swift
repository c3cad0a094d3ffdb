import Foundation
import ScreenModel

/// One file an export writes, relative to the output folder.
public struct ExportedFile: Equatable, Sendable {
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// What an export makes: the files, and a warning for each row that has no equivalent.
public struct ExportResult: Sendable {
    public var files: [ExportedFile]
    public var warnings: [Diagnostic]
}

/// Why an export's files could not be written.
public struct ExportWriteError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): error: cannot write: \(reason)" }
}

/// `luascreen export`: a script's declared screens (as loaded and validated) to an iOS
/// Settings.bundle or to androidx.preference XML (SPEC §13).
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
        let manager = FileManager.default
        for file in files {
            let path = directory + "/" + file.path
            let folder = (path as NSString).deletingLastPathComponent
            do {
                try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw ExportWriteError(path: folder, reason: reason(error))
            }
            do {
                try Data(file.contents.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw ExportWriteError(path: path, reason: reason(error))
            }
        }
    }

    static func reason(_ error: Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain, let message = strerror(Int32(underlying.code)) {
            return String(cString: message)
        }
        return (error as NSError).localizedDescription
    }
}
