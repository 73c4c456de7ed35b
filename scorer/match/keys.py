"""A match's edit key (docs/match.md#who-may-change-a-match): made at creation, given to its
creator once, kept only as its SHA-256 digest, compared in constant time.

The key is 32 random bytes (URL-safe base64, 43 characters): far past guessing, so one hash round
is enough (no salt or slow hash needed, as there would be for a password a person chose)."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

KEY_BYTES = 32
# what a key looks like: a bearer token's characters (RFC 6750), bounded
KEY_SHAPE = re.compile(r"[A-Za-z0-9._~+/=-]{1,128}")


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


def digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def matches(key: str, stored: str | None) -> bool:
    """Whether ``key`` is the one whose digest was stored (False when none was)."""
    if stored is None:
        return False
    return hmac.compare_digest(digest(key), stored)


def same_secret(given: str, secret: str) -> bool:
    """Whether ``given`` is ``secret`` (the admin key), compared in constant time."""
    return hmac.compare_digest(digest(given), digest(secret))
