// The teacher's dashboard (kayalib/server/dashboard_page.py): draws kayalib/dashboard/state
// every 1.5 s and sends the teacher's commands. The teacher's key is in no address: the server
// traded the first address's key for this browser's dashboard cookie, which every request here
// carries; every word comes from the catalogue (data.words).
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("kaya-dash-data").textContent);
  var W = data.words;
  var params = new URLSearchParams(window.location.search);
  var base = window.location.pathname.replace(/\/dashboard\/?$/, "/dashboard");
  var lang = params.get("lang") || data.lang;
  var sample = params.get("sample") === "1";  // the shipped sample class's learning, marked
  var sampled = sample ? "&sample=1" : "";
  var busy = false;

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (name === "text") { node.textContent = attrs[name]; }
      else if (name === "html") { node.innerHTML = attrs[name]; }  // SVG made by the server
      else if (name.slice(0, 2) === "on") { node.addEventListener(name.slice(2), attrs[name]); }
      else { node.setAttribute(name, attrs[name]); }
    });
    (children || []).forEach(function (child) { if (child) { node.appendChild(child); } });
    return node;
  }

  function url(path) {
    return base + path + "?lang=" + encodeURIComponent(lang);
  }

  function say(text) {
    document.getElementById("kaya-dash-error").textContent = text || "";
  }

  function send(command) {
    return fetch(url("/do"), {
      method: "POST", headers: {"Content-Type": "application/json"}, credentials: "same-origin",
      body: JSON.stringify(command)
    }).then(function (response) {
      return response.json().then(function (answer) {
        if (!response.ok) {
          var why = answer.refusal ? (answer.refusal.text || answer.refusal.english) : answer.error;
          say(W.dash_error + " " + (why || response.status));
        } else { say(""); }
        return refresh();
      });
    });
  }

  function options(values, labels) {
    return values.map(function (value, i) {
      return el("option", {value: value, text: labels ? labels[i] : value});
    });
  }

  function newTableForm() {
    var game = el("select", {"class": "kaya-dash-game"},
                  options(["blef", "kaya"], [W.dash_game_blef, W.dash_game_kaya]));
    var people = el("input", {type: "number", min: "1", max: "6", value: "4",
                              "class": "kaya-dash-people"});
    var bots = el("input", {type: "text", value: "", "class": "kaya-dash-bots",
                            placeholder: data.bots.blef.join(", ")});
    var wait = el("input", {type: "number", min: "0", max: "3600", value: "30",
                            "class": "kaya-dash-wait"});
    var cards = el("input", {type: "number", min: "1", max: "11", value: "",
                             "class": "kaya-dash-cards"});
    var mode = el("select", {"class": "kaya-dash-mode"},
                  options(["classic", "deck"], [W.mode_classic, W.mode_deck]));
    var coins = el("select", {"class": "kaya-dash-coins"}, options(
      ["standard", "number", "flat"],
      [W.kaya_coins_standard, W.kaya_coins_number, W.kaya_coins_flat]));
    function shown() {
      mode.parentNode.hidden = game.value !== "blef";
      cards.parentNode.hidden = game.value !== "blef" || mode.value !== "classic";
      coins.parentNode.hidden = game.value !== "kaya";
      bots.placeholder = data.bots[game.value].join(", ");
    }
    game.addEventListener("change", shown);
    mode.addEventListener("change", shown);
    var form = el("form", {"class": "kaya-dash-form", onsubmit: function (event) {
      event.preventDefault();
      var names = bots.value.split(",").map(function (b) { return b.trim(); })
        .filter(function (b) { return b; });
      var opts = game.value === "blef" ? {mode: mode.value} : {coins: coins.value};
      if (game.value === "blef" && mode.value === "classic" && cards.value) {
        opts.cards = cards.value;
      }
      send({"do": "create", game: game.value, people: parseInt(people.value, 10), bots: names,
            wait: parseFloat(wait.value), options: opts});
    }}, [
      el("h2", {text: W.dash_new_table}),
      el("label", {text: W.dash_game}, [game]),
      el("label", {text: W.dash_people}, [people]),
      el("label", {text: W.dash_bots}, [bots]),
      el("label", {text: W.dash_mode}, [mode]),
      el("label", {text: W.dash_cards}, [cards]),
      el("label", {text: W.dash_coins_table}, [coins]),
      el("label", {text: W.dash_wait}, [wait]),
      el("button", {type: "submit", "class": "kaya-dash-create", text: W.dash_create})
    ]);
    document.getElementById("kaya-dash-new").appendChild(form);
    shown();
  }

  function tableCard(table, codes) {
    var buttons = [];
    function command(name, label) {
      buttons.push(el("button", {"class": "kaya-dash-" + name, text: label, onclick: function () {
        send({"do": name, table: table.code});
      }}));
    }
    if (table.status === "waiting") { command("start", W.dash_start); }
    if (table.status === "playing") { command("pause", W.dash_pause); }
    if (table.status === "paused") { command("resume", W.dash_resume); }
    if (table.status !== "ended") { command("end", W.dash_end); }
    if (table.status !== "ended") {
      if (table.locked) { command("unlock", W.dash_unlock); } else { command("lock", W.dash_lock); }
    }
    var others = codes.filter(function (c) { return c !== table.code; });
    var rows = table.seats.map(function (seat) {
      var move = null;
      if (others.length && (seat.presence === "here" || seat.presence === "away" ||
                            seat.presence === "stand_in") && table.status !== "ended") {
        var to = el("select", {"class": "kaya-dash-move-to"}, options(others));
        move = el("span", {}, [to, el("button", {"class": "kaya-dash-move", text: W.dash_move,
          onclick: function () {
            send({"do": "move", table: table.code, seat: seat.seat, to: to.value});
          }})]);
      }
      var free = null;
      if ((seat.presence === "here" || seat.presence === "away" ||
           seat.presence === "stand_in") && table.status !== "ended") {
        free = el("button", {"class": "kaya-dash-free", text: W.dash_free, onclick: function () {
          send({"do": "free", table: table.code, seat: seat.seat});
        }});
      }
      return el("tr", {"class": "kaya-dash-seat kaya-dash-" + seat.presence +
                                (seat.ahead ? " kaya-dash-ahead" : "")}, [
        el("td", {text: seat.label}),
        el("td", {"class": "kaya-dash-holder", text: seat.holder || ""}),
        el("td", {text: seat.presence_text}),
        el("td", {text: seat.standing + (seat.ahead ? " \u2605 " + W.dash_ahead : "")}),
        el("td", {}, [move, free])
      ]);
    });
    var wait = el("input", {type: "number", min: "0", max: "3600", value: String(table.bot_wait),
                            "class": "kaya-dash-wait"});
    return el("article", {"class": "kaya-dash-table", "data-code": table.code}, [
      el("div", {"class": "kaya-dash-head"}, [
        el("div", {"class": "kaya-dash-code", text: table.code}),
        el("div", {"class": "kaya-dash-qr", html: table.qr}),
        el("div", {}, [
          el("p", {text: table.game_title + " \u00b7 " + table.status_text +
                         (table.locked ? " \u00b7 " + W.dash_locked : "")}),
          el("p", {"class": "kaya-dash-rounds", text: table.rounds_text}),
          el("p", {text: W.dash_stand_in_moves.replace("{n}", table.stand_in_moves)})
        ])
      ]),
      el("table", {"class": "kaya-dash-seats"}, rows),
      el("div", {"class": "kaya-dash-buttons"}, buttons.concat([
        el("label", {text: W.dash_wait}, [wait]),
        el("button", {"class": "kaya-dash-set-wait", text: W.dash_set_wait, onclick: function () {
          send({"do": "wait", table: table.code, seconds: parseFloat(wait.value)});
        }})
      ]))
    ]);
  }

  function figures(state) {
    var f = state.figures;
    var parts = [el("h2", {text: W.dash_play})];
    f.play.forEach(function (row) {
      parts.push(el("p", {"class": "kaya-dash-play-table", text: row.code + ": " + row.text}));
    });
    parts.push(el("p", {"class": "kaya-dash-play-class",
                        text: W.dash_play_class + " " + f.play_total.text}));
    parts.push(el("p", {"class": "kaya-small", text: f.bluff_definition}));
    parts.push(el("h2", {text: W.dash_predictions}));
    if (!f.predictions.length) { parts.push(el("p", {text: W.dash_no_data})); }
    f.predictions.forEach(function (p) {
      var reveal = p.revealed ? el("span", {text: W.dash_revealed}) :
        el("button", {"class": "kaya-dash-reveal", text: W.dash_reveal, onclick: function () {
          send({"do": "reveal", lesson: p.lesson, name: p.name});
        }});
      parts.push(el("div", {"class": "kaya-dash-prediction"}, [
        el("h3", {text: p.lesson + " \u00b7 " + p.name}), el("div", {html: p.svg}), reveal
      ]));
    });
    parts.push(el("h2", {text: W.dash_estimates}));
    if (!f.estimates.length) { parts.push(el("p", {text: W.dash_no_data})); }
    f.estimates.forEach(function (e) {
      parts.push(el("div", {"class": "kaya-dash-estimate"}, [
        el("h3", {text: e.lesson + " \u00b7 " + e.name}), el("p", {text: e.text}),
        el("div", {html: e.svg})
      ]));
    });
    parts.push(el("h2", {text: W.dash_learning}));
    if (f.sample) { parts.push(el("p", {"class": "kaya-dash-sample", text: f.sample_note})); }
    parts.push(el("p", {}, [
      el("a", {"class": "kaya-dash-across-link", text: W.dash_across_link,
               href: "?view=lessons&lang=" + encodeURIComponent(lang) + sampled}),
      el("a", {"class": "kaya-dash-sample-link", text: sample ? W.dash_sample_off : W.dash_sample_on,
               href: "?lang=" + encodeURIComponent(lang) + (sample ? "" : "&sample=1")})]));
    if (!f.learning.length) { parts.push(el("p", {text: W.dash_learning_none})); }
    f.learning.forEach(function (lesson) {
      var box = [el("h3", {text: lesson.lesson + (lesson.title ? " \u00b7 " + lesson.title : "")})];
      if (f.sample) { box.push(el("p", {"class": "kaya-dash-sample", text: f.sample_note})); }
      if (lesson.opening) {
        box.push(el("h4", {text: W.dash_opening.replace("{name}", lesson.opening)}));
        if (lesson.distance) {
          box.push(el("p", {"class": "kaya-dash-distance", text: lesson.distance.text}));
        }
        box.push(el("p", {"class": "kaya-dash-pairs", text: lesson.pairs.text}));
        if (lesson.pairs.verdict) {
          box.push(el("p", {"class": "kaya-dash-verdict", text: lesson.pairs.verdict}));
        }
        if (lesson.pairs.svg) { box.push(el("div", {html: lesson.pairs.svg})); }
      }
      box.push(el("h4", {text: W.dash_exit_ticket}));
      lesson.questions.forEach(function (q) {
        box.push(el("p", {"class": "kaya-dash-exit", text: q.name + ": " + q.text}));
      });
      lesson.caveats.forEach(function (words) {
        box.push(el("p", {"class": "kaya-small kaya-dash-caveat", text: words}));
      });
      parts.push(el("div", {"class": "kaya-dash-learning", "data-lesson": lesson.lesson}, box));
    });
    var shows = Object.keys(f.shows);
    if (shows.length) {
      parts.push(el("h2", {text: W.dash_shows}));
      parts.push(el("p", {text: shows.map(function (g) { return g + ": " + f.shows[g]; })
        .join(", ")}));
    }
    return parts;
  }

  function classTools(state) {
    var names = el("select", {"class": "kaya-dash-names"}, options(
      ["nicknames", "anonymous"], [W.dash_names_nicknames, W.dash_names_anonymous]));
    names.value = state.names;
    names.addEventListener("change", function () { send({"do": "names", names: names.value}); });
    var link = function (kind, label, what) {
      return el("a", {href: base + "/" + (what || "export") + "." + kind,
                      "class": "kaya-dash-" + (what || "export") + "-" + kind, download: "",
                      text: label});
    };
    return [
      el("label", {text: W.dash_names}, [names]), link("jsonl", W.dash_export_jsonl),
      link("csv", W.dash_export_csv), link("jsonl", W.dash_export_answers_jsonl, "answers"),
      link("csv", W.dash_export_answers_csv, "answers"),
      el("button", {"class": "kaya-dash-forget", text: W.dash_forget, onclick: function () {
        if (window.confirm(W.dash_forget_confirm)) { send({"do": "forget"}); }
      }})
    ];
  }

  function replace(id, children) {
    var box = document.getElementById(id);
    while (box.firstChild) { box.removeChild(box.firstChild); }
    children.forEach(function (child) { box.appendChild(child); });
  }

  function acrossPage(state) {
    var rows = state.figures.across;
    var parts = [el("h2", {text: W.dash_across_title}),
                 el("p", {}, [el("a", {"class": "kaya-dash-across-back", text: W.dash_across_back,
                                       href: "?lang=" + encodeURIComponent(lang) + sampled})])];
    if (state.figures.sample) {
      parts.push(el("p", {"class": "kaya-dash-sample", text: state.figures.sample_note}));
    }
    if (!rows.length) {
      parts.push(el("p", {text: W.dash_learning_none}));
      return parts;
    }
    var head = el("tr", {}, [W.dash_across_lesson, W.dash_across_distance, W.dash_across_shares,
                             W.dash_across_change].map(function (w) { return el("th", {text: w}); }));
    var body = rows.map(function (row) {
      var shares = el("ul", {}, row.shares.map(function (share) {
        return el("li", {"class": share.weak ? "kaya-dash-weak" : "", text: share.text});
      }));
      return el("tr", {"class": "kaya-dash-across-row", "data-lesson": row.lesson}, [
        el("td", {text: row.lesson + (row.title ? " \u00b7 " + row.title : "")}),
        el("td", {text: row.distance || "\u2013"}), el("td", {}, [shares]),
        el("td", {text: row.change || "\u2013"})
      ]);
    });
    parts.push(el("table", {"class": "kaya-dash-across"}, [el("thead", {}, [head]),
                                                            el("tbody", {}, body)]));
    if (rows.some(function (row) { return row.weak.length; })) {
      parts.push(el("p", {"class": "kaya-dash-weak-note", text: W.dash_across_weak}));
    }
    parts.push(el("p", {"class": "kaya-small", text: W.dash_across_note}));
    return parts;
  }

  function draw(state) {
    if (params.get("view") === "lessons") {
      replace("kaya-dash-figures", acrossPage(state));
      document.body.setAttribute("data-lessons", String(state.figures.across.length));
      return;
    }
    var codes = state.tables.map(function (t) { return t.code; });
    var cards = state.tables.map(function (t) { return tableCard(t, codes); });
    replace("kaya-dash-tables", cards.length ? cards : [el("p", {text: W.dash_none})]);
    replace("kaya-dash-figures", figures(state));
    if (!document.querySelector(".kaya-dash-names")) { replace("kaya-dash-class", classTools(state)); }
    document.body.setAttribute("data-tables", String(codes.length));
  }

  function refresh() {
    if (busy || document.activeElement && document.activeElement.closest &&
        document.activeElement.closest("#kaya-dash-tables input, #kaya-dash-tables select")) {
      return Promise.resolve();
    }
    busy = true;
    return fetch(url("/state") + sampled, {credentials: "same-origin", cache: "no-store"})
      .then(function (response) { return response.json(); })
      .then(draw)
      .catch(function () { /* the next refresh tries again */ })
      .then(function () { busy = false; });
  }

  document.querySelectorAll(".kaya-dash-langs a").forEach(function (a) {
    a.addEventListener("click", function (event) {
      event.preventDefault();
      params.set("lang", a.getAttribute("data-lang"));
      window.location.search = params.toString();
    });
  });
  if (params.get("view") !== "lessons") { newTableForm(); }
  refresh();
  window.setInterval(refresh, 1500);
})();
