import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer. The page may load only our own scripts and talk only to our
 * own API, so an injected script has nowhere to send what it reads. Mantine injects inline styles,
 * hence 'unsafe-inline' for styles only. Images may also come from the map's tile server (the one
 * configured, nothing else): tiles are plain images, a page can't send data through them beyond
 * what the tile URL says, which is the map's position.
 */
function contentSecurityPolicy(imgSources: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imgSources].join(' '),
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The CSP source of a tile URL template: its scheme and host, a '{s}' subdomain as a wildcard
 * (https://{s}.tile.example.org/{z}/{x}/{y}.png -> https://*.tile.example.org); null when the
 * template is relative (same origin) or unreadable.
 */
export function tileSource(template: string): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!m) return null;
  const host = m[2].replace(/\{[a-z]\}/gi, '*').toLowerCase();
  if (!/^[a-z0-9*.:-]+$/.test(host)) return null;
  return `${m[1].toLowerCase()}://${host}`;
}

export function registerSecurityHeaders(app: FastifyInstance, opts: { hsts: boolean; tileUrl?: string }): void {
  const tiles = opts.tileUrl ? tileSource(opts.tileUrl) : null;
  const csp = contentSecurityPolicy(tiles ? [tiles] : []);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self)');
    reply.header('X-Request-Id', request.id);
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', csp);
    if (opts.hsts) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
