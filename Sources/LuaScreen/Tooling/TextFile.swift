/// Generated text files the command line writes (a JUnit report, LuaLS stubs, a luacheck
/// config): written whole through a temporary file and a rename, so a failure leaves what
/// was there before untouched.
/// A namespace of functions that keep no state: callable from any thread.
public enum TextFile {
    /// Writes `text` to `path`; nil when written, else why not ("cannot write PATH: ...").
    public static func write(_ text: String, to path: String) -> String? { TestFiles.writeText(Array(text.utf8), to: path) }
}
