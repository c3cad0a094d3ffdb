"""`luascreen preview` in a real browser (Debian's chromium and chromium-driver, driven by
Selenium): clicking through examples/settings.lua, reader.lua and jmstatic.lua as a person
would, and the screenshots of both looks the README shows (docs/preview-*.png; written
again with LUASCREEN_UPDATE_SCREENSHOTS=1).

Where Chromium, its driver or Selenium is missing or cannot start, every test is skipped
with the reason printed (never silently)."""
import json
import os
import shutil
import sys
import tempfile
import time
import unittest

from Tests.cli.previewsupport import Preview, wait_for
from Tests.cli.replsupport import ROOT, require_binary

EXAMPLES = os.path.join(ROOT, "examples")
DOCS = os.path.join(ROOT, "docs")
UPDATE_SCREENSHOTS = os.environ.get("LUASCREEN_UPDATE_SCREENSHOTS") == "1"


def start_browser():
    """A headless Chromium through chromedriver, or the reason there is none."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError as e:
        return None, f"Selenium is not installed ({e}); scripts/setup installs it"
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
    if not binary or not driver:
        return None, "chromium or chromium-driver is not installed; scripts/setup installs them"
    options = Options()
    options.binary_location = binary
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=480,1000", "--force-device-scale-factor=1", "--hide-scrollbars",
                     "--no-first-run", "--disable-extensions", "--force-color-profile=srgb"):
        options.add_argument(argument)
    try:
        return webdriver.Chrome(options=options, service=Service(driver)), None
    except Exception as e:  # noqa: BLE001 (the reason is printed)
        return None, f"Chromium could not start: {str(e).splitlines()[0][:300]}"


BROWSER, WHY_NOT = None, None


def setUpModule():
    global BROWSER, WHY_NOT
    BROWSER, WHY_NOT = start_browser()
    if BROWSER is None:
        print(f"\nSKIPPING the preview's browser tests: {WHY_NOT}", file=sys.stderr)


def tearDownModule():
    if BROWSER is not None:
        BROWSER.quit()


class BrowserCase(unittest.TestCase):
    script = "settings.lua"
    extra = ()  # more arguments of `luascreen preview` (--locale fr)

    def setUp(self):
        require_binary(self)
        if BROWSER is None:
            self.skipTest(WHY_NOT)
        from selenium.webdriver.common.by import By
        self.By = By
        self.dir = tempfile.mkdtemp(prefix="luascreen-browser-")
        self.store = os.path.join(self.dir, "store.json")
        self.script_path = self.prepare_script()
        self.preview = Preview(self.script_path, store=self.store, extra=self.extra)
        self.browser = BROWSER
        self.browser.get(self.preview.url)
        self.wait_text("title", lambda t: t != "")

    def prepare_script(self):
        return os.path.join(EXAMPLES, self.script)

    def tearDown(self):
        if hasattr(self, "preview"):
            self.browser.execute_script("localStorage.clear(); sessionStorage.clear();")
            self.preview.stop()
            shutil.rmtree(self.dir, ignore_errors=True)

    # helpers
    def find(self, css):
        return self.browser.find_element(self.By.CSS_SELECTOR, css)

    def row(self, row_id):
        return wait_for(lambda: self._row(row_id))

    def _row(self, row_id):
        found = self.browser.find_elements(self.By.CSS_SELECTOR, f'.row[data-id="{row_id}"]')
        return found[0] if found else None

    def wait_text(self, element_id, condition, seconds=30):
        value = wait_for(lambda: condition(self.browser.find_element(self.By.ID, element_id).text) and
                         self.browser.find_element(self.By.ID, element_id).text, seconds)
        self.assertTrue(value, f"#{element_id} never matched; it reads {self.browser.find_element(self.By.ID, element_id).text!r}")
        return value

    def set_look(self, look):
        """Switches to `look` ("ios", "android") and waits until the rows are drawn in it."""
        draws = int(self.find("body").get_attribute("data-draws") or 0)
        self.find("#look-" + look).click()
        self.assertTrue(wait_for(lambda: int(self.find("body").get_attribute("data-draws") or 0) > draws and
                                 self.find("body").get_attribute("data-drawn-look") == look))

    def click_css(self, css, index=0):
        """Clicks the index-th element matching css, again if the page redrew it meanwhile
        (a reload's event redraws the screen)."""
        from selenium.common.exceptions import StaleElementReferenceException

        def attempt():
            try:
                found = self.browser.find_elements(self.By.CSS_SELECTOR, css)
                if len(found) <= index:
                    return False
                found[index].click()
                return True
            except StaleElementReferenceException:
                return False
        self.assertTrue(wait_for(attempt), f"could not click {css}")

    def dialog_text(self):
        return wait_for(lambda: self.browser.execute_script(
            "const d = document.getElementById('dialog'); return d.open ? d.querySelector('p').textContent : ''"))

    def dialog_button(self, text):
        for button in self.browser.find_elements(self.By.CSS_SELECTOR, "#dialog-buttons button"):
            if button.text == text:
                return button
        self.fail(f"no dialog button {text!r}")

    def stored(self):
        if not os.path.exists(self.store):
            return {}
        with open(self.store) as f:
            return json.load(f)


class SettingsInTheBrowser(BrowserCase):
    def test_a_switch_changes_the_store_file(self):
        toggle = self.row("notifications")
        self.assertEqual(toggle.get_attribute("role"), "switch")
        self.assertEqual(toggle.get_attribute("aria-checked"), "true")
        self.click_css('.row[data-id="notifications"]')
        self.assertTrue(wait_for(lambda: self.stored().get("notifications") is False), self.stored())
        self.assertTrue(wait_for(lambda: self.row("notifications").get_attribute("aria-checked") == "false"))

    def test_the_keyboard_flips_a_switch(self):
        from selenium.webdriver.common.keys import Keys
        toggle = self.row("notifications")
        self.assertEqual(toggle.get_attribute("tabindex"), "0")
        toggle.send_keys(Keys.SPACE)
        self.assertTrue(wait_for(lambda: self.stored().get("notifications") is False), self.stored())

    def test_a_push_and_back(self):
        profile = self.row("profile")
        self.assertEqual(profile.get_attribute("role"), "button")
        profile.click()
        self.wait_text("title", lambda t: t == "Profile")
        self.assertTrue(self.row("name"))
        self.find("#back").click()
        self.wait_text("title", lambda t: t == "Settings")

    def test_a_confirm_and_its_alert(self):
        self.click_css('.row[data-id="sign_out"]')
        self.assertEqual(self.dialog_text(), "Sign out now?")
        self.dialog_button("OK").click()
        self.assertTrue(wait_for(lambda: self.dialog_text() == "Signed out"), self.dialog_text())
        self.dialog_button("OK").click()
        self.assertTrue(wait_for(lambda: not self.browser.execute_script("return document.getElementById('dialog').open")))

class ReaderInTheBrowser(BrowserCase):
    script = "reader.lua"

    def test_screenshots_of_both_looks(self):
        self.browser.set_window_size(480, 1240)
        self.find("#look-ios").click()
        self.assertTrue(wait_for(lambda: "look-ios" in self.find("body").get_attribute("class")))
        ios = os.path.join(self.dir, "ios.png")
        self.browser.save_screenshot(ios)
        self.find("#look-android").click()
        self.assertTrue(wait_for(lambda: "look-android" in self.find("body").get_attribute("class")))
        android = os.path.join(self.dir, "android.png")
        self.browser.save_screenshot(android)
        for path in (ios, android):
            with open(path, "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")
        if UPDATE_SCREENSHOTS:
            os.makedirs(DOCS, exist_ok=True)
            shutil.copy(ios, os.path.join(DOCS, "preview-ios.png"))
            shutil.copy(android, os.path.join(DOCS, "preview-android.png"))

    def tearDown(self):
        if hasattr(self, "browser"):
            self.browser.set_window_size(480, 1000)
        super().tearDown()

    def test_a_list_edit(self):
        self.click_css('.row[data-id="dictionaries"]')
        self.wait_text("title", lambda t: t == "Dictionaries")
        field = self.find(".add-row input")
        field.send_keys("Oxford")
        self.find(".add-row button").click()
        self.assertTrue(wait_for(lambda: self.stored().get("dictionaries") == ["Webster", "Oxford"]), self.stored())
        self.click_css(".row .remove")
        self.assertTrue(wait_for(lambda: self.stored().get("dictionaries") == ["Oxford"]), self.stored())

    def test_a_refused_value_shows_its_message(self):
        field = self.row("quiet_until").find_element(self.By.CSS_SELECTOR, "input[type=time]")
        self.browser.execute_script(
            "arguments[0].value = '22:00'; arguments[0].dispatchEvent(new Event('change'));", field)
        self.wait_text("message", lambda t: "quiet hours need a start and an end" in t)
        self.assertNotIn("quiet_end", self.stored())

    def test_a_picker_is_a_listbox(self):
        self.click_css('.row[data-id="page_turns"]')
        self.wait_text("title", lambda t: t == "Page turns")
        self.assertEqual(self.find(".group").get_attribute("role"), "listbox")
        self.click_css('.row[data-id="swipe"]')
        self.wait_text("title", lambda t: t.startswith("Reader"))
        self.assertTrue(wait_for(lambda: self.stored().get("page_turns") == "swipe"), self.stored())

    def test_a_stepper(self):
        self.click_css('.row[data-id="font_size"] .stepper button:last-child')
        self.assertTrue(wait_for(lambda: self.stored().get("font_size") == 20), self.stored())


class JMStaticInTheBrowser(BrowserCase):
    script = "jmstatic.lua"

    def test_disabled_rows_say_why(self):
        self.click_css('.row[data-id="notifications"]')
        self.wait_text("title", lambda t: t == "Notifications")
        self.click_css(".row[role=switch]")
        why = wait_for(lambda: self.browser.find_elements(self.By.CSS_SELECTOR, ".row.disabled .why"))
        self.assertTrue(why, "no disabled row after switching notifications off")
        self.click_css(".row.disabled .why")
        self.assertIn("disabled because", self.dialog_text())
        self.dialog_button("OK").click()


    def test_find_goes_to_the_row(self):
        field = self.find("#find")
        field.send_keys("Badge")
        field.submit()
        result = wait_for(lambda: [b for b in self.browser.find_elements(self.By.CSS_SELECTOR, "#find-results button")
                                   if "Settings › Notifications" in b.text])
        self.assertTrue(result, self.find("#find-results").text)
        result[0].click()
        self.wait_text("title", lambda t: t == "Notifications")

    def test_the_map_shows_screens_and_pushes(self):
        self.find("#show-map").click()
        texts = wait_for(lambda: [t.text for t in self.browser.find_elements(self.By.CSS_SELECTOR, "#map svg .node text")])
        self.assertIn("Settings", texts)
        self.assertIn("Wi-Fi", texts)
        self.assertIn("Notifications", texts)
        self.assertGreaterEqual(len(self.browser.find_elements(self.By.CSS_SELECTOR, "#map svg path.push")), 2)
        self.assertGreaterEqual(len(self.browser.find_elements(self.By.CSS_SELECTOR, "#map svg path.dep")), 1)

    def test_hidden_rows_show_when_asked(self):
        self.click_css('.row[data-id="wi_fi"]')
        self.wait_text("title", lambda t: t == "Wi-Fi")
        if self.browser.find_elements(self.By.CSS_SELECTOR, ".row[role=switch][aria-checked=true]"):
            self.click_css(".row[role=switch]")
        self.assertTrue(wait_for(lambda: self.browser.find_elements(self.By.CSS_SELECTOR, ".row[role=switch][aria-checked=false]")))
        shown = len(self.browser.find_elements(self.By.CSS_SELECTOR, ".row"))
        self.find("#show-hidden").click()
        self.assertTrue(wait_for(lambda: len(self.browser.find_elements(self.By.CSS_SELECTOR, ".hidden-row")) > 0))
        self.assertGreater(len(self.browser.find_elements(self.By.CSS_SELECTOR, ".row")), shown)


class MoneyInTheBrowser(BrowserCase):
    script = "money.lua"

    def test_a_secure_field_is_masked(self):
        self.click_css('.row[data-id="add_bank_account"]')
        self.wait_text("title", lambda t: t == "Add Bank")
        field = wait_for(lambda: self.browser.find_elements(self.By.CSS_SELECTOR, '.row[data-id="account"] input'))[0]
        self.assertEqual(field.get_attribute("type"), "password")
        field.send_keys("12345678")
        self.find("#title").click()  # the field changes when it loses focus
        self.assertTrue(wait_for(lambda: self.stored().get("account") == "12345678"), self.stored())
        # The page redraws the row from the session once the store has the value: wait for the
        # new field (the one typed into may still be there for a moment).
        def redrawn():
            fields = self.browser.find_elements(self.By.CSS_SELECTOR, '.row[data-id="account"] input')
            return fields[0] if fields and fields[0].get_attribute("value") == "" else None
        field = wait_for(redrawn)
        self.assertIsNotNone(field, "the secure field still shows what was typed")
        self.assertEqual(field.get_attribute("placeholder"), "••••")
        self.assertNotIn("12345678", self.browser.page_source)

    def test_a_detail_button_runs_on_accessory(self):
        self.click_css('.row[data-id="limits"] .info')
        self.assertEqual(self.dialog_text(), "You can send up to $2999.99 a week.")
        self.dialog_button("OK").click()

    def test_dark_mode_follows_the_system(self):
        light = self.browser.execute_script("return getComputedStyle(document.getElementById('phone')).backgroundColor")
        self.browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                     {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        try:
            dark = self.browser.execute_script("return getComputedStyle(document.getElementById('phone')).backgroundColor")
            self.assertEqual(light, "rgb(242, 242, 247)")
            self.assertEqual(dark, "rgb(0, 0, 0)")
        finally:
            self.browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


class LiveReloadInTheBrowser(BrowserCase):
    def prepare_script(self):
        path = os.path.join(self.dir, "live.lua")
        shutil.copy(os.path.join(EXAMPLES, "settings.lua"), path)
        return path

    def test_a_live_reload_keeps_the_screen(self):
        self.click_css('.row[data-id="profile"]')
        self.wait_text("title", lambda t: t == "Profile")
        with open(self.script_path) as f:
            text = f.read()
        time.sleep(1.1)  # a new modification time
        with open(self.script_path, "w") as f:
            f.write(text.replace('detail = "Ada"', 'detail = "Grace"'))
        self.assertTrue(wait_for(lambda: "Grace" in self.row("name").text), self.row("name").text)
        self.assertEqual(self.find("#title").text, "Profile")
        # A script that no longer loads: its diagnostics show, the last good version runs on.
        time.sleep(1.1)
        with open(self.script_path, "w") as f:
            f.write("return screen { id = 'x', title = 'X', section { row { text = 5 } } }\n")
        self.wait_text("diagnostics", lambda t: "no longer loads" in t and "live.lua" in t, 15)
        self.assertEqual(self.find("#title").text, "Profile")
        self.find("#back").click()
        self.wait_text("title", lambda t: t == "Settings")


class MapOfHostileIdsInTheBrowser(BrowserCase):
    """Screen ids a script chose are only keys: "__proto__", "constructor" and ids that differ
    by an escape are each a node of the map."""

    def prepare_script(self):
        path = os.path.join(self.dir, "ids.lua")
        with open(path, "w") as f:
            f.write(r'''return app { root = "__proto__", screens = {
  screen { id = "__proto__", title = "Proto", section {
    row { text = "to constructor", push = "constructor" }, row { text = "to a", push = "a\27" } } },
  screen { id = "constructor", title = "Constructor", section { row { text = "to b", push = "a\\x1b" } } },
  screen { id = "a\27", title = "Escape", section { row { text = "x" } } },
  screen { id = "a\\x1b", title = "Backslash", section { row { text = "y" } } },
} }
''')
        return path

    def test_every_screen_is_a_node(self):
        self.find("#show-map").click()
        texts = wait_for(lambda: [t.text for t in self.browser.find_elements(self.By.CSS_SELECTOR, "#map svg .node text")])
        for title in ("Proto", "Constructor", "Escape", "Backslash"):
            self.assertTrue(any(title in t for t in texts), texts)
        nodes = self.browser.find_elements(self.By.CSS_SELECTOR, "#map svg .node")
        self.assertEqual(len(nodes), 4)
        places = [n.get_attribute("transform") for n in nodes]
        self.assertEqual(len(set(places)), 4, places)  # each in a place of its own
        for place in places:
            self.assertRegex(place, r"^translate\(\d+(\.\d+)?,\d+(\.\d+)?\)$")
        pushes = self.browser.find_elements(self.By.CSS_SELECTOR, "#map svg path.push")
        self.assertEqual(len(pushes), 3)
        for push in pushes:
            self.assertNotIn("NaN", push.get_attribute("d"))


if __name__ == "__main__":
    unittest.main()
