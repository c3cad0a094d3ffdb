@preconcurrency import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen

setvbuf(stdout, nil, _IOLBF, 0)

let arguments = Array(CommandLine.arguments.dropFirst())
let options: Options
do {
    options = try Options.parse(arguments)
} catch {
    printError("luascreen: \(error)")
    printError("try 'luascreen --help'")
    exit(2)
}
if options.help {
    // `luascreen help check`, `luascreen check --help`: that command's; else every command's.
    let named = arguments.first.flatMap(Options.Command.init(rawValue:)) ?? (arguments.first == "help" ? arguments.dropFirst().first.flatMap(Options.Command.init(rawValue:)) : nil)
    print(usage(for: named))
    exit(0)
}
if options.version {
    print("luascreen \(luascreenVersion)")
    exit(0)
}

let status: Int32
switch options.command {
case .check: status = Commands.check(options)
case .dump: status = Commands.dump(options)
case .render: status = Commands.render(options)
case .run: status = REPL.start(options)
case .test: status = TestCommand.run(options)
case .explore: status = ExploreCommand.run(options)
case .export: status = ExportCommand.export(options)
case .import_: status = ExportCommand.importBundle(options)
case .stubs: status = ToolCommands.stubs(options)
case .completions: status = ToolCommands.completions(options)
case .man: status = ToolCommands.man(options)
}
flushOutput()
exit(status)
