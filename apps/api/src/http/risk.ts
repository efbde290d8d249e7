import type { FastifyInstance } from 'fastify';
import type { RiskCeiling } from '../rate-limit/risk-ceiling.ts';

/** Paths a load balancer or the app shell polls; they never count towards the ceiling. */
const EXEMPT = new Set(['/webapi/health', '/webapi/ready', '/webapi/version', '/webapi/openapi.json']);

/** Every /webapi request counts towards its IP's risk ceiling (the per-account count runs in authenticate). */
export function registerRiskCeiling(app: FastifyInstance, risk: RiskCeiling): void {
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/webapi/') || EXEMPT.has(path)) return;
    await risk.checkIp(request.ip);
  });
}
