"""The rules of each system as pure functions and frozen dataclasses, one module each."""

__all__: list[str] = []
