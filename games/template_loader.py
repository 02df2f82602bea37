"""Finds each installed game's templates in its own package (games/<key>/templates/), so that a game's templates
live with the rest of it and a game installed by the setting brings its own."""

from __future__ import annotations

import importlib
from pathlib import Path

from django.template.loaders.filesystem import Loader as FilesystemLoader

from games.registry import installed_packages


class InstalledGamesLoader(FilesystemLoader):
    def get_dirs(self) -> list[Path]:
        return [Path(importlib.import_module(package).__file__).parent / "templates"
                for package in installed_packages()]
