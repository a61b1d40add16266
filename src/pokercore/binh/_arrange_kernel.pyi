"""Type stub for ``pokercore.binh._arrange_kernel`` (private): C-level search kernels only, no Python API."""
