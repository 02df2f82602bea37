import pytest
from django.contrib.auth.models import Group

from tutorials import services


@pytest.fixture
def presets(db):
    services.preset_sync_builtin()


@pytest.fixture
def editor(db, django_user_model):
    user = django_user_model.objects.create_user(username="eda", password="pw-for-tests", is_staff=True)
    user.groups.add(Group.objects.get(name="Editors"))
    return user


@pytest.fixture
def editor_client(client, editor):
    client.force_login(editor)
    return client
