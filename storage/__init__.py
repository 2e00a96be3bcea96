"""Storage: plain-file loading (CSV/TOML/JSON) and the SQLModel database; may import league."""
