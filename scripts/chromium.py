"""How the benches and the browser tests start headless Chromium (Debian's ``chromium``): one list of flags.

``--host-resolver-rules`` keeps every request on this machine. The omnibox popup's WebUI is switched off: each
new browser window (every fresh Playwright context) otherwise loads it — 270–380 ``chrome://`` modules in a
renderer of its own during the first ≈ 0.7–0.9 s, exactly while a cold page starts, on a 2-core machine. A
person opening the site in a browser that is already running does not pay that then (docs/runtime.md,
session 14)."""

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup",
]
