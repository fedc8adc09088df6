// Globals the site's JavaScript uses, for the static check only (tsconfig.json; nothing is emitted).

interface Window {
  /** The match page's test hook (web/shell/match.js): present while a match screen is mounted. */
  pygamesMatch?: Record<string, any>;
}
