"""Importing plain-text lists: the accepted line forms, comments, positions of errors, the YAML written."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kcal.core.errors import KcalError
from kcal.core.yamlsafe import parse_yaml
from kcal.games.kcaloria.deck.importer import (
    ListLine,
    decode_list,
    import_deck,
    parse_list,
    render_deck_yaml,
    resolve,
    yaml_scalar,
)
from kcal.games.kcaloria.files.load import load_deck
from kcal.games.kcaloria.files.models import Deck


def _messages(exc: KcalError) -> list[str]:
    return [str(p) for p in exc.problems]


class TestLineForms:
    @pytest.mark.parametrize(
        "line, name, count",
        [
            ("4 Bayou", "Bayou", 4),
            ("4x Bayou", "Bayou", 4),
            ("4X Bayou", "Bayou", 4),
            ("4 x Bayou", "Bayou", 4),
            ("4xBayou", "Bayou", 4),
            ("Bayou x4", "Bayou", 4),
            ("Bayou x 4", "Bayou", 4),
            ("Bayou X4", "Bayou", 4),
            ("  4   Phlox   nivalis  ", "Phlox nivalis", 4),
            ("4 Bayou (ETPW) 12", "Bayou", 4),
            ("4 Bayou (ETPW)", "Bayou", 4),
            ("4 Bayou [ETPW] 12a", "Bayou", 4),
            ("4 Bayou # the only water", "Bayou", 4),
            ("4 Bayou // note", "Bayou", 4),
            ("12 Xenopus laevis", "Xenopus laevis", 12),
            ("1 Remove the Invader", "Remove the Invader", 1),
        ],
    )
    def test_accepted_forms(self, line: str, name: str, count: int) -> None:
        [entry] = parse_list(line, "l.txt")
        assert (entry.name, entry.count) == (name, count)

    def test_blank_lines_and_comments_are_skipped(self) -> None:
        text = "\n# heading\n   // also a comment\n\n4 Bayou\n\n"
        assert parse_list(text) == [ListLine("Bayou", 4, 5, 3)]

    def test_column_points_at_the_name(self) -> None:
        assert parse_list("  10x Bayou")[0].column == 7
        assert parse_list("Bayou x4")[0].column == 1

    def test_crlf_and_bom(self) -> None:
        text = decode_list("\ufeff4 Bayou\r\n2 Moonlight\r\n".encode())
        assert [(e.name, e.line) for e in parse_list(text)] == [("Bayou", 1), ("Moonlight", 2)]


class TestMalformedLines:
    def test_every_bad_line_is_reported_at_its_position(self) -> None:
        with pytest.raises(KcalError) as info:
            parse_list("4 Bayou\nSideboard cards\n0 Moonlight\n  100 Bayou\n", "l.txt")
        assert _messages(info.value) == [
            "l.txt:2:1: cannot read 'Sideboard cards': expected a count and a tile name, like '4 Bayou', "
            "'4x Bayou' or 'Bayou x4', or a section header like 'Water' or 'SIDEBOARD:'",
            "l.txt:3:3: count 0 for 'Moonlight' must be between 1 and 99",
            "l.txt:4:7: count 100 for 'Bayou' must be between 1 and 99",
        ]

    def test_a_bare_name_needs_a_count(self) -> None:
        with pytest.raises(KcalError, match="expected a count"):
            parse_list("Bayou")

    def test_empty_list(self) -> None:
        with pytest.raises(KcalError, match="names no tiles"):
            parse_list("# nothing\n\n", "l.txt")

    def test_control_character(self) -> None:
        with pytest.raises(KcalError) as info:
            parse_list("4 Bay\x00ou\n", "l.txt")
        assert str(info.value) == "l.txt:1:6: control character U+0000 is not allowed"

    def test_invalid_utf8_has_a_position(self) -> None:
        with pytest.raises(KcalError) as info:
            decode_list(b"4 Bayou\n2 Moon\xfflight\n", "l.txt")
        assert str(info.value) == "l.txt:2:7: invalid UTF-8 byte 0xFF; save the file as UTF-8"


class TestResolve:
    def test_names_fold_and_repeats_add_up(self, mini_library) -> None:
        lines = parse_list("4 Bayou\n2 PHLOX   NIVALIS\n1 bayou\n")
        entries = resolve(lines, mini_library)
        assert [(e.tile.name, e.count, e.lines) for e in entries] == [
            ("Bayou", 5, (1, 3)), ("Phlox nivalis", 2, (2,))]

    def test_common_name_resolves_to_the_printed_name(self, mini_library) -> None:
        [entry] = resolve(parse_list("3 Nine-banded armadillo"), mini_library)
        assert entry.tile.name == "Dasypus novemcinctus"

    def test_unknown_names_with_did_you_mean(self, mini_library) -> None:
        with pytest.raises(KcalError) as info:
            resolve(parse_list("4 Bayuo\n2 Zzzz top", "l.txt"), mini_library, "l.txt")
        assert _messages(info.value) == [
            "l.txt:1:3: unknown tile 'Bayuo' (did you mean 'Bayou'?)",
            "l.txt:2:3: unknown tile 'Zzzz top'",
        ]


class TestImportDeck:
    def test_file_to_yaml(self, fixtures, mini_library) -> None:
        result = import_deck(fixtures / "list.txt", mini_library, display="list.txt")
        assert result.name == "List"
        assert result.total == 11
        assert result.text == (
            "# Imported from list.txt by kcal deck import.\n"
            "# 11 tiles, 4 names.\n"
            "name: List\n"
            "format: standard\n"
            "tiles:\n"
            "  Bayou: 5\n"
            "  Phlox nivalis: 3\n"
            "  Dasypus novemcinctus: 2\n"
            "  Moonlight: 1\n"
        )
        assert result.notes == ["the deck has 11 tiles; a legal deck has exactly 60"]

    def test_malformed_and_unknown_are_reported_together_in_line_order(self, fixtures, mini_library) -> None:
        with pytest.raises(KcalError) as info:
            import_deck(fixtures / "list-bad.txt", mini_library, display="list-bad.txt")
        assert _messages(info.value) == [
            "list-bad.txt:2:1: cannot read 'Sideboard cards': expected a count and a tile name, like "
            "'4 Bayou', '4x Bayou' or 'Bayou x4', or a section header like 'Water' or 'SIDEBOARD:'",
            "list-bad.txt:3:3: unknown tile 'Phlox nivalsi' (did you mean 'Phlox nivalis'?)",
            "list-bad.txt:4:3: count 0 for 'Moonlight' must be between 1 and 99",
            "list-bad.txt:5:6: unknown tile 'Ardea herodas' (did you mean 'Ardea herodias'?)",
        ]

    def test_written_deck_loads_back(self, work, mini_library) -> None:
        result = import_deck(work / "list.txt", mini_library, name="Round trip", format="solo",
                             catalogs=["mini.yaml"])
        (work / "out.yaml").write_text(result.text)
        loaded = load_deck(work / "out.yaml")
        assert loaded.deck.name == "Round trip"
        assert loaded.deck.format == "solo"
        assert loaded.counts() == {"bayou": 5, "phlox nivalis": 3, "dasypus novemcinctus": 2,
                                   "moonlight": 1}
        assert all(e.tile is not None for e in loaded.entries)

    def test_missing_file(self, tmp_path, mini_library) -> None:
        with pytest.raises(KcalError, match="no such file"):
            import_deck(tmp_path / "nope.txt", mini_library)


class TestYamlScalar:
    @pytest.mark.parametrize("text", ["Bayou", "no", "yes", "null", "true", "010", "1e5", "a: b",
                                      "#hash", "Name # not a comment", "- dash", "Ardea 'quoted'",
                                      "colon:", " lead", "trail ", "Łódź", "a\"b", "[x]", "{y}",
                                      "*alias", "&anchor", "!tag", "%dir", "@at", "`tick`", "x\ty"])
    def test_reads_back_as_the_same_text(self, text: str) -> None:
        doc = parse_yaml(f"k: {yaml_scalar(text)}\n")
        assert doc.data == {"k": text}

    @given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40))
    def test_any_name_round_trips(self, text: str) -> None:
        try:
            doc = parse_yaml(f"k: {yaml_scalar(text)}\n")
        except KcalError as exc:  # only characters YAML itself refuses may fail, with a position
            assert exc.where.line is not None
            return
        assert doc.data == {"k": text}

    def test_rendered_deck_validates(self, mini_library) -> None:
        entries = resolve(parse_list("5 Bayou\n1 Moonlight"), mini_library)
        catalogs = ["builtin", "my cards.yaml", "a, b.yaml", "cards/x_y.yaml", "../up.yaml"]
        text = render_deck_yaml("no", entries, source="x: y.txt", catalogs=catalogs)
        data = parse_yaml(text).data
        deck = Deck.model_validate(data)
        assert deck.name == "no" and deck.catalogs == tuple(catalogs)

    @given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=30))
    def test_any_text_round_trips_inside_flow_lists(self, text: str) -> None:
        try:
            doc = parse_yaml(f"k: [{yaml_scalar(text, flow=True)}, x]\n")
        except KcalError as exc:
            assert exc.where.line is not None
            return
        assert doc.data == {"k": [text, "x"]}


class TestAnyText:
    @given(st.text(max_size=200))
    def test_parse_list_gives_entries_or_positioned_errors(self, text: str) -> None:
        try:
            entries = parse_list(text, "l.txt")
        except KcalError as exc:
            for problem in exc.problems:
                assert problem.where.file == "l.txt"
                assert problem.where.line is not None or "names no tiles" in problem.message
            return
        for e in entries:
            assert 1 <= e.count <= 99 and e.name == " ".join(e.name.split()) and e.name
            assert e.line >= 1 and e.column >= 1

    @given(st.binary(max_size=200))
    def test_decode_list_gives_text_or_a_positioned_error(self, raw: bytes) -> None:
        try:
            decode_list(raw, "l.txt")
        except KcalError as exc:
            assert exc.where.line is not None and exc.where.column is not None


def test_line_numbers_count_only_real_line_breaks() -> None:
    with pytest.raises(KcalError) as info:
        parse_list("4 Bayou\r\n2 Moon\x0clight\r3 Sunlight\n", "l.txt")
    assert str(info.value) == "l.txt:2:7: control character U+000C is not allowed"
    assert [e.line for e in parse_list("4 Bayou\r2 Moonlight\r\n3 Sunlight")] == [1, 2, 3]
