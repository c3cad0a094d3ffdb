/// `luascreen man`: the man page luascreen.1 in roff (`ManPage`).
enum ManCommand {
    static func run(_ options: Options) -> Int32 { CommandOutput.emit(ManPage.roff(), to: nil) }
}
