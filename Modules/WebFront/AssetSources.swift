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
        .app{margin:0;font-weight:600}.app a{text-decoration:none}
        .lang{float:right}.lang a{margin-left:.5rem}
        [aria-current]{font-weight:700;text-decoration:none;color:var(--ink)}
        .tabs ul,.chips{list-style:none;padding:0;margin:.5rem 0;display:flex;flex-wrap:wrap;gap:.4rem}
        .tabs a,.chips a,button{display:inline-block;padding:.4rem .7rem;border:1px solid var(--line);border-radius:1rem;\
        text-decoration:none;font:inherit;background:var(--paper);color:var(--accent);min-height:2.75rem}
        .tabs a[aria-current],.chips a[aria-current]{background:var(--accent);color:#fff;border-color:var(--accent)}
        .badges{margin:.25rem 0}
        .source-note{margin:.25rem 0;color:var(--yellow)}
        .offline{background:#fff4d6;border:1px solid var(--yellow);padding:.5rem;color:#5c3a00}
        dl.rows{margin:.5rem 0}dl.rows div{display:flex;flex-wrap:wrap;gap:0 .75rem;padding:.35rem 0;\
        border-bottom:1px solid var(--line)}
        dt{font-weight:700;min-width:6.5rem}dd{margin:0;flex:1 1 14rem}
        .b{font-weight:700}.dim{color:var(--dim)}.green{color:var(--green)}.yellow{color:var(--yellow)}\
        .red{color:var(--red)}.magenta{color:var(--magenta)}.cyan{color:var(--cyan)}.blue{color:var(--blue)}
        meter{width:6rem;height:.9rem;vertical-align:middle}
        ol.lots,ol.parks{list-style:none;padding:0}
        ol.lots li{border-bottom:1px solid var(--line);padding:.5rem 0}ol.lots li.focused{background:#eef4fb}
        ol.lots p{margin:.2rem 0}.count{font-size:1.1rem}
        .tag{font-size:.8rem;border:1px solid var(--green);color:var(--green);border-radius:.5rem;padding:0 .3rem}
        .actions a{margin-right:.6rem;display:inline-block;min-height:2.75rem;padding:.4rem 0}
        ol.parks li{padding:.45rem 0;border-bottom:1px solid var(--line)}ol.parks .n{color:var(--dim)}
        .banner{padding:.5rem;border:1px solid currentColor}
        table{border-collapse:collapse;width:100%;margin:.5rem 0}caption{text-align:left;color:var(--dim)}
        th,td{text-align:left;padding:.3rem .4rem;border-bottom:1px solid var(--line);vertical-align:top}
        .sources{font-size:.9rem}
        .river svg{width:100%;height:auto}.river .water{fill:none;stroke:#6d9fd0;stroke-width:6}
        .river .dot{fill:#fff;stroke:var(--dim);stroke-width:2}.river .dot.green{stroke:var(--green)}\
        .river .dot.yellow{stroke:var(--yellow)}.river .dot.red{stroke:var(--red)}
        .river text{font-size:10px;font-weight:700;fill:var(--ink)}figure{margin:.5rem 0}
        footer{margin-top:1.5rem;color:var(--dim);font-size:.85rem}
        @media (max-width:22rem){dt{min-width:100%}}

        """

    /// Enhancements only: the service worker, the offline mark, a refresh when the sources are next read, and
    /// distances from the browser's own position when asked (never sent anywhere).
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
          function meters(lat1, lon1, lat2, lon2) {
            var r = 6371000, rad = Math.PI / 180;
            var a = Math.sin((lat2 - lat1) * rad / 2) * Math.sin((lat2 - lat1) * rad / 2) +
              Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin((lon2 - lon1) * rad / 2) * Math.sin((lon2 - lon1) * rad / 2);
            return 2 * r * Math.asin(Math.sqrt(a));
          }
        })();

        """

    /// Keeps the last pages: the network first; when it fails, the kept copy marked offline (its page then says so
    /// and shows it as stale, never as fresh). `ASSETS` is replaced by the hashed asset paths.
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
