"use strict";
// The steps of a lesson in the admin: drag a step by the handle in its title bar to move it, and the
// step numbers are rewritten 1, 2, 3… in the new order. Typing the numbers works as well (and
// without JavaScript); a step added with "Add another" gets the next free number.
(function () {
    function onReady(callback) {
        if (document.readyState === "loading") {
            document.addEventListener("DOMContentLoaded", callback);
        } else {
            callback();
        }
    }

    onReady(function () {
        const group = document.getElementById("steps-group");
        if (!group) {
            return;
        }
        const rows = () => Array.from(group.querySelectorAll(".inline-related:not(.empty-form)"));
        const numberInput = (row) => row.querySelector("input[name$='-number']");
        const isDeleted = (row) => {
            const box = row.querySelector("input[name$='-DELETE']");
            return Boolean(box && box.checked);
        };
        let dragged = null;

        function renumber() {
            rows().filter((row) => !isDeleted(row)).forEach((row, index) => {
                const input = numberInput(row);
                if (input) {
                    input.value = index + 1;
                }
            });
        }

        function prepare(row) {
            const heading = row.querySelector("h3");
            if (!heading || row.dataset.reorderReady) {
                return;
            }
            row.dataset.reorderReady = "yes";
            const handle = document.createElement("span");
            handle.className = "step-drag-handle";
            handle.textContent = "\u2817";
            handle.title = "Drag to move this step";
            handle.setAttribute("aria-hidden", "true");
            heading.prepend(handle);
            // Only the handle is draggable, so text in the boxes can still be selected with the mouse.
            handle.draggable = true;
            handle.addEventListener("dragstart", (event) => {
                dragged = row;
                row.classList.add("step-dragging");
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", "");
                event.dataTransfer.setDragImage(row, 20, 20);
            });
            handle.addEventListener("dragend", () => {
                row.classList.remove("step-dragging");
                dragged = null;
                renumber();
            });
            row.addEventListener("dragover", (event) => {
                if (!dragged || dragged === row) {
                    return;
                }
                event.preventDefault();
                const box = row.getBoundingClientRect();
                const after = event.clientY > box.top + box.height / 2;
                row.parentNode.insertBefore(dragged, after ? row.nextSibling : row);
            });
            row.addEventListener("drop", (event) => event.preventDefault());
        }

        rows().forEach(prepare);
        document.addEventListener("formset:added", (event) => {
            if (event.detail && event.detail.formsetName !== "steps") {
                return;
            }
            const row = event.target;
            const numbers = rows().map(numberInput).filter((input) => input && input !== numberInput(row))
                .map((input) => parseInt(input.value, 10)).filter((value) => !Number.isNaN(value));
            const input = numberInput(row);
            if (input && !input.value) {
                input.value = numbers.length ? Math.max(...numbers) + 1 : 1;
            }
            prepare(row);
        });
    });
})();
