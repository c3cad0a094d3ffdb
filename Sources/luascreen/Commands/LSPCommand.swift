import LuaScreenLSP

/// `luascreen lsp`: the language server on standard input and output (SPEC §16); the
/// library's `LanguageServer` does the work.
enum LSPCommand {
    static func run(_ options: Options) -> Int32 {
        let server = LanguageServer(limits: options.limits, version: luascreenVersion, write: StdioTransport.writer())
        return StdioTransport.serve(server)
    }
}
