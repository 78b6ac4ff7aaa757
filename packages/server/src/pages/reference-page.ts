/**
 * The API reference page (R28.9): Scalar's standalone renderer, served by this server from npm's copy, reading the
 * contract from /openapi.json; default fonts off and no proxy, so the page loads nothing from the network.
 */
export function referencePage(): string {
  const config = { url: '/openapi.json', withDefaultFonts: false, defaultOpenAllTags: true, hideClientButton: true, proxyUrl: '', telemetry: false, agent: { disabled: true }, showDeveloperTools: 'never' };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tourney API reference</title></head>
<body><div id="app"></div>
<script src="/docs/reference.js"></script>
<script>Scalar.createApiReference('#app', ${JSON.stringify(config)})</script>
</body></html>`;
}
