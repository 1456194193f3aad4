"""The String Catalog's words, read by the browser tests: a page must say what the catalog says."""
import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
_CATALOG = json.loads((ROOT / "Localization/Localizable.xcstrings").read_text(encoding="utf-8"))["strings"]


def word(key, language, *arguments, plural=None):
    """The catalog's text for `key` in `language`, with `arguments` put in (%@, %lld, %1$@ ...)."""
    localization = _CATALOG[key]["localizations"][language]
    if "stringUnit" in localization:
        text = localization["stringUnit"]["value"]
    else:
        forms = localization["variations"]["plural"]
        text = forms.get("one" if plural == 1 else "other", forms["other"])["stringUnit"]["value"]
    position = iter(range(len(arguments)))

    def fill(match):
        index = int(match.group(1)) - 1 if match.group(1) else next(position)
        return str(arguments[index])

    return re.sub(r"%(?:(\d+)\$)?(?:@|lld|d)", fill, text)


def grouped(n):
    """A count as the screens write it: thousands grouped with commas."""
    return f"{n:,}"
