"""Accounts: sign-up (optionally as a teacher), and Django's sign-in and password reset with attempts limited.

The rest of the account pages (sign-out, the password-reset e-mail's link and its confirmation) are Django's
own views from django.contrib.auth.urls, with our templates in templates/registration/.
"""

from __future__ import annotations

import unicodedata

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import Group
from django.contrib.auth.views import LoginView, PasswordResetView
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters

from classroom.selectors import TEACHERS_GROUP
from classroom.views import class_join_on_arrival, join_link_code
from core.ratelimits import attempt_limited

# -- forms ---------------------------------------------------------------------------------------


class SignUpForm(UserCreationForm):
    """Django's username and password checks, plus the e-mail that password reset needs.

    E-mail addresses need not be unique: children in a class often sign up with a parent's address, and a
    reset then mails a link for each of its accounts.
    """

    email = forms.EmailField(
        label=gettext_lazy("E-mail"), max_length=254,
        help_text=gettext_lazy("Required: if you forget your password, a link to choose a new one is sent here. "
                               "We use it for nothing else."),
        error_messages={"required": gettext_lazy("Enter your e-mail address: without it, a forgotten password "
                                                 "cannot be replaced.")},
        widget=forms.EmailInput(attrs={"autocomplete": "email"}))
    teaches = forms.BooleanField(label=gettext_lazy("I teach: let me create classes"), required=False)

    class Meta(UserCreationForm.Meta):
        # E-mail on the instance too, so the password validators can refuse a password that resembles it.
        fields = ("username", "email")


# -- services ------------------------------------------------------------------------------------


@transaction.atomic
def account_sign_up(*, username: str, email: str, password: str, teaches: bool):
    """Create an active user; one who teaches joins the Teachers group, which lets them create classes."""
    user = get_user_model().objects.create_user(username=username, email=email, password=password)
    if teaches:
        user.groups.add(Group.objects.get(name=TEACHERS_GROUP))
    return user


# -- attempt limits ------------------------------------------------------------------------------


def _submitted_username(group: str, request: HttpRequest) -> str:
    """The username as the sign-in form will read it, so padding or look-alike spellings share one count.

    The form strips and NFKC-normalises it (UsernameField); case is folded too, so that "Ada" and "ada"
    count together where the database compares usernames without case.
    """
    return unicodedata.normalize("NFKC", request.POST.get("username", "").strip()[:150]).casefold()


def login_attempt_limited(request: HttpRequest) -> bool:
    # Both counters take every attempt, so a client over one limit still uses up the other.
    by_ip = attempt_limited(request, group="login:ip", key="ip", rate=settings.LOGIN_RATE_PER_IP)
    by_username = attempt_limited(request, group="login:username", key=_submitted_username,
                                  rate=settings.LOGIN_RATE_PER_USERNAME)
    return by_ip or by_username


def password_reset_limited(request: HttpRequest) -> bool:
    return attempt_limited(request, group="password-reset:ip", key="ip", rate=settings.PASSWORD_RESET_RATE_PER_IP)


def sign_up_limited(request: HttpRequest) -> bool:
    return attempt_limited(request, group="signup:ip", key="ip", rate=settings.SIGNUP_RATE_PER_IP)


# -- views ---------------------------------------------------------------------------------------


def _safe_next(request: HttpRequest) -> str:
    """The `next` page to return to, or "" when it points off this site (no open redirect)."""
    url = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(url, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return url
    return ""


@sensitive_post_parameters("password1", "password2")
@never_cache
def sign_up(request: HttpRequest) -> HttpResponse:
    next_url = _safe_next(request)
    if request.method == "POST" and sign_up_limited(request):
        # An unbound form, so the refusal says nothing about the username (taken or not) or the password.
        form = SignUpForm(initial={field: request.POST.get(field, "") for field in ("username", "email")})
        messages.error(request, _("Too many sign-up attempts from your address. Wait a while and try again."))
        return render(request, "registration/signup.html", {"form": form, "next": next_url}, status=429)
    form = SignUpForm(request.POST) if request.method == "POST" else SignUpForm()
    if form.is_bound and form.is_valid():
        data = form.cleaned_data
        user = account_sign_up(username=data["username"], email=data["email"], password=data["password1"],
                               teaches=data["teaches"])
        login(request, user)
        messages.success(request, _("Welcome, %(name)s: your account is ready.") % {"name": user.get_username()})
        if join_code := join_link_code(next_url):
            return class_join_on_arrival(request, code=join_code)
        # A new teacher's first step is a class; everyone else starts from the home page's games.
        return redirect(next_url or ("classes" if data["teaches"] else "home"))
    return render(request, "registration/signup.html",
                  {"form": form, "next": next_url, "join_code": join_link_code(next_url)})


class RateLimitedLoginView(LoginView):
    """Django's sign-in; a POST over the per-IP or per-username rate is refused before the password is checked.

    Signing in from a class's join link joins the class at once, as signing up from it does.
    """

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "join_code": join_link_code(self.get_redirect_url())}

    def form_valid(self, form):
        response = super().form_valid(form)
        if join_code := join_link_code(self.get_redirect_url()):
            return class_join_on_arrival(self.request, code=join_code)
        return response

    def post(self, request, *args, **kwargs):
        if login_attempt_limited(request):
            # An unbound form: a bound one would authenticate as soon as the template asked for its errors.
            form = self.get_form_class()(request, initial={"username": request.POST.get("username", "")})
            return self.render_to_response(self.get_context_data(form=form, too_many_attempts=True), status=429)
        return super().post(request, *args, **kwargs)


class RateLimitedPasswordResetView(PasswordResetView):
    """Django's password reset; each request may send mail, so a client over the per-IP rate is refused."""

    def post(self, request, *args, **kwargs):
        if password_reset_limited(request):
            form = self.get_form_class()(initial={"email": request.POST.get("email", "")})
            return self.render_to_response(self.get_context_data(form=form, too_many_attempts=True), status=429)
        return super().post(request, *args, **kwargs)
