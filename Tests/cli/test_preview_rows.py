"""Issue 38's rows in a real browser (headless Chromium, Selenium), each in both looks and
at a narrow and a wide window where the look matters: a toggle's subtitle, multi-select
checkboxes in the Android look, a number row's label and why? badge inside the row, a port
typed in a plain field, a refused text kept in its field, an iOS radio group drawn inline, a
time field keeping focus while 0745 is typed, a broken save announced where it can be seen
on a scrolled page, a destructive confirm, and the map opening in view with its labels
clear of the nodes and of each other."""
import os
import time
import unittest

import Tests.cli.test_preview_browser as browser
from Tests.cli.previewsupport import rows, wait_for

ROWS = """
local rest = { id = "rest", header = "More" }
for i = 1, 30 do rest[#rest + 1] = row { id = "f" .. i, text = "Filler " .. i } end
rest[#rest + 1] = toggle { id = "late", text = "Late switch", key = "late", default = false }
return screen { id = "m", title = "Look", section {
  toggle { id = "assist", text = "Wi-Fi assist", key = "assist", detail = "Use mobile data when Wi-Fi is poor",
           style = "subtitle", default = true },
  time { id = "wake", text = "Wake up", key = "wake", default = "07:00" },
  choice { id = "days", text = "Days", key = "days", multiple = true, default = { "mon" },
           options = { { value = "mon", text = "Monday" }, { value = "tue", text = "Tuesday" } } },
  number { id = "dl", text = "Maximum number of simultaneous downloads allowed at once over cellular networks",
           key = "dl", min = 1, max = 10, default = 3, enabled = function(ctx) return not ctx.store.assist end },
  number { id = "cache", text = "Cache size", key = "cache", unit = "KB", default = 50 },
  number { id = "port", text = "Port", key = "port", min = 1, max = 65535, field = true, default = 993 },
  input { id = "name", text = "Name", key = "name", placeholder = "Your name",
          validate = function(value) if #value < 3 then return "at least 3 letters" end end },
  button { id = "erase", text = "Erase everything", destructive = true, confirm = "Erase all data?",
           on_select = function(ctx) end },
}, section { id = "look",
  choice { id = "theme", text = "Theme", key = "theme", radio = true, default = "light",
           options = { { value = "light", text = "Light" }, { value = "dark", text = "Dark" }, { value = "auto", text = "Automatic" } } },
}, section(rest) }
"""

WIDTHS = (360, 1200)


def setUpModule():
    browser.setUpModule()


def tearDownModule():
    browser.tearDownModule()


class RowsDrawnInTheBrowser(browser.BrowserCase):
    def prepare_script(self):
        path = os.path.join(self.dir, "look.lua")
        with open(path, "w") as f:
            f.write(ROWS)
        return path

    def tearDown(self):
        if hasattr(self, "browser"):
            self.browser.set_window_size(480, 1000)
        super().tearDown()

    def quiet(self):
        """Waits until the page has not redrawn for 0.4 s (a set redraws twice: its answer,
        then the event that the values changed)."""
        body = self.find("body")
        last, since = body.get_attribute("data-draws"), time.monotonic()
        while time.monotonic() - since < 0.4:
            time.sleep(0.05)
            now = body.get_attribute("data-draws")
            if now != last:
                last, since = now, time.monotonic()

    def value(self, row_id):
        return [r["value"] for r in rows(self.preview.state()) if r["id"] == row_id][0]

    def box(self, element):
        return self.browser.execute_script("const r = arguments[0].getBoundingClientRect();"
                                           "return {x: r.left, y: r.top, w: r.width, h: r.height};", element)

    def inside(self, inner, outer, what):
        self.assertGreaterEqual(inner["x"], outer["x"] - 1, what)
        self.assertGreaterEqual(inner["y"], outer["y"] - 1, what)
        self.assertLessEqual(inner["x"] + inner["w"], outer["x"] + outer["w"] + 1, what)
        self.assertLessEqual(inner["y"] + inner["h"], outer["y"] + outer["h"] + 1, what)

    def each_look_and_width(self):
        for width in WIDTHS:
            self.browser.set_window_size(width, 1000)
            for look in ("ios", "android"):
                self.set_look(look)
                yield look, width

    def test_a_toggles_subtitle_in_both_looks(self):
        for look, width in self.each_look_and_width():
            assist = self.row("assist")
            sub = assist.find_element(self.By.CSS_SELECTOR, ".text .sub")
            self.assertEqual(sub.text, "Use mobile data when Wi-Fi is poor", (look, width))
            self.assertTrue(sub.is_displayed())
            self.inside(self.box(sub), self.box(assist), (look, width))

    def test_number_rows_keep_their_label_and_badge(self):
        for look, width in self.each_look_and_width():
            for row_id in ("dl", "cache"):
                number = self.row(row_id)
                row_box = self.box(number)
                label = number.find_element(self.By.CSS_SELECTOR, ".label")
                line = float(self.browser.execute_script("return parseFloat(getComputedStyle(arguments[0]).lineHeight) || 20", label))
                self.assertLessEqual(self.box(label)["h"], 2 * line + 1, (row_id, look, width, "at most two lines"))
                # Not crushed: a short label shows whole on one line, a long one takes the row's width.
                if row_id == "cache":
                    self.assertLessEqual(self.box(label)["h"], line + 1, (look, width, "a short label wrapped"))
                    self.assertTrue(self.browser.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth + 1", label),
                                    (look, width, "a short label is cut"))
                else:
                    self.assertGreaterEqual(self.box(label)["w"], 0.6 * row_box["w"], (look, width, "a long label is crushed"))
                for part in number.find_elements(self.By.CSS_SELECTOR, ".stepper, .number-value, .why, .slider"):
                    self.inside(self.box(part), row_box, (row_id, look, width, part.get_attribute("class")))
            # The long label is cut at two lines, the disabled row says why inside the row.
            self.assertTrue(self.row("dl").find_element(self.By.CSS_SELECTOR, ".why").is_displayed())
            if width == 1200 and look == "android":
                shots = os.environ.get("LUASCREEN_SCREENSHOT_DIR")
                if shots:
                    self.browser.save_screenshot(os.path.join(shots, "rows-android.png"))

    def test_a_multi_select_has_checkboxes_in_the_android_look(self):
        self.set_look("android")
        self.click_css('.row[data-id="days"]')
        self.wait_text("title", lambda t: t == "Days")
        boxes = wait_for(lambda: self.browser.find_elements(self.By.CSS_SELECTOR, ".row .box"))
        self.assertEqual(len(boxes), 2)
        marks = [self.browser.execute_script("return getComputedStyle(arguments[0], '::after').content", b) for b in boxes]
        self.assertEqual(marks, ['"☑"', '"☐"'])  # checkboxes, not radio dots
        self.assertEqual(self.browser.find_elements(self.By.CSS_SELECTOR, ".row .check"), [])
        self.click_css('.row[data-id="tue"]')
        self.assertTrue(wait_for(lambda: len(self.browser.find_elements(self.By.CSS_SELECTOR, ".row .box.checked")) == 2))
        self.assertEqual(self.stored().get("days"), ["mon", "tue"])

    def test_a_destructive_confirm(self):
        self.click_css('.row[data-id="erase"]')
        self.assertEqual(self.dialog_text(), "Erase all data?")
        buttons = wait_for(lambda: self.browser.find_elements(self.By.CSS_SELECTOR, "#dialog-buttons button"))
        self.assertEqual([b.text for b in buttons], ["Cancel", "OK"])
        self.assertIn("destructive", buttons[1].get_attribute("class"))
        color = self.browser.execute_script("return getComputedStyle(arguments[0]).color", buttons[1])
        self.assertEqual(color, "rgb(255, 59, 48)")  # the iOS destructive red
        buttons[0].click()

    def test_a_refused_text_stays_in_its_field(self):
        from selenium.webdriver.common.keys import Keys
        for look in ("ios", "android"):
            self.set_look(look)
            field = self.row("name").find_element(self.By.CSS_SELECTOR, "input")
            self.browser.execute_script("arguments[0].select()", field)  # (abc, the second time)
            field.send_keys("ab" + Keys.ENTER)
            self.wait_text("message", lambda t: "at least 3 letters" in t)

            def kept():
                f = self.row("name").find_element(self.By.CSS_SELECTOR, "input")
                return f if f.get_attribute("aria-invalid") == "true" else None
            field = wait_for(kept)
            self.assertIsNotNone(field, "the refused field is not marked")
            self.quiet()  # and stays so through the redraws that follow
            field = kept()
            self.assertIsNotNone(field, "the refused field is not marked after a redraw")
            self.assertEqual(field.get_attribute("value"), "ab", "the refused text left the field")
            self.assertIn("at least 3 letters", self.row("name").find_element(self.By.CSS_SELECTOR, ".refusal").text)
            self.assertTrue(self.browser.execute_script("return document.activeElement === arguments[0]", field))
            self.assertNotEqual(self.stored().get("name"), "ab")
            field.send_keys("c" + Keys.ENTER)  # corrected where it stands
            self.assertTrue(wait_for(lambda: self.stored().get("name") == "abc"), self.stored())
            self.assertTrue(wait_for(lambda: not self.row("name").find_elements(self.By.CSS_SELECTOR, ".refusal")))
            self.assertFalse(self.find("#message").is_displayed())
            self.quiet()

    def test_a_port_is_typed_in_a_plain_field_in_every_look(self):
        from selenium.webdriver.common.keys import Keys
        typed = {"ios": "8080", "android": "65535"}
        for look, width in self.each_look_and_width():
            port = self.row("port")
            field = port.find_element(self.By.CSS_SELECTOR, "input.field")
            self.assertEqual(field.get_attribute("type"), "text")
            self.assertEqual(field.get_attribute("inputmode"), "numeric")
            self.assertEqual(port.find_elements(self.By.CSS_SELECTOR, ".slider, .stepper"), [])
            self.assertGreaterEqual(self.box(field)["w"], 60, (look, width))
            self.inside(self.box(field), self.box(port), (look, width))
            self.browser.execute_script("arguments[0].select()", field)  # typing replaces it
            field.send_keys(typed[look] + Keys.ENTER)
            self.assertTrue(wait_for(lambda: self.stored().get("port") == int(typed[look])), (look, width, self.stored()))
            self.quiet()
        field = self.row("port").find_element(self.By.CSS_SELECTOR, "input.field")
        self.browser.execute_script("arguments[0].select()", field)
        field.send_keys("70000" + Keys.ENTER)
        self.wait_text("message", lambda t: "above the maximum 65535" in t)
        self.assertTrue(wait_for(lambda: self.row("port").find_element(self.By.CSS_SELECTOR, "input").get_attribute("value") == "70000"))
        self.assertEqual(self.stored().get("port"), 65535)

    def test_a_radio_choice_is_an_inline_group_in_the_ios_look(self):
        self.set_look("ios")
        self.assertEqual(self.browser.find_elements(self.By.CSS_SELECTOR, '.row[data-id="theme"][role=button]'), [])
        group = self.find('[data-radio="theme"]')
        self.assertEqual(group.find_element(self.By.CSS_SELECTOR, ".section-header").text.lower(), "theme")
        box = group.find_element(self.By.CSS_SELECTOR, ".group")
        self.assertEqual(box.get_attribute("role"), "radiogroup")
        options = box.find_elements(self.By.CSS_SELECTOR, ".row[role=radio]")
        self.assertEqual([o.text for o in options], ["Light", "Dark", "Automatic"])
        self.assertEqual([o.get_attribute("aria-checked") for o in options], ["true", "false", "false"])
        self.assertEqual(len(options[0].find_elements(self.By.CSS_SELECTOR, ".check")), 1)
        options[1].click()
        self.assertTrue(wait_for(lambda: self.stored().get("theme") == "dark"), self.stored())
        self.assertTrue(wait_for(lambda: [o.get_attribute("aria-checked") for o in self.browser.find_elements(
            self.By.CSS_SELECTOR, '[data-radio="theme"] .row[role=radio]')] == ["false", "true", "false"]))
        # The rows after it are a group of their own; the Android look opens it as a choice.
        self.assertTrue(self.row("f1").is_displayed())
        self.set_look("android")
        self.assertEqual(self.browser.find_elements(self.By.CSS_SELECTOR, "[data-radio]"), [])
        self.assertEqual(self.row("theme").get_attribute("role"), "button")

    def test_a_time_field_keeps_focus_while_0745_is_typed(self):
        from selenium.webdriver.common.action_chains import ActionChains
        field = self.row("wake").find_element(self.By.CSS_SELECTOR, "input")
        self.browser.execute_script("arguments[0].focus()", field)
        for key in "0745":
            ActionChains(self.browser).send_keys(key).perform()
            time.sleep(0.15)  # a redraw after a keystroke would take the focus away
            self.assertTrue(self.browser.execute_script("return document.activeElement === arguments[0] && arguments[0].isConnected", field),
                            f"the field lost focus after {key!r}")
        self.assertEqual(field.get_attribute("value"), "07:45")
        self.assertEqual(self.value("wake"), "07:00")  # set when it is left
        self.browser.execute_script("arguments[0].blur()", field)
        self.assertTrue(wait_for(lambda: self.value("wake") == "07:45"))

    def test_a_broken_save_is_seen_on_a_scrolled_page(self):
        self.browser.set_window_size(480, 700)
        os.mkdir(self.store)  # the store file is a folder now: the next save fails
        late = self.row("late")
        self.browser.execute_script("arguments[0].scrollIntoView({block: 'end'})", late)
        scrolled = self.browser.execute_script("return window.scrollY")
        self.assertGreater(scrolled, 300)
        late.click()
        self.wait_text("message", lambda t: "cannot save the values" in t)
        message = self.box(self.find("#message"))
        height = self.browser.execute_script("return window.innerHeight")
        self.assertGreaterEqual(message["y"], 0)
        self.assertLessEqual(message["y"] + message["h"], height)
        self.assertEqual(self.browser.execute_script("return window.scrollY"), scrolled, "the page jumped")
        self.assertEqual(self.browser.execute_script(
            "const r = document.getElementById('message').getBoundingClientRect();"
            "return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2).id"), "message", "the banner is covered")


RADIO = """
return screen { id = "m", title = "Radio", section { header = "Display",
  toggle { id = "auto", text = "Automatic", key = "auto", default = true },
  choice { id = "theme", text = "Theme", key = "theme", radio = true, default = "light",
           enabled = function(ctx) return not ctx.store.auto end,
           options = { { value = "light", text = "Light" }, { value = "dark", text = "Dark" } } },
  row { id = "after", text = "After the group" },
  footer = "The footer of the section" } }
"""


class DisabledRadioInTheBrowser(browser.BrowserCase):
    def prepare_script(self):
        path = os.path.join(self.dir, "radio.lua")
        with open(path, "w") as f:
            f.write(RADIO)
        return path

    def test_a_disabled_radio_group_says_why_and_picks_nothing(self):
        self.set_look("ios")
        options = self.browser.find_elements(self.By.CSS_SELECTOR, '[data-radio="theme"] .row[role=radio]')
        self.assertEqual([o.get_attribute("aria-disabled") for o in options], ["true", "true"])
        options[1].click()
        time.sleep(0.3)
        self.assertNotIn("theme", self.stored())
        self.click_css('[data-radio="theme"] .why')
        self.assertIn("disabled because", self.dialog_text())
        self.dialog_button("OK").click()
        # The section's rows before and after the group, and its footer after its last row.
        self.assertEqual([b.get_attribute("data-section") for b in self.browser.find_elements(self.By.CSS_SELECTOR, "#sections > .section")],
                         ["display", "display", "display"])
        last = self.browser.find_elements(self.By.CSS_SELECTOR, "#sections > .section")[-1]
        self.assertEqual(last.find_element(self.By.CSS_SELECTOR, ".section-footer").text, "The footer of the section")
        self.click_css('.row[data-id="auto"]')
        self.assertTrue(wait_for(lambda: self.browser.find_elements(self.By.CSS_SELECTOR, '[data-radio="theme"] .row[role=radio]:not([aria-disabled])')))
        self.click_css('[data-radio="theme"] .row[role=radio]', 1)
        self.assertTrue(wait_for(lambda: self.stored().get("theme") == "dark"), self.stored())


MAP = """
local long = "Notifications and sounds for every account on this device"
return app { root = "home", screens = {
  screen { id = "home", title = "Home", section {
    row { text = long, push = "a" }, row { text = "Privacy and security", push = "b" },
    row { text = "Storage used by downloads", push = "c" }, row { text = "About this app", push = "d" },
    toggle { id = "on", text = "Enabled", key = "on", default = true } } },
  screen { id = "a", title = "A screen with a title longer than its box can hold", section {
    row { text = "Back home from the notifications", push = "home" }, row { text = "On to the next", push = "c" },
    row { id = "x", text = "x", enabled = function(ctx) return ctx.store.on end } } },
  screen { id = "b", title = "B", section { row { text = "Go on to privacy details", push = "c" }, row { text = "Up to A", push = "a" } } },
  screen { id = "c", title = "C", section { row { text = "Storage details and more", push = "d" } } },
  screen { id = "d", title = "D", section { row { text = "Loop back to the start screen", push = "home" } } },
} }
"""


class MapInTheBrowser(browser.BrowserCase):
    def prepare_script(self):
        path = os.path.join(self.dir, "map.lua")
        with open(path, "w") as f:
            f.write(MAP)
        return path

    def tearDown(self):
        if hasattr(self, "browser"):
            self.browser.set_window_size(480, 1000)
        super().tearDown()

    def test_the_map_opens_in_view_with_clear_labels(self):
        for width in WIDTHS:
            self.browser.set_window_size(width, 800)
            self.browser.execute_script("window.scrollTo(0, 0)")
            self.find("#show-map").click()
            self.assertTrue(wait_for(lambda: len(self.browser.find_elements(self.By.CSS_SELECTOR, "#map svg .edge-label")) >= 10))
            top = self.browser.execute_script("return document.getElementById('map').getBoundingClientRect().top")
            height = self.browser.execute_script("return window.innerHeight")
            self.assertTrue(0 <= top < height / 2, (width, top, "the map opened out of view"))
            boxes = self.browser.execute_script("""
                const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom, e.textContent]; };
                return { nodes: [...document.querySelectorAll('#map .node rect')].map(box),
                         labels: [...document.querySelectorAll('#map .edge-label')].map(box) };""")

            def overlap(a, b):
                return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
            for i, label in enumerate(boxes["labels"]):
                for node in boxes["nodes"]:
                    self.assertFalse(overlap(label, node), (width, label, node))
                for other in boxes["labels"][i + 1:]:
                    self.assertFalse(overlap(label, other), (width, label, other))
            titles = self.browser.execute_script(
                "return [...document.querySelectorAll('#map .node')].map((g) => [g.querySelector('text').getComputedTextLength(),"
                " g.querySelector('rect').width.baseVal.value])")
            for text_width, box_width in titles:
                self.assertLess(text_width, box_width, "a title overflows its node")
            self.find("#show-map").click()  # closed again


if __name__ == "__main__":
    unittest.main()
