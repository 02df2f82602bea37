from django.contrib import admin
from django.urls import include, path, re_path
from django.utils.translation import gettext_lazy as _
from django.views.generic import RedirectView

from tutorials.admin import writing_lessons_guide_view
from tutorials.views import home

# The admin is where editors work: it carries the site's name in their language, not "Django".
admin.site.site_header = _("Card School: editors' desk")
admin.site.site_title = _("Card School")
admin.site.index_title = _("Lessons and rule presets")

urlpatterns = [
    # Presets moved from the tutorials app to games, and their admin pages with them: old bookmarks and links
    # still lead there (the rest of the address and the query string kept).
    re_path(r"^admin/tutorials/preset/(?P<rest>.*)$",
            RedirectView.as_view(url="/admin/games/preset/%(rest)s", permanent=True, query_string=True),
            name="old_preset_admin"),
    # The editors' guide, among the admin's pages (before them: the admin answers every other address under /admin/).
    path("admin/guide/writing-lessons/", admin.site.admin_view(writing_lessons_guide_view),
         name="writing_lessons_guide"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    # Ours first: sign-up, and sign-in and password reset with attempts limited, under Django's URL names.
    path("accounts/", include("classroom.account_urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("learn/", include("tutorials.urls")),
    path("classes/", include("classroom.urls")),
    path("rules/", include("rulebook.urls")),
    path("puzzles/", include("puzzles.urls")),
    path("tables/", include("together.urls")),
    path("studio/", include("studio.urls")),
    path("", home, name="home"),
    path("", include("games.urls")),
]
