/// `luascreen man`: the man page luascreen.1, in roff, made from the command and option
/// tables so it lists exactly what the parser accepts.
enum ManPage {
    /// Text as roff: backslashes and hyphens escaped, no line starting with a control character.
    static func escaped(_ text: String) -> String {
        var out = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
            .replacing("`", with: "")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    static func roff() -> String {
        var lines = [
            ".TH LUASCREEN 1 \"\" \"luascreen \(escaped(luascreenVersion))\" \"User Commands\"",
            ".SH NAME",
            "luascreen \\- settings screens written in Lua, in the terminal",
            ".SH SYNOPSIS",
        ]
        for spec in CommandSpec.all {
            lines.append(".B luascreen \(spec.command.rawValue)")
            if !spec.synopsis.isEmpty { lines.append(escaped(spec.synopsis)) }
            lines.append(".br")
        }
        lines += [
            ".B luascreen",
            "SCRIPT [options]",
            ".SH DESCRIPTION",
            "luascreen hosts settings screens written in Lua: a script describes screens, sections,",
            "rows and callbacks as tables; luascreen runs it sandboxed, validates it with file, line",
            "and path for every mistake, and shows the screens in a REPL.",
            "Test files drive screens headless and print TAP.",
            ".SH COMMANDS",
        ]
        for spec in CommandSpec.all {
            lines.append(".TP")
            lines.append(".B \(spec.command.rawValue)" + (spec.synopsis.isEmpty ? "" : " " + quotedArgument(spec.synopsis)))
            lines.append(escaped(spec.help) + ".")
        }
        lines.append(".SH OPTIONS")
        for spec in OptionSpec.all {
            lines.append(".TP")
            let names = ([spec.name] + spec.aliases).map { "\\fB\(escaped($0))\\fR" }.joined(separator: ", ")
            lines.append(names + (spec.usage == spec.name ? "" : " \\fI\(escaped(String(spec.usage.dropFirst(spec.name.count + 1))))\\fR"))
            var text = escaped(spec.help)
            if !spec.commands.isEmpty, spec.commands.map(\.rawValue) != OptionSpec.scriptCommands.map(\.rawValue) {
                text += " (" + spec.commands.map(\.rawValue).joined(separator: ", ") + ")"
            }
            lines.append(text + ".")
        }
        lines += [
            ".SH EXIT STATUS",
            "0 on success; 1 for a script, validation, command or test failure; 2 for a usage error.",
            ".SH ENVIRONMENT",
            ".TP",
            ".B NO_COLOR",
            "When set and not empty, no colour.",
            ".TP",
            ".B XDG_CONFIG_HOME",
            "Values persist in \\fI$XDG_CONFIG_HOME/luascreen/NAME.json\\fR (default \\fI~/.config\\fR).",
            ".TP",
            ".B XDG_STATE_HOME",
            "The REPL's history is kept under \\fI$XDG_STATE_HOME/luascreen/\\fR.",
            ".TP",
            ".B TAP_VERSION",
            "Set by a TAP harness to the newest TAP it reads; 13 makes \\fBtest\\fR announce TAP version 13.",
            ".SH EXAMPLES",
            ".nf",
            "luascreen check examples/settings.lua",
            "luascreen run examples/settings.lua",
            "luascreen test examples/tests \\-\\-junit report.xml",
            "luascreen stubs \\-\\-out luascreen.lua",
            ".fi",
            ".SH SEE ALSO",
            ".BR lua (1),",
            ".BR prove (1),",
            ".BR luacheck (1)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A macro argument with spaces, quoted (roff doubles a quote inside).
    static func quotedArgument(_ text: String) -> String {
        "\"" + escaped(text).replacing("\"", with: "\"\"") + "\""
    }
}
