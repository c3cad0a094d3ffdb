import LuaScreen
import ScreenModel


/// `luascreen import --format kconfig PATH/Kconfig [--srctree DIR] [--env NAME=VALUE]...
/// --out DIR` (SPEC §18): the library reads the tree and makes the app; this writes its
/// files into DIR through the `Files` seam and prints the warnings.
enum KconfigImportCommand {
    static func run(_ options: Options) -> Int32 {
        let path = options.paths[0]
        guard let out = options.out else { return 2 }
        let result: KconfigImport
        do {
            result = try KconfigImporter.importTree(kconfig: path, srctree: options.srctree, env: options.env,
                                                    environment: Environment.value)
        } catch {
            printError("\(error)")
            return 1
        }
        for warning in result.warnings { printError(sanitize(warning, lineBreaks: .escape)) }
        do {
            try Files.write(result.files.map { Files.Planned(relative: $0.name, bytes: Array($0.text.utf8)) }, inside: out)
        } catch {
            printError("\(error)")
            return 1
        }
        printError("import: \(result.symbolCount) symbols, \(result.rowCount) rows: \(Files.joinText(out, "main.lua"))")
        return 0
    }
}
