"""Type stub for ``pokercore._arrange_input`` (private): C-level input checks only, no Python API."""
