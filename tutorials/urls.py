from django.urls import path

from . import views

urlpatterns = [
    path("", views.learn, name="learn"),
    # One segment: a game's course; two: one of its lessons (its slug never stands alone here).
    path("<game:game_key>/", views.course, name="course"),
    path("<game:game_key>/<slug:lesson_slug>/", views.lesson, name="lesson"),
    path("<game:game_key>/<slug:lesson_slug>/answer/", views.lesson_answer, name="lesson_answer"),
    path("<game:game_key>/<slug:lesson_slug>/hint/", views.lesson_hint, name="lesson_hint"),
    path("<game:game_key>/<slug:lesson_slug>/explanation/", views.lesson_explanation, name="lesson_explanation"),
    path("<game:game_key>/<slug:lesson_slug>/practice/", views.lesson_practice, name="lesson_practice"),
    path("<game:game_key>/<slug:lesson_slug>/done/", views.lesson_done, name="lesson_done"),
]
