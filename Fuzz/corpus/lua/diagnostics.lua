-- examples/broken/diagnostics.lua
--
-- EXPECTED TO FAIL. This app is wrong on purpose: it makes every mistake that
-- SPEC §2 says luascreen reports, each on a line of its own, so that
--
--     luascreen check examples/broken/diagnostics.lua
--
-- prints them all at once, ordered by line, and exits 1. It is still valid Lua that
-- runs and returns an app: the mistakes are in the tables, not in the code.
-- Lua syntax errors, run-time errors and a script returning nothing are in the
-- other files of this folder (syntax.lua, runtime.lua, returns_nothing.lua).
--
-- Each wrong line ends with a comment naming the diagnostic it should produce.
-- Rows are written on one line each, so the line a constructor records is the line
-- of the mistake.

-- A table that contains itself: the section is its own first row.
local loop = section { header = "Loop" }; loop[1] = loop   -- ERROR: table contains itself (sections[6].rows[1])

return app {
  root = "main", store = "broken-diagnostics",
  screens = {
    screen {
      id = "main", title = "Everything Wrong",

      section {
        header = "Fields",
        row { id = "typo", txt = "Typo" },                   -- ERROR: unknown field "txt" (did you mean "text"?); then also: missing required field text
        row { id = "no_text", detail = "A row needs text" }, -- ERROR: missing required field text
        row { id = "wrong_type", text = 42 },                -- ERROR: wrong type: text is a number, expected a string (or a function)
        row { text = "Accessory", accessory = "disclosre" }, -- ERROR: accessory: unknown value "disclosre" (did you mean "disclosure"?)
        row { text = "Style", style = "subtitel" },          -- ERROR: style: unknown value "subtitel" (did you mean "subtitle"?)
        row { text = "Info", accessory = "checkmark", on_accessory = function(ctx) ctx:alert("never") end }, -- ERROR: on_accessory without a detail accessory (detail or detail_disclosure)
        button { text = "Do Nothing" },                      -- ERROR: button without on_select (missing required field on_select)
      },

      section { header = "Plain Table", { type = "togle", text = "Plain" } }, -- ERROR: sections[2].rows[1].type: unknown value "togle" (did you mean "toggle"?)

      section {
        header = "Ids and Keys",
        row { id = "twin", text = "Twin" },
        row { id = "twin", text = "Twin Again" },            -- ERROR: duplicate row id "twin" in screen "main"
        toggle { id = "shared_toggle", text = "Shared Toggle", key = "shared" },
        input { id = "shared_input", text = "Shared Input", key = "shared" }, -- ERROR: key "shared" bound with conflicting kinds (toggle and input)
        row { text = "Nowhere", push = "mian" },             -- ERROR: push: unknown screen "mian" (did you mean "main"?)
      },

      section {
        header = "Choices and Numbers",
        choice { text = "Size", key = "size", options = { "S", "M", "L" }, default = "XL" }, -- ERROR: default "XL" is not among the options
        choice { text = "Empty", key = "empty", options = {} },                          -- ERROR: options is empty
        choice { text = "Dupes", key = "dupes", options = { "A", "B", "A" } },          -- ERROR: duplicate option "A"
        number { text = "Backwards", key = "backwards", min = 10, max = 1 },           -- ERROR: min 10 is greater than max 1
        number { text = "Volume", key = "volume", min = 0, max = 10, default = 11 },   -- ERROR: default 11 is outside 0...10
        number { text = "Stuck", key = "stuck", min = 0, max = 10, step = 0 },         -- ERROR: step must be greater than 0
      },

      -- Rows that push the other screens, so each of them is reachable from the root.
      section {
        header = "Screens",
        row { text = "Untitled", push = "untitled" },
        row { text = "Duplicate", push = "dup" },
        row { text = "Both", push = "both" },
      },

      loop,
    },

    screen { id = "untitled", section { row { text = "A screen needs a title" } } }, -- ERROR: screens[2]: missing required field title
    screen { id = "dup", title = "First", section { row { text = "One" } } },
    screen { id = "dup", title = "Second", section { row { text = "Two" } } },    -- ERROR: duplicate screen id "dup"
    screen { id = "both", title = "Both", sections = { section { row { text = "A" } } }, section { row { text = "B" } } }, -- ERROR: sections given both as `sections` and in the array part
  },
}
