#if canImport(Glibc)
import Glibc
#endif
import LuaRuntime
import LuaScreenCore
import ScreenModel

/// Writes a found bug as a `_test.lua` file: the shrunk steps as session calls, then the
/// explorer's checks (`s:check()`). It fails while the bug is there and passes once it is fixed.
///
/// A namespace of functions, no state: usable from any thread.
public enum ExploreTestFile {
    /// The text of the test file, for a script at `scriptPath` opened from a file in `folder`.
    public static func text(script scriptPath: String, folder: String, seed: UInt64, finding: ExploreFinding) -> String {
        let relative = relativePath(from: folder, to: scriptPath)
        // The script's name and the failure's text come from outside: each comment is one
        // line whatever they hold (LuaLiteral.comment), every string a literal.
        let firstLine = finding.failure.message.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        var lines = [
            LuaLiteral.comment("Found by `luascreen explore \(scriptPath) --seed \(seed)` (walk \(finding.walk + 1)),"),
            LuaLiteral.comment("shrunk from \(finding.stepsBefore) steps to \(finding.steps.count):"),
            LuaLiteral.comment("  \(finding.failure.check.rawValue): \(firstLine)"),
            LuaLiteral.comment("It fails while the bug is there and passes once it is fixed."),
            "test(\(LuaLiteral.string("explore \(scriptPath) seed \(seed) walk \(finding.walk + 1): \(finding.failure.check.rawValue)")), function()",
            "  local s = open(\(LuaLiteral.string(relative)))",
        ]
        for (i, step) in finding.steps.enumerated() {
            let last = i == finding.steps.count - 1
            let outcome = i < finding.outcomes.count ? finding.outcomes[i] : .done
            switch outcome {
            case .refused where !last || finding.failure.check != .raised:
                lines.append("  raises(function() \(step.luaCall) end)  -- refused, as it should be")
            default:
                lines.append("  \(step.luaCall)")
            }
        }
        let lastRaised: Bool
        if case .failed? = finding.outcomes.last, !finding.steps.isEmpty { lastRaised = true } else { lastRaised = false }
        if !lastRaised {
            lines.append("  s:check()  -- renders, values, why, JSON, invariants: what explore checks after each step")
        }
        lines.append("end)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the test into `folder` (made when missing) through the `Files` seam; returns
    /// its path. The name is `explore_NAME_SEED_test.lua`, NAME the script's base name made
    /// a file name by `ExportNames` (SPEC §14: only ASCII letters, digits, `_`, `-`, `.`).
    /// Throws `FileError`; never writes over the script.
    public static func write(script scriptPath: String, folder: String, seed: UInt64, finding: ExploreFinding) throws -> String {
        var base = baseName(scriptPath)
        if base.hasSuffix(".lua") { base.removeLast(4) }
        let suffix = "_\(seed)_test.lua"
        let name = "explore_" + (ExportNames.base(for: base, suffix: "explore_" + suffix) ?? ExportNames.hash(base)) + suffix
        let text = text(script: scriptPath, folder: folder, seed: seed, finding: finding)
        try Files.write([Files.Planned(relative: name, bytes: Array(text.utf8))], inside: folder, inputs: [scriptPath])
        return PathResolver.join(folder, name)
    }

    /// The last component of a path.
    package static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The current directory.
    package static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return String(cString: cwd)
    }

    /// The path of `target` as seen from `folder` (both made absolute first).
    package static func relativePath(from folder: String, to target: String) -> String {
        let from = Files.standardizedParts(folder), to = Files.standardizedParts(target)
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        return (ups + to[common...]).joined(separator: "/")
    }
}
