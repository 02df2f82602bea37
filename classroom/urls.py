from django.urls import path

from classroom import views

urlpatterns = [
    path("", views.classes_home, name="classes"),
    path("new/", views.class_create, name="class_create"),
    path("join/", views.class_join, name="class_join"),
    path("join/<str:code>/", views.class_join, name="class_join_code"),
    path("<int:classroom_id>/", views.class_dashboard, name="class_dashboard"),
    path("<int:classroom_id>/dashboard.csv", views.class_dashboard_csv, name="class_dashboard_csv"),
    path("<int:classroom_id>/rename/", views.class_rename, name="class_rename"),
    path("<int:classroom_id>/archive/", views.class_archive, name="class_archive"),
    path("<int:classroom_id>/teachers/", views.class_add_teacher, name="class_add_teacher"),
    path("<int:classroom_id>/remove-student/", views.class_remove_student, name="class_remove_student"),
    path("<int:classroom_id>/assignments/new/", views.assignment_new, name="assignment_new"),
    path("assignments/<int:assignment_id>/", views.assignment_detail, name="assignment_detail"),
    path("assignments/<int:assignment_id>/deals/<int:number>/", views.assignment_deal, name="assignment_deal"),
    path("assignments/<int:assignment_id>/start/", views.round_start, name="round_start"),
    path("rounds/<int:round_id>/replay/", views.round_replay, name="round_replay"),
]
