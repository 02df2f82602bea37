from django.urls import path

from . import views

urlpatterns = [
    path("", views.index, name="studio"),
    path("lessons/<int:lesson_id>/", views.lesson, name="studio_lesson"),
    path("lessons/<int:lesson_id>/<str:change>/", views.lesson_change, name="studio_lesson_change"),
    path("lessons/<int:lesson_id>/steps/<int:number>/", views.step, name="studio_step"),
    path("lessons/<int:lesson_id>/steps/<int:number>/<str:change>/", views.step_change, name="studio_step_change"),
]
