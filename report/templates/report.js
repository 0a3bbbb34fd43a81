// Filtering and search over the cases, offline. The state lives in the URL's #fragment
// (e.g. #outcome=truncated&q=Dickens), so a filtered view can be bookmarked or shared;
// #case=ID opens that case and scrolls to it. The filters act on the case list only: the
// dialogue conflicts and the conversations are drawn as cases too, but are not in it.
(function () {
  var form = document.getElementById("filters");
  if (!form) { document.body.dataset.ready = "1"; return; }
  var cases = Array.prototype.slice.call(document.querySelectorAll("#case-list details.case"));
  var shown = document.getElementById("shown");
  var keys = ["q", "sut", "outcome", "domain", "rule", "failing"];

  function field(name) { return form.elements[name]; }

  function read() {
    var state = new URLSearchParams(location.hash.slice(1));
    keys.forEach(function (k) {
      var el = field(k);
      if (!el || !state.has(k)) return;
      if (el.type === "checkbox") el.checked = state.get(k) === "1"; else el.value = state.get(k);
    });
  }

  function write() {
    var state = new URLSearchParams();
    keys.forEach(function (k) {
      var el = field(k);
      var value = el.type === "checkbox" ? (el.checked ? "1" : "") : el.value;
      if (value) state.set(k, value);
    });
    var opened = new URLSearchParams(location.hash.slice(1)).get("case");
    if (opened) state.set("case", opened);
    var hash = state.toString();
    history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search);
  }

  function apply() {
    var words = field("q").value.toLowerCase().split(/\s+/).filter(Boolean);
    var want = {sut: field("sut").value, outcome: field("outcome").value,
                domain: field("domain").value, rule: field("rule").value};
    var failing = field("failing").checked;
    var count = 0;
    cases.forEach(function (c) {
      var ok = Object.keys(want).every(function (k) { return !want[k] || c.dataset[k] === want[k]; });
      if (ok && failing) ok = c.dataset.outcome !== "correct";
      if (ok && words.length) {
        var text = c.textContent.toLowerCase();
        ok = words.every(function (w) { return text.indexOf(w) >= 0; });
      }
      c.hidden = !ok;
      if (ok) count++;
    });
    shown.textContent = count;
  }

  function open() {
    var wanted = new URLSearchParams(location.hash.slice(1)).get("case");
    if (!wanted) return;
    var first = null;
    cases.forEach(function (c) {
      if (c.dataset.case === wanted) { c.open = true; first = first || c; }
    });
    if (first) first.scrollIntoView();
  }

  read();
  apply();
  open();
  form.addEventListener("input", function () { apply(); write(); });
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  window.addEventListener("hashchange", function () { read(); apply(); });
  document.body.dataset.ready = "1";
})();
