extension HTMLRuntimeScript {
    /// Folding the relationships over the current values, applying their effects, and drawing the state.
    static let relationships = #"""
  // ---- Relationships ----
  // The state is a fold of the relationships, in document order, over the fields' values: a later rule
  // overrides an earlier one, and a condition that reads `hidden`/`disabled` sees the state the rules
  // before it left. One answer change redoes only what reads that answer: each rule records what its
  // condition read (values, and states at its place in the fold), the fields' states are folded again
  // only where a rule's outcome changed, and the page is drawn only where a state or value changed.
  // (Folding every rule and drawing every field per keystroke made a change on a 3,000-item form slow.)
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
  var RULES = D.rules, on = [];
  // What one run did (tests read these through `formconvPreview.counters()`): rules evaluated, fields
  // drawn again, and elements of the page written.
  var COUNT = { rules: 0, draws: 0, writes: 0 };

  // The fields of each section and page, listed once.
  var allFields = [], fieldsOfSection = D.sections.map(function () { return []; }), fieldsOfPage = D.pages.map(function () { return []; });
  D.fields.forEach(function (f, i) {
    allFields.push(i);
    if (fieldsOfSection[f.section]) fieldsOfSection[f.section].push(i);
    if (fieldsOfPage[f.page]) fieldsOfPage[f.page].push(i);
  });
  function targets(r) {
    if (r.fields) return r.fields;
    if (r.form) return allFields;
    if (r.targets) return r.targets;
    var out = [], by = r.sections ? fieldsOfSection : fieldsOfPage;
    (r.sections || r.pages).forEach(function (k) { (by[k] || []).forEach(function (i) { out.push(i); }); });
    return (r.targets = out);
  }
  // The index, built once: the rules that set each field's, section's and page's state (in document
  // order), and the rules that must run again when a field's value changes whatever their condition
  // read (a copy reads its sources; a computed value rewrites its target on every change, as before).
  var BOX = { show: true, hide: true };
  var VALUE = { check: true, copy: true, concat: true, add: true, subtract: true, dateOffset: true };
  var rulesOfField = D.fields.map(function () { return []; }), rulesOfSection = D.sections.map(function () { return []; });
  var rulesOfPage = D.pages.map(function () { return []; }), valueWatchers = D.fields.map(function () { return new Set(); });
  var alwaysRules = [];
  function watch(id, k) { if (id in byId) valueWatchers[byId[id]].add(k); }
  RULES.forEach(function (r, k) {
    var effects = r.then.concat(r["else"]), fieldState = false, box = false;
    effects.forEach(function (e) {
      var d = e["do"];
      if (BOX[d] && !r.fields) box = true;
      else if (!VALUE[d]) fieldState = true;
      if (d === "copy") e.from.forEach(function (c) { watch(c.field, k); });
      if (d === "concat" || d === "add" || d === "subtract") {
        watch(e.a, k); watch(e.b, k);
        targets(r).forEach(function (i) { valueWatchers[i].add(k); });
      }
      if (d === "dateOffset" && alwaysRules[alwaysRules.length - 1] !== k) alwaysRules.push(k);
    });
    if (fieldState) targets(r).forEach(function (i) { rulesOfField[i].push(k); });
    if (box) {
      if (r.form) rulesOfPage.forEach(function (l) { l.push(k); });
      else (r.sections || r.pages).forEach(function (x) { var l = (r.sections ? rulesOfSection : rulesOfPage)[x]; if (l) l.push(k); });
    }
    r.box = box; r.fieldState = fieldState;
  });
  // A field's state (and a section's or page's hidden flag) after the rules before `upto` (all of them
  // when `upto` is Infinity), as they decided at their last evaluation.
  function fieldState(i, upto) {
    var f = D.fields[i], list = rulesOfField[i];
    var fs = { hidden: f.hidden, disabled: f.disabled, skip: f.skip, force: f.force, required: f.required, options: f.options, texts: {} };
    for (var n = 0; n < list.length && list[n] < upto; n++) {
      var r = RULES[list[n]];
      (on[list[n]] ? r.then : r["else"]).forEach(function (e) { fieldEffect(fs, f, r, e); });
    }
    return fs;
  }
  // What effect e of rule r does to a field's state fs.
  function fieldEffect(fs, f, r, e) {
    switch (e["do"]) {
      case "show": if (r.fields) fs.hidden = false; break;
      case "hide": if (r.fields) fs.hidden = true; break;
      case "enable": fs.disabled = false; break;
      case "disable": fs.disabled = true; break;
      case "skip": fs.skip = true; fs.force = false; break;
      case "force": fs.skip = false; fs.force = true; break;
      case "submit": fs.skip = false; break;
      case "require": fs.required = e.value; break;
      case "options": fs.options = e.options; break;
      case "text": if (!(e.role === "text" && f.control !== "display")) fs.texts[e.role] = e.text; break;
    }
  }
  function boxHidden(hidden, list, upto) {
    for (var n = 0; n < list.length && list[n] < upto; n++) {
      var r = RULES[list[n]];
      (on[list[n]] ? r.then : r["else"]).forEach(function (e) { if (BOX[e["do"]]) hidden = e["do"] === "hide"; });
    }
    return hidden;
  }
  // A condition reads states where its rule stands. Rules are evaluated in document order within a
  // pass, so each field's, section's and page's fold so far is kept and continued (folding a field's
  // rules from the start at each read was quadratic when many rules read the state of one field).
  var sweep = 0, partial = {};
  function foldSoFar(key, list, upto, initial, step) {
    var c = partial[key];
    if (!c || c.sweep !== sweep || c.upto > upto) c = partial[key] = { sweep: sweep, n: 0, upto: 0, value: initial() };
    for (; c.n < list.length && list[c.n] < upto; c.n++) step(c.value, list[c.n]);
    c.upto = upto;
    return c.value;
  }
  function fieldSoFar(i, upto) {
    return foldSoFar("f" + i, rulesOfField[i], upto, function () { return fieldState(i, -1); }, function (fs, k) {
      var r = RULES[k];
      (on[k] ? r.then : r["else"]).forEach(function (e) { fieldEffect(fs, D.fields[i], r, e); });
    });
  }
  function boxSoFar(key, box, list, upto) {
    return foldSoFar(key, list, upto, function () { return { hidden: box.hidden }; }, function (b, k) {
      b.hidden = boxHidden(b.hidden, [k], Infinity);
    }).hidden;
  }
  function hiddenAt(i, upto) {
    var f = D.fields[i];
    return fieldSoFar(i, upto).hidden || boxSoFar("s" + f.section, D.sections[f.section], rulesOfSection[f.section], upto)
      || boxSoFar("p" + f.page, D.pages[f.page], rulesOfPage[f.page], upto);
  }

  // Which rules read what: a rule's condition reads are recorded at each evaluation (they change with
  // the answers: `a && b` does not read b while a is false).
  var valueReaders = D.fields.map(function () { return new Set(); }), hiddenReaders = D.fields.map(function () { return new Set(); });
  var disabledReaders = D.fields.map(function () { return new Set(); }), reads = [];
  function unread(k) {
    (reads[k] || []).forEach(function (set) { set.delete(k); });
    reads[k] = [];
  }
  function read(set, k) { if (!set.has(k)) { set.add(k); reads[k].push(set); } }

  // Value effects (text, copy, check, uncheck) fire when what they read changes: at load, when an
  // answer or state the condition reads changes, and for a copy when the values it copies change;
  // never because the target itself or an unrelated field changed (re-running them on every change
  // erased what a person typed into the target). `seen` collects what the rule read this time (but its
  // own targets), `lastSeen` what it read at the previous evaluation.
  var WRITES = { text: true, check: true, copy: true }, lastSeen = [];
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
  // Evaluates rule k where it stands in the fold; pushes the values it sets; true when it now takes
  // the other branch (or ran for the first time).
  function evaluate(k, sets) {
    COUNT.rules++;
    var r = RULES[k];
    if (r.writes === undefined) r.writes = r.then.concat(r["else"]).some(function (e) { return e["do"] in WRITES; });
    var seen = r.writes ? [] : null, own = r.writes ? owned(r) : null;
    function log(kind, id, x) { if (seen && !(id in own)) seen.push(kind, id, x); return x; }
    unread(k);
    var ctx = {
      v: function (id) {
        if (!(id in byId)) return log("v", id, undefined);
        read(valueReaders[byId[id]], k);
        return log("v", id, condValue(D.fields[byId[id]]));
      },
      hidden: function (id) {
        if (!(id in byId)) return log("h", id, false);
        read(hiddenReaders[byId[id]], k);
        return log("h", id, hiddenAt(byId[id], k));
      },
      disabled: function (id) {
        if (!(id in byId)) return log("d", id, false);
        read(disabledReaders[byId[id]], k);
        return log("d", id, fieldSoFar(byId[id], k).disabled);
      },
      cmp: cmp, truthy: truthy, self: undefined
    };
    var was = on[k];
    on[k] = r.never ? false : r.when === null ? true : holds(r.when, ctx);
    var effects = on[k] ? r.then : r["else"], fresh = false;
    if (r.writes) {
      effects.forEach(function (e) { if (e["do"] === "copy") copied(e, seen); });
      fresh = readsChanged(k, seen);
    }
    effects.forEach(function (e) { valueEffect(r, e, fresh, sets); });
    return was !== on[k];
  }
  function number(f) { var n = toNum(textOf(f)); return n === null ? null : n; }
  function valueEffect(r, e, fresh, sets) {
    var d = e["do"];
    if (!VALUE[d] && d !== "text") return;
    targets(r).forEach(function (i) {
      var f = D.fields[i], a, b;
      switch (d) {
        case "text": if (e.role === "text" && f.control !== "display" && fresh) sets.push([i, txt(e.text)]); break;
        case "check": if (fresh) sets.push([i, e.value]); break;
        case "copy":
          if (fresh) sets.push([i, e.from.filter(function (c) { return c.field in byId; }).map(function (c) {
            return textOf(D.fields[byId[c.field]], c.parts);
          }).filter(function (t) { return t !== ""; }).join(". ")]);
          break;
        case "concat":
          a = byId[e.a]; b = byId[e.b];
          sets.push([i, (a === undefined ? "" : textOf(D.fields[a])) + e["with"] + (b === undefined ? "" : textOf(D.fields[b]))]);
          break;
        case "add": case "subtract":
          a = byId[e.a] === undefined ? null : number(D.fields[byId[e.a]]);
          b = byId[e.b] === undefined ? null : number(D.fields[byId[e.b]]);
          sets.push([i, a === null || b === null ? "" : String(d === "add" ? a + b : a - b)]);
          break;
        case "dateOffset": sets.push([i, new Date(Date.now() + e.seconds * 1000)]); break;
      }
    });
  }

  // The rules still to evaluate in this pass, smallest first (a binary heap: a rule that changes
  // branch only affects the rules after it).
  var heap = [], queued = [];
  function enqueue(k) {
    if (queued[k]) return;
    queued[k] = true;
    var n = heap.push(k) - 1;
    while (n > 0) { var p = (n - 1) >> 1; if (heap[p] <= k) break; heap[n] = heap[p]; heap[n = p] = k; }
  }
  function dequeue() {
    var top = heap[0], last = heap.pop(), n = 0;
    if (heap.length) {
      heap[0] = last;
      for (;;) {
        var l = 2 * n + 1, r = l + 1, m = n;
        if (l < heap.length && heap[l] < heap[m]) m = l;
        if (r < heap.length && heap[r] < heap[m]) m = r;
        if (m === n) break;
        heap[n] = heap[m]; heap[m] = last; n = m;
      }
    }
    queued[top] = false;
    return top;
  }
  function later(set, k) { set.forEach(function (j) { if (j > k) enqueue(j); }); }

  // What changed since the page was last drawn: fields whose value changed (`valueDirty`: their clone
  // key and the fields linked to them), whose state changed (`drawDirty`), whose payload keys may have
  // changed (`payDirty`: value, state or hidden), and sections and pages.
  var valueDirty = {}, drawDirty = {}, payDirty = {}, boxDirty = { sections: {}, pages: {} }, pendingValues = {};
  var fieldsToFold = {}, sectionsToFold = {}, pagesToFold = {}, everything = true;
  function changedValue(i) {
    valueDirty[i] = payDirty[i] = true;
    valueReaders[i].forEach(enqueue);
    valueWatchers[i].forEach(enqueue);
  }
  function flipped(k) {
    var r = RULES[k], touched = r.fieldState ? targets(r) : [];
    touched.forEach(function (i) { fieldsToFold[i] = true; later(hiddenReaders[i], k); later(disabledReaders[i], k); });
    if (!r.box) return;
    if (r.form) D.pages.forEach(function (p, x) { pagesToFold[x] = true; });
    else (r.sections || r.pages).forEach(function (x) { (r.sections ? sectionsToFold : pagesToFold)[x] = true; });
    targets(r).forEach(function (i) { later(hiddenReaders[i], k); });
  }
  function refold() {
    var hid = {};
    Object.keys(fieldsToFold).forEach(function (i) {
      var was = state.fields[i], fs = fieldState(+i, Infinity);
      state.fields[i] = fs;
      if (!was || was.hidden !== fs.hidden) hid[i] = true;
      if (!was || was.hidden !== fs.hidden || was.disabled !== fs.disabled || was.skip !== fs.skip || was.force !== fs.force
          || was.required !== fs.required || was.options !== fs.options || !sameTexts(was.texts, fs.texts)) drawDirty[i] = payDirty[i] = true;
    });
    [["sections", sectionsToFold, rulesOfSection, D.sections, fieldsOfSection], ["pages", pagesToFold, rulesOfPage, D.pages, fieldsOfPage]].forEach(function (b) {
      Object.keys(b[1]).forEach(function (x) {
        var was = state[b[0]][x], hidden = boxHidden(b[3][x].hidden, b[2][x], Infinity);
        if (was && was.hidden === hidden) return;
        state[b[0]][x] = { hidden: hidden, disabled: false };
        boxDirty[b[0]][x] = true;
        (b[4][x] || []).forEach(function (i) { payDirty[i] = hid[i] = true; });
      });
    });
    fieldsToFold = {}; sectionsToFold = {}; pagesToFold = {};
    return Object.keys(hid).map(Number);
  }
  // One run: `changed` lists the fields whose answer may have changed; without it, everything is
  // evaluated and drawn again (at load, on a language switch, on submit).
  function run(changed) {
    if (!changed) everything = true;
    if (everything) {
      state = state || { fields: [], sections: [], pages: [] };
      RULES.forEach(function (r, k) { enqueue(k); });
      D.fields.forEach(function (f, i) { fieldsToFold[i] = valueDirty[i] = drawDirty[i] = payDirty[i] = true; });
      D.sections.forEach(function (x, i) { sectionsToFold[i] = true; });
      D.pages.forEach(function (x, i) { pagesToFold[i] = true; });
    } else {
      changed.forEach(changedValue);
    }
    Object.keys(pendingValues).forEach(function (i) { changedValue(+i); });
    pendingValues = {};
    alwaysRules.forEach(enqueue);
    for (var pass = 0; pass < 5; pass++) {
      var sets = [], values = [];
      sweep++;
      while (heap.length) { var k = dequeue(); if (evaluate(k, sets)) flipped(k); }
      var hid = refold();
      sets.forEach(function (set) { if (setValue(D.fields[set[0]], set[1])) values.push(set[0]); });
      clearHidden(state, hid, values);
      if (!values.length) break;
      values.forEach(pass < 4 ? changedValue : function (i) { valueDirty[i] = payDirty[i] = pendingValues[i] = true; });
    }
    render(state);
    if (submitted) showErrors(errorsNow(state));
    showPayload();
    everything = false;
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
  // Draws what changed since the last run: the pages and tabs, the sections, and each field whose
  // state, language or linked answers changed (a field drawn in this state already is left alone).
  var linkedFrom = D.fields.map(function () { return new Set(); });
  D.fields.forEach(function (f, i) {
    (f.checks.linksTo || []).forEach(function (id) { if (id in byId) linkedFrom[byId[id]].add(i); });
  });
  var drawnPages = [], drawnSections = [];
  function render(s) {
    if (everything || Object.keys(boxDirty.pages).length) drawPages(s);
    Object.keys(boxDirty.sections).forEach(function (i) {
      if (drawnSections[i] === s.sections[i].hidden) return;
      document.getElementById("fc-s-" + i).hidden = drawnSections[i] = s.sections[i].hidden;
      COUNT.writes++;
    });
    Object.keys(valueDirty).forEach(function (i) {
      var f = D.fields[i];
      linkedFrom[i].forEach(function (j) { drawDirty[j] = true; });
      if (f.cloneEl === undefined) f.cloneEl = q(f, "input[data-clone]");
      if (!f.cloneEl) return;
      var v = keyValue(f, f.keys.filter(function (k) { return k.part === "partClone"; })[0]);
      if (f.cloneEl.value !== v) { f.cloneEl.value = v; COUNT.writes++; }
    });
    Object.keys(drawDirty).forEach(function (i) { drawField(s, +i); });
    boxDirty = { sections: {}, pages: {} }; drawDirty = {}; valueDirty = {};
  }
  function drawPages(s) {
    if (s.pages[currentPage] && s.pages[currentPage].hidden) {
      var first = s.pages.findIndex(function (p) { return !p.hidden; });
      if (first >= 0) currentPage = first;
    }
    D.pages.forEach(function (p, i) {
      var now = { hidden: s.pages[i].hidden, current: i === currentPage }, was = drawnPages[i];
      if (was && was.hidden === now.hidden && was.current === now.current) return;
      drawnPages[i] = now;
      COUNT.writes++;
      document.getElementById("fc-p-" + i).hidden = now.hidden || !now.current;
      var tab = document.querySelector("[data-tab='" + i + "']");
      tab.hidden = now.hidden;
      tab.setAttribute("aria-selected", now.current ? "true" : "false");
    });
  }
  function drawField(s, i) {
    var f = D.fields[i], fs = s.fields[i], off = fs.disabled || !linked(f), was = f.drawn;
    if (was && was.hidden === fs.hidden && was.off === off && was.required === fs.required && was.options === fs.options
        && was.locale === locale && sameTexts(was.texts, fs.texts)) return;
    COUNT.draws++; COUNT.writes++;
    f.drawn = { hidden: fs.hidden, off: off, required: fs.required, options: fs.options, texts: fs.texts, locale: locale };
    f.el.hidden = fs.hidden;
    if (fs.options !== f.shown && f.control !== "display") {
      rebuildOptions(f, fs.options);
      // The answer is read through the options shown: the next run sees it, as before.
      payDirty[i] = pendingValues[i] = true;
    }
    qa(f, "input, select, textarea, button").forEach(function (el) { el.disabled = off; });
    var mark = q(f, ".fc-req");
    if (mark) mark.hidden = !fs.required;
    roleText(f, ".fc-label > span[data-fc-t], .fc-check > span[data-fc-t]", fs.texts.label);
    roleText(f, ".fc-detail", fs.texts.detailLabel);
    roleText(f, ".fc-inline", fs.texts.inlineLabel);
    roleText(f, ".fc-text", fs.texts.text);
    var ph = q(f, "[data-fc-ph]");
    if (ph) { var t = txt(fs.texts.placeholder !== undefined ? fs.texts.placeholder : +ph.getAttribute("data-fc-ph")); if (t !== null) ph.placeholder = t; }
  }
  function sameTexts(a, b) {
    var ka = Object.keys(a), kb = Object.keys(b);
    return ka.length === kb.length && ka.every(function (k) { return a[k] === b[k]; });
  }
  function showPage(i) {
    if (i < 0 || i >= D.pages.length || (state && state.pages[i].hidden)) return false;
    currentPage = i;
    drawPages(state);
    return true;
  }
  function step(dir) {
    for (var i = currentPage + dir; i >= 0 && i < D.pages.length; i += dir) if (!state.pages[i].hidden) return showPage(i);
    return false;
  }

"""#
}
