"""Builds the modifier table of docs/formats.md from the registry (the test checks they agree)."""

from __future__ import annotations

from kcal.games.kcaloria.rules.modifiers import MODIFIERS, PARAM_KINDS


def modifier_table() -> str:
    rows = ["| modifier | shape | required | optional (default) | in short |", "| --- | --- | --- | --- | --- |"]
    for name in sorted(MODIFIERS):
        spec = MODIFIERS[name]
        optional = ", ".join(f"{p} ({spec.defaults[p]})" if p in spec.defaults else p for p in spec.optional)
        rows.append(f"| `{name}` | {spec.shape.value} | {', '.join(spec.required) or '—'} | {optional or '—'} | {spec.summary} |")
    kinds = "\n".join(f"- `{k}`: {v}" for k, v in PARAM_KINDS.items())
    return "\n".join(rows) + "\n\nParameters:\n\n" + kinds + "\n"
