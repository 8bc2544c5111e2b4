extension HTMLRuntimeScript {
    /// The payload the legacy app would send: one value per key, typed as `--to json-schema` describes it.
    static let payload = #"""
  // ---- The payload ----
  function submits(s, i) {
    var f = D.fields[i];
    if (!f.keys.length) return false;
    return effHidden(s, i) ? submitsHidden(s, i) : !s.fields[i].skip;
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
  // The keys field i sends now, as [key, value] pairs.
  function entries(s, i) {
    var f = D.fields[i], out = [];
    if (!f.named || !submits(s, i)) return out;
    f.keys.forEach(function (k) { var v = keyValue(f, k); if (!leftOut(s, i, v)) out.push([k.key, v]); });
    return out;
  }
  function payload(s) {
    var out = {};
    D.fields.forEach(function (f, i) { entries(s, i).forEach(function (e) { out[e[0]] = e[1]; }); });
    return out;
  }
  // A key the app does not send: no value, or a blank answer to a question not required now (a blank
  // optional text with a minimum length would otherwise fail the payload schema). A field no state
  // submits (a checkbox with submitsValue="NO") carries `named: false` and is left out whole.
  function leftOut(s, i, v) { return v === undefined || (v === "" && !s.fields[i].required); }
  // The submission panel: the payload as `JSON.stringify(payload, shorten, 2)` writes it. Each field's
  // keys are one text node of the panel, rewritten only when that field's keys change (re-serialising
  // the whole payload per keystroke was most of a change on a large form). A form where two fields
  // share a key, or with a key JavaScript orders first (an array index), is written whole.
  function shorten(k, v) { return typeof v === "string" && v.length > 120 ? v.slice(0, 60) + "… (" + v.length + " characters)" : v; }
  var panel = document.getElementById("fc-payload"), sent = [], nodes = null, closing = null, firstSent = -1, wholePanel = false;
  (function () {
    var keys = {};
    D.fields.forEach(function (f) {
      if (!f.named) return;
      f.keys.forEach(function (k) {
        if (k.key in keys || /^(0|[1-9][0-9]*)$/.test(k.key)) wholePanel = true;
        keys[k.key] = true;
      });
    });
  })();
  function chunk(i) {
    return sent[i].map(function (e, n) {
      return (n === 0 && i === firstSent ? "\n  " : ",\n  ") + JSON.stringify(e[0]) + ": " + JSON.stringify(e[1], shorten, 2).replace(/\n/g, "\n  ");
    }).join("");
  }
  function showPayload() {
    var dirty = everything ? allFields.slice() : Object.keys(payDirty).map(Number);
    payDirty = {};
    dirty.forEach(function (i) { sent[i] = entries(state, i); });
    if (wholePanel) {
      var out = {};
      sent.forEach(function (list) { list.forEach(function (e) { out[e[0]] = e[1]; }); });
      var shown = JSON.stringify(out, shorten, 2);
      if (panel.textContent !== shown) { panel.textContent = shown; COUNT.writes++; }
      return;
    }
    if (!nodes) {
      panel.textContent = "{";
      nodes = D.fields.map(function () { return panel.appendChild(document.createTextNode("")); });
      closing = panel.appendChild(document.createTextNode("}"));
    }
    var was = firstSent;
    firstSent = 0;
    while (firstSent < sent.length && !sent[firstSent].length) firstSent++;
    if (firstSent === sent.length) firstSent = -1;
    if (was !== firstSent) { if (was >= 0) dirty.push(was); if (firstSent >= 0) dirty.push(firstSent); }
    dirty.forEach(function (i) {
      var text = chunk(i);
      if (nodes[i].data !== text) { nodes[i].data = text; COUNT.writes++; }
    });
    var end = firstSent < 0 ? "}" : "\n}";
    if (closing.data !== end) { closing.data = end; COUNT.writes++; }
  }

"""#
}
