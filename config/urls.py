from django.contrib import admin
from django.urls import include, path
from django.utils.translation import gettext_lazy as _

# The admin is where editors work: it carries the site's name in their language, not "Django".
admin.site.site_header = _("Card School: editors' desk")
admin.site.site_title = _("Card School")
admin.site.index_title = _("Lessons and rule presets")

urlpatterns = [
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
    path("", include("games.urls")),
]
