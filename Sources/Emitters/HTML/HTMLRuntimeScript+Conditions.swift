extension HTMLRuntimeScript {
    /// The comparison operators conditions call (`c.cmp`), typed loosely as the legacy apps compare.
    static let conditions = #"""
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

"""#
}
