// The lesson studio's card picker: recount each hand (and the stock) as the editor moves a card, so that a hand
// left one card short shows before the form is sent. The server checks the deal again when it is saved.
(function () {
  "use strict";
  function recount(picker) {
    const counts = {};
    picker.querySelectorAll("select").forEach(function (select) {
      counts[select.selectedIndex] = (counts[select.selectedIndex] || 0) + 1;
    });
    picker.querySelectorAll("[data-count-of]").forEach(function (shown) {
      shown.textContent = String(counts[Number(shown.dataset.countOf)] || 0);
    });
  }
  document.addEventListener("change", function (event) {
    const picker = event.target.closest("[data-card-picker]");
    if (picker) {
      recount(picker);
    }
  });
})();
