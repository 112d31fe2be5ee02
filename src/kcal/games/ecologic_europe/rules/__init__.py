"""The rules behind the Game interface: the game's nouns, its state and every rule."""
