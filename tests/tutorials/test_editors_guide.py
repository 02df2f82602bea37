""""How to write a lesson" (docs/writing-lessons.md) is an admin page in the reader's language, linked from every
admin page; only staff read it."""

import re

import pytest

pytestmark = pytest.mark.django_db
GUIDE = "/admin/guide/writing-lessons/"
ENGLISH = {"headers": {"accept-language": "en"}}
RUSSIAN = {"headers": {"accept-language": "ru"}}


def test_an_editor_reads_the_guide_in_english_and_in_russian(editor_client):
    english = editor_client.get(GUIDE, **ENGLISH)
    russian = editor_client.get(GUIDE, **RUSSIAN)

    assert english.status_code == russian.status_code == 200
    html = english.content.decode()
    assert re.search(r"<h1>How to write a lesson</h1>", html) and html.count("<h1>") == 1
    assert "<h2>History</h2>" in html and "<table>" in html and "<code>10H</code>" in html
    assert "<strong>payload</strong>" in html and "**payload**" not in html   # Markdown rendered, not shown
    assert "<h1>Как написать урок</h1>" in russian.content.decode()
    assert "<code>10H</code>" in russian.content.decode() and "<h2>История</h2>" in russian.content.decode()


def test_the_admin_links_the_guide_on_its_index_and_every_page(editor_client):
    for address in ("/admin/", "/admin/tutorials/lesson/"):
        assert f'<a href="{GUIDE}">How to write a lesson</a>' in editor_client.get(address, **ENGLISH).content.decode()
    index = editor_client.get("/admin/", **RUSSIAN).content.decode()
    assert f'<a href="{GUIDE}">Как написать урок</a> — короткое руководство' in index


def test_only_staff_read_the_guide(client, django_user_model):
    assert client.get(GUIDE)["Location"].startswith("/admin/login/")
    client.force_login(django_user_model.objects.create_user(username="lena"))
    assert client.get(GUIDE)["Location"].startswith("/admin/login/")


def test_the_guide_shows_the_studios_screenshots_in_the_readers_language(editor_client):
    from pathlib import Path

    from django.conf import settings

    for headers, language in ((ENGLISH, "en"), (RUSSIAN, "ru")):
        html = editor_client.get(GUIDE, **headers).content.decode()
        shots = re.findall(r'<img alt="[^"]+" src="/static/docs/(studio-[a-z]+-(?:en|ru)\.jpg)">', html)
        assert len(shots) == 3 and all(shot.endswith(f"-{language}.jpg") for shot in shots)
        assert all((Path(settings.BASE_DIR) / "static" / "docs" / shot).is_file() for shot in shots)
        assert 'href="/studio/"' in html or "/studio/" in html


def test_only_the_guides_own_images_are_kept():
    from tutorials.markdown import render_markdown

    text = "![ok](/static/docs/a.jpg) ![away](https://elsewhere.example/a.jpg) ![up](/static/../media/a.jpg)"
    assert render_markdown(text) == "<p>  </p>"
    kept = render_markdown(text, images_under="/static/docs/")
    assert kept.count("src=") == 1 and 'src="/static/docs/a.jpg"' in kept
