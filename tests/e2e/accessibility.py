"""Accessibility checks of the page as it is now, in the browser.

`assert_accessible` runs axe-core (shipped by axe-playwright-python) on the whole page and fails on any
violation of impact "critical" or "serious", naming for each the rule, its impact, the offending elements'
selectors and axe's advice. The browser tests call it at every page state they reach.

`contrast_of` measures a text's contrast the way WCAG defines it, from the computed colours: the text's colour
against the background it really sits on, every translucent layer and gradient stop of its ancestors composed
(axe cannot judge text on a gradient, the card table's felt, and leaves it "incomplete");
`assert_legible_on_the_table` holds every text on the card tables to 4.5:1 with it.

`assert_fits_the_width` fails a page that scrolls sideways; `cards_hiding_their_index` names the face-up
cards whose rank and suit in the corner are covered (by their own middle suit, or by another card).

axe is injected through the DevTools protocol (page.evaluate), so the site's Content-Security-Policy, which
forbids inline script and eval, does not stop it; axe itself needs neither, and runs without the preload
that would add inline styles.
"""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

FAILING_IMPACTS = ("critical", "serious")
REPORTED_TARGETS = 8   # elements named per violation; a change list repeats one problem on every row
_AXE = Axe()
_AXE_IS_LOADED = "() => typeof window.axe === 'object' && typeof window.axe.run === 'function'"
# No preload: axe would copy the stylesheets into inline <style> elements (for css-orientation-lock alone), which
# the site's policy (style-src 'self') blocks, and the CSP test would see it.
_RUN_AXE = """async () => {
  const results = await window.axe.run(document, {resultTypes: ["violations"], preload: false});
  return results.violations.map((violation) => ({
    id: violation.id, impact: violation.impact, help: violation.help, helpUrl: violation.helpUrl,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}"""


def axe_violations(page, impacts: tuple[str, ...] = FAILING_IMPACTS) -> list[dict]:
    """axe's violations on the page as it is now, of the given impacts."""
    if not page.evaluate(_AXE_IS_LOADED):   # a new document; an HTMX swap keeps the one already injected
        page.evaluate(_AXE.axe_script)
    return [violation for violation in page.evaluate(_RUN_AXE) if violation["impact"] in impacts]


def violations_report(violations: list[dict]) -> str:
    lines = []
    for violation in violations:
        lines.append(f"- {violation['id']} ({violation['impact']}): {violation['help']} <{violation['helpUrl']}>")
        lines.extend(f"    at {target}" for target in violation["targets"][:REPORTED_TARGETS])
        if len(violation["targets"]) > REPORTED_TARGETS:
            lines.append(f"    and {len(violation['targets']) - REPORTED_TARGETS} more")
    return "\n".join(lines)


def assert_accessible(page, state: str) -> None:
    """Fail if axe finds a critical or serious problem on the page; `state` names the page state in the report."""
    violations = axe_violations(page)
    assert not violations, f"axe on {state} ({page.url}):\n{violations_report(violations)}"


# The contrast of a text with what is behind it: each ancestor's background colour and, for a gradient, each of
# its colour stops, composed from the page's white canvas up; the worst combination counts. The ancestors'
# opacity fades the text. Chromium gives computed colours as rgb()/rgba(), also inside a computed gradient.
_CONTRAST_FUNCTIONS = """
  const parse = (text) => {
    const numbers = text.match(/[\\d.]+/g).map(Number);
    return {r: numbers[0], g: numbers[1], b: numbers[2], a: numbers.length > 3 ? numbers[3] : 1};
  };
  const over = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a), g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a), a: 1,
  });
  const luminance = (colour) => {
    const channel = (value) => {
      value /= 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(colour.r) + 0.7152 * channel(colour.g) + 0.0722 * channel(colour.b);
  };
  const ratio = (one, two) => {
    const [light, dark] = [luminance(one), luminance(two)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  };
  const contrast = (element) => {
    const layers = [];
    let opacity = 1;
    for (let node = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      opacity *= Number(style.opacity);
      const stops = style.backgroundImage.includes("gradient(")
        ? (style.backgroundImage.match(/rgba?\\([^)]*\\)/g) || []).map(parse) : [];
      layers.unshift({colour: parse(style.backgroundColor), stops});
    }
    let backgrounds = [{r: 255, g: 255, b: 255, a: 1}];
    for (const layer of layers) {
      if (layer.colour.a > 0) backgrounds = backgrounds.map((bottom) => over(layer.colour, bottom));
      if (layer.stops.length) {
        backgrounds = layer.stops.flatMap((stop) => backgrounds.map((bottom) => over(stop, bottom)));
      }
    }
    const text = parse(getComputedStyle(element).color);
    text.a *= opacity;
    return Math.min(...backgrounds.map((background) => ratio(over(text, background), background)));
  };
"""
# Every element inside `scope` that shows text of its own (a text node child), with its contrast.
_TEXTS_IN = """(scope) => {""" + _CONTRAST_FUNCTIONS + """
  const shown = (element) => element.getClientRects().length > 0 && !element.closest(".visually-hidden")
    && getComputedStyle(element).visibility === "visible";
  return [...scope.querySelectorAll("*")]
    .filter((element) => [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim()))
    .filter(shown)
    .map((element) => ({text: element.textContent.trim().replace(/\\s+/g, " ").slice(0, 60),
                        contrast: contrast(element)}));
}"""
AA_TEXT = 4.5


def contrast_of(locator) -> float:
    """The WCAG contrast ratio of the element's text with its effective background (the worst point of a gradient)."""
    return locator.evaluate("(element) => {" + _CONTRAST_FUNCTIONS + " return contrast(element); }")


def texts_with_contrast(locator) -> list[dict]:
    """Each text shown inside the element: {"text", "contrast"}."""
    return locator.evaluate(_TEXTS_IN)


def assert_legible_on_the_table(page, state: str) -> None:
    """Every text on the card tables shown (the felt, the boxes and cards on it) has AA contrast: 4.5:1."""
    faint = [item for table in page.locator(".table").all() for item in texts_with_contrast(table)
             if item["contrast"] < AA_TEXT]
    assert not faint, f"text below {AA_TEXT}:1 on the table at {state}: " + "; ".join(
        f"“{item['text']}” {item['contrast']:.2f}:1" for item in faint)


def assert_fits_the_width(page, state: str) -> None:
    """The page does not scroll sideways: wide content scrolls inside its own box, if at all."""
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"{state} ({page.url}) is {widths[0]} px wide in a {widths[1]} px window"


# A face-up card whose middle suit (bottom right) covers its index (rank and small suit, top left), or that
# another card covers: the later one in the document is drawn on top.
_CARDS_HIDING_THEIR_INDEX = """(cards) => {
  const meets = (one, two) => one.left < two.right && two.left < one.right
    && one.top < two.bottom && two.top < one.bottom;
  const faces = cards.filter((card) => card.querySelector(".rank") && card.getClientRects().length);
  return faces.flatMap((card, index) => {
    const rank = card.querySelector(".rank").getBoundingClientRect();
    const suit = card.querySelector(".suit").getBoundingClientRect();
    const label = card.getAttribute("aria-label");
    const problems = meets(rank, suit) ? [label + ": its suit covers its rank"] : [];
    return problems.concat(faces.slice(index + 1).filter((other) => meets(rank, other.getBoundingClientRect()))
      .map((other) => label + ": covered by " + other.getAttribute("aria-label")));
  });
}"""


def cards_hiding_their_index(locator) -> list[str]:
    """The face-up cards among those matched whose rank and suit index are covered, each with what covers it."""
    return locator.evaluate_all(_CARDS_HIDING_THEIR_INDEX)
