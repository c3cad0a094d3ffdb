// The library's public surface, one import: `import LuaScreen` brings exactly the
// declarations below (and `validate(path:)`, declared in this module). What exists only for
// the command line, the language server, the preview or the tests is `package` in its stage
// and not here; the free text functions of ScreenModel and ScreenRender (`sanitize`, `wrap`,
// `truncate`, ...) stay in those modules, out of an embedder's namespace.

// Core: opening and running one script (LuaScreenCore).
@_exported import class LuaScreenCore.Session
@_exported import struct LuaScreenCore.SessionOptions
@_exported import struct LuaScreenCore.SessionError
@_exported import struct LuaScreenCore.LoadError
@_exported import enum LuaScreenCore.RowRefusal
@_exported import enum LuaScreenCore.SessionVerb
@_exported import enum LuaScreenCore.Verb
@_exported import enum LuaScreenCore.VerbTable
@_exported import struct LuaScreenCore.VerbParameter
@_exported import enum LuaScreenCore.ReplSyntax
@_exported import struct LuaScreenCore.FindResult
@_exported import struct LuaScreenCore.RowID
@_exported import struct LuaScreenCore.WhyAnswer
@_exported import struct LuaScreenCore.RowHelpAnswer
@_exported import struct LuaScreenCore.ValueRead
@_exported import protocol LuaScreenCore.ValueStore
@_exported import class LuaScreenCore.FileStore
@_exported import class LuaScreenCore.MemoryStore
@_exported import class LuaScreenCore.ReadOnlyStore
@_exported import enum LuaScreenCore.StoreChoice
@_exported import enum LuaScreenCore.StoreError
@_exported import enum LuaScreenCore.Files
@_exported import struct LuaScreenCore.FileError
@_exported import enum LuaScreenCore.JSONValue
@_exported import struct LuaScreenCore.JSONParseError
@_exported import struct LuaScreenCore.Project
@_exported import struct LuaScreenCore.ProjectFile
@_exported import struct LuaScreenCore.ProjectFileError

// Kconfig: a Kconfig tree imported as an app (LuaScreenKconfig).
@_exported import enum LuaScreenKconfig.KconfigImporter
@_exported import struct LuaScreenKconfig.KconfigImport
@_exported import struct LuaScreenKconfig.KconfigError

// Interop: Settings.bundle and androidx, both ways, and plist values (LuaScreenInterop).
@_exported import enum LuaScreenInterop.Exporter
@_exported import enum LuaScreenInterop.ExportFormat
@_exported import struct LuaScreenInterop.ExportResult
@_exported import struct LuaScreenInterop.ExportedFile
@_exported import struct LuaScreenInterop.ExportError
@_exported import struct LuaScreenInterop.ExportFunctions
@_exported import enum LuaScreenInterop.BundleReaders
@_exported import enum LuaScreenInterop.BundleImporter
@_exported import enum LuaScreenInterop.AndroidXImporter
@_exported import struct LuaScreenInterop.ImportResult
@_exported import struct LuaScreenInterop.ImportError
@_exported import enum LuaScreenInterop.PlistValue
@_exported import enum LuaScreenInterop.PlistReader
@_exported import enum LuaScreenInterop.PlistWriter
@_exported import struct LuaScreenInterop.PlistReadError
@_exported import enum LuaScreenInterop.StringsFile
@_exported import enum LuaScreenInterop.StringsFileReader

// Explore: random walks with checks (LuaScreenExplore).
@_exported import class LuaScreenExplore.Explorer
@_exported import struct LuaScreenExplore.ExploreOptions
@_exported import struct LuaScreenExplore.ExploreReport
@_exported import struct LuaScreenExplore.ExploreFinding
@_exported import struct LuaScreenExplore.ExploreFailure
@_exported import struct LuaScreenExplore.ExploreStep
@_exported import enum LuaScreenExplore.ExploreTestFile

// Testing: `*_test.lua` files, their reports, recording (LuaScreenTesting).
@_exported import class LuaScreenTesting.TestRunner
@_exported import struct LuaScreenTesting.TestOptions
@_exported import struct LuaScreenTesting.TestResult
@_exported import struct LuaScreenTesting.TestFailure
@_exported import struct LuaScreenTesting.TestPathError
@_exported import enum LuaScreenTesting.TAPReport
@_exported import enum LuaScreenTesting.JUnitReport
@_exported import class LuaScreenTesting.SessionRecorder

// Tooling: diagnostics of an unsaved text, the graph of screens (LuaScreenTooling).
@_exported import enum LuaScreenTooling.DocumentCheck
@_exported import struct LuaScreenTooling.ScreenGraph

// The plain model (ScreenModel).
@_exported import struct ScreenModel.App
@_exported import struct ScreenModel.Screen
@_exported import struct ScreenModel.Section
@_exported import struct ScreenModel.Row
@_exported import enum ScreenModel.RowKind
@_exported import enum ScreenModel.RowStyle
@_exported import struct ScreenModel.RowAction
@_exported import struct ScreenModel.Binding
@_exported import struct ScreenModel.ChoiceOption
@_exported import enum ScreenModel.Accessory
@_exported import enum ScreenModel.Autocapitalization
@_exported import enum ScreenModel.KeyboardKind
@_exported import enum ScreenModel.DayTime
@_exported import enum ScreenModel.Dynamic
@_exported import struct ScreenModel.ScriptRef
@_exported import enum ScreenModel.PushTarget
@_exported import struct ScreenModel.ResolvedScreen
@_exported import struct ScreenModel.ResolvedSection
@_exported import struct ScreenModel.ResolvedRow
@_exported import struct ScreenModel.ResolvedAction
@_exported import struct ScreenModel.VisibilitySummary
@_exported import enum ScreenModel.StoreValue
@_exported import struct ScreenModel.StoreKey
@_exported import struct ScreenModel.Diagnostic
@_exported import enum ScreenModel.DiagnosticCode
@_exported import struct ScreenModel.SourceLocation
@_exported import struct ScreenModel.PlacedMessage
@_exported import struct ScreenModel.Translations
@_exported import struct ScreenModel.PlatformKeys
@_exported import struct ScreenModel.PlatformEntry
@_exported import enum ScreenModel.PlatformValue
@_exported import enum ScreenModel.LineBreaks

// The text renderer (ScreenRender).
@_exported import struct ScreenRender.TextRenderer
@_exported import struct ScreenRender.RenderOptions
@_exported import struct ScreenRender.TextStyle

// Of the Lua runtime, only what the library's own API speaks of: the limits a session runs
// under and the error a script raised.
@_exported import struct LuaRuntime.LuaLimits
@_exported import struct LuaRuntime.LuaError
