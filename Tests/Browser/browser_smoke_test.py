"""The browser the other browser tests use starts and runs JavaScript (fails, never skips)."""
import unittest

from browser import start_browser


class BrowserSmokeTest(unittest.TestCase):
    def test_headless_chromium_runs_javascript(self):
        driver = start_browser()
        try:
            driver.get("data:text/html,<p id=p>x</p><script>document.getElementById('p').textContent='ran'</script>")
            self.assertEqual(driver.find_element("id", "p").text, "ran")
        finally:
            driver.quit()


if __name__ == "__main__":
    unittest.main()
