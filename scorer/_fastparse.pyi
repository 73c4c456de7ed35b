"""Type stubs of ``_fastparse.pyx``: the notation's common case read in C (None: the Python reader
takes the text)."""

from .hand import Hand

MAX_LENGTH: int

def parse_fast(text: str) -> tuple[tuple[int, ...], int, tuple[tuple[int, int, int, int], ...]] | None: ...
def parse_hand(text: str) -> Hand | None: ...
def tile_list_fast(text: str, red_fives: bool, max_tiles: int) -> tuple[tuple[int, bool], ...] | None: ...
