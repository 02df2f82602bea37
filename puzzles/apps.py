from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


def merge_ratings_on_login(sender, request, user, **kwargs) -> None:
    from puzzles.services import puzzle_ratings_merge_session_into_user
    from tutorials.sessions import learner_session_key

    puzzle_ratings_merge_session_into_user(session_key=learner_session_key(getattr(request, "session", None)),
                                           user=user)


class PuzzlesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "puzzles"
    verbose_name = _("Puzzles")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        user_logged_in.connect(merge_ratings_on_login, dispatch_uid="puzzles.merge_ratings_on_login")
        from games.preset_uses import PRESET_USE_LISTERS, register
        from puzzles.selectors import puzzle_preset_uses
        register(PRESET_USE_LISTERS, puzzle_preset_uses)   # the preset's admin page counts them
