from django.urls import path

from puzzles import views

urlpatterns = [
    path("", views.puzzle_index, name="puzzles"),
    path("<game:game_key>/", views.puzzle_game, name="puzzle_game"),
    path("<game:game_key>/next/", views.puzzle_next, name="puzzle_next"),
    path("<game:game_key>/<int:pk>/", views.puzzle, name="puzzle"),
    path("<game:game_key>/<int:pk>/answer/", views.puzzle_answer, name="puzzle_answer"),
    path("<game:game_key>/<int:pk>/solution/", views.puzzle_solution, name="puzzle_solution"),
]
