"""Playing the table in a browser as a person does: click the first offered choice until the end."""

from __future__ import annotations

# Nothing on a move form is chosen for the player: choose in the form of the first submit button what a person must
# (the first player of each radio group, the first boxes of each group of checkboxes: as many as its fieldset's
# data-choose asks for, else one), leaving alone what is chosen already.
CHOOSE_FIRST = """() => {
  const button = document.querySelector(".move-form button[type=submit]");
  const form = button && button.form;
  if (!form) return;
  const groups = {};
  form.querySelectorAll("input[type=radio], input[type=checkbox]").forEach((box) => {
    (groups[box.type + ":" + box.name] = groups[box.type + ":" + box.name] || []).push(box);
  });
  Object.values(groups).forEach((boxes) => {
    if (boxes.some((box) => box.checked)) return;
    const fieldset = boxes[0].closest("fieldset");
    const count = boxes[0].type === "radio" ? 1 : Number((fieldset && fieldset.dataset.choose) || 1);
    boxes.slice(0, count).forEach((box) => { box.checked = true; });
  });
}"""
# A table pushed in between the choice and the click (a page catching up after its socket reconnects) comes with
# nothing chosen, and the server refuses the move as incomplete (400): choose again.
CHOICE_TRIES = 3


def wait_for_table(page) -> None:
    """Until the play page's script is ready: against bots alone it needs no live connection (the moves' answers
    carry the bots' replies), at a table of people its WebSocket is connected."""
    page.wait_for_function("() => ['connected', 'not-needed'].includes(document.documentElement.dataset.live)")


# Each table the page shows after its first (swapped in by a move's answer, or one of the states the answer carries),
# noted by its step as it enters the page: a person must see each bot's move arrive, not only where they end.
NOTE_EACH_TABLE_SHOWN = """() => {
  if (window.tablesShown) { window.tablesShown.length = 0; return; }
  window.tablesShown = [];
  new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach((node) => {
    if (node.id === "table") window.tablesShown.push(Number(node.dataset.step));
  }))).observe(document.body, { childList: true, subtree: true });
}"""


def current_step(page) -> int:
    return int(page.get_attribute("#table", "data-step"))


def click_first_choice(page) -> None:
    """Make the first choice the move form offers, as a person would: choose in its form, then click its first
    submit button."""
    for _ in range(CHOICE_TRIES):
        page.evaluate(CHOOSE_FIRST)
        with page.expect_response(lambda response: response.url.endswith("/act/")) as answer:
            page.locator(".move-form button[type=submit]").first.click()
        if answer.value.status != 400:
            return
    raise AssertionError(f"the move form lost its choice {CHOICE_TRIES} times")


def click_until_game_over(page, most: int = 1000, until: str = ".end-screen") -> int:
    """Click the first choice of each decision until `until` shows (by default the end screen);
    returns the clicks made."""
    clicks = 0
    first = current_step(page)
    page.evaluate(NOTE_EACH_TABLE_SHOWN)
    while not page.is_visible(until):
        assert clicks < most, f"{until} never showed"
        page.wait_for_selector(f".move-form button[type=submit], {until}")
        if page.is_visible(until):
            break
        before = current_step(page)
        click_first_choice(page)
        clicks += 1
        # The reply shows the click's result; the bots' moves then arrive one by one.
        page.wait_for_function(f"() => Number(document.getElementById('table').dataset.step) > {before}")
    if page.get_attribute("#table", "data-ws") is None:
        # Against bots alone every state was shown, in order, so far (the states of the last answer may still be
        # coming where `until` shows before the end; a hint shows its table again at the same step).
        shown = page.evaluate("() => window.tablesShown")
        assert shown == sorted(shown) and sorted(set(shown)) == list(range(first + 1, shown[-1] + 1)), (first, shown)
    return clicks
