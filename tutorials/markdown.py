"""Lesson text: Markdown rendered to HTML, then sanitised with an allow-list (nh3, i.e. ammonia).

Editors write Markdown and may mix in HTML, so the HTML that Markdown produces is never trusted:
nh3 keeps only the tags and attributes listed here, drops <script>/<style> with their content,
every event handler and style attribute, and every link whose scheme is not http, https or mailto
(relative links are kept). Links get rel="noopener noreferrer".

No images: an <img> or a Markdown image ![…](…) is removed whole, with its alt text. A lesson shows
its position as the card table itself, not as a picture; and an image kept with only its dangerous
attributes stripped (<img src=x onerror=…> → <img src="x">) would leave a broken-image icon on the
page, while one from another site would tell that site who reads the lesson.
"""

from __future__ import annotations

import markdown as markdown_lib
import nh3
from django.utils.safestring import SafeString, mark_safe

ALLOWED_TAGS = frozenset({
    "a", "abbr", "b", "blockquote", "br", "code", "del", "em", "h1", "h2", "h3", "h4", "hr", "i", "kbd",
    "li", "ol", "p", "pre", "s", "strong", "sub", "sup", "table", "tbody", "td", "th", "thead", "tr", "ul",
})
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title"},
    "abbr": {"title"},
    "ol": {"start"},
    "td": {"align"},
    "th": {"align"},
}
URL_SCHEMES = frozenset({"http", "https", "mailto"})
EXTENSIONS = ("tables", "fenced_code", "sane_lists")


def render_markdown(text: str | None, *, images_under: str | None = None) -> SafeString:
    """`text` (Markdown) as sanitised HTML, safe to put on a page as it is. `images_under`: a path whose images are
    kept (the editors' guide's screenshots, served by the site itself); every other image is removed as above."""
    html = markdown_lib.markdown(text or "", extensions=list(EXTENSIONS), output_format="html")
    tags, attributes, keep = set(ALLOWED_TAGS), ALLOWED_ATTRIBUTES, None
    if images_under is not None:
        tags.add("img")
        attributes = {**ALLOWED_ATTRIBUTES, "img": {"src", "alt"}}

        def keep(tag: str, attribute: str, value: str) -> str | None:
            if tag == "img" and attribute == "src" and not value.startswith(images_under):
                return None
            return value
    clean = nh3.clean(html, tags=tags, attributes=attributes, url_schemes=set(URL_SCHEMES), attribute_filter=keep,
                      link_rel="noopener noreferrer", strip_comments=True)
    return mark_safe(clean)  # sanitised by nh3 just above
