"""Shared print-and-play plumbing, for every pack: paper and face geometry, imposition with cut lines,
crop marks, ruler, bleed and duplex backs, the embedded font, text fitting and escaping, safe art,
atomic and reproducible PDF output, raster previews. A pack's own faces live in its folder."""
