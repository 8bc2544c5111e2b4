extension HTMLRuntimeScript {
    /// Reading a field's value from its inputs (as text, as a date, as conditions see it) and writing one.
    static let values = #"""
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

"""#
}
