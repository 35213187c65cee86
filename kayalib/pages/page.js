// kayalib pages: the page helper, shown once with a play app (GameApp.show()) or a lesson
// (Lesson.header()).
// - The status line is an ARIA live region (bot moves and results are announced) and the error
//   banner an alert. The widget elements persist while their text changes, as live regions need.
// - The browser tab's title follows the page's heading (an h1 that carries its language), so it
//   follows the language too; so do the document's language and the address's ?lang= (a copied
//   link keeps the language).
// - Every control has a name a screen reader says (its label, else its tooltip).
// - Keyboard: when the control you used disappears or is disabled (your move was made), focus
//   moves to the next action offered to you, so a whole turn works with Tab, Space and Enter.
// - A Voila page ends with the kit's version (window.kayalibVersion, set by page_script()), so a
//   teacher can tell which one a class runs.
(function () {
  if (window.kayalibPage) {
    return;
  }
  window.kayalibPage = true;
  let last = null; // the control in an app that had the focus last
  let queued = false;

  function usable(el) {
    return Boolean(el && el.isConnected && !el.disabled && el.getClientRects().length > 0);
  }

  function mark() {
    document.querySelectorAll(".kaya-status:not([aria-live])").forEach(function (el) {
      el.setAttribute("role", "status");
      el.setAttribute("aria-live", "polite");
      el.setAttribute("aria-atomic", "true");
    });
    document.querySelectorAll(".kaya-error:not([role])").forEach(function (el) {
      el.setAttribute("role", "alert");
    });
    const heading = document.querySelector("h1[lang]");
    const title = heading ? heading.textContent.trim() : "";
    if (title && document.title !== title) {
      document.title = title;
    }
    language(heading ? heading.getAttribute("lang") : null);
    name();
  }

  // Every control has a name a screen reader says, in the page's language: a dropdown or text
  // box without a visible label is named by its tooltip (the widget's title); a slider's handle
  // (not a form element, so no <label> reaches it) by the slider's label, else its tooltip.
  function name() {
    document.querySelectorAll("select, input").forEach(function (el) {
      const label = el.labels && Array.from(el.labels).some((l) => l.textContent.trim());
      const widget = el.closest("[title]");
      const title = widget ? widget.getAttribute("title") : "";
      if (!label && title && el.getAttribute("aria-label") !== title) {
        el.setAttribute("aria-label", title);
      }
    });
    document.querySelectorAll(".widget-slider [role='slider']").forEach(function (el) {
      const slider = el.closest(".widget-slider");
      const label = slider.querySelector(".widget-label");
      const words = (label && label.textContent.trim()) || slider.getAttribute("title") || "";
      if (words && el.getAttribute("aria-label") !== words) {
        el.setAttribute("aria-label", words);
      }
    });
  }

  // The page's language (the heading carries it) is the document's, for screen readers, and
  // the address's, so a copied link opens in the language the student switched to.
  function language(lang) {
    if (!lang) {
      return;
    }
    if (document.documentElement.lang !== lang) {
      document.documentElement.lang = lang;
    }
    const url = new URL(window.location.href);
    const given = url.searchParams.get("lang");
    if (given === lang || (given === null && lang === "en")) {
      return;
    }
    url.searchParams.set("lang", lang);
    window.history.replaceState(window.history.state, "", url.toString());
  }

  function refocus() {
    if (!last) {
      return;
    }
    const active = document.activeElement;
    const lost = !active || active === document.body || (active === last && !usable(last));
    if (!lost) {
      return;
    }
    const app = last.closest(".kaya-app") || document;
    const next = Array.from(app.querySelectorAll(".kaya-action")).find(usable);
    if (next) {
      next.focus();
      last = next;
    }
  }

  function footer() {
    const version = window.kayalibVersion;
    if (!version || !document.body.hasAttribute("data-voila") || document.readyState === "loading"
        || document.querySelector(".kayalib-version")) {
      return;
    }
    const line = document.createElement("footer");
    line.className = "kayalib-version";
    line.textContent = "kayalib " + version;
    line.style.cssText = "margin: 2em 0 1em; text-align: center; font-size: 12px; color: #555;";
    (document.getElementById("rendered_cells") || document.body).appendChild(line);
  }

  function update() {
    queued = false;
    footer();
    mark();
    refocus();
  }

  function schedule() {
    if (!queued) {
      queued = true;
      window.requestAnimationFrame(update);
    }
  }

  document.addEventListener("focusin", function (event) {
    const inApp = event.target.closest && event.target.closest(".kaya-app");
    last = inApp ? event.target : null;
  });
  document.addEventListener("mousedown", function (event) {
    if (!(event.target.closest && event.target.closest(".kaya-app"))) {
      last = null;
    }
  });
  new MutationObserver(schedule).observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["style", "disabled", "class", "title"],
  });
  schedule();
  document.addEventListener("DOMContentLoaded", schedule);
})();
