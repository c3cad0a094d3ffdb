import XCTest
import LuaScreen
import LuaScreenCore
import LuaScreenTestSupport
import ScreenModel
import LuaRuntime

final class SessionTests: XCTestCase {
    let app = """
        local visits = 0
        return app { root = "main", store = "demo", screens = {
          screen { id = "main", title = "Main",
            section { id = "general", header = "General",
              toggle { text = "Wi-Fi", key = "wifi", default = true },
              row { text = "Network", push = "net",
                    enabled = function(ctx) return ctx.store.wifi end },
              choice { text = "Theme", key = "theme", options = { { value = "light", text = "Light" }, { value = "dark", text = "Dark" } } },
              number { text = "Volume", key = "volume", min = 0, max = 1, step = 0.1, default = 0.5 },
              input { text = "Name", key = "name", max_length = 5,
                      validate = function(v) if v:find("%d") then return "no digits, please" end end },
              input { text = "Password", key = "pw", secure = true },
              row { text = "Hidden", visible = false },
            },
            section { id = "actions",
              button { text = "Add", on_select = function(ctx)
                ctx:insert_row("actions", 1, row { id = "added", text = "Added row" })
                ctx:alert("added") end },
              button { text = "Break", on_select = function(ctx)
                ctx.store.wifi = false
                ctx:insert_row("actions", 1, row { text = "Never" })
                ctx:alert("never shown")
                error("boom")
              end },
              button { text = "Sign Out", confirm = "Sure?", destructive = true,
                       on_select = function(ctx) ctx:alert("bye") end },
              row { text = "Remove", on_select = function(ctx) ctx:remove_row("added") end },
              row { text = "Rename", on_select = function(ctx) ctx:update_row("rename", { text = "Renamed", detail = "new" }) end },
            },
          },
          screen { id = "net", title = "Network",
            on_appear = function(ctx) visits = visits + 1; ctx:alert("visit " .. visits) end,
            section { row { text = "Deeper", push = screen { id = "deep", title = "Deep", section { row { text = "Bottom", detail = "x" } } } } },
          },
        } }
        """

    func testNavigationAndOnAppear() throws {
        let s = try openSession(app)
        XCTAssertEqual(s.path, ["main"])
        try s.select("Network")
        XCTAssertEqual(s.path, ["main", "net"])
        XCTAssertEqual(s.messages, ["visit 1"])
        try s.select("1")
        XCTAssertEqual(s.path, ["main", "net", "deep"])
        try s.back()
        XCTAssertEqual(s.messages, ["visit 1"], "on_appear does not run when coming back")
        s.home()
        XCTAssertEqual(s.path, ["main"])
        XCTAssertThrowsError(try s.back())
    }

    func testToggleFlipsAndDisablesADependentRow() throws {
        let s = try openSession(app)
        XCTAssertEqual(try s.lookup("Wi-Fi").isOn, true)
        try s.select("wifi")
        XCTAssertEqual(s.storeValues().first { $0.key == "wifi" }?.value, .bool(false))
        XCTAssertFalse(try s.lookup("Network").enabled)
        XCTAssertThrowsError(try s.select("Network")) { error in
            XCTAssertTrue("\(error)".contains("is disabled"), "\(error)")
        }
        XCTAssertEqual(try s.why("Network").formatted, "Network: disabled because wifi = false (\(s.scriptPath):7)")
    }

    func testChoiceOpensAPickerWithACheckmark() throws {
        let s = try openSession(app)
        try s.select("Theme")
        XCTAssertEqual(s.path, ["main", "theme"])
        let picker = s.currentScreen()
        XCTAssertEqual(picker.title, "Theme")
        XCTAssertEqual(picker.sections[0].rows.map(\.text), ["Light", "Dark"])
        XCTAssertEqual(picker.sections[0].rows.map(\.accessory), [.checkmark, .none])
        try s.select("Dark")
        XCTAssertEqual(s.currentScreen().sections[0].rows.map(\.accessory), [.none, .checkmark])
        try s.back()
        XCTAssertEqual(try s.lookup("Theme").detail, "Dark")
        XCTAssertThrowsError(try s.set("Theme", text: "2"), "a choice is set by value or text, never by position")
        try s.set("Theme", text: "Light")
        XCTAssertEqual(try s.lookup("Theme").value, .string("light"))
    }

    func testNumbersOnTheStepGrid() throws {
        let s = try openSession(app)
        try s.set("Volume", text: "0.7")
        XCTAssertEqual(try s.lookup("Volume").value, .number(0.7))
        XCTAssertThrowsError(try s.set("Volume", text: "0.75")) { XCTAssertTrue("\($0)".contains("off the grid from"), "\($0)") }
        XCTAssertThrowsError(try s.set("Volume", text: "2")) { XCTAssertTrue("\($0)".contains("above the maximum"), "\($0)") }
        XCTAssertThrowsError(try s.set("Volume", text: "loud")) { XCTAssertTrue("\($0)".contains("not a number"), "\($0)") }
        XCTAssertEqual(try s.lookup("Volume").value, .number(0.7), "refused values change nothing")
    }

    func testInputValidationAndMasking() throws {
        let s = try openSession(app)
        XCTAssertThrowsError(try s.set("Name", text: "Ada1")) { XCTAssertTrue("\($0)".contains("no digits, please"), "\($0)") }
        XCTAssertThrowsError(try s.set("Name", text: "Adaline")) { XCTAssertTrue("\($0)".contains("at most 5 characters"), "\($0)") }
        try s.set("Name", text: "Ada")
        XCTAssertEqual(try s.lookup("Name").detail, "Ada")
        try s.set("Password", text: "hunter2")
        XCTAssertEqual(try s.lookup("Password").detail, "••••")
        XCTAssertEqual(try s.lookup("Password").value, .string("••••"))
        XCTAssertFalse(s.dump().serialized().contains("hunter2"))
    }

    func testInsertRemoveAndUpdateRowsAtRunTime() throws {
        let s = try openSession(app)
        try s.select("Add")
        XCTAssertEqual(s.currentScreen().sections[1].rows.first?.text, "Added row")
        XCTAssertEqual(s.messages, ["added"])
        // the change lasts while the screen stays on the stack, pushing a child included
        try s.select("Network")
        try s.back()
        XCTAssertEqual(s.currentScreen().sections[1].rows.first?.id, "added")
        try s.select("Remove")
        XCTAssertNil(s.currentScreen().sections[1].rows.first { $0.id == "added" })
        XCTAssertThrowsError(try s.select("Remove")) { XCTAssertTrue("\($0)".contains("no row \"added\""), "\($0)") }
        try s.select("Rename")
        XCTAssertEqual(try s.lookup("rename").text, "Renamed")
        XCTAssertEqual(try s.lookup("rename").detail, "new")
    }

    func testAFailingCallbackChangesNothing() throws {
        let s = try openSession(app)
        let before = s.currentScreen()
        XCTAssertThrowsError(try s.select("Break")) { error in
            let e = error as! SessionError
            XCTAssertEqual(e.kind, .script)
            XCTAssertTrue(e.message.contains("s.lua:23: boom"), e.message)
            XCTAssertFalse(e.traceback.isEmpty)
        }
        XCTAssertEqual(s.currentScreen(), before)
        XCTAssertEqual(s.storeValues().first { $0.key == "wifi" }?.value, .bool(true))
        XCTAssertEqual(s.messages, [])
    }

    func testConfirmAsksFirst() throws {
        let s = try openSession(app)
        XCTAssertThrowsError(try s.select("Sign Out")) { XCTAssertEqual(($0 as? SessionError)?.kind, .needsConfirmation("Sure?")) }
        try s.select("Sign Out", answer: false)
        XCTAssertEqual(s.messages, [])
        try s.select("Sign Out", answer: true)
        XCTAssertEqual(s.messages, ["bye"])
    }

    func testReferencesByNumberIDTextAndPrefix() throws {
        let s = try openSession(app)
        XCTAssertEqual(try s.lookup("1").id, "wifi")
        XCTAssertEqual(try s.lookup("theme").text, "Theme")
        XCTAssertEqual(try s.lookup("Volume").id, "volume")
        XCTAssertEqual(try s.lookup("vol").id, "volume")
        XCTAssertThrowsError(try s.lookup("N")) { XCTAssertTrue("\($0)".contains("matches 2 rows: Network (2), Name (5)"), "\($0)") }
        XCTAssertThrowsError(try s.lookup("Hidden")) { XCTAssertTrue("\($0)".contains("is hidden"), "\($0)") }
        XCTAssertEqual(try s.lookup("Hidden", includeHidden: true).visible, false)
        XCTAssertThrowsError(try s.lookup("99"))
    }

    func testResetPutsDefaultsBack() throws {
        let s = try openSession(app, store: [("wifi", .bool(false)), ("other", .string("kept"))])
        XCTAssertEqual(try s.lookup("Wi-Fi").isOn, false)
        try s.reset("Wi-Fi")
        XCTAssertEqual(try s.lookup("Wi-Fi").isOn, true)
        try s.set("Volume", text: "0.2")
        try s.resetAll()
        XCTAssertEqual(try s.lookup("Volume").value, .number(0.5))
        XCTAssertEqual(s.store.value(for: "other"), .string("kept"), "keys the script does not know are kept")
    }

    func testAStoredValueOfTheWrongTypeUsesTheDefault() throws {
        let s = try openSession(app, store: [("wifi", .string("yes"))])
        XCTAssertEqual(try s.lookup("Wi-Fi").isOn, true)
        XCTAssertTrue(s.warnings.first?.contains("the store holds string \"yes\" for \"wifi\"") ?? false, "\(s.warnings)")
        XCTAssertEqual(s.store.value(for: "wifi"), .string("yes"), "not rewritten until the person changes it")
    }

    func testFindSearchesEveryReachableScreen() throws {
        let s = try openSession(app)
        let results = s.find("bottom")
        XCTAssertEqual(results.map(\.screen), ["deep"])
        XCTAssertEqual(results.first?.path, ["main", "net", "deep"])
        try s.go(to: results[0].path)
        XCTAssertEqual(s.path, ["main", "net", "deep"])
    }

    func testFindSaysWhichRowsItCouldNotSearchAndShowsTitlesAsDrawn() throws {
        let s = try openSession("""
        return screen { id = "f", title = function() return "Found" end, section {
          row { text = "Alpha" },
          row { text = function() error("text broke") end, id = "broken" },
          row { text = "Beta", push = screen { id = "child", title = "Child", section { row { text = "Alpine" } } } },
        } }
        """)
        let results = s.find("al")
        XCTAssertEqual(results.map(\.text), ["Alpha", "Alpine"])
        // The root's title is a function: shown as drawn, never an empty name.
        XCTAssertEqual(results.last?.titles, ["Found", "Child"])
        XCTAssertEqual(s.warnings.count, 1, "\(s.warnings)")
        XCTAssertTrue(s.warnings[0].hasPrefix("find could not search row \"broken\" of screen \"f\": "), s.warnings[0])
        XCTAssertTrue(s.warnings[0].contains("text broke"), s.warnings[0])
        _ = s.find("al")
        XCTAssertEqual(s.warnings.count, 2, "each search says it again")
    }

    func testReloadKeepsThePathAndValues() throws {
        let folder = ScriptFolder()
        let s = try openSession(app, folder: folder)
        try s.select("Wi-Fi")
        try s.select("Theme")
        try s.back()
        // Network is disabled now; turn Wi-Fi back on, go there, and reload.
        try s.select("Wi-Fi")
        try s.select("Network")
        let note = try s.reloadScript()
        XCTAssertNil(note)
        XCTAssertEqual(s.path, ["main", "net"])
        s.home()
        XCTAssertEqual(try s.lookup("Wi-Fi").isOn, true)
    }

    func testReloadKeepsAnOpenPicker() throws {
        let folder = ScriptFolder()
        let s = try openSession(app, folder: folder)
        try s.select("Theme")
        XCTAssertNil(try s.reloadScript())
        withExtendedLifetime(folder) {}
        XCTAssertEqual(s.path, ["main", "theme"])
        XCTAssertEqual(s.currentScreen().sections[0].rows.map(\.text), ["Light", "Dark"])
    }

    func testLuaAtThePrompt() throws {
        let s = try openSession(app)
        XCTAssertEqual(try s.evaluate("1 + 2", expression: true), "3")
        XCTAssertEqual(try s.evaluate("ctx.store.wifi", expression: true), "true")
        _ = try s.evaluate("ctx.store.wifi = false", expression: false)
        XCTAssertEqual(try s.lookup("Wi-Fi").isOn, false)
        XCTAssertThrowsError(try s.evaluate("error('x')", expression: false))
    }

    func testDumpShape() throws {
        let s = try openSession(app)
        let dump = s.dump()
        XCTAssertEqual(dump["root"], .string("main"))
        guard case .array(let screens)? = dump["screens"] else { return XCTFail("no screens") }
        XCTAssertEqual(screens.compactMap { $0["id"] }, [.string("main"), .string("net"), .string("deep")])
        guard case .array(let sections)? = screens[0]["sections"], case .array(let rows)? = sections[0]["rows"],
              case .object(let first) = rows[0] else { return XCTFail("shape") }
        XCTAssertEqual(first.map(\.key), ["id", "type", "text", "detail", "icon", "style", "accessory", "enabled",
                                          "visible", "selectable", "key", "value"])
        XCTAssertEqual(rows[0]["type"], .string("toggle"))
        XCTAssertEqual(rows[0]["value"], .bool(true))
        XCTAssertEqual(rows[6]["visible"], .bool(false))
        XCTAssertEqual(rows[6]["icon"], .null)
        if case .object(let section) = sections[0] {
            XCTAssertEqual(section.map(\.key), ["id", "header", "footer", "rows"])
        }
    }

    func testPagesOfALongScreenMatchTheWholeScreen() throws {
        let s = try openSession("""
            local rows = {}
            for i = 1, 1000 do
              if i % 10 == 0 then rows[#rows + 1] = { text = "Hidden " .. i, visible = false }
              elseif i % 3 == 0 then rows[#rows + 1] = { text = "Info " .. i, detail = "x" }
              else rows[#rows + 1] = { text = "Action " .. i, on_select = function(ctx) ctx:alert("hi " .. i) end } end
            end
            return { title = "Long", { header = "A", rows = rows }, { header = "B", footer = "End", { text = "Last", on_select = function() end } } }
            """)
        let whole = s.currentScreen().visibleRows
        XCTAssertEqual(whole.count, 901)
        var seen: [ResolvedRow] = []
        let first = s.page(1, rowsPerPage: 100)
        XCTAssertEqual(first.count, 10)
        for p in 1...first.count {
            let page = s.page(p, rowsPerPage: 100)
            XCTAssertEqual(page.index, p)
            seen += page.screen.sections.flatMap(\.rows)
        }
        XCTAssertEqual(seen, whole)
        XCTAssertEqual(s.page(10, rowsPerPage: 100).screen.sections.last?.footer, "End")
        XCTAssertNil(s.page(1, rowsPerPage: 100).screen.sections.first?.footer)
        let n = try XCTUnwrap(whole.last { $0.text == "Action 998" }?.number)
        try s.select(String(n))
        XCTAssertEqual(s.messages, ["hi 998"])
    }

    func testCtxFieldsAreThereWhenReadEvenInsideACoroutine() throws {
        let s = try openSession("""
            local kept
            return screen { title = "Main", section {
              toggle { text = "Wi-Fi", key = "wifi", default = true,
                       on_change = function(ctx, new, old) ctx:alert(ctx.row.key .. " " .. tostring(old) .. ">" .. tostring(new)) end },
              row { text = "Go", context = { n = 7 }, on_select = function(ctx)
                kept = ctx
                coroutine.wrap(function()
                  ctx:alert(ctx.row.id .. " " .. ctx.row.context.n .. " on " .. ctx.screen.title .. " " .. tostring(ctx.store.wifi))
                end)()
              end },
              row { text = "Later", on_select = function(ctx) ctx:alert(tostring(kept.row and kept.row.id)) end },
            } }
            """)
        try s.select("Go")
        try s.select("Wi-Fi")
        try s.select("Later")
        XCTAssertEqual(s.messages, ["go 7 on Main true", "wifi true>false", "go"])
    }

    func testClosingReleasesTheLuaState() throws {
        let before = LuaState.openStates
        do {
            let s = try openSession(app)
            try s.select("Network")
            s.close()
        }
        XCTAssertEqual(LuaState.openStates, before)
    }
}
