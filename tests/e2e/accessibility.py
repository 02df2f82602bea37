"""Accessibility checks of the page as it is now, in the browser.

`assert_accessible` runs axe-core (shipped by axe-playwright-python) on the whole page and fails on any
violation of impact "critical" or "serious", naming for each the rule, its impact, the offending elements'
selectors and axe's advice. The browser tests call it at every page state they reach.

`contrast_of` measures a text's contrast the way WCAG defines it, from the computed colours: the text's colour
against the background it really sits on, every translucent layer and gradient stop of its ancestors composed
(axe cannot judge text on a gradient, the card table's felt, and leaves it "incomplete").

axe is injected through the DevTools protocol (page.evaluate), so the site's Content-Security-Policy, which
forbids inline script and eval, does not stop it; axe itself needs neither.
"""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

FAILING_IMPACTS = ("critical", "serious")
_AXE = Axe()
_AXE_IS_LOADED = "() => typeof window.axe === 'object' && typeof window.axe.run === 'function'"
# Function conditions only: the policy forbids Playwright's eval of a bare expression.
_RUN_AXE = """async () => {
  const results = await window.axe.run(document, {resultTypes: ["violations"]});
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
        lines.extend(f"    at {target}" for target in violation["targets"])
    return "\n".join(lines)


def assert_accessible(page, state: str) -> None:
    """Fail if axe finds a critical or serious problem on the page; `state` names the page state in the report."""
    violations = axe_violations(page)
    assert not violations, f"axe on {state} ({page.url}):\n{violations_report(violations)}"


# The contrast of a text with what is behind it: each ancestor's background colour and, for a gradient,
# each of its colour stops, composed from the page's white canvas up; the worst combination counts.
# Chromium gives computed colours as rgb()/rgba() (also inside a computed gradient).
_CONTRAST = """(element) => {
  const parse = (text) => {
    const numbers = text.match(/[\\d.]+/g).map(Number);
    return {r: numbers[0], g: numbers[1], b: numbers[2], a: numbers.length > 3 ? numbers[3] : 1};
  };
  const over = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a), g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a), a: 1,
  });
  const luminance = (colour) => {
    const channel = (value) => { value /= 255; return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * channel(colour.r) + 0.7152 * channel(colour.g) + 0.0722 * channel(colour.b);
  };
  const ratio = (one, two) => {
    const [light, dark] = [luminance(one), luminance(two)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  };
  const layers = [];
  for (let node = element; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    const stops = style.backgroundImage.includes("gradient(")
      ? (style.backgroundImage.match(/rgba?\\([^)]*\\)/g) || []).map(parse) : [];
    layers.unshift({colour: parse(style.backgroundColor), stops});
  }
  let backgrounds = [{r: 255, g: 255, b: 255, a: 1}];
  for (const layer of layers) {
    if (layer.colour.a > 0) backgrounds = backgrounds.map((bottom) => over(layer.colour, bottom));
    if (layer.stops.length) backgrounds = layer.stops.flatMap((stop) => backgrounds.map((bottom) => over(stop, bottom)));
  }
  const text = parse(getComputedStyle(element).color);
  return Math.min(...backgrounds.map((background) => ratio(over(text, background), background)));
}"""


def contrast_of(locator) -> float:
    """The WCAG contrast ratio of the element's text with its effective background (the worst point of a gradient)."""
    return locator.evaluate(_CONTRAST)
