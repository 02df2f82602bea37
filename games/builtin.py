"""The built-in presets, for `manage.py load_builtin_data` (core): the rule engines' presets as rows."""

from games.services import preset_sync_builtin


def load(*, reset: bool, say) -> None:
    # Editors' changes to a preset are kept even with `reset`: a preset is recreated only when missing.
    presets = preset_sync_builtin()
    say(f"Presets: {len(presets)} created.")
