import LuaScreen

/// `luascreen dump SCRIPT`: the evaluated screens as JSON; the store is read, never written.
enum DumpCommand {
    static func run(_ options: Options) -> Int32 {
        guard let session = CommandSupport.openReadOnly(options) else { return 1 }
        defer { CommandSupport.finished(session) }
        print(session.dump().serialized(pretty: true))
        CommandSupport.printWarnings(session)
        return 0
    }
}
