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

export function contentSecurityPolicy(captcha: keyof typeof WIDGET_ORIGINS = 'builtin'): string {
  const widget = WIDGET_ORIGINS[captcha].map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self' ${GSI}client${widget}`,
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

const STATIC_FILE = /^\/assets\/|\.(js|mjs|css|map|png|jpe?g|gif|webp|svg|ico|woff2?|ttf|json|txt|webmanifest|wasm)$/i;

/** Headers every answer carries; the HTML shell also gets the content security policy. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  captcha: Parameters<typeof contentSecurityPolicy>[0] = 'builtin',
): void {
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
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every other
 * non-API GET answered with index.html so the client router handles the §2 routes (SPA fallback).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (!built) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build:web`; the API still serves /webapi');
  } else {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: ['index.html'],
      setHeaders(res, filePath) {
        if (filePath.endsWith('.html')) res.header('cache-control', 'no-cache');
        else if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
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
