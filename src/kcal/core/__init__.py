"""Game-agnostic plumbing shared by kcal and its future game packs."""
