"""Lesson text is Markdown from editors: nothing in it may run script on a learner's page."""

import re
from html.parser import HTMLParser

import pytest
from django.template import Context, Template
from django.utils.safestring import SafeString

from tutorials.markdown import render_markdown

XSS = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
    '<img src="x" onerror="alert(1)">',
    '<img src=x onerror=alert(1)//>',
    '<body onload="alert(1)">',
    '<svg onload="alert(1)"><circle r="1"/></svg>',
    '<svg><script>alert(1)</script></svg>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<object data="javascript:alert(1)"></object>',
    '<embed src="javascript:alert(1)">',
    '<a href="javascript:alert(1)">click</a>',
    '<a href="JaVaScRiPt:alert(1)">click</a>',
    '<a href=" javascript:alert(1)">click</a>',
    '<a href="jav&#x61;script:alert(1)">click</a>',
    '<a href="jav&#97;script:alert(1)">click</a>',
    '<a href="java\tscript:alert(1)">click</a>',
    '<a href="java&#x09;script:alert(1)">click</a>',
    '<a href="&#x01;javascript:alert(1)">click</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
    '<a href="vbscript:msgbox(1)">click</a>',
    "[click](javascript:alert(1))",
    "[click](jav&#x61;script:alert(1))",
    "[click](data:text/html,<script>alert(1)</script>)",
    "![x](javascript:alert(1))",
    '![x](x" onerror="alert(1))',
    '<p style="background:url(javascript:alert(1))">styled</p>',
    '<div style="position:fixed;top:0;left:0;width:100%;height:100%">cover</div>',
    '<a href="https://example.com" onclick="alert(1)" onmouseover="alert(1)">x</a>',
    '<form action="javascript:alert(1)"><button>go</button></form>',
    '<input onfocus="alert(1)" autofocus>',
    '<details open ontoggle="alert(1)">',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<link rel="stylesheet" href="https://evil.example/x.css">',
    "<style>body{display:none}</style>",
    '<base href="https://evil.example/">',
    "<!--<script>alert(1)</script>-->",
    "<<script>script>alert(1)<</script>/script>",
    '<a href="#" xmlns:xlink="http://www.w3.org/1999/xlink">x</a>',
]

# <img> too: lesson text has no images (tutorials/markdown.py), so none may survive, not even with its
# dangerous attributes stripped (<img src="x"> is a broken-image icon on the page).
DANGEROUS_TAGS = {"script", "iframe", "object", "embed", "svg", "math", "style", "form", "input", "button", "meta",
                  "link", "base", "body", "details", "img", "picture", "source", "image"}
URL_ATTRIBUTES = {"href", "src", "action", "data", "srcdoc", "xlink:href", "formaction"}


class Elements(HTMLParser):
    """Every start tag of a piece of HTML, with its attributes as a browser would read them."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, {name: value or "" for name, value in attrs}))


C0_AND_SPACE = "".join(map(chr, range(0x21)))


def url_scheme(url: str) -> str | None:
    # As a browser reads it (WHATWG URL): control characters and spaces around it are dropped, and
    # tabs and newlines anywhere ("java\tscript:" is javascript:).
    squeezed = re.sub(r"[\t\n\r]", "", url.strip(C0_AND_SPACE)).lower()
    match = re.match(r"([a-z][a-z0-9+.-]*):", squeezed)
    return match.group(1) if match else None


def assert_harmless(html: str) -> None:
    for tag, attributes in Elements(html).tags:
        assert tag not in DANGEROUS_TAGS, html
        for name, value in attributes.items():
            assert not name.startswith("on"), html
            assert name != "style", html
            if name in URL_ATTRIBUTES:
                assert url_scheme(value) in (None, "http", "https", "mailto"), html


@pytest.mark.parametrize("attack", XSS)
def test_well_known_attacks_are_disarmed(attack):
    html = str(render_markdown(f"Before\n\n{attack}\n\nAfter"))

    assert_harmless(html)
    assert "alert(1)</script>" not in html
    assert "Before" in html and "After" in html


def test_markdown_is_rendered_and_safe_links_are_kept_with_rel():
    html = render_markdown(
        "## Chests\n\nA **chest** is *four* cards.\n\n- one\n- two\n\n"
        "[rules](https://example.com/rules) [home](/learn/) [mail](mailto:a@example.com)\n\n"
        "| a | b |\n|---|---|\n| 1 | 2 |\n\n`code`")

    assert isinstance(html, SafeString)
    assert "<h2>Chests</h2>" in html
    assert "<strong>chest</strong>" in html and "<em>four</em>" in html
    assert "<li>one</li>" in html
    assert '<a href="https://example.com/rules" rel="noopener noreferrer">rules</a>' in html
    assert '<a href="/learn/" rel="noopener noreferrer">home</a>' in html
    assert 'href="mailto:a@example.com"' in html
    assert "<table>" in html and "<td>1</td>" in html
    assert "<code>code</code>" in html


@pytest.mark.parametrize("image", [
    "<img src=x onerror=alert(1)>",
    '<img src="x" onerror="alert(1)" alt="">',
    '<IMG SRC="/static/cards/QH.svg" alt="Queen of hearts">',
    "<img src=/static/x.png>",
    '<img src="https://evil.example/pixel.gif" width="1" height="1">',
    '<picture><source srcset="/static/x.png"><img src="/static/x.png"></picture>',
    "![Queen of hearts](/static/cards/QH.svg)",
    "![x](https://evil.example/pixel.gif)",
])
def test_images_are_removed_whole_leaving_no_broken_image_behind(image):
    html = str(render_markdown(f"Before {image} after.\n\n{image}\n\nThe end."))

    assert "<img" not in html.lower() and "src=" not in html.lower() and "onerror" not in html
    assert "Before" in html and "after." in html and "The end." in html


def test_text_that_looks_like_html_is_escaped_not_dropped():
    assert "5 &lt; 6" in render_markdown("5 < 6")
    assert render_markdown("") == ""
    assert render_markdown(None) == ""


def test_the_template_filter_renders_sanitised_markdown():
    html = Template("{% load lessons %}{{ text|markdown }}").render(
        Context({"text": "**Hi** <script>alert(1)</script>"}))

    assert "<strong>Hi</strong>" in html
    assert "<script" not in html
