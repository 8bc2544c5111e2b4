/// The preview's script: plain JavaScript (no library, no network). It reads the data `HTMLEmission+Data`
/// wrote (`#fc-data`) and the condition functions (`FC_FUNCTIONS`), folds the relationships over the
/// fields' current values in document order (on a change, again only where the change can reach),
/// applies their effects, keeps the submission panel current, and validates on submit. `window.formconvPreview` exposes the payload,
/// the validation and page navigation to tests.
enum HTMLRuntimeScript {
    /// The whole script: one function scope, its parts in the order they are declared.
    static var source: String {
        [prelude, values, conditions, relationships, payload, validation, requirements, events].joined(separator: "\n") + "\n"
    }

    /// The data, the texts of the chosen locale and the fields' elements.
    static let prelude = #"""
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("fc-data").textContent);
  var FN = window.FC_FUNCTIONS || [];
  var form = document.getElementById("fc-form");
  var locale = D.locale;
  var byId = {};
  var state = null, submitted = false, lastErrors = [];
  var currentPage = D.pages.findIndex(function (p) { return !p.hidden; });
  if (currentPage < 0) currentPage = 0;
  D.fields.forEach(function (f, i) {
    f.index = i;
    f.el = document.getElementById("fc-f-" + i);
    f.main = f.keys.filter(function (k) { return k.part === null; })[0] || null;
    f.shown = f.options;
    if (!(f.id in byId)) byId[f.id] = i;
  });

  // Texts: the entry for the chosen locale, else the one without a locale, else the first.
  function txt(n) {
    if (n === null || n === undefined) return null;
    var t = D.texts[n], keys = Object.keys(t), want = (locale || "").toLowerCase();
    for (var i = 0; i < keys.length; i++) if (keys[i].toLowerCase() === want && keys[i] !== "") return t[keys[i]];
    if ("" in t) return t[""];
    return keys.length ? t[keys[0]] : null;
  }

"""#

    /// Signatures, the language switch, the form's events and `window.formconvPreview`.
    static let events = #"""
  // ---- Signatures ----
  function sign(f, points) {
    var canvas = q(f, "canvas"), g = canvas.getContext("2d");
    g.lineWidth = 2; g.strokeStyle = "#1a1a1a"; g.beginPath();
    points.forEach(function (p, i) { if (i) g.lineTo(p[0], p[1]); else g.moveTo(p[0], p[1]); });
    g.stroke();
    q(f, "input[type=hidden]").value = canvas.toDataURL("image/png");
  }
  D.fields.forEach(function (f) {
    if (f.control !== "signature") return;
    var canvas = q(f, "canvas"), stroke = null;
    canvas.addEventListener("pointerdown", function (ev) { if (!canvas.closest(":disabled")) stroke = [[ev.offsetX, ev.offsetY]]; });
    canvas.addEventListener("pointermove", function (ev) { if (stroke) { stroke.push([ev.offsetX, ev.offsetY]); sign(f, stroke.slice(-2)); } });
    window.addEventListener("pointerup", function () { if (stroke) { stroke = null; run([f.index]); } });
    q(f, ".fc-clear").addEventListener("click", function () {
      canvas.getContext("2d").clearRect(0, 0, canvas.width, canvas.height);
      q(f, "input[type=hidden]").value = "";
      run([f.index]);
    });
  });

  // ---- Events ----
  function setLocale(l) {
    locale = l;
    document.documentElement.lang = l.replace("_", "-");
    Array.prototype.forEach.call(document.querySelectorAll("[data-fc-t]"), function (el) {
      var t = txt(+el.getAttribute("data-fc-t")); if (t !== null) el.textContent = t;
    });
    run();
  }
  D.fields.forEach(function (f) {
    if (f.defaultDate === undefined) return;
    setValue(f, f.defaultDate === "today" ? new Date() : new Date(f.defaultDate * 1000));
  });
  // An answer changed: the field whose element holds the event's target (anything else, everything).
  var fieldOf = new Map(D.fields.map(function (f, i) { return [f.el, i]; }));
  function answered(ev) {
    for (var el = ev.target; el && el !== form; el = el.parentNode) if (fieldOf.has(el)) return run([fieldOf.get(el)]);
    run();
  }
  form.addEventListener("input", answered);
  form.addEventListener("change", answered);
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    submitted = true;
    run();
    if (lastErrors.length) reveal(lastErrors[0].field);
  });
  Array.prototype.forEach.call(document.querySelectorAll("[data-tab]"), function (tab) {
    tab.addEventListener("click", function () { showPage(+tab.getAttribute("data-tab")); });
  });
  document.getElementById("fc-prev").addEventListener("click", function () { step(-1); });
  document.getElementById("fc-next").addEventListener("click", function () { step(1); });
  var lang = document.getElementById("fc-lang");
  if (lang) lang.addEventListener("change", function () { setLocale(lang.value); });
  run();

  window.formconvPreview = {
    payload: function () { return payload(state); },
    validate: function () { return validate(state).map(function (e) { return { field: e.field, message: e.message }; }); },
    submit: function () { form.requestSubmit(); return lastErrors.map(function (e) { return { field: e.field, message: e.message }; }); },
    showPage: showPage,
    reveal: reveal,
    hidden: function (id) { return id in byId ? effHidden(state, byId[id]) : null; },
    setLocale: setLocale,
    counters: function () { return { rules: COUNT.rules, draws: COUNT.draws, writes: COUNT.writes }; },
    fields: function () { return D.fields.map(function (f) { return { id: f.id, page: f.page, control: f.control, keys: f.keys.map(function (k) { return k.key; }) }; }); }
  };
})();
"""#
}
