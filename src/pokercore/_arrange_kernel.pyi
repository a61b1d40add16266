"""Type stub for ``pokercore._arrange_kernel`` (private): C-level search kernels only, no Python API."""
