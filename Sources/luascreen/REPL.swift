import LuaScreen

/// The interactive REPL and batch mode (to be written).
enum REPL {
    static func start(_ options: Options) -> Int32 {
        printError("luascreen: run is not written yet")
        return 1
    }
}
