from django.urls import path

from together import views

urlpatterns = [
    path("", views.tables, name="tables"),
    path("new/<game:game_key>/", views.table_new, name="table_new"),
    path("<str:code>/", views.table, name="table_lobby"),
    path("<str:code>/sit/", views.table_sit, name="table_sit"),
    path("<str:code>/leave/", views.table_leave, name="table_leave"),
    path("<str:code>/start/", views.table_start, name="table_start"),
]
