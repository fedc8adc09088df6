"""pygames: four Japanese tabletop games as deterministic pure-Python engines."""

__version__ = "0.1.0"
