/// The preview's script: plain JavaScript (no library, no network). It reads the data `HTMLEmission+Data`
/// wrote (`#fc-data`) and the condition functions (`FC_FUNCTIONS`), folds the relationships over the
/// fields' current values in document order on every change, applies their effects, keeps the
/// submission panel current, and validates on submit. `window.formconvPreview` exposes the payload,
/// the validation and page navigation to tests.
enum HTMLRuntimeScript {
    static let source = #"""
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

  // ---- Reading and writing values ----
  function q(f, sel) { return f.el.querySelector(sel); }
  function qa(f, sel) { return Array.prototype.slice.call(f.el.querySelectorAll(sel)); }
  function optionAt(f, input) { var i = +input.getAttribute("data-i"); return f.shown[i]; }
  function parts(f) {
    var o = {};
    qa(f, "input[data-part]").forEach(function (el) { o[el.getAttribute("data-part")] = el.value.trim(); });
    return o;
  }
  // The field's value: text, an option value (null when none), an array of option values, a boolean,
  // or an object of components.
  function raw(f) {
    var c = f.control;
    if (c === "select") { var s = q(f, "select"), o = s.selectedOptions[0]; return o && o.hasAttribute("data-i") ? optionAt(f, o).v : null; }
    if (c === "radios") { var r = q(f, "input:checked"); return r ? optionAt(f, r).v : null; }
    if (c === "checkboxes") return qa(f, "input:checked").map(function (el) { return optionAt(f, el).v; });
    if (c === "checkbox") return q(f, "input[type=checkbox]").checked;
    if (c === "date-parts" || c === "address") return parts(f);
    if (c === "signature") return q(f, "input[type=hidden]").value;
    if (c === "photo") { var p = q(f, "input[type=file]"); return p.files && p.files.length ? p.files[0].name : ""; }
    if (c === "display") return null;
    var el = q(f, "#fc-i-" + f.index);
    return el ? el.value : "";
  }
  function bitmask(f) {
    var sum = 0;
    qa(f, "input:checked").forEach(function (el) { sum += Math.pow(2, +el.getAttribute("data-i")); });
    return sum;
  }
  function isoDay(d) { return d.getFullYear() + "-" + pad(d.getMonth() + 1, 2) + "-" + pad(d.getDate(), 2); }
  function pad(n, w) { var s = String(Math.abs(n)); while (s.length < w) s = "0" + s; return s; }
  // A date field's value as a Date (local time), or null.
  function dateOf(f) {
    var v = raw(f), m;
    if (f.control === "date-parts") {
      if (!/^\d{1,2}$/.test(v.day || "") || !/^\d{1,2}$/.test(v.month || "") || !/^\d{4}$/.test(v.year || "")) return null;
      var d = new Date(+v.year, +v.month - 1, +v.day);
      return d.getMonth() === +v.month - 1 ? d : null;
    }
    if (typeof v !== "string" || v === "") return null;
    if ((m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v))) return new Date(+m[1], +m[2] - 1, +m[3]);
    if ((m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(v))) { var t = new Date(); t.setHours(+m[1], +m[2], +(m[3] || 0), 0); return t; }
    var x = new Date(v);
    return isNaN(x.getTime()) ? null : x;
  }
  // The value conditions compare: bitmasks as numbers, dates as ISO days, components joined.
  function condValue(f) {
    if (f.main && f.main.type === "bitmask") return bitmask(f);
    if (f.control === "date-parts") { var d = dateOf(f); return d ? isoDay(d) : ""; }
    if (f.control === "address") return textOf(f, []);
    return raw(f);
  }
  // The value as text, for copy, evaluate and length checks.
  function textOf(f, wanted) {
    var v = raw(f);
    if (f.control === "address" || f.control === "date-parts") {
      var names = wanted && wanted.length ? wanted : Object.keys(v);
      return names.map(function (k) { return v[k] || ""; }).filter(function (s) { return s !== ""; }).join(", ");
    }
    if (v === null || v === undefined) return "";
    if (typeof v === "boolean") return v ? "1" : "0";
    if (Array.isArray(v)) return v.join(", ");
    return String(v);
  }
  function setValue(f, v) {
    var c = f.control, before = JSON.stringify(raw(f));
    if (c === "checkbox") q(f, "input[type=checkbox]").checked = v === true || v === "1" || v === 1;
    else if (c === "select") {
      var s = q(f, "select"); s.value = "";
      Array.prototype.forEach.call(s.options, function (o) { if (o.hasAttribute("data-i") && String(optionAt(f, o).v) === String(v)) s.value = o.value; });
    } else if (c === "radios" || c === "checkboxes") {
      qa(f, "input").forEach(function (el) { el.checked = String(optionAt(f, el).v) === String(v); });
    } else if (c === "date-parts") {
      var d = v instanceof Date ? v : null;
      qa(f, "input[data-part]").forEach(function (el) {
        var p = el.getAttribute("data-part");
        el.value = !d ? "" : p === "day" ? pad(d.getDate(), 2) : p === "month" ? pad(d.getMonth() + 1, 2) : String(d.getFullYear());
      });
    } else {
      var el = q(f, "#fc-i-" + f.index);
      if (el && "value" in el && el.type !== "file") {
        if (v instanceof Date) v = el.type === "date" ? isoDay(v) : isoDay(v) + "T" + pad(v.getHours(), 2) + ":" + pad(v.getMinutes(), 2);
        el.value = v === null || v === undefined ? "" : String(v);
      }
    }
    return JSON.stringify(raw(f)) !== before;
  }

  // ---- Conditions ----
  function truthy(v) {
    if (Array.isArray(v)) return v.length > 0;
    return !(v === null || v === undefined || v === false || v === "" || v === 0 || v === "0");
  }
  function toNum(v) {
    if (typeof v === "number") return v;
    if (typeof v === "boolean") return v ? 1 : 0;
    if (typeof v !== "string" || v.trim() === "") return null;
    var n = Number(v.trim());
    return isNaN(n) ? null : n;
  }
  function toBool(v) {
    if (typeof v === "boolean") return v;
    if (typeof v === "number") return v !== 0;
    var s = String(v).toLowerCase();
    return s === "1" || s === "yes" || s === "true";
  }
  function fold(s, ci, di) {
    s = s === null || s === undefined ? "" : String(s);
    if (di) s = s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    return ci ? s.toLowerCase() : s;
  }
  function eq(a, b, ci, di) {
    if (b === null) return a === null || a === undefined || a === "" || (Array.isArray(a) && a.length === 0);
    if (Array.isArray(a)) return a.length === 1 && eq(a[0], b, ci, di);
    if (typeof a === "boolean" || typeof b === "boolean") return toBool(a) === toBool(b);
    if (typeof b === "number" || typeof a === "number") { var x = toNum(a), y = toNum(b); return x !== null && x === y; }
    return fold(a, ci, di) === fold(b, ci, di);
  }
  function order(a, b) {
    var x = toNum(a), y = toNum(b);
    if (x !== null && y !== null) return x < y ? -1 : x > y ? 1 : 0;
    if (typeof a === "string" && typeof b === "string" && a !== "" && b !== "") return a < b ? -1 : a > b ? 1 : 0;
    return null;
  }
  function cmp(op, a, b, ci, di) {
    var o;
    switch (op) {
      case "==": return eq(a, b, ci, di);
      case "!=": return !eq(a, b, ci, di);
      case "<": o = order(a, b); return o !== null && o < 0;
      case ">": o = order(a, b); return o !== null && o > 0;
      case "<=": o = order(a, b); return o !== null && o <= 0;
      case ">=": o = order(a, b); return o !== null && o >= 0;
      case "BETWEEN": return Array.isArray(b) && b.length === 2 && cmp(">=", a, b[0]) && cmp("<=", a, b[1]);
      case "IN":
        if (Array.isArray(b)) return b.some(function (x) { return eq(a, x, ci, di); });
        return Array.isArray(a) ? a.some(function (x) { return eq(b, x, ci, di); }) : fold(a, ci, di).indexOf(fold(b, ci, di)) >= 0;
      case "CONTAINS":
        if (Array.isArray(a)) return a.some(function (x) { return eq(x, b, ci, di); });
        return fold(a, ci, di).indexOf(fold(b, ci, di)) >= 0;
      case "BEGINSWITH": return fold(a, ci, di).indexOf(fold(b, ci, di)) === 0;
      case "ENDSWITH": var s = fold(a, ci, di), e = fold(b, ci, di); return s.length >= e.length && s.slice(s.length - e.length) === e;
      case "LIKE":
        var re = "^" + fold(b, ci, di).replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[\\s\\S]*").replace(/\?/g, "[\\s\\S]") + "$";
        return new RegExp(re).test(fold(a, ci, di));
      case "MATCHES": return regex("^(?:" + b + ")$").test(fold(a, false, di));
    }
    return false;
  }
  function regex(source) { try { return new RegExp(source, "u"); } catch (e) { return new RegExp(source); } }

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
    var ctx = context(s);
    D.rules.forEach(function (r) {
      var on = r.never ? false : r.when === null ? true : holds(r.when, ctx);
      (on ? r.then : r["else"]).forEach(function (e) { apply(s, r, e); });
    });
    return s;
  }
  function targets(s, r) {
    if (r.fields) return r.fields;
    var out = [];
    D.fields.forEach(function (f, i) {
      if (r.form || (r.sections && r.sections.indexOf(f.section) >= 0) || (r.pages && r.pages.indexOf(f.page) >= 0)) out.push(i);
    });
    return out;
  }
  function number(f) { var n = toNum(textOf(f)); return n === null ? null : n; }
  function apply(s, r, e) {
    var d = e["do"];
    if ((d === "show" || d === "hide") && !r.fields) {
      var list = r.form ? s.pages : r.sections ? s.sections : s.pages, idx = r.form ? null : (r.sections || r.pages);
      list.forEach(function (x, i) { if (idx === null || idx.indexOf(i) >= 0) x.hidden = d === "hide"; });
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
          if (e.role === "text" && f.control !== "display") s.sets.push([i, txt(e.text)]);
          else fs.texts[e.role] = e.text;
          break;
        case "check": s.sets.push([i, e.value]); break;
        case "copy":
          s.sets.push([i, e.from.filter(function (c) { return c.field in byId; }).map(function (c) {
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
      var fs = s.fields[i];
      f.el.hidden = fs.hidden;
      if (fs.options !== f.shown && f.control !== "display") rebuildOptions(f, fs.options);
      var off = fs.disabled || !linked(f);
      qa(f, "input, select, textarea, button").forEach(function (el) { el.disabled = off; });
      var mark = q(f, ".fc-req");
      if (mark) mark.hidden = !fs.required;
      roleText(f, ".fc-label > span[data-fc-t], .fc-check > span[data-fc-t]", fs.texts.label);
      roleText(f, ".fc-detail", fs.texts.detailLabel);
      roleText(f, ".fc-inline", fs.texts.inlineLabel);
      roleText(f, ".fc-text", fs.texts.text);
      var ph = q(f, "[data-fc-ph]");
      if (ph) { var t = txt(fs.texts.placeholder !== undefined ? fs.texts.placeholder : +ph.getAttribute("data-fc-ph")); if (t !== null) ph.placeholder = t; }
      var clone = q(f, "input[data-clone]");
      if (clone) clone.value = keyValue(f, f.keys.filter(function (k) { return k.part === "partClone"; })[0]);
    });
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

  // ---- The payload ----
  function submits(s, i) {
    var f = D.fields[i];
    if (!f.keys.length) return false;
    return effHidden(s, i) ? s.fields[i].force : !s.fields[i].skip;
  }
  var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  var DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
  // A date written with an NSDateFormatter pattern (the common fields; letters it does not know stay as they are).
  function formatDate(d, pattern) {
    var out = "", i = 0;
    while (i < pattern.length) {
      var c = pattern[i];
      if (c === "'") {
        var j = pattern.indexOf("'", i + 1);
        if (j === i + 1) { out += "'"; i += 2; continue; }
        if (j < 0) j = pattern.length;
        out += pattern.slice(i + 1, j); i = j + 1; continue;
      }
      var n = 1;
      while (pattern[i + n] === c) n++;
      var h = d.getHours();
      switch (c) {
        case "y": case "u": case "Y": out += n === 2 ? pad(d.getFullYear() % 100, 2) : pad(d.getFullYear(), n); break;
        case "M": case "L": out += n >= 4 ? MONTHS[d.getMonth()] : n === 3 ? MONTHS[d.getMonth()].slice(0, 3) : pad(d.getMonth() + 1, n); break;
        case "d": out += pad(d.getDate(), n); break;
        case "H": out += pad(h, n); break;
        case "h": out += pad(h % 12 === 0 ? 12 : h % 12, n); break;
        case "m": out += pad(d.getMinutes(), n); break;
        case "s": out += pad(d.getSeconds(), n); break;
        case "a": out += h < 12 ? "AM" : "PM"; break;
        case "E": out += n >= 4 ? DAYS[d.getDay()] : DAYS[d.getDay()].slice(0, 3); break;
        default: out += pattern.slice(i, i + n);
      }
      i += n;
    }
    return out;
  }
  function offset(d) {
    var m = -d.getTimezoneOffset();
    return (m >= 0 ? "+" : "-") + pad(Math.floor(Math.abs(m) / 60), 2) + ":" + pad(Math.abs(m) % 60, 2);
  }
  function isoDate(f, d) {
    var time = pad(d.getHours(), 2) + ":" + pad(d.getMinutes(), 2) + ":" + pad(d.getSeconds(), 2);
    if (f.kind === "date") return isoDay(d);
    if (f.kind === "time") return time + offset(d);
    if (f.kind === "datetime") return isoDay(d) + "T" + time + offset(d);
    return time;
  }
  // The value of one payload key, as the legacy app sends it; undefined leaves the key out.
  function keyValue(f, k) {
    var v = raw(f), t, d;
    switch (k.type) {
      case "string":
        if (k.part === "partClone") { t = textOf(f); return f.clone > 0 ? t.slice(0, f.clone) : f.clone < 0 ? t.slice(f.clone) : t; }
        if (k.part !== null) return v[k.part] || "";
        if (f.control === "select" || f.control === "radios") return v === null ? (f.shape === "string" ? "" : undefined) : v;
        return textOf(f);
      case "integer": case "number":
        if (typeof v === "number") return v;
        if (v === null) return undefined;
        t = textOf(f).trim();
        if (t === "") return undefined;
        return isNaN(Number(t)) ? t : Number(t);
      case "boolean": return v === true;
      case "zeroOne": return truthy(v) ? 1 : 0;
      case "bitmask":
        var sum = bitmask(f), o = (k.overrides || []).filter(function (x) { return x.value === sum; })[0];
        return o ? o.text : sum;
      case "array": return v;
      case "dateComponent": return v[k.part] || "";
      case "unixTime": d = dateOf(f); return d ? Math.floor(d.getTime() / 1000) : undefined;
      case "formattedDate": d = dateOf(f); return d ? formatDate(d, k.format) : "";
      case "isoDate": d = dateOf(f); return d ? isoDate(f, d) : undefined;
    }
    return undefined;
  }
  function payload(s) {
    var out = {};
    D.fields.forEach(function (f, i) {
      if (!submits(s, i)) return;
      f.keys.forEach(function (k) { var v = keyValue(f, k); if (v !== undefined) out[k.key] = v; });
    });
    return out;
  }
  function showPayload() {
    var shown = JSON.stringify(payload(state), function (k, v) {
      return typeof v === "string" && v.length > 120 ? v.slice(0, 60) + "… (" + v.length + " characters)" : v;
    }, 2);
    document.getElementById("fc-payload").textContent = shown;
  }

  // ---- Validation ----
  function blank(f) {
    var v = raw(f);
    switch (f.control) {
      case "checkbox": return v !== true;
      case "select": case "radios": return v === null;
      case "checkboxes": return v.length === 0;
      case "date-parts": return !v.day || !v.month || !v.year;
      case "address": return Object.keys(v).some(function (k) { return k !== "address2" && v[k] === ""; });
      case "display": return false;
      default: return textOf(f).trim() === "";
    }
  }
  function name(f) { return txt(f.label) || f.id; }
  function luhn(s) {
    var digits = s.replace(/[\s-]/g, "");
    if (!/^\d{2,}$/.test(digits)) return false;
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var n = +digits[digits.length - 1 - i];
      if (i % 2 === 1) { n *= 2; if (n > 9) n -= 9; }
      sum += n;
    }
    return sum % 10 === 0;
  }
  function age(d) {
    var now = new Date(), a = now.getFullYear() - d.getFullYear();
    if (now.getMonth() < d.getMonth() || (now.getMonth() === d.getMonth() && now.getDate() < d.getDate())) a--;
    return a;
  }
  function compare(a, b, relation, mode) {
    var x = a, y = b;
    if (mode !== "text") { var nx = toNum(a), ny = toNum(b); if (nx !== null && ny !== null) { x = nx; y = ny; } else if (mode === "number") return false; }
    switch (relation) {
      case "equal": return x === y;
      case "notEqual": return x !== y;
      case "greaterThan": return x > y;
      case "lessThan": return x < y;
      case "greaterThanOrEqual": return x >= y;
      case "lessThanOrEqual": return x <= y;
    }
    return true;
  }
  function problems(s, f) {
    var fs = s.fields[f.index], c = f.checks, out = [];
    if (blank(f)) {
      if (fs.required) out.push(txt(f.missing) || name(f) + " is required.");
      return out;
    }
    var text = textOf(f), n = toNum(text), d = null;
    if (f.control === "date-parts" && !dateOf(f)) out.push(name(f) + ": enter a valid date.");
    if (f.main && (f.main.type === "integer" || f.main.type === "number") && f.control.indexOf("input") === 0) {
      if (n === null) out.push(name(f) + ": enter a number.");
      else if (f.main.type === "integer" && !Number.isInteger(n)) out.push(name(f) + ": enter a whole number.");
    }
    if (c.minLength !== undefined && text.length < c.minLength) out.push(name(f) + ": enter at least " + c.minLength + " characters.");
    if (c.maxLength !== undefined && text.length > c.maxLength) out.push(name(f) + ": enter at most " + c.maxLength + " characters.");
    if (c.minValue !== undefined && (n === null || n < c.minValue)) out.push(name(f) + ": enter a number from " + c.minValue + ".");
    if (c.maxValue !== undefined && (n === null || n > c.maxValue)) out.push(name(f) + ": enter a number up to " + c.maxValue + ".");
    if (c.email && !regex(c.email).test(text)) out.push(name(f) + ": enter an e-mail address.");
    (c.patterns || []).forEach(function (p) {
      var ok = p.luhn ? luhn(text) : regex(p.re).test(text);
      if (!ok) out.push(txt(p.message) || name(f) + ": the value is not valid" + (p.name ? " (" + p.name + ")." : "."));
    });
    (c.predicates || []).forEach(function (p) {
      if (p.fn !== null && !holds(p.fn, context(s, condValue(f)))) out.push(txt(p.message) || name(f) + ": the value is not accepted.");
    });
    (c.comparisons || []).forEach(function (p) {
      if (!(p.other in byId)) return;
      var other = D.fields[byId[p.other]];
      if (!compare(text, textOf(other), p.relation, p.mode)) out.push(name(f) + " must be " + p.relation.replace(/([A-Z])/g, " $1").toLowerCase() + " " + name(other) + ".");
    });
    if (["date-parts", "input-date", "input-datetime-local"].indexOf(f.control) >= 0) d = dateOf(f);
    if (d) {
      var year = new Date().getFullYear();
      if (c.minAge !== undefined && age(d) < c.minAge) out.push(name(f) + ": the age must be at least " + c.minAge + ".");
      if (c.maxAge !== undefined && age(d) > c.maxAge) out.push(name(f) + ": the age must be at most " + c.maxAge + ".");
      if (c.minYear !== undefined && d.getFullYear() < year + c.minYear) out.push(name(f) + ": the year must be " + (year + c.minYear) + " or later.");
      if (c.maxYear !== undefined && d.getFullYear() > year + c.maxYear) out.push(name(f) + ": the year must be " + (year + c.maxYear) + " or earlier.");
      if (c.minDate !== undefined && isoDay(d) < c.minDate.slice(0, 10)) out.push(name(f) + ": the date must be " + c.minDate.slice(0, 10) + " or later.");
      if (c.maxDate !== undefined && isoDay(d) > c.maxDate.slice(0, 10)) out.push(name(f) + ": the date must be " + c.maxDate.slice(0, 10) + " or earlier.");
    }
    var count = f.control === "checkboxes" ? raw(f).length : null;
    if (count !== null && c.minSelected !== undefined && count < c.minSelected) out.push(name(f) + ": choose at least " + c.minSelected + ".");
    if (count !== null && c.maxSelected !== undefined && count > c.maxSelected) out.push(name(f) + ": choose at most " + c.maxSelected + ".");
    (c.sums || []).forEach(function (sum) {
      var total = 0, names = [];
      sum.fields.forEach(function (id) {
        if (!(id in byId)) return;
        var o = D.fields[byId[id]]; names.push(name(o));
        if (!effHidden(s, o.index)) total += toNum(textOf(o)) || 0;
      });
      var b = sum.bounds, ok = sum.mode === "EQ" ? total === b[0] : (b.length < 1 || total <= b[0]) && (b.length < 2 || total >= b[1]);
      if (!ok) out.push(names.join(" + ") + (sum.mode === "EQ" ? " must add up to " + b[0] : " must add up to between " + b[1] + " and " + b[0]) + " (now " + total + ").");
    });
    return out;
  }
  function validate(s) {
    var errors = [];
    D.fields.forEach(function (f, i) {
      if (!f.keys.length || effHidden(s, i)) return;
      problems(s, f).forEach(function (m) { errors.push({ field: f.id, index: i, message: m }); });
    });
    return errors;
  }
  function showErrors(errors) {
    lastErrors = errors;
    D.fields.forEach(function (f, i) {
      var mine = errors.filter(function (e) { return e.index === i; }), p = document.getElementById("fc-e-" + i);
      if (!p) return;
      p.hidden = mine.length === 0;
      p.textContent = mine.map(function (e) { return e.message; }).join(" ");
      f.el.classList.toggle("fc-invalid", mine.length > 0);
    });
    var list = document.getElementById("fc-errors");
    list.textContent = "";
    errors.forEach(function (e) {
      var li = document.createElement("li");
      li.textContent = e.message;
      li.setAttribute("data-field", e.field);
      li.addEventListener("click", function () { reveal(e.field); });
      list.appendChild(li);
    });
    document.getElementById("fc-validation").hidden = errors.length === 0;
    var status = document.getElementById("fc-status");
    status.className = errors.length ? "fc-rejected" : "fc-accepted";
    status.textContent = errors.length ? "The app would not send this form: " + errors.length + " problem" + (errors.length > 1 ? "s" : "") + "."
      : "The app would send this payload:";
  }
  function reveal(id) {
    if (!(id in byId)) return false;
    var f = D.fields[byId[id]];
    showPage(f.page);
    return !f.el.hidden;
  }

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
    window.addEventListener("pointerup", function () { if (stroke) { stroke = null; run(); } });
    q(f, ".fc-clear").addEventListener("click", function () {
      canvas.getContext("2d").clearRect(0, 0, canvas.width, canvas.height);
      q(f, "input[type=hidden]").value = "";
      run();
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
  form.addEventListener("input", run);
  form.addEventListener("change", run);
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
    sign: function (id) { if (!(id in byId)) return false; sign(D.fields[byId[id]], [[10, 10], [60, 40], [120, 20]]); run(); return true; },
    setLocale: setLocale,
    fields: function () { return D.fields.map(function (f) { return { id: f.id, page: f.page, control: f.control, keys: f.keys.map(function (k) { return k.key; }) }; }); }
  };
})();
"""#
}
