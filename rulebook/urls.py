from django.urls import path

from rulebook import views

urlpatterns = [
    path("", views.rules_index, name="rules_index"),
    path("<game:game_key>/", views.rules_page, name="rules_page"),
]
