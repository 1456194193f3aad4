"""Tools/check-imports on a temporary copy of the tree: 0 as it is, and non-zero naming the file when an import is
added that its target does not declare, or that reaches a layer above its own."""
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    copy = tmp_path_factory.mktemp("tree")
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
    for name in files:
        source = ROOT / name
        if source.is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name)
    (copy / ".build").mkdir()
    (copy / ".build/checkouts").symlink_to(ROOT / ".build/checkouts")
    if (ROOT / ".build/check-imports/products.json").exists():
        (copy / ".build/check-imports").mkdir()
        shutil.copy2(ROOT / ".build/check-imports/products.json", copy / ".build/check-imports/products.json")
    return copy


def check(tree):
    return subprocess.run([str(ROOT / "Tools/check-imports"), str(tree)], capture_output=True, text=True)


def test_the_tree_passes(tree):
    result = check(tree)
    assert result.returncode == 0, result.stderr


def test_an_undeclared_import_is_named(tree):
    file = tree / "Modules/ValueWording/ValueWords.swift"
    original = file.read_text()
    try:
        file.write_text("import GRDB\n" + original)
        result = check(tree)
        assert result.returncode != 0
        assert "Modules/ValueWording/ValueWords.swift: imports GRDB, which the target ValueWording does not declare" \
            in result.stderr
    finally:
        file.write_text(original)


def test_an_import_from_a_higher_layer_is_named(tree):
    manifest, file = tree / "Package.swift", tree / "Modules/Storage/Settings.swift"
    originals = manifest.read_text(), file.read_text()
    try:
        declared = originals[0].replace(
            'name: "Storage", dependencies: ["Localization", "Models"]',
            'name: "Storage", dependencies: ["Localization", "Models", "Cache"]')
        assert declared != originals[0], "the Storage target's line in Package.swift changed: update this test"
        manifest.write_text(declared)
        file.write_text("import Cache\n" + originals[1])
        result = check(tree)
        assert result.returncode != 0
        assert "Modules/Storage/Settings.swift: imports Cache (layer 3), which the target Storage (layer 2) may not" \
            in result.stderr
    finally:
        manifest.write_text(originals[0])
        file.write_text(originals[1])
