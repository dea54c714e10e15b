"""Checks orrery.schema.json against the scenario files: every scenarios/*.yaml must be valid, and
every Tests/Fixtures/schema-bad/*.yaml must be invalid. Prints one line per file and exits 1 on any
mismatch. Run by scripts/check-schema.sh, which makes sure jsonschema and PyYAML are importable."""

import json
import pathlib
import re
import sys

import jsonschema
import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent


class ScenarioYAMLLoader(yaml.SafeLoader):
    """PyYAML's safe loader, resolving scalars as YAML 1.2 does, as Orrery's loader (Yams) and
    editors read them: only true/false are booleans (`on:` and `no` stay text), dates stay text
    (a backup's name), and numbers are decimal only. YAML 1.1's other integers — hex `0x10`,
    octal `017`, binary `0b11`, base 60 `1:30` — stay text, so the schema refuses them where a
    number belongs, as the loader does (it would otherwise see 16, 15, 3 and 90); and `1e3` is a
    number, as the loader reads it (YAML 1.1 wants a dot)."""


ScenarioYAMLLoader.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers
            if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp",
                           "tag:yaml.org,2002:int", "tag:yaml.org,2002:float")]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
ScenarioYAMLLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
# A whole number: no leading zero (the loader refuses `017`), `_` only between two digits as the
# loader allows (`1_000`, not `3_` or `1__0`, which PyYAML would strip to 3 and 10). Added before
# the float rule, which needs a dot or an exponent, so `017` matches neither. DIGITS is
# DecimalText.digitsPattern, the grammar the schema's own patterns write.
DIGITS = r"[0-9](?:_?[0-9])*"
ScenarioYAMLLoader.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^[-+]?(?:0|[1-9](?:_?[0-9])*)$"), list("-+0123456789"))
ScenarioYAMLLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(rf"^[-+]?(?:{DIGITS}\.(?:{DIGITS})?(?:[eE][-+]?[0-9]+)?|\.{DIGITS}(?:[eE][-+]?[0-9]+)?|{DIGITS}[eE][-+]?[0-9]+)$"),
    list("-+.0123456789"))


def problems(validator, path):
    """The schema's complaints about the file at `path`, best first."""
    document = yaml.load(path.read_text(encoding="utf-8"), Loader=ScenarioYAMLLoader)
    errors = list(validator.iter_errors(document))
    if not errors:
        return []
    best = jsonschema.exceptions.best_match(errors)
    place = "/".join(str(part) for part in best.absolute_path) or "(top level)"
    return [f"{place}: {best.message[:160]}"]


def main():
    schema = json.loads((ROOT / "orrery.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    # JSON Schema counts 3.0 as an integer; the loader does not (`count: 3.0` is refused), so the
    # check does not either: an integer is what the YAML reader above resolved as one.
    integers_only = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda checker, value: isinstance(value, int) and not isinstance(value, bool))
    validator = jsonschema.validators.extend(jsonschema.Draft202012Validator, type_checker=integers_only)(schema)
    mismatches = 0
    for path in sorted((ROOT / "scenarios").glob("*.yaml")):
        name = path.relative_to(ROOT)
        found = problems(validator, path)
        if found:
            mismatches += 1
            print(f"FAIL  {name}: invalid, but it is a committed scenario: {found[0]}")
        else:
            print(f"ok    {name}: valid")
    bad = sorted((ROOT / "Tests" / "Fixtures" / "schema-bad").glob("*.yaml"))
    if not bad:
        mismatches += 1
        print("FAIL  Tests/Fixtures/schema-bad/ holds no files")
    for path in bad:
        name = path.relative_to(ROOT)
        try:
            found = problems(validator, path)
        except yaml.YAMLError as error:
            mismatches += 1
            print(f"FAIL  {name}: not YAML, so it does not test the schema: {str(error).splitlines()[0]}")
            continue
        if found:
            print(f"ok    {name}: invalid as intended: {found[0]}")
        else:
            mismatches += 1
            print(f"FAIL  {name}: valid, but it is meant to break the schema")
    if mismatches:
        print(f"{mismatches} file(s) did not match the schema's verdict", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
