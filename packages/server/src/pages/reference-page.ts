/** Scalar's settings: the contract from /openapi.json; default fonts off and no proxy, so nothing comes from the network. */
const SCALAR_CONFIG = {
  url: '/openapi.json',
  withDefaultFonts: false,
  defaultOpenAllTags: true,
  hideClientButton: true,
  proxyUrl: '',
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
};

/**
 * The API reference page (R28.9): Scalar's standalone renderer, served by this server from npm's copy, started by
 * {@link referenceInitScript} (a script of its own, so the page runs under a policy without inline scripts, R28.7).
 */
export function referencePage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tourney API reference</title></head>
<body><div id="app"></div>
<script src="/docs/reference.js"></script>
<script src="/docs/init.js"></script>
</body></html>`;
}

/** The script that starts Scalar on the reference page (`/docs/init.js`). */
export function referenceInitScript(): string {
  return `Scalar.createApiReference('#app', ${JSON.stringify(SCALAR_CONFIG)});\n`;
}
