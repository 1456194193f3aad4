"""The README is a user's guide: at most 200 lines of at most 120 characters, the two commands within its first 25
lines, no sentence over 60 words, and every document it links exists."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def prose(text):
    """The text without fenced blocks, tables and headings."""
    text = re.sub(r"^```.*?^```$", "", text, flags=re.S | re.M)
    return "\n".join(line for line in text.splitlines() if not line.startswith(("|", "#", "!")))


def test_the_readme_is_short_and_narrow():
    lines = README.splitlines()
    assert len(lines) <= 200
    assert [line for line in lines if len(line) > 120] == []


def test_the_two_commands_come_first():
    head = "\n".join(README.splitlines()[:25])
    assert "Tools/hangangjari " in head and "Tools/test " in head


def test_no_sentence_is_over_60_words():
    text = re.sub(r"`[^`]*`", "x", prose(README))
    sentences = re.split(r"(?<=[.!?:])\s+(?=[A-Z`(*])|\n\s*\n", text)
    long = [sentence for sentence in sentences if len(sentence.split()) > 60]
    assert long == []


def test_every_linked_document_exists():
    for target in re.findall(r"\]\(([^)#]+)\)", README):
        assert (ROOT / target).exists(), target
