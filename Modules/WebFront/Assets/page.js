(function () {
  "use strict";
  var body = document.body;
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(function () {});
  }
  if (body.dataset.offline === "1") {
    var note = document.getElementById("offline");
    var made = new Date(body.dataset.generated || Date.now());
    var when = isNaN(made) ? "" : made.toLocaleTimeString(document.documentElement.lang, {
      hour: "2-digit", minute: "2-digit", timeZone: "Asia/Seoul", hour12: false });
    note.textContent = body.dataset.offlineText.replace("%@", when);
    note.hidden = false;
    var badge = document.getElementById("freshness");
    if (badge) { badge.textContent = body.dataset.staleWord; badge.className = "badges yellow b"; }
  } else {
    var next = Date.parse(body.dataset.nextRefresh || "");
    if (!isNaN(next)) {
      var wait = Math.min(Math.max(next - Date.now(), 15000), 3600000);
      setTimeout(function reload() {
        if (document.visibilityState === "visible") { location.reload(); }
        else { document.addEventListener("visibilitychange", reload, { once: true }); }
      }, wait);
    }
  }
  var lots = document.getElementById("lots");
  var button = document.getElementById("nearest");
  if (lots && button && "geolocation" in navigator) {
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.geolocation.getCurrentPosition(function (position) {
        var here = position.coords;
        var items = Array.prototype.slice.call(lots.children);
        items.forEach(function (item) {
          item.distance = meters(here.latitude, here.longitude, +item.dataset.lat, +item.dataset.lon);
          var away = item.querySelector(".away");
          var text = distanceText(item.distance, +body.dataset.metreStep, +body.dataset.kilometreFrom);
          if (away) { away.textContent = body.dataset.awayText.replace("%@", text); }
        });
        items.sort(function (a, b) { return a.distance - b.distance; });
        items.forEach(function (item) { lots.appendChild(item); });
      }, function (error) {
        document.getElementById("location-note").textContent =
          body.dataset.locationRefused.replace("%@", error.message);
      });
    });
  }
  alerts();
  function alerts() {
    var section = document.getElementById("alerts");
    if (!section) { return; }
    var data = section.dataset;
    var form = document.getElementById("alert-form");
    var status = document.getElementById("alert-status");
    var list = document.getElementById("alert-list");
    var target = document.getElementById("alert-target");
    var threshold = document.getElementById("alert-threshold");
    document.getElementById("alerts-script").hidden = true;
    var standalone = navigator.standalone === true || matchMedia("(display-mode: standalone)").matches;
    var apple = /iPhone|iPad|iPod/.test(navigator.userAgent) ||
      (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
    var pushable = canPush();
    render();
    var stop = new URLSearchParams(location.search).get("stop");
    if (stop) { stopAlert(stop); }
    if (apple && !standalone && !pushable) { document.getElementById("alerts-home").hidden = false; return; }
    if (!pushable) { document.getElementById("alerts-unsupported").hidden = false; return; }
    form.hidden = false;
    Array.prototype.forEach.call(document.querySelectorAll(".alert-lot"), function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        choose(button.dataset.target);
        form.scrollIntoView({ block: "center" });
        threshold.focus();
      });
    });
    target.addEventListener("change", function () { choose(target.value); });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      subscribe().catch(function (error) { say(data.failed.replace("%@", error.message || error)); });
    });

    function choose(value) {
      target.value = value;
      var option = target.options[target.selectedIndex];
      if (option) { threshold.value = option.dataset.threshold; }
    }
    function say(text) { status.textContent = text; }
    function saved() {
      try { return JSON.parse(localStorage.getItem("hangangjari.alerts") || "[]"); } catch (e) { return []; }
    }
    function keep(alerts) { localStorage.setItem("hangangjari.alerts", JSON.stringify(alerts)); }
    function describe(alert) {
      var text = alert.name + " · " + data.below.replace("%@", alert.threshold);
      if (alert.forecastFill) { text += " " + data.forecast; }
      if (alert.quietFrom) { text += " · " + data.quiet.replace("%@", alert.quietFrom + "–" + alert.quietUntil); }
      return text;
    }
    function render() {
      var alerts = saved();
      list.textContent = "";
      document.getElementById("alert-list-title").hidden = false;
      if (!alerts.length) {
        var none = document.createElement("li");
        none.textContent = list.dataset.none;
        list.appendChild(none);
      }
      alerts.forEach(function (alert) {
        var item = document.createElement("li");
        var text = document.createElement("span");
        text.textContent = describe(alert);
        item.appendChild(text);
        if (alert.park === data.park) {
          item.appendChild(button(data.change, function () {
            choose(alert.target);
            threshold.value = alert.threshold;
            document.getElementById("alert-forecast").checked = !!alert.forecastFill;
            document.getElementById("alert-quiet-from").value = alert.quietFrom || "";
            document.getElementById("alert-quiet-until").value = alert.quietUntil || "";
            threshold.focus();
          }));
        } else {
          var link = document.createElement("a");
          link.href = PARKING_PAGE.replace("{park}", alert.park) + "#alerts";
          link.textContent = data.change;
          item.appendChild(link);
        }
        item.appendChild(button(data.stop, function () { stopAlert(alert.id); }));
        list.appendChild(item);
      });
    }
    function button(label, action) {
      var made = document.createElement("button");
      made.type = "button";
      made.textContent = label;
      made.addEventListener("click", action);
      return made;
    }

    async function subscribe() {
      // Permission is asked here, inside the tap, never on load.
      var permission = await Notification.requestPermission();
      if (permission !== "granted") { say(data.denied); return; }
      var grant = await credentials();
      if (!grant.pushKey) { document.getElementById("alerts-off").hidden = false; return; }
      var json = await pushTarget(grant);
      var chosen = target.value;
      var body = {
        installHash: grant.install, threshold: +threshold.value,
        language: document.documentElement.lang === "ko" ? "ko" : "en",
        push: json
      };
      if (chosen === "park") { body.parkId = data.park; } else { body.lotId = chosen.slice(4); }
      if (document.getElementById("alert-forecast").checked) { body.forecastFill = true; }
      var from = document.getElementById("alert-quiet-from").value;
      var until = document.getElementById("alert-quiet-until").value;
      if (from && until) { body.quietFrom = from; body.quietUntil = until; }
      var answer = await signed("POST", "/v2/push/subscriptions", body);
      var result = await answer.json();
      if (!answer.ok) { throw new Error(result.detail || result.title || answer.status); }
      var alert = {
        id: result.id, park: data.park, target: chosen, threshold: body.threshold,
        forecastFill: !!body.forecastFill, quietFrom: body.quietFrom, quietUntil: body.quietUntil,
        name: target.options[target.selectedIndex].textContent
      };
      // One alert per target on the server: the new one replaces the old.
      keep(saved().filter(function (kept) { return kept.park !== alert.park || kept.target !== alert.target; })
        .concat([alert]));
      render();
      say(data.on.replace("%@", describe(alert)));
    }

    async function stopAlert(id) {
      var alerts = saved();
      var alert = alerts.filter(function (kept) { return kept.id === id; })[0];
      try {
        var answer = await signed("DELETE", "/v2/push/subscriptions/" + encodeURIComponent(id));
        if (!answer.ok && answer.status !== 404) { throw new Error(answer.status); }
      } catch (error) { say(data.failed.replace("%@", error.message || error)); return; }
      keep(alerts.filter(function (kept) { return kept.id !== id; }));
      render();
      say(data.stopped.replace("%@", alert ? describe(alert) : id));
    }

  }
  drive();
  // "Rank by my drive" on /go: every lot ranked for its own rough drive from the phone's position, by the rules of
  // `hangangjari go --from` (Models/Arrival); the position and the drive times never leave the phone.
  function drive() {
    var button = document.getElementById("go-drive");
    var list = document.getElementById("go-lots");
    if (!button || !list || !("geolocation" in navigator)) { return; }
    var data = JSON.parse(button.dataset.go);
    var words = data.words;
    var loaded = Date.now();
    var note = document.getElementById("go-drive-note");
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.geolocation.getCurrentPosition(function (position) {
        var from = { lat: position.coords.latitude, lon: position.coords.longitude };
        if (!(from.lat >= 37.41 && from.lat <= 37.72 && from.lon >= 126.76 && from.lon <= 127.19)) {
          note.textContent = words.outside;
          return;
        }
        note.textContent = "";
        show(rank(from, data.now + (Date.now() - loaded) / 1000));
      }, function (error) {
        note.textContent = document.body.dataset.locationRefused.replace("%@", error.message);
      });
    });

    function rank(from, now) {
      var today = seoulDay(now);
      var candidates = [];
      data.lots.forEach(function (lot) {
        var speed = lot.speed ? Math.min(Math.max(lot.speed, 5), 80) : 20;
        var eta = Math.max(1, Math.ceil(meters(from.lat, from.lon, lot.lat, lot.lon) * 1.3 / 1000 / speed * 60));
        var arrival = Math.floor((now + eta * 60) / 60) * 60;
        var candidate = { lot: lot, eta: eta, arrival: arrival };
        if (!isOpen(lot, seoulMinute(arrival))) {
          candidate.closed = true;
          candidate.opens = nextOpening(lot, arrival);
        } else if (!isOpen(lot, seoulMinute(arrival + 1800))) {
          return;  // it closes before the car could be parked
        } else if (lot.state === null) {
          candidate.unknown = words.notInAnswer;
        } else if (seoulDay(data.generated) !== today) {
          candidate.unknown = words.anotherDay.replace("%@", observed(data.generated, now));
        } else if (lot.state === "stale") {
          candidate.unknown = words.stale.replace("%@", lot.stateAt === null ? "—" : observed(lot.stateAt, now));
        } else if (lot.state !== "fresh" && lot.state !== "no_item") {
          candidate.unknown = words.unavailable;
        } else if (!lot.points.length) {
          candidate.unknown = words.noForecast;
        } else {
          candidate.estimate = estimate(lot, arrival);
          if (!candidate.estimate) {
            candidate.unknown = words.beyondReach;
          } else if (candidate.estimate.risk >= 0.5) {
            candidate.likelyFullAt = arrival;
            for (var at = now; at <= arrival; at += 300) {
              var then = estimate(lot, at);
              if (then && then.risk >= 0.5) { candidate.likelyFullAt = at; break; }
            }
          }
        }
        candidates.push(candidate);
      });
      function tier(c) { return c.estimate ? 0 : c.closed ? 2 : 1; }
      return candidates.sort(function (a, b) {
        if (tier(a) !== tier(b)) { return tier(a) - tier(b); }
        if (a.estimate && b.estimate && a.estimate.risk !== b.estimate.risk) {
          return (1 - b.estimate.risk) - (1 - a.estimate.risk);
        }
        if (a.closed && b.closed && a.opens !== b.opens) {
          return (a.opens === null ? Infinity : a.opens) - (b.opens === null ? Infinity : b.opens);
        }
        if (a.eta !== b.eta) { return a.eta - b.eta; }
        if (a.estimate && b.estimate && a.estimate.p10 !== b.estimate.p10) { return b.estimate.p10 - a.estimate.p10; }
        return a.lot.id < b.lot.id ? -1 : a.lot.id > b.lot.id ? 1 : 0;
      });
    }

    // ParkingForecast.estimate(at:now:): the live count, then the points, each value in a straight line by time.
    function estimate(lot, at) {
      var anchors = lot.points.map(function (p) { return { at: p[0], p10: p[1], p50: p[2], p90: p[3], risk: p[4] }; });
      if (lot.live && anchors.length && lot.live[0] < anchors[0].at) {
        var count = Math.max(lot.live[1], 0);
        anchors.unshift({ at: lot.live[0], p10: count, p50: count, p90: count, risk: count === 0 ? 1 : 0 });
      }
      if (!anchors.length || at < anchors[0].at || at > anchors[anchors.length - 1].at) { return null; }
      var upper = anchors.findIndex(function (a) { return a.at >= at; });
      var after = anchors[upper];
      if (upper === 0 || after.at <= at) { return { p10: after.p10, p50: after.p50, p90: after.p90, risk: after.risk }; }
      var before = anchors[upper - 1];
      if (after.at - before.at > 35 * 60) { return null; }
      var share = (at - before.at) / (after.at - before.at);
      function mix(a, b) { return Math.round(a + (b - a) * share); }
      return {
        p10: mix(before.p10, after.p10), p50: mix(before.p50, after.p50), p90: mix(before.p90, after.p90),
        risk: Math.round((before.risk + (after.risk - before.risk) * share) * 100) / 100
      };
    }

    function show(candidates) {
      document.getElementById("go-header").textContent = words.header;
      var trips = canPush() && list.querySelector(".go-trip");
      list.textContent = "";
      candidates.slice(0, 10).forEach(function (c, index) {
        var item = document.createElement("li");
        item.dataset.lot = c.lot.id;
        var title = document.createElement("h2");
        var rank = document.createElement("span");
        rank.className = "dim";
        rank.textContent = (index + 1) + ".";
        title.appendChild(rank);
        title.appendChild(document.createTextNode(" " + c.lot.name));
        item.appendChild(title);
        var line = document.createElement("p");
        line.appendChild(document.createTextNode(words.about.replace("%@", duration(c.eta)) + " · "));
        if (c.estimate) {
          var chance = 1 - c.estimate.risk;
          var strong = document.createElement("strong");
          strong.className = chance >= 0.8 ? "green" : chance >= 0.5 ? "yellow" : "red";
          strong.textContent = words.chance.replace("%@", Math.min(99, Math.round(chance * 100)));
          line.appendChild(strong);
          line.appendChild(document.createTextNode(" · "));
        }
        var reason = document.createElement("span");
        reason.className = c.estimate ? "" : "dim";
        reason.textContent = why(c);
        line.appendChild(reason);
        item.appendChild(line);
        var actions = document.createElement("p");
        actions.className = "actions";
        c.lot.maps.forEach(function (map) {
          var link = document.createElement("a");
          link.href = map.href;
          link.textContent = map.name;
          actions.appendChild(link);
          actions.appendChild(document.createTextNode(" "));
        });
        if (trips && !c.closed) {
          var going = document.createElement("button");
          going.type = "button";
          going.className = "go-trip";
          going.textContent = words.going;
          going.dataset.lot = c.lot.id;
          going.dataset.threshold = c.lot.threshold;
          going.dataset.arrive = new Date(c.arrival * 1000).toISOString().replace(".000Z", "Z");
          going.dataset.on = words.tripOn.replace("%1$@", c.lot.name).replace("%2$@", clock(c.arrival));
          going.addEventListener("click", function () { startTrip(going); });
          actions.appendChild(going);
        }
        item.appendChild(actions);
        list.appendChild(item);
      });
    }

    // ArrivalWords.reason.
    function why(c) {
      if (c.estimate) {
        if (c.estimate.risk >= 0.5) { return words.likelyFull.replace("%@", clock(c.likelyFullAt)); }
        return words.keeps.replace("%1$@", grouped(c.estimate.p50)).replace("%2$@", clock(c.arrival));
      }
      if (c.closed) {
        if (c.opens === null) { return words.closedAt.replace("%@", clock(c.arrival)); }
        return words.closedOpens.replace("%1$@", clock(c.arrival)).replace("%2$@", clock(c.opens));
      }
      return c.unknown;
    }
    function duration(minutes) {
      if (minutes < 60) { return words.minutes.replace("999", minutes); }
      if (minutes % 60 === 0) { return words.hours.replace("888", minutes / 60); }
      return words.hoursMinutes.replace("888", Math.floor(minutes / 60)).replace("777", minutes % 60);
    }
    function grouped(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }
    function seoulDay(t) { return Math.floor((t + 32400) / 86400); }
    function seoulSecond(t) { return ((Math.floor(t) + 32400) % 86400 + 86400) % 86400; }
    function seoulMinute(t) { return Math.floor(seoulSecond(t) / 60); }
    function two(n) { return (n < 10 ? "0" : "") + n; }
    function clock(t) { var s = seoulSecond(t); return two(Math.floor(s / 3600)) + ":" + two(Math.floor(s % 3600 / 60)); }
    function observed(t, now) {
      if (seoulDay(t) === seoulDay(now)) { return clock(t); }
      var day = new Date((t + 32400) * 1000);
      return two(day.getUTCMonth() + 1) + "-" + two(day.getUTCDate());
    }
    function minuteOf(text) {
      var parts = text.split(":");
      var h = parseInt(parts[0], 10), m = parseInt(parts[1], 10);
      return parts.length === 2 && h >= 0 && h <= 24 && m >= 0 && m < 60 ? h * 60 + m : null;
    }
    function isOpen(lot, minute) {
      var o = minuteOf(lot.open), c = minuteOf(lot.close);
      if (o === null || c === null) { return true; }
      return o <= c ? minute >= o && minute < c : minute >= o || minute < c;
    }
    function nextOpening(lot, t) {
      var o = minuteOf(lot.open), c = minuteOf(lot.close);
      if (o === null || c === null || o === c) { return null; }
      var second = seoulSecond(t);
      var today = Math.floor(t) - second + o * 60;
      return second <= o * 60 ? today : today + 86400;
    }
  }
  trips();
  // "I'm going" on /go: the lot and the arrival the page ranked for, watched by the server until then (never the
  // position); one alert if the lot looks full by then, naming the best other lot.
  function trips() {
    var list = document.getElementById("go-lots");
    if (!list || !canPush()) { return; }
    Array.prototype.forEach.call(list.querySelectorAll(".go-trip"), function (button) {
      button.hidden = false;
      button.addEventListener("click", function () { startTrip(button); });
    });
  }
  function startTrip(button) {
    var data = document.getElementById("go-lots").dataset;
    var status = document.getElementById("go-trip-status");
    going().catch(function (error) { status.textContent = data.failed.replace("%@", error.message || error); });
    async function going() {
      // Permission is asked here, inside the tap, never on load.
      if (await Notification.requestPermission() !== "granted") { status.textContent = data.denied; return; }
      var grant = await credentials();
      if (!grant.pushKey) { status.textContent = data.off; return; }
      var body = {
        installHash: grant.install, lotId: button.dataset.lot, threshold: +button.dataset.threshold,
        language: document.documentElement.lang === "ko" ? "ko" : "en", push: await pushTarget(grant),
        arriveAt: button.dataset.arrive
      };
      var answer = await signed("POST", "/v2/push/subscriptions", body);
      var result = await answer.json();
      if (!answer.ok) { throw new Error(result.detail || result.title || answer.status); }
      status.textContent = button.dataset.on;
    }
  }
  function canPush() {
    return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window &&
      window.isSecureContext;
  }
  // The /v2 trust path every client takes: bootstrap once, then an RFC 9421 proof on every write.
  async function credentials() {
    var kept = null;
    try { kept = JSON.parse(localStorage.getItem("hangangjari.grant") || "null"); } catch (e) { kept = null; }
    if (kept && kept.expires - Date.now() > 120000) { return kept; }
    var install = localStorage.getItem("hangangjari.install") || hex(16);
    localStorage.setItem("hangangjari.install", install);
    var answer = await fetch("/v2/bootstrap", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ installId: install, app: "hangangjari-web", appVersion: "1" })
    });
    var grant = await answer.json();
    if (!answer.ok) { throw new Error(grant.detail || answer.status); }
    var skew = Date.parse(grant.serverTime) - Date.now();
    kept = {
      install: install, token: grant.accessToken, keyId: grant.signingKey.keyId, secret: grant.signingKey.secret,
      pushKey: grant.policy.pushPublicKey, skew: skew, expires: Date.parse(grant.tokenExpiresAt) - skew
    };
    localStorage.setItem("hangangjari.grant", JSON.stringify(kept));
    return kept;
  }
  async function signed(method, path, object) {
    var grant = await credentials();
    var body = object ? new TextEncoder().encode(JSON.stringify(object)) : null;
    var nonce = hex(16);
    var created = Math.floor((Date.now() + grant.skew) / 1000);
    var params = (body ? '("@method" "@target-uri" "content-digest")' : '("@method" "@target-uri")') +
      ";created=" + created + ';keyid="' + grant.keyId + '";nonce="' + nonce + '";alg="hmac-sha256"';
    var lines = ['"@method": ' + method, '"@target-uri": http://' + location.host + path];
    var headers = { "Authorization": "Bearer " + grant.token, "Signature-Input": "hj=" + params };
    if (body) {
      var digest = "sha-256=:" + base64(await crypto.subtle.digest("SHA-256", body)) + ":";
      lines.push('"content-digest": ' + digest);
      headers["Content-Digest"] = digest;
      headers["Content-Type"] = "application/json";
      headers["Idempotency-Key"] = nonce;
    }
    lines.push('"@signature-params": ' + params);
    var key = await crypto.subtle.importKey("raw", Uint8Array.from(atob(grant.secret), function (c) {
      return c.charCodeAt(0); }), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    var signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(lines.join(String.fromCharCode(10))));
    headers["Signature"] = "hj=:" + base64(signature) + ":";
    return fetch(path, { method: method, headers: headers, body: body });
  }
  function hex(count) {
    return Array.prototype.map.call(crypto.getRandomValues(new Uint8Array(count)), function (b) {
      return (b + 256).toString(16).slice(1); }).join("");
  }
  function base64(buffer) { return btoa(String.fromCharCode.apply(null, new Uint8Array(buffer))); }
  function sameKey(held, wanted) {
    if (!held) { return true; }  // a browser that does not say keeps what it has
    var have = new Uint8Array(held);
    return have.length === wanted.length && have.every(function (b, i) { return b === wanted[i]; });
  }
  function bytes(base64url) {
    var text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((base64url.length + 3) % 4));
    return Uint8Array.from(text, function (c) { return c.charCodeAt(0); });
  }
  // This browser's push subscription under the deployment's key, as /v2 takes it.
  async function pushTarget(grant) {
    var registration = await navigator.serviceWorker.ready;
    var key = bytes(grant.pushKey);
    var subscription = await registration.pushManager.getSubscription();
    // One made under another key (the deployment rotated its VAPID key) is refused by every push service.
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription = subscription ||
      await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    var json = subscription.toJSON();
    return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
  }
  // DistanceWords' rule, with the steps the page carries: metres in steps below a kilometre, then tenths of one.
  function distanceText(distance, step, kilometre) {
    var stepped = Math.round(distance / step) * step;
    if (stepped < kilometre) { return Math.max(0, stepped) + " m"; }
    var tenths = Math.round(distance / (kilometre / 10));
    return (tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)) + " km";
  }
  function meters(lat1, lon1, lat2, lon2) {
    var r = 6371000, rad = Math.PI / 180;
    var a = Math.sin((lat2 - lat1) * rad / 2) * Math.sin((lat2 - lat1) * rad / 2) +
      Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin((lon2 - lon1) * rad / 2) * Math.sin((lon2 - lon1) * rad / 2);
    return 2 * r * Math.asin(Math.sqrt(a));
  }
})();
