#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ScreenModel

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

    /// The resources of every `values*/` folder of the app's `res/` (only regular files and
    /// folders inside it: a link is not followed), with a warning for each file not read.
    static func resources(beside path: String) -> AndroidXResources {
        var resources = AndroidXResources()
        guard let res = resFolder(of: path),
              let names = try? FileManager.default.contentsOfDirectory(atPath: res) else { return resources }
        var total = 0
        for folder in names.sorted() {
            guard let locale = AndroidXResources.locale(ofFolder: folder) else { continue }
            let folderPath = res + "/" + folder
            guard kind(of: folderPath) == S_IFDIR, let files = try? FileManager.default.contentsOfDirectory(atPath: folderPath) else { continue }
            for file in files.sorted() where file.hasSuffix(".xml") {
                let filePath = folderPath + "/" + file
                do {
                    let bytes = try read(filePath, limit: maxFileBytes)
                    total += bytes.count
                    guard total <= maxValuesBytes else {
                        resources.problems.append((filePath, nil, "not read: the values files hold more than \(maxValuesBytes >> 20) MiB"))
                        return resources
                    }
                    resources.add(try XMLTreeReader.read(bytes), locale: locale)
                } catch let error as XMLTreeError {
                    resources.problems.append((filePath, error.line, "not read: \(error.message) (column \(error.column))"))
                } catch let error as ImportError {
                    let prefix = "\(filePath): error: "
                    let reason = error.description.hasPrefix(prefix) ? String(error.description.dropFirst(prefix.count)) : error.description
                    resources.problems.append((filePath, nil, "not read: " + reason))
                } catch {
                    resources.problems.append((filePath, nil, "not read: \(error)"))
                }
            }
        }
        return resources
    }

    private static func failure(_ path: String, _ reason: String) -> ImportError {
        ImportError(description: "\(path): error: \(reason)")
    }

    /// The file type bits of `path`, not following a link.
    static func kind(of path: String) -> mode_t? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return st.st_mode & S_IFMT
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    static func read(_ path: String, limit: Int) throws -> [UInt8] {
        switch kind(of: path) {
        case nil: throw failure(path, "cannot read the file (no such file)")
        case S_IFREG?: break
        case S_IFDIR?: throw failure(path, "this is a folder, not a preference XML file")
        case S_IFLNK?: throw failure(path, "a symbolic link; name the file it points to")
        default: throw failure(path, "not a regular file")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw failure(path, "cannot read the file (permission denied)") }
        guard data.count <= limit else { throw failure(path, "the file is larger than \(limit >> 20) MiB") }
        return [UInt8](data)
    }
}
