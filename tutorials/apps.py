from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


def merge_progress_on_login(sender, request, user, **kwargs) -> None:
    from tutorials.services import progress_merge_session_into_user
    from tutorials.sessions import learner_session_key

    progress_merge_session_into_user(session_key=learner_session_key(getattr(request, "session", None)), user=user)


class TutorialsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tutorials"
    verbose_name = _("Teaching")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from games.models import PRESET_CHANGE_CHECKS
        from tutorials.models import check_lessons_replay

        user_logged_in.connect(merge_progress_on_login, dispatch_uid="tutorials.merge_progress_on_login")
        # A preset's change is refused when a lesson on it would no longer replay; presets (games) know no lesson.
        if check_lessons_replay not in PRESET_CHANGE_CHECKS:
            PRESET_CHANGE_CHECKS.append(check_lessons_replay)
        # ... and its page lists them, its change lists their steps that end or score differently, and its new name
        # lists the lessons that name it by the old one.
        from games.preset_uses import PRESET_CHANGE_REVIEWS, PRESET_MENTION_FINDERS, PRESET_USE_LISTERS, register
        from tutorials.preset_reviews import lesson_change_reviews, lesson_uses, lessons_naming
        register(PRESET_USE_LISTERS, lesson_uses)
        register(PRESET_CHANGE_REVIEWS, lesson_change_reviews)
        register(PRESET_MENTION_FINDERS, lessons_naming)
