-- examples/tests/money_test.lua: venmo/Static's Money screen (examples/money.lua).

test("the Money screen and its styles", function()
  local s = open("../money.lua", { width = 70 })
  eq(s:path(), { "money" })
  eq(s:row("Balance").accessory, "disclosure")      -- given by push
  eq(s:row("Transfer").accessory, "detail_disclosure")
  eq(s:row("email").style, "value2")
  eq(s:row("email").detail, "email")
  eq(s:row("Venmo Card").style, "subtitle")
  eq(s:row("Pending").selectable, false)
  eq(s:row("Close Account").type, "button")
  snapshot("money-root", s:render())                 -- opts.width: 70
end)

test("Balance pushes the statement", function()
  local s = open("../money.lua")
  s:select("Balance")
  eq(s:path(), { "money", "statement" })
  local rows = s:screen().sections[1].rows
  eq(#rows, 3)
  eq(rows[1], { id = "coffee_with_grace", type = "text", text = "Coffee with Grace",
                detail = "-$4.50 · Nov 28", style = "subtitle", accessory = "none",
                enabled = true, visible = true, selectable = false })
  snapshot("money-statement", s:render(60))
end)

test("the detail buttons run on_accessory", function()
  local s = open("../money.lua")
  s:accessory("Transfer")
  s:accessory("Fees")
  s:accessory("Limits")                              -- reads ctx.row.context
  eq(s:messages(), {
    "Transfers to your bank are free and usually arrive within 1-3 business days.",
    "Paying from your balance is free.",
    "You can send up to $2999.99 a week.",
  })
  eq(s:path(), { "money" })                          -- the detail button does not navigate
  raises(function() s:accessory("Balance") end, "has no detail button")
  raises(function() s:select("Fees") end, "does nothing when selected")
end)

test("a transfer: amount on its step grid, account through the picker", function()
  local s = open("../money.lua")
  s:select("Transfer")
  eq(s:path(), { "money", "transfer" })
  eq(s:row("Amount").value, 12)
  eq(s:row("Amount").detail, "12 USD")
  s:set("Amount", 7.25)
  eq(s:row("Amount").detail, "7.25 USD")
  s:set("Amount", "5.5 USD")                         -- typed text, with its unit
  eq(s:store().amount, 5.5)
  raises(function() s:set("Amount", 7.255) end, "off the grid from 1 in steps of 0%.01")
  raises(function() s:set("Amount", 13) end, "above the maximum 12")
  raises(function() s:set("Amount", 0.5) end, "below the minimum 1")
  raises(function() s:set("Amount", "lots") end, "is not a number")
  raises(function() s:select("Amount") end, 'give its new value with s:set%("1", VALUE%)')
  eq(s:store().amount, 5.5)                          -- refused values changed nothing

  -- The choice opens its picker; the checkmark is on the current option.
  eq(s:row("To").detail, "Checking ••1234")
  s:select("To")
  eq(s:path(), { "money", "transfer", "transfer_to" })
  eq(s:row("checking").accessory, "checkmark")
  eq(s:row("savings").accessory, "none")
  s:select("Savings")                                -- a prefix of the option's text
  eq(s:row("savings").accessory, "checkmark")
  snapshot("money-transfer-picker", s:render(60))
  s:back()
  eq(s:row("To").detail, "Savings ••9876")
  eq(s:store().transfer_to, "savings")
  snapshot("money-transfer", s:render(60))

  -- Transfer Now alerts and pops back to Money.
  s:select("Transfer Now")
  eq(s:path(), { "money" })
  eq(s:messages(), { "Sent $5.50 to Savings." })
end)

test("set on a choice takes an option's value or its text", function()
  local s = open("../money.lua")
  s:select("Transfer")
  s:set("To", "savings")
  eq(s:store().transfer_to, "savings")
  s:set("To", "Checking ••1234")
  eq(s:store().transfer_to, "checking")
  raises(function() s:set("To", "brokerage") end, "not an option")
  raises(function() s:set("To", "2") end, "not an option")   -- never its position
  eq(s:store().transfer_to, "checking")
end)

test("Add Bank Account pushes a screen from code; inputs validate", function()
  local s = open("../money.lua")
  s:select("Add Bank Account")
  eq(s:path(), { "money", "add_bank" })
  eq(s:row("Routing Number").detail, "9 digits")      -- the placeholder while empty
  raises(function() s:set("Routing Number", "12") end, "exactly 9 digits")
  raises(function() s:set("Routing Number", "1234567890") end, "at most 9 characters")
  eq(s:store().routing, "")
  s:set("Routing Number", "123456789")
  eq(s:row("Routing Number").detail, "123456789")
  -- A secure input never shows its value, not even in row() and screen().
  s:set("Account Number", "99887766")
  eq(s:row("Account Number").detail, "••••")
  eq(s:row("Account Number").value, "••••")
  eq(s:store().account, "99887766")                  -- the store has the real value
  snapshot("money-add-bank", s:render(60))
end)

test("Close Account asks first; no leaves the account open", function()
  local s = open("../money.lua")
  s:select("Close Account", false)
  eq(s:messages(), {})
  s:select("Close Account", true)
  eq(s:messages(), { "Your account is closed." })
end)

test("find reaches inline screens but not screens pushed from code", function()
  local s = open("../money.lua")
  eq(s:find("coffee"), { { screen = "statement", row = "coffee_with_grace", text = "Coffee with Grace" } })
  eq(#s:find("Transfer Now"), 1)
  eq(s:find("Routing"), {})                          -- add_bank is built in on_select
end)
