// Security headers on every answer (HTML, assets, the service worker, the API) through
// @fastify/helmet, plus a Permissions-Policy, which helmet does not set.
//
// The Content-Security-Policy allows our own origin only and no inline script. Styles are 'self'
// too: React sets styles through the CSSOM (never a style attribute in markup), and the grid's
// core stylesheet ships in our CSS bundle instead of being injected as a <style> element
// (Handsontable's injectCoreCss is off in src/components/data-grid). Images also allow data:
// URIs, which the grid's stylesheet uses for its small icons. HSTS is sent only when the public
// address is https: over plain http it would be ignored, and on localhost it would pin a
// developer's browser to https.
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

export const securityHeadersPlugin = fp<{ https: boolean }>(
  async (app, { https }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // The app loads nothing from other origins and embeds nothing: keep COEP off (it would only
      // break a payment page opened in a popup), COOP same-origin and CORP same-origin (defaults).
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    });
  },
  { name: 'security-headers' },
);
