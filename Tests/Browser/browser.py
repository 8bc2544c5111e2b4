"""Shared helpers for the browser tests: the formconv binary and a headless Chromium.

`start_browser()` raises when Chromium or its driver cannot start: these tests fail, never skip.
"""
import os
import shutil
import subprocess
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

REPO = Path(__file__).resolve().parents[2]
FORMCONV = Path(os.environ.get("FORMCONV_BIN", REPO / ".build/debug/formconv"))


def formconv(*args, check=True):
    """Runs formconv with `args`; returns the CompletedProcess (stdout/stderr as text)."""
    return subprocess.run([str(FORMCONV), *map(str, args)], capture_output=True, text=True, check=check)


def start_browser(width=1280, height=1600):
    """A headless Chromium (Debian's chromium + chromium-driver); raises if it cannot start."""
    options = Options()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={width},{height}"):
        options.add_argument(flag)
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary is None:
        raise RuntimeError("chromium is not installed (scripts/test-browser installs it)")
    options.binary_location = binary
    driver_path = shutil.which("chromedriver")
    if driver_path is None:
        raise RuntimeError("chromedriver is not installed (Debian's chromium-driver)")
    return webdriver.Chrome(service=Service(driver_path), options=options)
