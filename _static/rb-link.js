/* A calculator's link: how the address's fragment reads and writes its controls.
 *
 * Pure functions, shared by the page and Node's test runner (tests/js/): in the
 * page this classic script sets window.rbLink, which _static/live.js uses once
 * the page is parsed; under Node it is a module (module.exports). A control is
 * anything with the widget model's get(name).
 *
 * A link carries only what differs from the page as built: a choice by its
 * position ("~2", "~0.3" for several), a checkbox "1" or "0", anything else as
 * it reads; links that name a choice by its label (older links) still read.
 */
var rbLink = (function () {
  "use strict";

  /* The fragment's pairs [key, value] ("#a.b=1&c=x+y"), a value null when it cannot be
   * decoded; null when the fragment holds no setting (a section's anchor). */
  function readFragment(hash) {
    var text = String(hash || "").replace(/^#/, "");
    if (text.indexOf("=") < 0) return null;
    var pairs = [];
    text.split("&").forEach(function (part) {
      var eq = part.indexOf("=");
      if (eq < 0) return;
      try {
        pairs.push([
          decodeURIComponent(part.slice(0, eq).replace(/\+/g, " ")),
          decodeURIComponent(part.slice(eq + 1).replace(/\+/g, " ")),
        ]);
      } catch (err) {
        pairs.push([part, null]);
      }
    });
    return pairs.length ? pairs : null;
  }

  /* Pairs as a fragment (without "#"): what readFragment reads back. */
  function query(pairs) {
    return pairs.map(function (p) {
      return encodeURIComponent(p[0]) + "=" + encodeURIComponent(p[1]).replace(/%20/g, "+");
    }).join("&");
  }

  /* A link's key as the page's note quotes it: at most about 60 characters. */
  function shortKey(key) {
    return key.length > 60 ? key.slice(0, 57) + "…" : key;
  }

  /* A control's value as the link writes it. */
  function encode(model) {
    var labels = model.get("_options_labels");
    if (labels) {
      var index = model.get("index");
      if (Array.isArray(index)) return "~" + index.join(".");
      return index === null || index === undefined ? "" : "~" + index;
    }
    var value = model.get("value");
    if (typeof value === "boolean") return value ? "1" : "0";
    return String(value);
  }

  /* The positions a link gives ("~2", "~0.3") among count choices ([-1] when one is
   * out of range), or null when it names labels. */
  function positions(text, count) {
    if (!/^~[0-9]+(\.[0-9]+)*$/.test(text) && text !== "~") return null;
    var list = text === "~" ? [] : text.slice(1).split(".").map(Number);
    return list.every(function (i) { return i < count; }) ? list : [-1];
  }

  /* What to set on the control for the link's text ({index} or {value}), or null when the
   * text is no value of this control. */
  function decode(model, text) {
    var labels = model.get("_options_labels");
    if (labels) {
      var at = positions(text, labels.length);
      if (at) {
        if (at.indexOf(-1) >= 0) return null;
        if (Array.isArray(model.get("index"))) return { index: at };
        return at.length === 1 ? { index: at[0] } : null;
      }
      if (Array.isArray(model.get("index"))) {
        // (Older links: the labels, as a JSON list.)
        var list;
        try { list = JSON.parse(text); } catch (err) { return null; }
        if (!Array.isArray(list)) return null;
        var idx = list.map(function (l) { return labels.indexOf(l); });
        return idx.indexOf(-1) >= 0 ? null : { index: idx };
      }
      var i = labels.indexOf(text);
      return i < 0 ? null : { index: i };
    }
    var value = model.get("value");
    if (typeof value === "boolean") {
      if (text === "1" || text === "true") return { value: true };
      return text === "0" || text === "false" ? { value: false } : null;
    }
    if (typeof value === "number") {
      // A whole-number box takes only whole numbers, within its bounds (1.5 is ignored, not cut to 1).
      var whole = /Int/.test(model.get("_model_name") || "");
      if (!(whole ? /^-?[0-9]+$/ : /^-?[0-9]+(\.[0-9]+)?$/).test(text)) return null;
      var number = Number(text), low = model.get("min"), high = model.get("max");
      // A number JavaScript cannot hold exactly (400 nines) would reach Python as null.
      if (whole ? !Number.isSafeInteger(number) : !isFinite(number)) return null;
      if ((typeof low === "number" && number < low) || (typeof high === "number" && number > high)) return null;
      return { value: number };
    }
    return { value: text };
  }

  return { readFragment: readFragment, query: query, shortKey: shortKey, encode: encode, positions: positions, decode: decode };
})();
if (typeof module !== "undefined" && module.exports) module.exports = rbLink;
