#!/usr/bin/env python3
"""Makes docs/images/timeline-trace-viewer.png: a `causegraph timeline` file
opened in Chrome's trace viewer (catapult), offline, in headless Chromium.

    python3 scripts/timeline-screenshot.py CATAPULT [OUTPUT.png]

CATAPULT is a checkout of https://github.com/catapult-project/catapult (none
of its code is kept here). The steps:
1. `causegraph timeline` writes the Landmarks recording with hitches
   (fixtures/landmarks-favorites-hitches.jsonl), cut to the first tap with
   `--window`, so its update group, updates, cause arrows and hitch are wide
   enough to see.
2. catapult's `tracing/bin/trace2html` (Python only) wraps it in one
   standalone HTML page holding the viewer.
3. Headless Chromium opens the page; this script drives it over the
   DevTools protocol on a pipe (`--remote-debugging-pipe`, no extra
   package), waits until the viewer has imported the trace, selects the
   first LandmarkListItemView slice (so the viewer draws its cause arrows
   and lists its args below), and captures the page.

Needs: a built causegraph (`swift build`), python3, chromium. The picture
is not checked by the test suite: the suite has no catapult checkout.
"""

import base64
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WIDTH, HEIGHT = 1600, 900


class DevTools:
    """The DevTools protocol over Chromium's pipe: JSON messages ended by NUL."""

    def __init__(self, url):
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()
        # The pipe transport reads commands on fd 3 and writes replies on fd 4.
        def remap():
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)
        self.process = subprocess.Popen(
            ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             f"--window-size={WIDTH},{HEIGHT}", "--remote-debugging-pipe", "about:blank"],
            preexec_fn=remap, pass_fds=(3, 4, to_browser_read, from_browser_write),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Emulation.setDeviceMetricsOverride", {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False}, self.session)
        self.call("Page.navigate", {"url": url}, self.session)

    def call(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.from_browser, 1 << 20)
                if not chunk:
                    raise SystemExit("chromium closed the DevTools pipe")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise SystemExit(f"{method}: {reply['error']}")
                return reply["result"]

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, self.session)
        return result["result"].get("value")

    def close(self):
        self.process.kill()
        self.process.wait()


# Selects the first LandmarkListItemView slice as a click on it would.
SELECT_FIRST_ROW = """
(() => {
  const view = document.querySelector('tr-ui-timeline-view');
  const landmarks = view.model.getAllProcesses().find(p => p.name === 'Landmarks');
  const thread = Object.values(landmarks.threads)[0];
  const slice = thread.sliceGroup.slices.find(s => s.title === 'LandmarkListItemView');
  view.brushingStateController.changeSelectionFromTimeline(new tr.model.EventSet([slice]));
  return true;
})()
"""


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    catapult = sys.argv[1]
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "docs", "images", "timeline-trace-viewer.png")
    with tempfile.TemporaryDirectory() as scratch:
        trace = os.path.join(scratch, "trace.json")
        page = os.path.join(scratch, "viewer.html")
        subprocess.run([os.path.join(ROOT, ".build", "debug", "causegraph"), "timeline",
                        os.path.join(ROOT, "fixtures", "landmarks-favorites-hitches.jsonl"),
                        "--window", "2041ms:2085ms", "-o", trace], check=True)
        subprocess.run([sys.executable, os.path.join(catapult, "tracing", "bin", "trace2html"), trace, "--output", page],
                       check=True, stdout=subprocess.DEVNULL)
        browser = DevTools("file://" + page)
        try:
            # The viewer imports in steps; it is done when a track has been drawn.
            deadline = time.time() + 60
            while not browser.evaluate("document.querySelector('tr-ui-timeline-view') !== null && "
                                       "!document.body.innerText.includes('Importing')"):
                if time.time() > deadline:
                    raise SystemExit("the viewer did not finish importing within 60 s")
                time.sleep(0.5)
            time.sleep(1)
            browser.evaluate(SELECT_FIRST_ROW)
            time.sleep(1)
            shot = browser.call("Page.captureScreenshot", {"format": "png"}, browser.session)
        finally:
            browser.close()
    with open(output, "wb") as file:
        file.write(base64.b64decode(shot["data"]))
    print(output)


if __name__ == "__main__":
    main()
