import ScreenModel
import LuaScreenCore

/// `luascreen import res/xml/NAME.xml`: androidx.preference (or android.preference) XML, with
/// the strings, arrays, booleans and integers of the app's `res/values*/` folders, read into
/// screens, sections and rows and written as a Lua script (SPEC §15).
/// A namespace of functions that keep no state: callable from any thread.
public enum AndroidXImporter {
    /// At most this many bytes a file (a preference XML is a few KiB; 10,000 preferences ~1 MiB).
    static let maxFileBytes = 16 << 20
    /// At most this many bytes of `res/values*/` files in all.
    static let maxValuesBytes = 64 << 20

    /// Whether `bytes` look like preference XML (their root element is a `PreferenceScreen`).
    public static func looksLikePreferenceXML(_ bytes: [UInt8]) -> Bool {
        guard let root = try? XMLTreeReader.read(bytes) else { return false }
        return root.name.hasSuffix("PreferenceScreen")
    }

    /// Whether the file at `path` is a regular file holding preference XML.
    public static func isPreferenceXML(path: String) -> Bool {
        (try? read(path, limit: maxFileBytes)).map(looksLikePreferenceXML) ?? false
    }

    /// Reads the preference XML at `path` and the resources of the `res/` folder it lies in.
    public static func importXML(path: String) throws -> ImportResult {
        let bytes = try read(path, limit: maxFileBytes)
        let root: XMLTreeElement
        do {
            root = try XMLTreeReader.read(bytes)
        } catch let error as XMLTreeError {
            throw ImportError(description: "\(path):\(error.line):\(error.column): error: \(error.message)")
        }
        var reader = AndroidXReader(file: path, resources: resources(beside: path))
        let app = try reader.app(root, id: PathText.withoutExtension(PathText.lastComponent(path)))
        return ImportResult(script: LuaScriptWriter.script(app, source: path), warnings: reader.warnings)
    }

    /// The `res/` folder of `res/xml/NAME.xml` (the file's folder is `xml` or `xml-QUALIFIERS`),
    /// or nil when the file lies elsewhere.
    static func resFolder(of path: String) -> String? {
        let folder = PathText.folder(of: path)
        let name = PathText.lastComponent(folder.isEmpty ? "." : folder)
        guard name == "xml" || name.hasPrefix("xml-") else { return nil }
        let res = PathText.folder(of: folder)
        return res.isEmpty ? "." : res
    }

    /// The files an import of `path` reads: the XML and the `res/values*/*.xml` beside it
    /// (which `--out` must not name).
    public static func inputs(of path: String) -> [String] {
        [path] + valuesFiles(beside: path).map(\.path)
    }

    /// Each `values*/NAME.xml` of the app's `res/` whose folder names a locale (or none), with
    /// the locale, in name order; folders that are links are not followed.
    static func valuesFiles(beside path: String) -> [(path: String, relative: String, locale: String)] {
        guard let res = resFolder(of: path) else { return [] }
        var out: [(path: String, relative: String, locale: String)] = []
        for folder in Files.entries(res).sorted() {
            guard let locale = AndroidXResources.locale(ofFolder: folder), Files.kind(res + "/" + folder) == .folder else { continue }
            for file in Files.entries(res + "/" + folder).sorted() where file.hasSuffix(".xml") {
                out.append((res + "/" + folder + "/" + file, folder + "/" + file, locale))
            }
        }
        return out
    }

    /// The resources of every `values*/` folder of the app's `res/`, read through the `Files`
    /// seam as files inside `res/` (a link out of it is refused), with a warning for each file
    /// not read.
    static func resources(beside path: String) -> AndroidXResources {
        var resources = AndroidXResources()
        guard let res = resFolder(of: path) else { return resources }
        var total = 0
        for (filePath, relative, locale) in valuesFiles(beside: path) {
            do {
                let bytes = try Files.readRegularFile(relative, inside: res, maxSize: maxFileBytes)
                total += bytes.count
                guard total <= maxValuesBytes else {
                    resources.problems.append((filePath, nil, "not read: the values files hold more than \(maxValuesBytes >> 20) MiB"))
                    return resources
                }
                resources.add(try XMLTreeReader.read(bytes), locale: locale)
            } catch let error as XMLTreeError {
                resources.problems.append((filePath, error.line, "not read: \(error.message) (column \(error.column))"))
            } catch let error as FileError {
                resources.problems.append((filePath, nil, "not read: " + error.message))
            } catch {
                resources.problems.append((filePath, nil, "not read: \(error)"))
            }
        }
        return resources
    }

    /// The bytes of the preference XML at `path` (a regular file, at most `limit` bytes).
    static func read(_ path: String, limit: Int) throws -> [UInt8] {
        do {
            return try Files.readRegularFile(path, maxSize: limit)
        } catch let error as FileError {
            throw ImportError(description: error.description)
        }
    }
}
