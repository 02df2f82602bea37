// The lesson player: ← and → go to the previous and next step (by clicking the step's own links,
// so HTMX or a plain page load does the rest), and focus follows the step that was swapped in.
(function () {
  "use strict";

  // Arrow keys belong to form fields (radio groups, text) and to the buttons of a form.
  function isFormField(element) {
    if (!element || element === document.body) return false;
    var tag = element.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || element.isContentEditable ||
           Boolean(element.closest && element.closest("form"));
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    if (isFormField(document.activeElement)) return;
    var which = event.key === "ArrowLeft" ? "prev" : "next";
    var link = document.querySelector('#lesson-step [data-lesson-nav="' + which + '"]');
    if (!link || link.getAttribute("aria-disabled") === "true") return;
    event.preventDefault();
    link.click();
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var step = document.getElementById("lesson-step");
    if (!step || !(event.target === step || step.contains(event.target))) return;
    // Whatever had focus (the clicked link or button) was swapped out: start reading at the new
    // step, or at the feedback on the learner's answer.
    var target = step.querySelector(".feedback[role=alert], .message[role=alert]") ||
                 step.querySelector("#lesson-step-heading");
    if (target) {
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus();
    }
    var announcer = document.getElementById("lesson-announcer");
    var label = step.querySelector(".lesson-progress__label");
    if (announcer && label) announcer.textContent = label.textContent.trim();
  });
})();
