extension HTMLRuntimeScript {
    /// Validation on submit: required, bounds, patterns, predicates, comparisons, dates, counts, sums.
    static let validation = #"""
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
      if (p.fn !== null && !holds(p.fn, checking(s, f))) out.push(txt(p.message) || name(f) + ": the value is not accepted.");
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
    D.fields.forEach(function (f, i) { fieldProblems(s, i).forEach(function (m) { errors.push({ field: f.id, index: i, message: m }); }); });
    return errors.concat(groupProblems(s, errors));
  }
  function fieldProblems(s, i) { return !D.fields[i].keys.length || !validated(s, i) ? [] : problems(s, D.fields[i]); }
  // After a submit every change is validated again, but only where it can change a message: the
  // fields whose value or state changed (`payDirty`), the fields whose comparisons or sums name them
  // (`checkReaders`, built once), and those whose predicates read them at their last check.
  var checkReaders = D.fields.map(function () { return new Set(); }), predicateReaders = D.fields.map(function () { return new Set(); });
  var predicateReads = [], found = null;
  function reader(sets, id, i) { if (id in byId) sets[byId[id]].add(i); }
  D.fields.forEach(function (f, i) {
    (f.checks.comparisons || []).forEach(function (p) { reader(checkReaders, p.other, i); });
    (f.checks.sums || []).forEach(function (sum) { sum.fields.forEach(function (id) { reader(checkReaders, id, i); }); });
  });
  // The context a predicate of field f runs in, noting the fields it reads.
  function checking(s, f) {
    var c = context(s, condValue(f)), i = f.index;
    function note(id) {
      if (!(id in byId) || predicateReaders[byId[id]].has(i)) return;
      predicateReaders[byId[id]].add(i);
      (predicateReads[i] = predicateReads[i] || []).push(predicateReaders[byId[id]]);
    }
    return {
      v: function (id) { note(id); return c.v(id); },
      hidden: function (id) { note(id); return c.hidden(id); },
      disabled: function (id) { note(id); return c.disabled(id); },
      cmp: cmp, truthy: truthy, self: c.self
    };
  }
  function errorsNow(s) {
    var dirty = {};
    if (everything || !found) {
      found = [];
      allFields.forEach(function (i) { dirty[i] = true; });
    } else {
      Object.keys(payDirty).forEach(function (i) {
        dirty[i] = true;
        checkReaders[i].forEach(function (j) { dirty[j] = true; });
        predicateReaders[i].forEach(function (j) { dirty[j] = true; });
      });
    }
    Object.keys(dirty).forEach(function (i) {
      (predicateReads[i] || []).forEach(function (set) { set.delete(+i); });
      predicateReads[i] = [];
      found[i] = fieldProblems(s, +i);
    });
    var errors = [];
    found.forEach(function (list, i) { list.forEach(function (m) { errors.push({ field: D.fields[i].id, index: i, message: m }); }); });
    return errors.concat(groupProblems(s, errors));
  }
  // Draws the errors: each field's message and the list, writing only what differs from what is shown.
  var shownErrors = null, shownList = [], shownStatus = null;
  var errorList = document.getElementById("fc-errors");
  errorList.addEventListener("click", function (ev) {
    var li = ev.target.closest("li");
    if (li && errorList.contains(li)) reveal(li.getAttribute("data-field"));
  });
  function showErrors(errors) {
    lastErrors = errors;
    var mine = {};
    errors.forEach(function (e) { (mine[e.index] = mine[e.index] || []).push(e.message); });
    // The fields with a message now or before (at the first check, every field).
    var fields = shownErrors ? Object.keys(mine).concat(Object.keys(shownErrors)) : allFields, first = !shownErrors;
    shownErrors = shownErrors || {};
    fields.forEach(function (i) {
      var f = D.fields[i], text = mine[i] ? mine[i].join(" ") : "";
      if (!first && (shownErrors[i] || "") === text) return;
      if (text) shownErrors[i] = text; else delete shownErrors[i];
      var p = document.getElementById("fc-e-" + i);
      if (!p) return;
      COUNT.writes++;
      p.hidden = !mine[i];
      p.textContent = text;
      f.el.classList.toggle("fc-invalid", !!mine[i]);
    });
    errors.forEach(function (e, n) {
      var was = shownList[n];
      if (was && was.field === e.field && was.message === e.message) return;
      var li = errorList.children[n] || errorList.appendChild(document.createElement("li"));
      li.textContent = e.message;
      li.setAttribute("data-field", e.field);
      shownList[n] = { field: e.field, message: e.message };
      COUNT.writes++;
    });
    while (shownList.length > errors.length) { errorList.removeChild(errorList.lastChild); shownList.pop(); COUNT.writes++; }
    var status = errors.length ? "The app would not send this form: " + errors.length + " problem" + (errors.length > 1 ? "s" : "") + "."
      : "The app would send this payload:";
    if (status === shownStatus) return;
    shownStatus = status;
    COUNT.writes++;
    document.getElementById("fc-validation").hidden = errors.length === 0;
    var box = document.getElementById("fc-status");
    box.className = errors.length ? "fc-rejected" : "fc-accepted";
    box.textContent = status;
  }
  function reveal(id) {
    if (!(id in byId)) return false;
    var f = D.fields[byId[id]];
    showPage(f.page);
    return !f.el.hidden;
  }

"""#
}
