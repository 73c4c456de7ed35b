"""Engine version, echoed in every result."""

__version__ = "0.1.0"
