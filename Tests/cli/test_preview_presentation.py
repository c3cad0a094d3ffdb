"""One presentation of a row (issue 38): the preview's state carries each row's presentation
as the core computes it in the session's locale, and the page draws it as it is: a toggle's
subtitle detail in both looks, translated placeholders, units, why? buttons, action texts and
the button words of every dialog a row opens (Cancel and OK, the OK destructive for a
destructive row or action)."""
import os
import shutil
import tempfile
import unittest

import Tests.cli.test_preview_browser as browser
from Tests.cli.previewsupport import Preview, rows, wait_for
from Tests.cli.replsupport import require_binary

APP = """return app { root = "m", strings = "locales", screens = { screen { id = "m", title = "Main", section {
  toggle { id = "assist", text = "Assist", key = "assist", detail = "Use mobile data", style = "subtitle", default = true },
  number { id = "cache", text = "Cache", key = "cache", unit = "KB", default = 50 },
  number { id = "age", text = "Keep", key = "age", unit = "days", default = 30, enabled = false },
  input { id = "name", text = "Name", key = "name", placeholder = "Your name" },
  button { id = "erase", text = "Erase", destructive = true, confirm = "Erase all?", on_select = function(ctx) end },
  row { id = "file", text = "File", actions = {
    { id = "del", text = "Delete", destructive = true, confirm = "Delete it?", on_select = function(ctx) end },
    { id = "ren", text = "Rename", on_select = function(ctx) end } } },
  choice { id = "theme", text = "Theme", key = "theme", radio = true, default = "light",
           options = { { value = "light", text = "Light" }, { value = "dark", text = "Dark" } } },
} } } }
"""

FRENCH = """return { ["Main"] = "Principal", ["Assist"] = "Assistance", ["Use mobile data"] = "Utiliser les données mobiles",
  ["Cache"] = "Cache", ["KB"] = "Ko", ["Keep"] = "Garder", ["days"] = "jours", ["Name"] = "Nom",
  ["Your name"] = "Votre nom", ["Erase"] = "Effacer", ["Erase all?"] = "Tout effacer ?", ["File"] = "Fichier",
  ["Delete"] = "Supprimer", ["Delete it?"] = "Le supprimer ?", ["Rename"] = "Renommer", ["OK"] = "D'accord",
  ["Cancel"] = "Annuler", ["on"] = "oui", ["off"] = "non", ["disabled"] = "désactivé", ["why?"] = "pourquoi ?",
  ["Decrease %@"] = "Diminuer %@", ["Increase %@"] = "Augmenter %@", ["Actions of %@"] = "Actions de %@",
  ["Why is %@ disabled"] = "Pourquoi %@ est désactivé", ["Theme"] = "Thème", ["Light"] = "Clair", ["Dark"] = "Sombre" }
"""


def write_app(folder):
    """The app and its French strings in `folder`; the script's path."""
    os.makedirs(os.path.join(folder, "locales"), exist_ok=True)
    with open(os.path.join(folder, "locales", "fr.lua"), "w", encoding="utf-8") as f:
        f.write(FRENCH)
    path = os.path.join(folder, "app.lua")
    with open(path, "w", encoding="utf-8") as f:
        f.write(APP)
    return path


class PresentationInTheState(unittest.TestCase):
    def setUp(self):
        require_binary(self)
        self.dir = tempfile.mkdtemp(prefix="luascreen-presentation-")
        self.addCleanup(shutil.rmtree, self.dir, True)
        self.preview = Preview(write_app(self.dir), extra=("--locale", "fr"))
        self.addCleanup(self.preview.stop)

    def test_each_row_carries_its_presentation_in_french(self):
        shown = {row["id"]: row["presentation"] for row in rows(self.preview.state())}
        self.assertEqual(shown["assist"]["text"], "Assistance")
        self.assertEqual((shown["assist"]["detail"], shown["assist"]["detail_style"]), ("Utiliser les données mobiles", "subtitle"))
        self.assertEqual(shown["assist"]["switch_word"], "oui")
        self.assertEqual(shown["cache"]["value"], "50 Ko")
        self.assertEqual((shown["age"]["detail"], shown["age"]["disabled_word"], shown["age"]["why_word"]),
                         ("30 jours", "désactivé", "pourquoi ?"))
        self.assertEqual((shown["name"]["placeholder"], shown["name"]["detail_is_placeholder"]), ("Votre nom", True))
        self.assertEqual(shown["erase"]["confirm"],
                         {"question": "Tout effacer ?", "cancel": "Annuler", "ok": "D'accord", "destructive": True})
        self.assertEqual([(a["id"], a["text"], a["destructive"]) for a in shown["file"]["actions"]],
                         [("del", "Supprimer", True), ("ren", "Renommer", False)])
        self.assertEqual(shown["file"]["actions"][0]["confirm"]["question"], "Le supprimer ?")
        self.assertIsNone(shown["file"]["actions"][1]["confirm"])
        self.assertEqual(shown["file"]["actions_cancel"], "Annuler")
        self.assertNotIn("shown_detail", rows(self.preview.state())[0])  # the presentation says it
        labels = self.preview.state()["labels"]
        self.assertEqual((labels["ok"], labels["cancel"], labels["decrease"], labels["more_about"]),
                         ("D'accord", "Annuler", "Diminuer %@", "More about %@"))  # (a word fr.lua lacks: as written)
        theme = [row for row in rows(self.preview.state()) if row["id"] == "theme"][0]
        self.assertEqual(theme["control"]["options"], [{"value": "light", "text": "Clair", "chosen": True},
                                                       {"value": "dark", "text": "Sombre", "chosen": False}])


def setUpModule():
    browser.setUpModule()


def tearDownModule():
    browser.tearDownModule()


class PresentationInTheBrowser(browser.BrowserCase):
    extra = ("--locale", "fr")

    def prepare_script(self):
        return write_app(self.dir)

    def dialog_words(self):
        buttons = wait_for(lambda: self.browser.find_elements(self.By.CSS_SELECTOR, "#dialog-buttons button"))
        return buttons, [b.text for b in buttons]

    def test_the_rows_texts_in_both_looks(self):
        shots = os.environ.get("LUASCREEN_SCREENSHOT_DIR")
        for look in ("ios", "android"):
            self.set_look(look)
            assist = self.row("assist")
            self.assertEqual(assist.find_element(self.By.CSS_SELECTOR, ".text .sub").text, "Utiliser les données mobiles")
            self.assertEqual(assist.find_element(self.By.CSS_SELECTOR, ".label").text, "Assistance")
            self.assertEqual(self.row("cache").find_element(self.By.CSS_SELECTOR, ".number-value").text, "50 Ko")
            self.assertEqual(self.row("age").find_element(self.By.CSS_SELECTOR, ".why").text, "pourquoi ?")
            field = self.row("name").find_element(self.By.CSS_SELECTOR, "input")
            self.assertEqual(field.get_attribute("placeholder"), "Votre nom")
            if shots:
                self.browser.save_screenshot(os.path.join(shots, f"presentation-{look}.png"))

    def test_aria_labels_and_dialog_words_in_french(self):
        cache = self.row("cache")
        self.assertEqual([b.get_attribute("aria-label") for b in cache.find_elements(self.By.CSS_SELECTOR, ".stepper button")],
                         ["Diminuer Cache", "Augmenter Cache"])
        more = self.row("file").find_element(self.By.CSS_SELECTOR, ".actions-button")
        self.assertEqual(more.get_attribute("aria-label"), "Actions de Fichier")
        why = self.row("age").find_element(self.By.CSS_SELECTOR, ".why")
        self.assertEqual(why.get_attribute("aria-label"), "Pourquoi Garder est désactivé")
        why.click()
        self.assertTrue(self.dialog_text())
        buttons, words = self.dialog_words()
        self.assertEqual(words, ["D'accord"])
        buttons[0].click()

    def test_an_inline_radio_group_in_french(self):
        self.set_look("ios")
        group = self.find('[data-radio="theme"]')
        self.assertEqual(group.find_element(self.By.CSS_SELECTOR, ".section-header").text.lower(), "thème")
        self.assertEqual([o.text for o in group.find_elements(self.By.CSS_SELECTOR, ".row[role=radio]")], ["Clair", "Sombre"])

    def test_a_destructive_confirm_in_french(self):
        self.click_css('.row[data-id="erase"]')
        self.assertEqual(self.dialog_text(), "Tout effacer ?")
        buttons, words = self.dialog_words()
        self.assertEqual(words, ["Annuler", "D'accord"])
        self.assertIn("destructive", buttons[1].get_attribute("class"))
        buttons[0].click()

    def test_an_action_and_its_confirm_in_french(self):
        self.click_css('.row[data-id="file"] .actions-button')
        buttons, words = self.dialog_words()
        self.assertEqual(words, ["Annuler", "Supprimer", "Renommer"])
        buttons[1].click()
        self.assertTrue(wait_for(lambda: self.dialog_text() == "Le supprimer ?"))
        buttons, words = self.dialog_words()
        self.assertEqual(words, ["Annuler", "D'accord"])
        self.assertIn("destructive", buttons[1].get_attribute("class"))
        buttons[0].click()


if __name__ == "__main__":
    unittest.main()
