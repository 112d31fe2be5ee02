"""``kcal play``: a table in the browser for any pack, the rules kept by the pack's engine (docs/play.md).

``table`` (a game, its seats and moves), ``store`` (SQLite: every accepted move on disk before any seat
is told), ``words`` (moves in words, and who may read them), ``payload`` (what one seat's browser is
sent: its own view only), ``hint`` (the shared searcher's move and visit share), ``server`` (ASGI:
Starlette and WebSockets, imported only by ``kcal play``), ``static/`` (the page, no build step).
"""
