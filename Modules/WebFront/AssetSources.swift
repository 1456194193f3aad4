/// The pages' one stylesheet and one script, and the service worker, as shipped (no build step, no third party).
enum AssetSources {
    /// Phone first: system fonts, rem sizes (so 200% zoom reflows), colours with at least 4.5:1 contrast on white.
    /// Inlined in every page (allowed by its hash in the Content-Security-Policy, never by 'unsafe-inline'), so the
    /// first paint waits for no second request; it holds none of `<>&"'`, so the template's escaping leaves it as is.
    static let css = """
        :root{--ink:#111;--dim:#4d4d4d;--paper:#fff;--line:#d0d0d0;--accent:#0b4f8a;--green:#17652b;--yellow:#7a4d00;\
        --red:#b3001b;--magenta:#8a1d8f;--cyan:#005f6b;--blue:#0b4f8a}
        *{box-sizing:border-box}[hidden]{display:none!important}
        html{font-family:system-ui,-apple-system,Noto Sans KR,Apple SD Gothic Neo,sans-serif;line-height:1.5;\
        color:var(--ink);background:var(--paper);-webkit-text-size-adjust:100%}
        body{margin:0 auto;max-width:40rem;padding:0 .75rem 2rem;overflow-wrap:anywhere}
        a{color:var(--accent)}
        .skip{position:absolute;left:-100vw}.skip:focus{left:.5rem;top:.5rem;background:var(--paper);padding:.25rem}
        header{border-bottom:1px solid var(--line);padding:.5rem 0}
        h1{font-size:1.5rem;margin:.25rem 0}h2{font-size:1.15rem;margin:1rem 0 .25rem}
        .app{margin:0;font-weight:600}.app a{text-decoration:none;display:inline-block;min-height:1.75rem;padding:.1rem 0}
        .lang{float:right}.lang a{margin-left:.25rem;display:inline-block;min-width:1.75rem;min-height:1.75rem;\
        padding:.1rem .35rem;text-align:center}
        [aria-current]{font-weight:700;text-decoration:none;color:var(--ink)}
        .tabs ul,.chips{list-style:none;padding:0;margin:.5rem 0;display:flex;flex-wrap:wrap;gap:.4rem}
        .tabs a,.chips a,button{display:inline-block;padding:.4rem .7rem;border:1px solid var(--line);border-radius:1rem;\
        text-decoration:none;font:inherit;background:var(--paper);color:var(--accent);min-height:2.75rem}
        .tabs a[aria-current],.chips a[aria-current]{background:var(--accent);color:#fff;border-color:var(--accent)}
        .badges{margin:.25rem 0}
        .source-note{margin:.25rem 0;color:var(--yellow)}
        .offline{background:#fff4d6;border:1px solid var(--yellow);padding:.5rem;color:#5c3a00}
        dl.rows{margin:.5rem 0}dl.rows div{display:grid;grid-template-columns:6.5rem 1fr;gap:0 .75rem;\
        padding:.35rem 0;border-bottom:1px solid var(--line)}
        dt{font-weight:700}dd{margin:0;grid-column:2}
        .b{font-weight:700}.dim{color:var(--dim)}.green{color:var(--green)}.yellow{color:var(--yellow)}\
        .red{color:var(--red)}.magenta{color:var(--magenta)}.cyan{color:var(--cyan)}.blue{color:var(--blue)}
        meter{width:6rem;height:.9rem;vertical-align:middle}
        ol.lots,ol.parks{list-style:none;padding:0}
        ol.lots li{border-bottom:1px solid var(--line);padding:.5rem 0}ol.lots li.focused{background:#eef4fb}
        ol.lots p{margin:.2rem 0}.count{font-size:1.1rem}
        .tag{font-size:.8rem;border:1px solid var(--green);color:var(--green);border-radius:.5rem;padding:0 .3rem}
        .actions a{margin-right:.6rem;display:inline-block;min-height:2.75rem;padding:.4rem 0}
        ol.parks li{border-bottom:1px solid var(--line)}ol.parks .n{color:var(--dim)}
        a.park{display:flex;flex-wrap:wrap;align-items:center;gap:.2rem .5rem;min-height:2.75rem;padding:.5rem .25rem;\
        color:var(--ink);text-decoration:none}a.park strong{color:var(--accent);text-decoration:underline}
        a.park .facts{display:flex;flex-wrap:wrap;align-items:center;gap:0 .5rem;flex:1 1 12rem}
        .kept{display:none}body[data-offline] .fresh{display:none}\
        body[data-offline] .kept{display:inline;color:var(--yellow);font-weight:700}
        .source-list{list-style:none;padding:0;margin:.25rem 0}.source-list li{padding:.35rem 0;\
        border-bottom:1px solid var(--line)}.source-list p{margin:.1rem 0}
        .chart{width:100%;height:auto;display:block}.chart text{font-size:10px;fill:var(--dim)}\
        .chart .band{fill:#cfe0f2}.chart .p50{fill:none;stroke:var(--accent);stroke-width:2.5}\
        .chart .cap{stroke:var(--dim);stroke-dasharray:4 3}.chart .axis,.chart .now{stroke:var(--line)}\
        .chart .opens{fill:var(--yellow);font-weight:700}.chart .closed{fill:#f3f3f3}\
        .chart .range{stroke:#7fa9d6;stroke-width:8}.chart .point{fill:var(--accent)}.chart.small{width:7.5rem;display:inline-block}
        dd.spark a{display:inline-block;min-height:2.75rem;padding:.2rem 0}figure.forecast-chart{margin:.5rem 0}
        .banner{padding:.5rem;border:1px solid currentColor}
        table{border-collapse:collapse;width:100%;margin:.5rem 0}caption{text-align:left;color:var(--dim)}
        th,td{text-align:left;padding:.3rem .4rem;border-bottom:1px solid var(--line);vertical-align:top}
        .river svg{width:100%;height:auto}.river .water{fill:none;stroke:#6d9fd0;stroke-width:6}
        .river .dot{fill:#fff;stroke:var(--dim);stroke-width:2}.river .dot.green{stroke:var(--green)}\
        .river .dot.yellow{stroke:var(--yellow)}.river .dot.red{stroke:var(--red)}
        .river text{font-size:10px;font-weight:700;fill:var(--ink)}figure{margin:.5rem 0}
        footer{margin-top:1.5rem;color:var(--dim);font-size:.85rem}
        .alerts{margin-top:1.5rem;border-top:1px solid var(--line)}.alerts-note{color:var(--yellow)}
        .alerts label{display:inline-block;min-height:2.75rem;padding:.4rem 0}
        .alerts input,.alerts select{font:inherit;min-height:2.75rem;padding:.3rem}.alerts input[type=checkbox]{min-height:auto;width:1.5rem;height:1.5rem;vertical-align:middle}
        .alerts fieldset{border:1px solid var(--line);margin:.5rem 0}.alert-list{padding-left:1rem}
        .alert-list li{padding:.35rem 0}.alert-list button,.alert-list a{margin-left:.5rem}
        .actions button{margin-left:0}
        @media (max-width:22rem){dl.rows div{grid-template-columns:1fr}dd{grid-column:1}}

        """

    /// Enhancements only: the service worker, the offline mark, a refresh when the sources are next read,
    /// distances from the browser's own position when asked (never sent anywhere), and alerts by Web Push (written
    /// through /v2 with a request proof, listed on the device only).
    static let script = """
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
                  var text = item.distance < 1000 ? Math.round(item.distance) + " m" : (item.distance / 1000).toFixed(1) + " km";
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
            var canPush = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window &&
              window.isSecureContext;
            render();
            var stop = new URLSearchParams(location.search).get("stop");
            if (stop) { stopAlert(stop); }
            if (apple && !standalone && !canPush) { document.getElementById("alerts-home").hidden = false; return; }
            if (!canPush) { document.getElementById("alerts-unsupported").hidden = false; return; }
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
                  link.href = "/p/" + alert.park + "/parking#alerts";
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
              var registration = await navigator.serviceWorker.ready;
              var subscription = await registration.pushManager.getSubscription() ||
                await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(grant.pushKey) });
              var json = subscription.toJSON();
              var chosen = target.value;
              var body = {
                installHash: grant.install, threshold: +threshold.value,
                language: document.documentElement.lang === "ko" ? "ko" : "en",
                push: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } }
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
            function bytes(base64url) {
              var text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((base64url.length + 3) % 4));
              return Uint8Array.from(text, function (c) { return c.charCodeAt(0); });
            }
          }
          function meters(lat1, lon1, lat2, lon2) {
            var r = 6371000, rad = Math.PI / 180;
            var a = Math.sin((lat2 - lat1) * rad / 2) * Math.sin((lat2 - lat1) * rad / 2) +
              Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin((lon2 - lon1) * rad / 2) * Math.sin((lon2 - lon1) * rad / 2);
            return 2 * r * Math.asin(Math.sqrt(a));
          }
        })();

        """

    /// Keeps the last pages: the network first; when it fails, the kept copy marked offline (its page then says so
    /// and shows it as stale, never as fresh); shows alerts and opens their page. `ASSETS` is replaced by the hashed
    /// asset paths.
    static let serviceWorker = """
        "use strict";
        var CACHE = "hangangjari-VERSION";
        var ASSETS = ASSET_LIST;
        self.addEventListener("install", function (event) {
          self.skipWaiting();
          event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(ASSETS); }));
        });
        self.addEventListener("activate", function (event) {
          event.waitUntil(caches.keys().then(function (keys) {
            return Promise.all(keys.filter(function (key) { return key !== CACHE; }).map(function (key) { return caches.delete(key); }));
          }).then(function () { return self.clients.claim(); }));
        });
        // Alerts: always show a notification (a push that shows none gets a subscription revoked). One delivered
        // late says when its value was observed, never as now.
        self.addEventListener("push", function (event) {
          var message = {};
          try { message = event.data ? event.data.json() : {}; } catch (error) { message = {}; }
          var shown = message.notification || { title: "Hangangjari", body: "" };
          var details = shown.data || {};
          var body = shown.body || "";
          if (shown.timestamp && Date.now() - shown.timestamp > 120000 && details.asOf) {
            body = details.asOf + " · " + body;
          }
          var options = {
            body: body, tag: shown.tag, lang: shown.lang, timestamp: shown.timestamp, renotify: true,
            data: { url: details.url || shown.navigate || "/", subscription: details.subscription }
          };
          if (details.subscription && details.stop) { options.actions = [{ action: "stop", title: details.stop }]; }
          event.waitUntil(self.registration.showNotification(shown.title, options));
        });
        self.addEventListener("notificationclick", function (event) {
          var data = event.notification.data || {};
          event.notification.close();
          var url = new URL(data.url || "/", self.location.origin);
          if (event.action === "stop" && data.subscription) {
            url.searchParams.set("stop", data.subscription);
            url.hash = "alerts";
          }
          event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (open) {
            for (var i = 0; i < open.length; i++) {
              if (new URL(open[i].url).pathname === url.pathname && event.action !== "stop" && "focus" in open[i]) {
                return open[i].focus();
              }
            }
            return self.clients.openWindow(url.href);
          }));
        });
        self.addEventListener("fetch", function (event) {
          var request = event.request;
          if (request.method !== "GET") { return; }
          var url = new URL(request.url);
          if (url.origin !== self.location.origin) { return; }
          if (url.pathname.indexOf("/assets/") === 0) {
            event.respondWith(caches.match(request).then(function (kept) { return kept || fetch(request); }));
            return;
          }
          if (url.pathname !== "/" && url.pathname.indexOf("/p/") !== 0) { return; }
          event.respondWith(fetch(request).then(function (response) {
            if (response.ok) {
              var copy = response.clone();
              event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.put(request, copy); }));
            }
            return response;
          }).catch(function () {
            return caches.match(request).then(function (kept) {
              if (!kept) { return Response.error(); }
              return kept.text().then(function (html) {
                return new Response(html.replace("<body ", "<body data-offline=\\"1\\" "),
                  { status: 200, headers: kept.headers });
              });
            });
          }));
        });

        """

    /// The home-screen icon: the river under a parking sign.
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="#0b4f8a"/>\
        <path d="M176 112h104c62 0 100 36 100 92s-38 92-100 92h-48v104h-56zm56 48v88h44c30 0 48-16 48-44s-18-44-48-44z" fill="#fff"/>\
        <path d="M64 432c48-32 96-32 144 0s96 32 144 0 96-32 144 0" fill="none" stroke="#7fc3ff" stroke-width="24"/></svg>

        """
}
