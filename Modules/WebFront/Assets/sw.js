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
  if (url.pathname !== PARK_LIST && url.pathname.indexOf(PARK_PAGES) !== 0) { return; }
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
        return new Response(html.replace("<body ", "<body data-offline=\"1\" "),
          { status: 200, headers: kept.headers });
      });
    });
  }));
});
