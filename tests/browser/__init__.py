"""Real-browser tests (Playwright driving Debian's chromium). Import helpers from
``tests.browser.helpers`` (always that name, so every test shares one timing record)."""
