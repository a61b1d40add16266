"""Type stub for ``pokercore.binh._arrange_input`` (private): C-level input checks only, no Python API."""
