"""Account pages of our own, included under accounts/ before django.contrib.auth.urls so that the same names
(login, password_reset) resolve to the rate-limited views; Django's module serves the rest."""

from django.urls import path

from classroom import accounts

urlpatterns = [
    path("signup/", accounts.sign_up, name="signup"),
    path("login/", accounts.RateLimitedLoginView.as_view(), name="login"),
    path("password_reset/", accounts.RateLimitedPasswordResetView.as_view(), name="password_reset"),
]
