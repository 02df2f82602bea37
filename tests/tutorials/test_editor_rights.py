"""A superuser makes a user an editor, or takes the rights back, in one step; nobody else can."""

import pytest
from django.contrib.auth.models import Group, Permission
from django.utils import translation

from tutorials.editor_services import EditorRightsRefused, editor_rights_grant, editor_rights_remove
from tutorials.selectors import user_is_editor

pytestmark = pytest.mark.django_db
ENGLISH = {"headers": {"accept-language": "en"}}
RUSSIAN = {"headers": {"accept-language": "ru"}}


@pytest.fixture
def boss(django_user_model):
    return django_user_model.objects.create_superuser(username="boss", password="pw-for-tests")


@pytest.fixture
def learner(django_user_model):
    return django_user_model.objects.create_user(username="lena", password="pw-for-tests")


@pytest.fixture
def user_manager(django_user_model):
    """A staff user allowed to change users, but no superuser."""
    user = django_user_model.objects.create_user(username="manager", password="pw-for-tests", is_staff=True)
    user.user_permissions.add(*Permission.objects.filter(content_type__app_label="auth",
                                                         codename__in=("view_user", "change_user")))
    return user


def rights(user) -> tuple[bool, list[str]]:
    user.refresh_from_db()
    return user.is_staff, sorted(user.groups.values_list("name", flat=True))


def page_messages(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


# -- the service ----------------------------------------------------------------------------------

def test_a_superuser_makes_an_editor_who_can_then_edit_lessons(boss, learner, client):
    assert editor_rights_grant(users=[learner], granted_by=boss) == [learner]

    assert rights(learner) == (True, ["Editors"]) and user_is_editor(learner)
    client.force_login(learner)
    assert client.get("/admin/tutorials/lesson/").status_code == 200
    # Again: nothing more to do, nobody reported as made.
    assert editor_rights_grant(users=[learner], granted_by=boss) == []


def test_removing_the_rights_takes_the_group_and_the_staff_status(boss, editor, client):
    [removal] = editor_rights_remove(users=[editor], removed_by=boss)

    assert removal.user == editor and removal.staff_kept_because == ""
    assert rights(editor) == (False, [])
    client.force_login(editor)
    assert client.get("/admin/tutorials/lesson/").status_code == 302   # to the admin's sign-in page
    assert editor_rights_remove(users=[editor], removed_by=boss) == []   # not an editor any more


def test_a_user_who_needs_staff_status_for_something_else_keeps_it(boss, editor, django_user_model):
    other_admin_group = Group.objects.create(name="Puzzle checkers")
    other_admin_group.permissions.add(Permission.objects.get(codename="view_puzzle"))
    in_another_group = django_user_model.objects.create_user(username="pat", is_staff=True)
    in_another_group.groups.add(Group.objects.get(name="Editors"), other_admin_group,
                                Group.objects.get(name="Teachers"))   # Teachers carry no admin permission
    with_own_permission = django_user_model.objects.create_user(username="olga", is_staff=True)
    with_own_permission.groups.add(Group.objects.get(name="Editors"))
    with_own_permission.user_permissions.add(Permission.objects.get(codename="view_user"))
    boss.groups.add(Group.objects.get(name="Editors"))

    with translation.override("en"):
        removed = editor_rights_remove(users=[editor, in_another_group, with_own_permission, boss], removed_by=boss)

    assert [(removal.user.username, removal.staff_kept_because) for removal in removed] == [
        ("eda", ""),
        ("pat", "in the group Puzzle checkers, which gives other admin rights"),
        ("olga", "has admin permissions of their own"),
        ("boss", "a superuser")]
    assert rights(editor) == (False, [])
    assert rights(in_another_group) == (True, ["Puzzle checkers", "Teachers"])
    assert rights(with_own_permission) == (True, [])
    assert rights(boss) == (True, [])


def test_nobody_but_an_active_superuser_gives_or_takes_the_rights(boss, editor, learner, user_manager):
    boss.is_active = False
    translation.activate("en")
    for who in (editor, user_manager, boss):
        with pytest.raises(EditorRightsRefused, match="Only a superuser"):
            editor_rights_grant(users=[learner], granted_by=who)
        with pytest.raises(EditorRightsRefused, match="Only a superuser"):
            editor_rights_remove(users=[editor], removed_by=who)
    assert rights(learner) == (False, []) and rights(editor) == (True, ["Editors"])


# -- the user admin -------------------------------------------------------------------------------

def test_a_superuser_makes_an_editor_from_the_users_page(client, boss, learner):
    client.force_login(boss)
    page = client.get(f"/admin/auth/user/{learner.pk}/change/", **ENGLISH).content.decode()
    address = f"/admin/auth/user/{learner.pk}/editor-rights/"
    assert f'href="{address}">Make editor</a>' in page

    confirm = client.get(address, **ENGLISH)
    assert confirm.status_code == 200
    assert "lena will get staff status and join the Editors group" in confirm.content.decode()
    assert rights(learner) == (False, [])   # looking changes nothing

    done = client.post(address, {"rights": "grant"}, follow=True, **ENGLISH)

    assert rights(learner) == (True, ["Editors"])
    assert page_messages(done) == ["lena is now an editor: staff status and the Editors group, so they may sign in "
                                   "to this admin and edit lessons, presets, rules pages and puzzles."]
    assert f'href="{address}">Remove editor rights</a>' in done.content.decode()
    # A second click of the same button (a reload) changes nothing more.
    again = client.post(address, {"rights": "grant"}, follow=True, **ENGLISH)
    assert page_messages(again) == ["Already editors, nothing changed: lena."]
    assert rights(learner) == (True, ["Editors"])


def test_a_superuser_takes_the_rights_back_from_the_users_page_in_russian(client, boss, editor):
    client.force_login(boss)
    address = f"/admin/auth/user/{editor.pk}/editor-rights/"
    page = client.get(f"/admin/auth/user/{editor.pk}/change/", **RUSSIAN).content.decode()
    assert f'href="{address}">Снять права редактора</a>' in page
    assert "покинет группу Editors" in client.get(address, **RUSSIAN).content.decode()

    done = client.post(address, {"rights": "remove"}, follow=True, **RUSSIAN)

    assert rights(editor) == (False, [])
    assert page_messages(done) == ["eda больше не редактор: вне группы Editors и без статуса персонала, так что "
                                   "войти в эту админку больше не может."]


def test_the_list_actions_make_and_unmake_several_editors(client, boss, editor, learner):
    client.force_login(boss)

    made = client.post("/admin/auth/user/", {"action": "make_editors", "_selected_action": [learner.pk, editor.pk]},
                       follow=True, **ENGLISH)

    assert rights(learner) == (True, ["Editors"])
    assert "Already editors, nothing changed: eda." in page_messages(made)
    removed = client.post("/admin/auth/user/", {"action": "remove_editor_rights",
                                                "_selected_action": [learner.pk, editor.pk, boss.pk]},
                          follow=True, **ENGLISH)
    assert rights(learner) == (False, []) and rights(editor) == (False, [])
    assert "Not editors, nothing changed: boss." in page_messages(removed)


def test_anyone_else_is_refused_and_nothing_changes(client, user_manager, learner, editor):
    client.force_login(user_manager)
    page = client.get(f"/admin/auth/user/{learner.pk}/change/", **ENGLISH)
    assert page.status_code == 200 and "editor-rights" not in page.content.decode()
    listing = client.get("/admin/auth/user/", **ENGLISH).content.decode()
    assert "make_editors" not in listing and "remove_editor_rights" not in listing

    for address, data in [(f"/admin/auth/user/{learner.pk}/editor-rights/", {"rights": "grant"}),
                          (f"/admin/auth/user/{editor.pk}/editor-rights/", {"rights": "remove"})]:
        shown = client.get(address, follow=True, **ENGLISH)
        posted = client.post(address, data, follow=True, **RUSSIAN)
        assert page_messages(shown) == ["Only a superuser may make editors or take their rights back; nothing was "
                                        "changed."]
        assert page_messages(posted) == ["Только суперпользователь может назначать редакторов и снимать их права; "
                                         "ничего не изменено."]
    # The list's action, posted by hand, is not there for them.
    client.post("/admin/auth/user/", {"action": "make_editors", "_selected_action": [learner.pk]})
    assert rights(learner) == (False, []) and rights(editor) == (True, ["Editors"])
    # An editor may not open users at all.
    client.force_login(editor)
    assert client.get(f"/admin/auth/user/{learner.pk}/editor-rights/").status_code == 403
