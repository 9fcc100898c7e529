// The site's service worker: it shows the alert notifications that Web Push brings while no tab of
// the site may be open, and a click on one opens the page it is about. It is registered only once
// a user turns browser notifications on (src/features/alerts), and does nothing else: no caching,
// no fetch handler, so every page loads as it would without it.
//
// The API encrypts each push for this browser and formats it in the language the browser
// subscribed in: { title, body, url, tag } (api/src/mail/alertTemplates.ts, alertPush).

self.addEventListener('install', () => {
  // A new version replaces the old one at once: it holds no state the old one set up.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The push's notification, or a plain one when its payload cannot be read. */
function notificationOf(data) {
  let payload = null;
  try {
    payload = data ? data.json() : null;
  } catch {
    payload = null;
  }
  let url = null;
  try {
    url = payload && typeof payload.url === 'string' && new URL(payload.url, self.location.origin);
  } catch {
    url = null;
  }
  return {
    title: (payload && typeof payload.title === 'string' && payload.title) || 'Coinlens',
    options: {
      body: (payload && typeof payload.body === 'string' && payload.body) || '',
      tag: (payload && typeof payload.tag === 'string' && payload.tag) || undefined,
      icon: '/favicon.svg',
      // Only addresses of this site are opened on a click.
      data: {
        url: url && url.origin === self.location.origin ? url.href : `${self.location.origin}/`,
      },
    },
  };
}

// Every push shows its notification, even with a tab of the site open: browsers withdraw the
// permission of a site whose pushes show nothing.
self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url || '/');
    })(),
  );
});
