"""The built-in presets, for `manage.py load_builtin_data` (core): the rule engines' presets as rows."""

import reversion
from django.db import transaction
from reversion.models import Version

from games.models import Preset
from games.services import preset_sync_builtin


def load(*, reset: bool, say) -> None:
    # Editors' changes to a preset are kept even with `reset`: a preset is recreated only when missing.
    # Like the built-in lessons and rules pages, each preset gets a first version in its history (one loaded before
    # presets had a history gets its current values), so an editor can always return to it.
    with transaction.atomic(), reversion.create_revision():
        reversion.set_comment("Built-in presets loaded by load_builtin_data")
        presets = preset_sync_builtin()
        versioned = Version.objects.get_for_model(Preset).values_list("object_id", flat=True)
        for preset in Preset.objects.filter(is_builtin=True).exclude(pk__in=[int(pk) for pk in versioned]):
            reversion.add_to_revision(preset)
    say(f"Presets: {len(presets)} created.")
