"""Seeing a game: pictures of the table, a step-by-step page, a catalog page (issue 10).

Game-agnostic. A pack's ``draw`` hook (``core/registry.py``) tells a game record as a
:class:`~kcal.viewer.scene.Story` of frames made of shapes (:mod:`kcal.viewer.scene`), and may offer a
:class:`~kcal.viewer.catalog.CatalogPage`. This package turns them into files:

``scene``    shapes, items, frames, stories (what a pack hands over)
``picture``  one step laid out with its heading, scores and legend
``svg``      shapes to SVG text, every piece of text escaped
``png``      the same shapes drawn by Pillow (no browser, no SVG library)
``html``     the self-contained step-by-step page (data, CSS and script inline; no network)
``catalog``  the self-contained catalog page (filters, search, deck panel, deck download)
``output``   writing the files atomically, never over an input
``browser``  headless Chromium for tests and benches (Debian's chromium + chromium-driver)
"""
