"""The API documentation as a reader meets it: `scripts/docs` builds the DocC catalog with the
toolchain's docc (0 warnings, or it fails), and the static site it writes opens in headless
Chromium (Selenium): the module's page lists the two articles, and Session's page lists
select(_:answer:), set(_:text:), back(), currentScreen() and action(_:) (as declarations)."""
import functools
import http.server
import os
import shutil
import subprocess
import threading
import time
import unittest

from Tests.cli import replsupport as support

SITE = os.path.join(support.ROOT, ".build", "docs", "site")


class ApiDocs(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.built = subprocess.run([os.path.join(support.ROOT, "scripts", "docs"), SITE], capture_output=True,
                                   text=True, cwd=support.ROOT, timeout=1800)
        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass
        handler = functools.partial(Quiet, directory=SITE)
        cls.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        cls.base = f"http://127.0.0.1:{cls.server.server_address[1]}"

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()

    def setUp(self):
        self.assertEqual(self.built.returncode, 0, self.built.stdout[-3000:] + self.built.stderr[-3000:])

    def test_docs_build_with_no_warning(self):
        self.assertIn("scripts/docs: 0 warnings", self.built.stdout)

    def page_text(self, path, wanted):
        from Tests.cli.test_preview_browser import start_browser
        browser, why = start_browser()
        if browser is None:
            self.fail(why)
        try:
            browser.set_window_size(1280, 1000)
            browser.get(self.base + path)
            deadline = time.monotonic() + 60 * float(os.environ.get("LUASCREEN_TEST_TIMEOUT_SCALE", "1"))
            text = ""
            while time.monotonic() < deadline:
                text = browser.execute_script("return document.body.innerText")
                if all(w in text for w in wanted):
                    break
                time.sleep(0.2)
            return text
        finally:
            browser.quit()

    def test_the_module_page_lists_the_articles(self):
        wanted = ["LuaScreen", "Embedding a screen", "Testing screens from Swift", "Opening and driving a script"]
        text = self.page_text("/documentation/luascreen", wanted)
        for w in wanted:
            self.assertIn(w, text)

    def test_session_page_lists_its_actions(self):
        # As the page writes each declaration.
        wanted = ["func select(String, answer: Bool?) throws", "func set(String, text: String) throws",
                  "func back() throws", "func currentScreen() -> ResolvedScreen", "func action<T>(() throws -> T)"]
        text = self.page_text("/documentation/luascreen/session", wanted)
        for w in wanted:
            self.assertIn(w, text)


if __name__ == "__main__":
    unittest.main()
