#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import LuaScreen
import ScreenModel

/// `edit REF`: an input's text opened in `$VISUAL`, else `$EDITOR`; without a terminal or
/// an editor, the lines typed up to a line holding only `.`.
extension Shell {
    func editText(_ ref: String) {
        let row: ResolvedRow
        do { row = try session.lookup(ref) } catch { report(error); return }
        guard row.kind == .input, let key = row.key else {
            fail("edit changes the text of an input row; \"\(clean(row.text, keepNewlines: false))\" is not one")
            return
        }
        if declaredBinding(for: key)?.secure == true {
            fail("\"\(clean(row.text, keepNewlines: false))\" is secure: give its value with set")
            return
        }
        let current: String
        if case .string(let s)? = row.value { current = s } else { current = "" }
        let editor = [getenv("VISUAL"), getenv("EDITOR")].compactMap { $0.map { String(cString: $0) } }.first { !$0.isEmpty }
        let text: String?
        if interactive, let editor {
            text = runEditor(editor, on: current)
        } else {
            print("Type the text; end with a line holding only \".\"")
            var lines: [String] = []
            var ended = false
            while let line = readTextLine() {
                if line == "." { ended = true; break }
                lines.append(line)
            }
            text = ended ? lines.joined(separator: "\n") : nil
            if !ended { print("Unchanged (no line holding only \".\").") }
        }
        guard let text else { return }
        act { try session.set(ref, value: .string(text)) }
    }

    /// Runs the editor on a private temporary file holding `text`; the file's text after, less
    /// one final newline; nil when the editor failed.
    private func runEditor(_ editor: String, on text: String) -> String? {
        let path: String
        do {
            path = try Files.makePrivateTemporary("edit", suffix: ".txt", holding: Array((text.isEmpty ? "" : text + "\n").utf8))
        } catch let error as FileError {
            fail("edit: \(error.message)")
            return nil
        } catch {
            return nil
        }
        defer { Files.removeFile(path) }
        var pid: pid_t = 0
        let args = ["/bin/sh", "-c", editor + " \"$1\"", "sh", path]
        var cArgs = args.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        guard posix_spawn(&pid, "/bin/sh", nil, nil, &cArgs, environ) == 0 else {
            fail("edit: cannot start \(editor)")
            return nil
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard status == 0 else {
            fail("edit: \(editor) failed; the value is unchanged")
            return nil
        }
        var out: [UInt8]
        do { out = try Files.readRegularFile(path, maxSize: 16 << 20) } catch let error as FileError {
            if case .tooLarge = error.reason { fail("edit: the text is larger than 16 MiB") } else { fail("edit: \(error.message)") }
            return nil
        } catch { return nil }
        if out.last == 10 { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }
}
