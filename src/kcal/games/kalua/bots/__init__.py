"""The pack's bots: ``bot(game, state, player, rng) -> move``."""
