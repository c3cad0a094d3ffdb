-- examples/books.lua
--
-- The Settings page of a books app: two sections of rows with icons, each row
-- pushing a small inline screen of its own (a "child pane" in Settings.bundle terms).
--
-- It shows:
--   * icons: one single-column glyph per row (no emoji: they are two columns wide);
--   * inline child screens: `push = screen { ... }` right where the row is;
--   * choice, number and toggle rows bound to store keys, with defaults;
--   * rows that are disabled until another value allows them
--     (`enabled = function(ctx) ... end`), with `help` saying why;
--   * a plain row that does nothing when selected (Version): it is not selectable.
--
-- Run it:    luascreen run examples/books.lua
-- Try:       Sync · why sync_collections · iCloud Sync · show

-- Rows of the Sync screen below depend on this value.
local function sync_is_on(ctx) return ctx.store.sync end

return screen {
  id = "books_settings", title = "Settings",

  section {
    header = "Setup",

    row {
      text = "Library", icon = "☰",
      push = screen {
        id = "library", title = "Library",
        section {
          -- Options as { value =, text = }: "title" is stored, "Title" is shown.
          choice {
            text = "Sort by", key = "sort_by", default = "recent",
            options = {
              { value = "title",  text = "Title" },
              { value = "author", text = "Author" },
              { value = "recent", text = "Recently Read" },
            },
            help = "The order of books on the Library screen.",
          },
          toggle {
            text = "Show finished books", key = "show_finished", default = true,
            help = "Off: books you have finished move to the Finished collection.",
          },
        },
      },
    },

    row {
      text = "Reading", icon = "¶",
      push = screen {
        id = "reading", title = "Reading",
        section {
          header = "Text",
          -- The value moves on a grid: 12, 14, ... 32. Its detail shows "18 pt".
          number {
            text = "Font size", key = "font_size", default = 18,
            min = 12, max = 32, step = 2, unit = "pt",
          },
          -- Plain string options: value and text are the same string.
          -- sorted: the picker of a phone lists the options by text (a platform hint).
          choice {
            text = "Theme", key = "theme", default = "light",
            options = { "light", "dark", "sepia" }, sorted = true,
          },
        },
        section {
          header = "Pages",
          footer = "Scrolling shows a book as one long page.",
          -- radio: a phone shows the options inline as radio buttons (a Settings.bundle's
          -- PSRadioGroupSpecifier); the terminal shows it as any choice.
          choice {
            text = "Page turn", key = "page_turn", radio = true,
            options = { { value = "slide",  text = "Slide" },
                        { value = "curl",   text = "Curl" },
                        { value = "scroll", text = "Scrolling" } },
          },
        },
      },
    },

    row {
      text = "Sync", icon = "↻",
      -- A detail that follows a stored value (a function of ctx, evaluated at each render).
      detail = function(ctx) return ctx.store.sync and "On" or "Off" end,
      push = screen {
        id = "sync", title = "Sync",
        section {
          footer = "Sync keeps your place, notes and collections on all your devices.",
          toggle { text = "iCloud Sync", key = "sync", default = false },
        },
        section {
          header = "What to Sync",
          -- Disabled rows stay on the screen, drawn as disabled; `why REF` in the REPL
          -- shows this condition and the value of `sync` it read.
          toggle {
            text = "Reading Position", key = "sync_position", default = true,
            enabled = sync_is_on,
            help = "Open a book on another device at the page you left. Needs iCloud Sync.",
          },
          toggle {
            text = "Sync Collections", key = "sync_collections", default = true,
            enabled = sync_is_on,
            help = "Your collections on every device. Needs iCloud Sync.",
          },
          button {
            text = "Sync Now",
            enabled = sync_is_on,
            help = "Syncs right away instead of waiting. Needs iCloud Sync.",
            on_select = function(ctx) ctx:alert("Your library is up to date.") end,
          },
        },
      },
    },
  },

  section {
    header = "Support",
    footer = "Thank you for reading with us.",

    row {
      text = "Help Center", icon = "?",
      push = screen {
        id = "help_center", title = "Help Center",
        section {
          header = "Popular Topics",
          -- Subtitle rows: a question and a short answer beneath it.
          row { text = "Where are my books?", style = "subtitle",
                detail = "Library shows every book you own or have sampled." },
          row { text = "How do I move my place?", style = "subtitle",
                detail = "Turn on iCloud Sync, then Reading Position." },
          row { text = "Can I read offline?", style = "subtitle",
                detail = "Yes: downloaded books open without a connection." },
        },
      },
    },

    -- A button: selecting it runs on_select.
    button {
      text = "Contact Us", icon = "✉",
      on_select = function(ctx)
        ctx:alert("Write to us at help@books.example; we answer within a day.")
      end,
    },

    row {
      text = "Rate the App", icon = "★",
      on_select = function(ctx) ctx:alert("Thanks for rating Books!") end,
    },

    -- No push and no on_select: a plain row, shown but not selectable.
    row { text = "Version", icon = "#", detail = "3.1.4" },
  },
}
