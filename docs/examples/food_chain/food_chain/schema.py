"""``kcal schema export KIND --game food-chain``: the card set and the game record."""

from kcal.core.schemas import SchemaTable

SCHEMAS = SchemaTable("food-chain", "Food Chain", (("catalog", "card set", "food_chain.catalog:CardSet"),
                                                   ("game", "game record (rules replay)", "food_chain.replay:RecordFile")))
export = SCHEMAS.export
