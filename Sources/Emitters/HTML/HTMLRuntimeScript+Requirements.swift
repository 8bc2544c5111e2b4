extension HTMLRuntimeScript {
    /// The source engine's requirement and hidden-answer rules (`D.requirements`, written by
    /// `HTMLEmission+Requirements`): "at least one of" groups, whether a hidden field is validated, and
    /// whether a hidden field's answer is submitted, left out, or erased the moment the field hides.
    static let requirements = #"""
  // ---- Requirements and hidden answers ----
  var REQ = D.requirements || { groups: [], validatesHidden: false, hiddenValues: "omitted", whenHidden: [] };
  // Whether field i is validated now: shown, or hidden in an engine that validates hidden fields.
  function validated(s, i) { return REQ.validatesHidden || !effHidden(s, i); }
  // What happens to field i's answer while it is hidden: "submitted", "omitted" or "cleared".
  function hiddenPolicy(i) { return REQ.whenHidden[i] || REQ.hiddenValues; }
  // Whether hidden field i sends its keys: forced (forceSubmit, a relationship), or kept by the policy.
  function submitsHidden(s, i) { return s.fields[i].force || hiddenPolicy(i) === "submitted"; }
  // "At least one of": when no member holds an answer that is sent, each validated member that has no
  // other problem gets the group's error (its missing message, else one naming the group).
  function groupProblems(s, errors) {
    var out = [];
    REQ.groups.forEach(function (g) {
      var sent = g.some(function (i) { return !blank(D.fields[i]) && (effHidden(s, i) ? submitsHidden(s, i) : !s.fields[i].skip); });
      if (sent) return;
      var names = g.map(function (i) { return name(D.fields[i]); }).join(", ");
      g.forEach(function (i) {
        if (!validated(s, i) || errors.some(function (e) { return e.index === i; })) return;
        var f = D.fields[i];
        out.push({ field: f.id, index: i, message: txt(f.missing) || "Fill in at least one of " + names + "." });
      });
    });
    return out;
  }
  // Erases the answer of each field that has just hidden, where its policy is "cleared" (SurveyJS
  // clearInvisibleValues "onHidden"): `candidates` are the fields whose hidden state may have changed,
  // the fields whose value changed are added to `values`.
  var wasHidden = [];
  function clearHidden(s, candidates, values) {
    candidates.forEach(function (i) {
      var hidden = effHidden(s, i);
      if (hidden && wasHidden[i] === false && hiddenPolicy(i) === "cleared" && erase(D.fields[i])) values.push(i);
      wasHidden[i] = hidden;
    });
  }
  function erase(f) {
    var before = JSON.stringify(raw(f));
    if (f.control === "address" || f.control === "date-parts") qa(f, "input[data-part]").forEach(function (el) { el.value = ""; });
    else if (f.control === "checkboxes") qa(f, "input").forEach(function (el) { el.checked = false; });
    else if (f.control === "signature") {
      var canvas = q(f, "canvas");
      canvas.getContext("2d").clearRect(0, 0, canvas.width, canvas.height);
      q(f, "input[type=hidden]").value = "";
    } else if (f.control === "photo") q(f, "input[type=file]").value = "";
    else setValue(f, null);
    return JSON.stringify(raw(f)) !== before;
  }

"""#
}
