"""A headless Chromium for the browser tests (Debian's chromium + chromium-driver, driven by Selenium);
on a developer machine without them the tests skip; in CI (``KCAL_CI`` set by .ci/run, which installs
both) they fail instead."""

from __future__ import annotations

import os

import pytest


def missing(what: str) -> None:
    """Skip for ``what`` is missing on a developer machine; fail in CI, which installs everything."""
    if os.environ.get("KCAL_CI"):
        pytest.fail(f"{what} (CI installs it: .ci/run)")
    pytest.skip(what)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from kcal.viewer.browser import chromium, find

    if find() is None:
        missing("chromium and chromedriver are not installed")
    downloads = tmp_path_factory.mktemp("downloads")
    driver = chromium(downloads=str(downloads))
    driver.downloads = downloads
    yield driver
    driver.quit()


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def html_problems(page: str) -> list[str]:
    """What an HTML checker would object to in our pages: no doctype, no lang/charset/title, an element
    closed out of order or never, a repeated id or attribute, an unquoted attribute value."""
    import re
    from html.parser import HTMLParser

    problems: list[str] = []
    if not page.startswith("<!DOCTYPE html>"):
        problems.append("no <!DOCTYPE html> first")
    stack: list[str] = []
    ids: set[str] = set()
    seen: set[str] = set()

    class Checker(HTMLParser):
        def _attrs(self, tag, attrs):
            raw = re.sub(r'"[^"]*"|\'[^\']*\'', '""', self.get_starttag_text() or "")
            if re.search(r"=\s*[^\s\"']", raw):
                problems.append(f"<{tag}> has an unquoted attribute value")
            names = [a for a, _ in attrs]
            if len(names) != len(set(names)):
                problems.append(f"<{tag}> repeats an attribute")
            for a, v in attrs:
                if a == "id":
                    if v in ids:
                        problems.append(f"id {v!r} twice")
                    ids.add(v)
            seen.add(tag)

        def handle_starttag(self, tag, attrs):
            self._attrs(tag, attrs)
            if tag not in VOID:
                stack.append(tag)

        def handle_startendtag(self, tag, attrs):
            self._attrs(tag, attrs)

        def handle_endtag(self, tag):
            if not stack or stack[-1] != tag:
                problems.append(f"</{tag}> closes <{stack[-1] if stack else None}>")
            else:
                stack.pop()

    Checker(convert_charrefs=True).feed(page)
    if stack:
        problems.append(f"never closed: {stack}")
    for tag in ("html", "head", "title", "meta", "body"):
        if tag not in seen:
            problems.append(f"no <{tag}>")
    if not re.search(r'<html lang="[a-z]+"', page) or '<meta charset="utf-8">' not in page:
        problems.append("no lang or charset")
    return problems


@pytest.fixture
def html_check():
    return html_problems
