"""Writing a story's pictures and page: every file of one command committed together (atomically),
never over one of the command's inputs."""

from __future__ import annotations

from pathlib import Path

from kcal.viewer.scene import Story


def write(story: Story, *, svg: Path | None = None, png: Path | None = None, html: Path | None = None,
          step: int | None = None, inputs: tuple[Path, ...] = ()) -> list[Path]:
    """Write the picture after ``step`` moves (None: the last frame) as SVG and/or PNG, and the
    step-by-step page; returns the files written."""
    from kcal.core.atomic import write_all

    files: list[tuple[Path, bytes]] = []
    if svg is not None or png is not None:
        from kcal.viewer.picture import compose

        items, box = compose(story, step)
        if svg is not None:
            from kcal.viewer.svg import document

            files.append((svg, document(items, box, title=story.title).encode("utf-8")))
        if png is not None:
            from kcal.viewer.png import render

            files.append((png, render(items, box)))
    if html is not None:
        from kcal.viewer.html import page

        files.append((html, page(story).encode("utf-8")))
    return write_all(files, inputs=inputs)


def write_page(target: Path, html: str, *, inputs: tuple[Path, ...] = ()) -> Path:
    """Write one page atomically (never over an input)."""
    from kcal.core.atomic import atomic_write_text

    return atomic_write_text(target, html, inputs=inputs)
