"""Domain nouns and Pydantic models of kCaloria's files (catalogs, decks, game records)."""
