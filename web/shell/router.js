// Hash routes: #/ · #/new/<game>[/<id of the match played again>] · #/tutorial/<game> · #/play/<id> · #/replay/<id> · #/rules/<game> ·
// #/page/<game>/<name> · #m=<link> · #r=<link> (a friend's link, remote.js). Each route renders into the main element and
// returns an object with optional destroy() and relang() methods.

/** Parse a location hash into {route, params}. */
export function parseHash(hash) {
  const text = (hash || '').replace(/^#/, '');
  if (text.startsWith('m=')) return { route: 'link', params: { link: text.slice(2) } };
  if (text.startsWith('r=')) return { route: 'remote', params: { link: text.slice(2) } };
  const parts = text.replace(/^\/+/, '').split('/').filter(Boolean).map(safeDecode);
  if (parts.length === 0) return { route: 'home', params: {} };
  const [head, a, b] = parts;
  if (head === 'new' && a && parts.length === 2) return { route: 'setup', params: { game: a } };
  // 「もう一度遊ぶ」: the setup again, as the saved match <b> was set up (options, with a friend by link or not)
  if (head === 'new' && a && b && parts.length === 3) return { route: 'setup', params: { game: a, again: b } };
  if (head === 'play' && a && parts.length === 2) return { route: 'play', params: { id: a } };
  if (head === 'replay' && a && parts.length === 2) return { route: 'replay', params: { id: a } };
  if (head === 'rules' && a && parts.length === 2) return { route: 'rules', params: { game: a } };
  if (head === 'tutorial' && a && parts.length === 2) return { route: 'tutorial', params: { game: a } };
  if (head === 'page' && a && b && parts.length === 3) return { route: 'page', params: { game: a, name: b } };
  return { route: 'missing', params: {} };
}

function safeDecode(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * Start routing: `routes[name](root, params)` returns the page object.
 * @param {HTMLElement} root
 * @param {Object<string, Function>} routes
 * @param {(container: Element, first: boolean) => void} [onRendered]
 */
export function startRouter(root, routes, onRendered = () => {}) {
  let current = null;
  let token = 0;
  let first = true;
  async function render() {
    const mine = ++token;
    if (current && current.destroy) {
      try { current.destroy(); } catch (err) { console.warn('destroy failed', err); }
    }
    current = null;
    const container = document.createElement('div');
    container.className = 'page';
    root.replaceChildren(container);
    const { route, params } = parseHash(location.hash);
    let page = null;
    try {
      page = await routes[route](container, params);
    } catch (err) {
      console.warn('route failed', err);
      if (routes.failed) page = routes.failed(container, err);
    }
    if (mine !== token) {
      if (page && page.destroy) page.destroy();
      return;
    }
    current = page || null;
    onRendered(container, first);
    first = false;
  }
  window.addEventListener('hashchange', render);
  render();
  return {
    rerender: render,
    relang() {
      if (current && current.relang) current.relang();
      else render();
      onRendered(root.firstElementChild, true);
    },
  };
}

/** Go to a route (pushes history). */
export function go(hash) {
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = hash;
}
