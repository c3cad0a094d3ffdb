/// `luascreen test` (to be written).
enum TestCommand {
    static func run(_ options: Options) -> Int32 {
        printError("luascreen: test is not written yet")
        return 1
    }
}
