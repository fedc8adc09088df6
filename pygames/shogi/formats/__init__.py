"""Shogi file formats: SFEN (see ``pygames.shogi.sfen``), USI moves, Japanese move text and KIF."""
