/// Every problem `luascreen check` reports of the script at `path`, sorted by file and line:
/// its load errors (a locale file's entry problems), else its load warnings, the problems of
/// evaluating each screen's fields, and the store keys read but bound by no row. A test file
/// (`*_test.lua`) is compiled only. The Lua state it makes is closed before it returns; call
/// it on any thread, one call a thread at a time per `options` (its `print` runs there).
public func validate(path: String, options: SessionOptions = SessionOptions()) -> [Diagnostic] {
    DocumentCheck.diagnostics(path: path, options: options)
}
