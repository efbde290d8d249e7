import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { VERSION_LABEL } from '@bible-qa/contract';

/** The OpenAPI document, generated from the contract's zod schemas, for partners (GET /webapi/openapi.json). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Bible Q&A assistant API',
        description:
          'Every answer is the envelope {code, msg, data}: code 0 is success, 401 means log in, 10000–19999 are ' +
          'business errors whose msg is shown to the user, 500 is the system error. Send the Locale header ' +
          '(zh-cn, zh-tw, en, es-es, fr-fr) for messages in that language, and sysName and platform on every call.',
        version: VERSION_LABEL,
      },
      components: {
        securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/webapi/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
