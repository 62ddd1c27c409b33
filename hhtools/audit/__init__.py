"""audit layer."""
