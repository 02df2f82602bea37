from django.urls import path

from games import views

urlpatterns = [
    path("health/", views.health, name="health"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("play/", views.play_index, name="play_index"),
    path("play/mine/", views.my_games, name="my_games"),
    path("play/<game:game_key>/new/", views.new_game, name="new_game"),
    path("play/<uuid:game_id>/", views.play, name="play"),
    path("play/<uuid:game_id>/table/", views.table, name="table"),
    path("play/<uuid:game_id>/act/", views.act, name="act"),
    path("play/<uuid:game_id>/hint/", views.hint, name="hint"),
    path("play/<uuid:game_id>/here/", views.here, name="here"),
    path("play/<uuid:game_id>/again/", views.play_again, name="play_again"),
    path("play/<uuid:game_id>/next/", views.next_game, name="next_game"),
    path("play/<uuid:game_id>/replay/", views.replay, name="replay"),
    path("play/<uuid:game_id>/review/", views.review, name="review"),
    path("play/<uuid:game_id>/review/part/<int:part>/", views.review_part, name="review_part"),
    path("play/<uuid:game_id>/review/<int:step>/again/", views.review_try_again, name="review_try_again"),
]
