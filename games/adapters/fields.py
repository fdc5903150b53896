"""Room options as form fields: one description serves the home page and the lobby editor."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class OptionField:
    """One host option: its key, label, kind (int, bool, choice, multi) and limits."""

    name: str
    label: str
    kind: str
    default: Any
    help: str = ""
    min: int | None = None
    max: int | None = None
    choices: list[tuple[Any, str]] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        """The field for the browser, labels in the active language."""
        data = asdict(self)
        data["label"] = str(self.label)
        data["help"] = str(self.help)
        data["choices"] = [[value, str(label)] for value, label in self.choices]
        return data
