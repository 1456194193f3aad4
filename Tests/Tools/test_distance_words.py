"""The pages' script words a distance measured on the phone as DistanceWords does on every other screen: its
function run in node with the steps the page carries (the cases of LocalizationTests' DistanceWordsCases)."""
import json
import pathlib
import re
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
CASES = [(0, "0 m"), (4, "0 m"), (850, "850 m"), (854, "850 m"), (994, "990 m"), (995, "1 km"), (1000, "1 km"),
         (1049, "1 km"), (1050, "1.1 km"), (1234, "1.2 km"), (12340, "12.3 km")]


def test_the_script_words_distances_as_the_screens_do():
    script = (ROOT / "Modules/WebFront/Assets/page.js").read_text()
    function = re.search(r"^  function distanceText\(.*?^  }$", script, re.S | re.M).group(0)
    program = function + f"\nconsole.log(JSON.stringify({json.dumps([c[0] for c in CASES])}" \
        ".map(function (m) { return distanceText(m, 10, 1000); })));"
    said = json.loads(subprocess.run(["node", "-e", program], check=True, capture_output=True, text=True).stdout)
    assert said == [c[1] for c in CASES]
