from django.urls import path

from puzzles import views

urlpatterns = [
    path("", views.puzzle_index, name="puzzles"),
    path("<slug:game_key>/", views.puzzle_game, name="puzzle_game"),
    path("<slug:game_key>/next/", views.puzzle_next, name="puzzle_next"),
    path("<slug:game_key>/<int:pk>/", views.puzzle, name="puzzle"),
    path("<slug:game_key>/<int:pk>/answer/", views.puzzle_answer, name="puzzle_answer"),
    path("<slug:game_key>/<int:pk>/solution/", views.puzzle_solution, name="puzzle_solution"),
]
