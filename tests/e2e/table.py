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
    while not page.is_visible(until):
        assert clicks < most, f"{until} never showed"
        page.wait_for_selector(f".move-form button[type=submit], {until}")
        if page.is_visible(until):
            break
        before = current_step(page)
        click_first_choice(page)
        clicks += 1
        # The reply shows the click's result; the bots' moves then arrive over the WebSocket.
        page.wait_for_function(f"() => Number(document.getElementById('table').dataset.step) > {before}")
    return clicks
