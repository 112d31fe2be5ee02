"""The built-in game packs, one folder each; they register through the ``kcal.games`` entry points."""
