#!/bin/bash
# Re-records docs/images/report.png: the report of the Landmarks "before"
# recording, opened at 1280×900 in headless Chromium with
# LandmarkListItemView selected, as a reader first meets it.
#
# The page is a copy of the report with one script added that clicks the
# node, so its Content-Security-Policy (which allows only the report's own
# script) is dropped from the copy; the report itself is unchanged.
# Usage: scripts/report-screenshot.sh [CAUSEGRAPH]   (default .build/debug/causegraph)
set -euo pipefail
cd "$(dirname "$0")/.."
causegraph=${1:-.build/debug/causegraph}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$causegraph" report fixtures/landmarks-favorites-before.jsonl -o "$work/report.html"
python3 - "$work/report.html" "$work/page.html" <<'PY'
import re, sys
page = open(sys.argv[1], encoding="utf-8").read()
page = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", page, count=1)
click = """<script>
addEventListener("load", () => setTimeout(() => {
  const node = [...document.querySelectorAll("g.node")].find((g) => g.querySelector("title")?.textContent === "LandmarkListItemView"
    || [...g.querySelectorAll("text")].some((t) => t.textContent === "LandmarkListItemView"));
  if (!node) throw new Error("no LandmarkListItemView node");
  node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
}, 200));
</script>"""
open(sys.argv[2], "w", encoding="utf-8").write(page.replace("</body>", click + "</body>", 1))
PY
"${CAUSEGRAPH_CHROME:-chromium}" --headless --disable-gpu --no-sandbox --hide-scrollbars --window-size=1280,900 \
    --virtual-time-budget=3000 --screenshot="$work/report.png" "file://$work/page.html" 2>/dev/null
cp "$work/report.png" docs/images/report.png
echo "wrote docs/images/report.png"
