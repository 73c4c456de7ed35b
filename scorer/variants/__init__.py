"""Built-in variants: every sub-package here registers one variant when imported."""
