import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Google Identity Services (the Google login button, spec §7) loads its script, style and frame from /gsi/. */
const GSI = 'https://accounts.google.com/gsi/';
/**
 * What a captcha provider's widget loads (decision 0025): Tencent Captcha's script, frames and images; GeeTest v4's
 * script, styles and images, and its API, which it reaches by script (JSONP) and fetch.
 */
const WIDGET_ORIGINS: Record<'builtin' | 'tencent' | 'geetest', string[]> = {
  builtin: [],
  tencent: ['https://turing.captcha.qcloud.com', 'https://turing.captcha.gtimg.com'],
  geetest: ['https://static.geetest.com', 'https://gcaptcha4.geetest.com'],
};
export type CaptchaWidget = keyof typeof WIDGET_ORIGINS;

/** The content security policy; `inlineScripts` are the hashes of the page's own inline scripts (decision 0029). */
export function contentSecurityPolicy(
  captcha: CaptchaWidget = 'builtin',
  inlineScripts: readonly string[] = [],
): string {
  const widget = WIDGET_ORIGINS[captcha].map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    [`script-src 'self'`, ...inlineScripts.map((hash) => `'${hash}'`), `${GSI}client${widget}`].join(' '),
    `style-src 'self' 'unsafe-inline' ${GSI}style${widget}`,
    `img-src 'self' data: blob:${widget}`,
    "font-src 'self' data:",
    `connect-src 'self' ${GSI}${widget}`,
    `frame-src ${GSI}${widget}`,
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}
/**
 * The sha256 sources of the inline scripts of a page (index.html's boot script, decision 0029): the policy allows
 * exactly those, so no other inline script can run.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .filter((match) => match[1]!.trim())
    .map((match) => `sha256-${createHash('sha256').update(match[1]!).digest('base64')}`);
}

/** Precompressed copies (.br, .gz) are the same asset: headers are chosen by the file they stand for. */
const logicalPath = (filePath: string) => filePath.replace(/\.(br|gz)$/, '');

const STATIC_FILE = /^\/assets\/|\.(js|mjs|css|map|png|jpe?g|gif|webp|svg|ico|woff2?|ttf|json|txt|webmanifest|wasm)$/i;

/** Headers every answer carries; the HTML shell also gets the content security policy. */
export function registerSecurityHeaders(app: FastifyInstance, captcha: CaptchaWidget = 'builtin'): void {
  const csp = contentSecurityPolicy(captcha);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) reply.header('content-security-policy', csp);
    return payload;
  });
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html and the other unhashed files (the service
 * worker, the manifests, the icons) revalidated every time, and every other
 * non-API GET answered with index.html so the client router handles the §2 routes (SPA fallback). The build's
 * brotli and gzip copies are sent as they are to a browser that accepts them (`Vary: Accept-Encoding`), with the
 * type and length of what is sent; index.html's inline boot script is allowed by its hash.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, captcha: CaptchaWidget = 'builtin') {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (!built) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build:web`; the API still serves /webapi');
  } else {
    const hashes = inlineScriptHashes(fs.readFileSync(indexFile, 'utf8'));
    if (hashes.length > 0) {
      const policy = contentSecurityPolicy(captcha, hashes);
      // After the security headers' hook: the app's page gets the policy that lets its own boot script run.
      app.addHook('onSend', async (_request, reply, payload) => {
        if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
          reply.header('content-security-policy', policy);
        }
        return payload;
      });
    }
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      setHeaders(res, filePath) {
        const file = logicalPath(filePath);
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          // The page, the service worker (/sw.js), the manifests and icons keep their names across releases: always
          // revalidated, so a release reaches every reader (decision 0045).
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  return function spaFallback(request: FastifyRequest, reply: FastifyReply) {
    const pathOnly = request.url.split('?')[0] ?? '/';
    // Route values may hold dots (/verify/mail/a@b.c); only a missing static file is a plain 404.
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !STATIC_FILE.test(pathOnly);
    if (!wantsPage) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: npm run build:web');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };
}
