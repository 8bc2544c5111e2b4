extension HTMLRuntimeScript {
    /// Folding the relationships over the current values, applying their effects, and drawing the state.
    static let relationships = #"""
  // ---- Relationships ----
  function effHidden(s, i) {
    var f = D.fields[i];
    return s.fields[i].hidden || s.sections[f.section].hidden || s.pages[f.page].hidden;
  }
  function context(s, self) {
    return {
      v: function (id) { return id in byId ? condValue(D.fields[byId[id]]) : undefined; },
      hidden: function (id) { return id in byId ? effHidden(s, byId[id]) : false; },
      disabled: function (id) { return id in byId ? s.fields[byId[id]].disabled : false; },
      cmp: cmp, truthy: truthy, self: self
    };
  }
  function holds(fn, ctx) { try { return !!FN[fn](ctx); } catch (e) { return false; } }
  function compute() {
    var s = {
      fields: D.fields.map(function (f) { return { hidden: f.hidden, disabled: f.disabled, skip: f.skip, force: f.force, required: f.required, options: f.options, texts: {} }; }),
      sections: D.sections.map(function (x) { return { hidden: x.hidden, disabled: false }; }),
      pages: D.pages.map(function (x) { return { hidden: x.hidden, disabled: false }; }),
      sets: []
    };
    var ctx = context(s), track = watching(ctx);
    D.rules.forEach(function (r, k) {
      if (r.writes === undefined) r.writes = r.then.concat(r["else"]).some(function (e) { return e["do"] in WRITES; });
      track.seen = r.writes ? [] : null;
      track.own = r.writes ? owned(r) : null;
      var on = r.never ? false : r.when === null ? true : holds(r.when, r.writes ? track.ctx : ctx);
      var effects = on ? r.then : r["else"], fresh = false;
      if (r.writes) {
        effects.forEach(function (e) { if (e["do"] === "copy") copied(e, track.seen); });
        fresh = readsChanged(k, track.seen);
      }
      effects.forEach(function (e) { apply(s, r, e, fresh); });
    });
    return s;
  }
  // Value effects (text, copy, check, uncheck) fire when what they read changes: at load, when an
  // answer or state the condition reads changes, and for a copy when the values it copies change;
  // never because the target itself or an unrelated field changed (re-running them on every change
  // erased what a person typed into the target). Only rules with such effects are watched: `seen`
  // collects what the rule read this run, `lastSeen` what it read at the previous one.
  var WRITES = { text: true, check: true, copy: true }, lastSeen = [];
  function watching(ctx) {
    var track = { seen: null, own: null };
    function log(kind, id, x) { if (!(id in track.own)) track.seen.push(kind, id, x); return x; }
    track.ctx = {
      v: function (id) { return log("v", id, ctx.v(id)); },
      hidden: function (id) { return log("h", id, ctx.hidden(id)); },
      disabled: function (id) { return log("d", id, ctx.disabled(id)); },
      cmp: ctx.cmp, truthy: ctx.truthy, self: ctx.self
    };
    return track;
  }
  function owned(r) {
    return r.own || (r.own = (r.fields || []).reduce(function (o, i) { o[D.fields[i].id] = true; return o; }, {}));
  }
  function copied(e, seen) {
    e.from.forEach(function (c) { if (c.field in byId) seen.push("c", c.field, textOf(D.fields[byId[c.field]], c.parts)); });
  }
  function readsChanged(k, seen) {
    var last = lastSeen[k];
    lastSeen[k] = seen;
    if (!last || last.length !== seen.length) return true;
    for (var i = 0; i < seen.length; i++) {
      var a = last[i], b = seen[i];
      if (a !== b && !(typeof a === "object" && typeof b === "object" && JSON.stringify(a) === JSON.stringify(b))) return true;
    }
    return false;
  }
  // The fields of each section and page, listed once: a relationship on a section or a page reaches its
  // fields directly (scanning every field for each such relationship was quadratic).
  var allFields = [], fieldsOfSection = D.sections.map(function () { return []; }), fieldsOfPage = D.pages.map(function () { return []; });
  D.fields.forEach(function (f, i) {
    allFields.push(i);
    if (fieldsOfSection[f.section]) fieldsOfSection[f.section].push(i);
    if (fieldsOfPage[f.page]) fieldsOfPage[f.page].push(i);
  });
  function targets(s, r) {
    if (r.fields) return r.fields;
    if (r.form) return allFields;
    var out = [], by = r.sections ? fieldsOfSection : fieldsOfPage;
    (r.sections || r.pages).forEach(function (k) { (by[k] || []).forEach(function (i) { out.push(i); }); });
    return out;
  }
  function number(f) { var n = toNum(textOf(f)); return n === null ? null : n; }
  function apply(s, r, e, fresh) {
    var d = e["do"];
    if ((d === "show" || d === "hide") && !r.fields) {
      var list = r.form ? s.pages : r.sections ? s.sections : s.pages;
      if (r.form) list.forEach(function (x) { x.hidden = d === "hide"; });
      else (r.sections || r.pages).forEach(function (k) { if (list[k]) list[k].hidden = d === "hide"; });
      return;
    }
    targets(s, r).forEach(function (i) {
      var fs = s.fields[i], f = D.fields[i], a, b;
      switch (d) {
        case "show": fs.hidden = false; break;
        case "hide": fs.hidden = true; break;
        case "enable": fs.disabled = false; break;
        case "disable": fs.disabled = true; break;
        case "skip": fs.skip = true; fs.force = false; break;
        case "force": fs.skip = false; fs.force = true; break;
        case "submit": fs.skip = false; break;
        case "require": fs.required = e.value; break;
        case "options": fs.options = e.options; break;
        case "text":
          if (e.role === "text" && f.control !== "display") { if (fresh) s.sets.push([i, txt(e.text)]); }
          else fs.texts[e.role] = e.text;
          break;
        case "check": if (fresh) s.sets.push([i, e.value]); break;
        case "copy":
          if (fresh) s.sets.push([i, e.from.filter(function (c) { return c.field in byId; }).map(function (c) {
            return textOf(D.fields[byId[c.field]], c.parts);
          }).filter(function (t) { return t !== ""; }).join(". ")]);
          break;
        case "concat":
          a = byId[e.a]; b = byId[e.b];
          s.sets.push([i, (a === undefined ? "" : textOf(D.fields[a])) + e["with"] + (b === undefined ? "" : textOf(D.fields[b]))]);
          break;
        case "add": case "subtract":
          a = byId[e.a] === undefined ? null : number(D.fields[byId[e.a]]);
          b = byId[e.b] === undefined ? null : number(D.fields[byId[e.b]]);
          s.sets.push([i, a === null || b === null ? "" : String(d === "add" ? a + b : a - b)]);
          break;
        case "dateOffset": s.sets.push([i, new Date(Date.now() + e.seconds * 1000)]); break;
      }
    });
  }
  function run() {
    for (var pass = 0; pass < 5; pass++) {
      state = compute();
      var changed = false;
      state.sets.forEach(function (set) { if (setValue(D.fields[set[0]], set[1])) changed = true; });
      if (clearHidden(state)) changed = true;
      if (!changed) break;
    }
    render(state);
    if (submitted) showErrors(validate(state));
    showPayload();
  }

  // ---- Drawing the state ----
  function optionLabel(o) { var t = txt(o.t); return t === null ? (typeof o.v === "string" ? o.v : JSON.stringify(o.v)) : t; }
  function rebuildOptions(f, options) {
    var before = raw(f);
    f.shown = options;
    if (f.control === "select") {
      var s = q(f, "select");
      while (s.options.length > 1) s.remove(1);
      options.forEach(function (o, i) {
        var el = document.createElement("option");
        el.value = typeof o.v === "string" ? o.v : JSON.stringify(o.v);
        el.setAttribute("data-i", i);
        if (o.t !== null) el.setAttribute("data-fc-t", o.t);
        el.textContent = optionLabel(o);
        s.appendChild(el);
      });
    } else {
      var box = q(f, ".fc-options"), type = f.control === "radios" ? "radio" : "checkbox";
      box.textContent = "";
      options.forEach(function (o, i) {
        var label = document.createElement("label"), input = document.createElement("input"), span = document.createElement("span");
        label.className = "fc-option";
        input.type = type; if (f.named && f.main) input.name = f.main.key; input.setAttribute("data-i", i);
        input.value = typeof o.v === "string" ? o.v : JSON.stringify(o.v);
        if (o.t !== null) span.setAttribute("data-fc-t", o.t);
        span.textContent = optionLabel(o);
        label.appendChild(input); label.appendChild(document.createTextNode(" ")); label.appendChild(span);
        box.appendChild(label);
      });
    }
    if (before !== null && !Array.isArray(before)) setValue(f, before);
  }
  function roleText(f, sel, n) {
    var el = q(f, sel);
    if (!el) return;
    if (!el.hasAttribute("data-fc-base")) el.setAttribute("data-fc-base", el.getAttribute("data-fc-t") || "");
    var base = el.getAttribute("data-fc-base");
    var t = n !== undefined ? txt(n) : base === "" ? null : txt(+base);
    if (t !== null) el.textContent = t;
  }
  function linked(f) {
    return (f.checks.linksTo || []).every(function (id) { return !(id in byId) || !blank(D.fields[byId[id]]); });
  }
  function render(s) {
    if (s.pages[currentPage] && s.pages[currentPage].hidden) {
      var first = s.pages.findIndex(function (p) { return !p.hidden; });
      if (first >= 0) currentPage = first;
    }
    D.pages.forEach(function (p, i) {
      document.getElementById("fc-p-" + i).hidden = s.pages[i].hidden || i !== currentPage;
      var tab = document.querySelector("[data-tab='" + i + "']");
      tab.hidden = s.pages[i].hidden;
      tab.setAttribute("aria-selected", i === currentPage ? "true" : "false");
    });
    D.sections.forEach(function (x, i) { document.getElementById("fc-s-" + i).hidden = s.sections[i].hidden; });
    D.fields.forEach(function (f, i) {
      var fs = s.fields[i], off = fs.disabled || !linked(f), was = f.drawn;
      if (f.cloneEl === undefined) f.cloneEl = q(f, "input[data-clone]");
      if (f.cloneEl) f.cloneEl.value = keyValue(f, f.keys.filter(function (k) { return k.part === "partClone"; })[0]);
      // A field drawn in this state already is left alone: one answer changes a few fields, and
      // redrawing all of them (some ten element lookups each) made a change on a 3,000-item form
      // take half a second.
      if (was && was.hidden === fs.hidden && was.off === off && was.required === fs.required && was.options === fs.options
          && was.locale === locale && sameTexts(was.texts, fs.texts)) return;
      f.drawn = { hidden: fs.hidden, off: off, required: fs.required, options: fs.options, texts: fs.texts, locale: locale };
      f.el.hidden = fs.hidden;
      if (fs.options !== f.shown && f.control !== "display") rebuildOptions(f, fs.options);
      qa(f, "input, select, textarea, button").forEach(function (el) { el.disabled = off; });
      var mark = q(f, ".fc-req");
      if (mark) mark.hidden = !fs.required;
      roleText(f, ".fc-label > span[data-fc-t], .fc-check > span[data-fc-t]", fs.texts.label);
      roleText(f, ".fc-detail", fs.texts.detailLabel);
      roleText(f, ".fc-inline", fs.texts.inlineLabel);
      roleText(f, ".fc-text", fs.texts.text);
      var ph = q(f, "[data-fc-ph]");
      if (ph) { var t = txt(fs.texts.placeholder !== undefined ? fs.texts.placeholder : +ph.getAttribute("data-fc-ph")); if (t !== null) ph.placeholder = t; }
    });
  }
  function sameTexts(a, b) {
    var ka = Object.keys(a), kb = Object.keys(b);
    return ka.length === kb.length && ka.every(function (k) { return a[k] === b[k]; });
  }
  function showPage(i) {
    if (i < 0 || i >= D.pages.length || (state && state.pages[i].hidden)) return false;
    currentPage = i;
    render(state);
    return true;
  }
  function step(dir) {
    for (var i = currentPage + dir; i >= 0 && i < D.pages.length; i += dir) if (!state.pages[i].hidden) return showPage(i);
    return false;
  }

"""#
}
