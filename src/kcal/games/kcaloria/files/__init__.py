"""The pack's files: Pydantic models, loading with positioned errors, card sets, game records and ``start:`` positions."""
