import LuaScreenCore

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
            ".TH LUASCREEN 1 \(luascreenDate) \"luascreen \(escaped(luascreenVersion))\" \"User Commands\"",
            // No hyphenation: identifiers ($XDG_CONFIG_HOME, on_select) are never split.
            ".nh",
            ".SH NAME",
            "luascreen \\- settings screens written in Lua, in the terminal",
            ".SH SYNOPSIS",
        ]
        // One synopsis a command, each with a hanging indent (.SY/.YS, which groff and mandoc
        // both know): a synopsis that wraps goes on under its first word after the name.
        for spec in CommandSpec.all {
            lines.append(".SY luascreen")
            lines.append(".B \(spec.command.rawValue)")
            if !spec.synopsis.isEmpty { lines += wrapped(escaped(spec.synopsis)) }
            lines.append(".YS")
        }
        lines += [
            ".SY luascreen",
            "SCRIPT [options]",
            ".YS",
            ".SY luascreen",
            ".B help",
            "[COMMAND]",
            ".YS",
            // .YS puts hyphenation back as it was before .nh: off again.
            ".nh",
            ".SH DESCRIPTION",
            "luascreen hosts settings screens written in Lua: a script describes screens,",
            "sections, rows and callbacks as tables; luascreen runs it sandboxed,",
            "validates it with file, line and path for every mistake, and shows the",
            "screens in a REPL.",
            "Test files drive screens headless and print TAP.",
            "Diagnostics put the place first, as editors read them:",
            "\\fIFILE\\fR:\\fILINE\\fR: error: \\fIMESSAGE\\fR.",
            ".SH COMMANDS",
        ]
        for spec in CommandSpec.all {
            lines.append(".TP")
            lines.append(".B \(spec.command.rawValue)" + (spec.synopsis.isEmpty ? "" : " " + quotedArgument(spec.synopsis)))
            lines += wrapped(escaped(spec.help) + ".")
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
            lines += wrapped(text + ".")
        }
        lines += [
            ".SH REPL COMMANDS",
            "In the REPL (and in batch mode, one a line of standard input), \\fIREF\\fR is a",
            "row's number, its id, or the start of its text.",
        ]
        for entry in ReplCommands.entries {
            lines.append(".TP")
            lines += wrapped("\\fB" + escaped(entry.synopsis) + "\\fR")
            lines += wrapped(escaped(entry.summary) + ".")
        }
        lines += [
            ".SH EXIT STATUS",
            "0 on success; 1 for a script, validation, command or test failure;",
            "2 for a usage error.",
            ".SH ENVIRONMENT",
            ".TP",
            ".B NO_COLOR",
            "When set and not empty, no colour with \\fB\\-\\-color auto\\fR (the default);",
            "an explicit \\fB\\-\\-color always\\fR wins.",
            ".TP",
            ".B TERM",
            "With \\fBdumb\\fR, no colour with \\fB\\-\\-color auto\\fR.",
            ".TP",
            ".BR LC_ALL \", \" LC_MESSAGES \", \" LC_CTYPE \", \" LANG",
            "The language of the app's strings (\\fB\\-\\-locale\\fR overrides it), and whether",
            "the terminal takes UTF\\-8 (else \\fB\\-\\-ascii\\fR is implied).",
            ".TP",
            ".BR VISUAL \", \" EDITOR",
            "The editor the REPL's \\fBedit\\fR command opens (VISUAL first).",
            ".TP",
            ".B XDG_CONFIG_HOME",
            "Values persist in \\fI$XDG_CONFIG_HOME/luascreen/\\fR (default \\fI~/.config\\fR).",
            ".TP",
            ".B XDG_STATE_HOME",
            "The REPL's history is kept in \\fI$XDG_STATE_HOME/luascreen/history\\fR",
            "(default \\fI~/.local/state\\fR).",
            ".TP",
            ".B HOME",
            "The base of the defaults above.",
            ".TP",
            ".B TAP_VERSION",
            "Set by a TAP harness to the newest TAP it reads; 13 makes \\fBtest\\fR announce",
            "TAP version 13.",
            ".TP",
            ".B LUASCREEN_PREVIEW_SECONDS",
            "When set to a number N, \\fBpreview\\fR stops by itself after N seconds.",
            ".TP",
            ".B LUASCREEN_TIMING",
            "When set (e.g. to \\fB1\\fR), the time (wall and CPU) and memory of each",
            "phase of loading (parse, run, collect, validate, the symbols) and of",
            "rendering are printed on stderr, and the time of each REPL command once it",
            "is done.",
            ".SH FILES",
            ".TP",
            ".I $XDG_CONFIG_HOME/luascreen/NAME.json",
            "The store: the values of the app whose \\fBstore\\fR is NAME (else the script's",
            "name), a JSON object; \\fB\\-\\-store\\fR chooses another file, \\fBnone\\fR memory.",
            "luascreen never overwrites a file it cannot read.",
            ".TP",
            ".I $XDG_CONFIG_HOME/luascreen/.NAME.json.lock",
            "Beside each store file: locked (flock) while values are saved, so two",
            "luascreen processes do not lose each other's changes.",
            ".TP",
            ".I $XDG_STATE_HOME/luascreen/history",
            "The REPL's command history.",
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

    /// Roff text lines of at most 80 bytes, cut at spaces (mandoc's style), none starting
    /// with a control character.
    static func wrapped(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !line.isEmpty, line.utf8.count + 1 + word.utf8.count > 80 {
                lines.append(line)
                line = String(word)
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        lines.append(line)
        return lines.map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }
    }

    /// A macro argument with spaces, quoted (roff doubles a quote inside).
    static func quotedArgument(_ text: String) -> String {
        "\"" + escaped(text).replacing("\"", with: "\"\"") + "\""
    }
}
