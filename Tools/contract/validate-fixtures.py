#!/usr/bin/env python3
"""Checks Docs/openapi.yaml and the golden fixtures in Tests/Fixtures/v2 against each other.

1. The OpenAPI document is valid OpenAPI 3.1.
2. Every 'valid' fixture validates against its schema (JSON Schema 2020-12, formats checked).
   Fixtures other than the newer-server one are also checked strictly: no field the schema does not declare,
   so the document names every field the current Models emit.
3. Every 'invalid' fixture is refused (not JSON, or not valid against its schema).
Exit 1 on any failure. Needs PyYAML, jsonschema, openapi-spec-validator (installed by .ci/run).
"""
import copy
import json
import pathlib
import sys

import yaml
from jsonschema import Draft202012Validator, FormatChecker
from openapi_spec_validator import validate as validate_spec

root = pathlib.Path(__file__).resolve().parents[2]
spec = yaml.safe_load((root / "Docs/openapi.yaml").read_text(encoding="utf-8"))
fixtures = root / "Tests/Fixtures/v2"
manifest = json.loads((fixtures / "manifest.json").read_text(encoding="utf-8"))
failures = []

validate_spec(spec)
print("openapi: Docs/openapi.yaml is valid OpenAPI", spec["openapi"])


def closed(node):
    """A copy of the schemas in which every object schema refuses undeclared fields."""
    if isinstance(node, dict):
        node = {k: closed(v) for k, v in node.items()}
        if node.get("type") == "object" and "properties" in node:
            node.setdefault("additionalProperties", False)
        return node
    if isinstance(node, list):
        return [closed(v) for v in node]
    return node


def validator(schema_name, strict):
    document = {"components": closed(spec["components"]) if strict else spec["components"]}
    document["$ref"] = f"#/components/schemas/{schema_name}"
    return Draft202012Validator(document, format_checker=FormatChecker())


def load(name):
    try:
        return json.loads((fixtures / name).read_bytes().decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        return error


listed = set(manifest["valid"]) | set(manifest["invalid"])
present = {p.name for p in fixtures.iterdir() if p.name != "manifest.json"}
for missing in sorted(present - listed):
    failures.append(f"{missing}: fixture not listed in manifest.json")

for name, schema in manifest["valid"].items():
    value = load(name)
    if isinstance(value, Exception):
        failures.append(f"{name}: not JSON: {value}")
        continue
    strict = "newer-server" not in name
    errors = sorted(validator(schema, strict).iter_errors(value), key=lambda e: list(e.path))
    for error in errors[:5]:
        failures.append(f"{name} ({schema}{', strict' if strict else ''}): {'/'.join(map(str, error.path))}: {error.message[:160]}")
    if not errors:
        print(f"valid:   {name} as {schema}{' (strict)' if strict else ''}")

for name, schema in manifest["invalid"].items():
    value = load(name)
    if isinstance(value, Exception):
        print(f"refused: {name} (not JSON)")
        continue
    errors = list(validator(schema, False).iter_errors(value))
    if errors:
        print(f"refused: {name} ({errors[0].message[:80]})")
    else:
        failures.append(f"{name}: expected to be refused by {schema}, but it validates")

for failure in failures:
    print("FAIL", failure)
print(f"{len(manifest['valid']) + len(manifest['invalid']) - len(failures)} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
