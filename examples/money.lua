-- examples/money.lua
--
-- The "Money" screen of venmo/Static's demo, written for luascreen.
--
-- It shows the things Static is about: rows as plain view models, the three cell
-- styles (value1, value2, subtitle), every accessory (disclosure, checkmark, the
-- detail button and detail + disclosure), selection callbacks, and button rows,
-- one of them destructive and guarded by a confirmation.
--
-- Run it:    luascreen run examples/money.lua
-- Try:       Transfer            (pushes the transfer screen)
--            accessory Transfer  (runs on_accessory: the ⓘ button)

-- A screen can be built before the table that uses it, and reused: here the
-- statement screen is pushed by the Balance row.
local statement = screen {
  id = "statement", title = "Statement",
  section {
    header = "November",
    -- subtitle style: the detail goes on a second line under the text.
    row { text = "Coffee with Grace", detail = "-$4.50 · Nov 28", style = "subtitle" },
    row { text = "Rent split from Alan", detail = "+$600.00 · Nov 1", style = "subtitle" },
    row { text = "Opening balance", detail = "$16.50" },
  },
}

-- Callbacks are ordinary Lua functions; they receive ctx (see SPEC §1, "The ctx").
-- ctx:alert shows a message to the person (the REPL prints it, tests read it).
local function explain_transfers(ctx)
  ctx:alert("Transfers to your bank are free and usually arrive within 1-3 business days.")
end

return screen {
  id = "money", title = "Money",

  section {
    header = "Money",
    footer = "Transfers usually arrive within 1-3 business days.",

    -- value1 (the default style): text on the left, detail right-aligned.
    -- A row with `push` gets the disclosure accessory without asking for it.
    row { text = "Balance", detail = "$12.00", icon = "$", push = statement },

    -- Two ways to act on one row, as with Static's .detailDisclosureButton:
    -- selecting the row pushes the transfer screen, pressing the detail button
    -- (`accessory Transfer` in the REPL) runs on_accessory.
    row {
      text = "Transfer", accessory = "detail_disclosure",
      on_accessory = explain_transfers,
      push = screen {
        id = "transfer", title = "Transfer",
        section {
          header = "Amount",
          -- A number row bound to the store key "amount".
          number { text = "Amount", key = "amount", default = 12, min = 1, max = 12,
                   step = 0.01, unit = "USD",
                   help = "You can transfer up to your balance." },
          -- short: what a phone shows in the row where room is scarce (ShortTitles).
          choice { text = "To", key = "transfer_to",
                   options = { { value = "checking", text = "Checking ••1234", short = "Checking" },
                               { value = "savings",  text = "Savings ••9876", short = "Savings" } } },
        },
        section {
          button {
            text = "Transfer Now",
            on_select = function(ctx)
              local account = ctx.store.transfer_to == "savings" and "Savings" or "Checking"
              ctx:alert(string.format("Sent $%.2f to %s.", ctx.store.amount, account))
              ctx:pop()   -- back to Money once it is done
            end,
          },
        },
      },
    },
  },

  section {
    header = "Styles",
    footer = "Static's three cell styles: value1, value2 and subtitle.",
    row { text = "Pending", detail = "$3.50" },                        -- value1
    -- value2: the detail is a narrow label column before the text, as in Contacts.
    row { id = "email", text = "ada@example.com", detail = "email", style = "value2" },
    row { id = "phone", text = "+1 555 0100", detail = "phone", style = "value2" },
    row { text = "Venmo Card", detail = "Ending in 4242 · Active", style = "subtitle",
          on_select = function(ctx) ctx:alert("Your card is active.") end },
  },

  section {
    header = "Accessories",
    footer = "Try the detail buttons: accessory REF.",
    -- A checkmark is just an accessory; see jmstatic.lua for moving one at run time.
    row { text = "Pay from Balance first", accessory = "checkmark" },
    -- "detail" is the ⓘ button alone: on_accessory runs, the row itself does nothing.
    row { text = "Fees", accessory = "detail",
          on_accessory = function(ctx) ctx:alert("Paying from your balance is free.") end },
    -- A person, as in Static's demo: the detail button tells more (`accessory Sam<Tab>`
    -- completes the name, as for every row with a detail button).
    row { text = "Sam Soffes", detail = "Static's author", accessory = "detail",
          on_accessory = function(ctx) ctx:alert("Sam Soffes wrote Static, the library this screen imitates.") end },
    -- `context` is any value handed to callbacks as ctx.row.context.
    row { text = "Limits", detail = "$2,999.99 / week", accessory = "detail",
          context = { weekly = 2999.99 },
          on_accessory = function(ctx)
            ctx:alert(string.format("You can send up to $%.2f a week.", ctx.row.context.weekly))
          end },
  },

  section {
    header = "Banks",
    -- Button rows run on_select (required). This one pushes a screen from code.
    button {
      text = "Add Bank Account",
      on_select = function(ctx)
        ctx:push(screen {
          id = "add_bank", title = "Add Bank",
          section {
            footer = "Find these numbers at the bottom of a check.",
            -- keyboard: the keyboard a phone shows (a hint the terminal ignores).
            input { text = "Routing Number", key = "routing", placeholder = "9 digits",
                    max_length = 9, keyboard = "digits",
                    validate = function(value)
                      if value ~= "" and not value:match("^%d%d%d%d%d%d%d%d%d$") then
                        return "A routing number has exactly 9 digits."
                      end
                    end },
            -- secure: shown as ••••, never the value.
            input { text = "Account Number", key = "account", secure = true, keyboard = "digits",
                    placeholder = "Required" },
          },
        })
      end,
    },
    -- Destructive buttons are drawn as such; `confirm` asks a yes/no question first,
    -- and on_select runs only on yes.
    button {
      text = "Close Account", destructive = true,
      confirm = "Close your account? Your $12.00 balance goes to your bank.",
      on_select = function(ctx) ctx:alert("Your account is closed.") end,
    },
  },
}
