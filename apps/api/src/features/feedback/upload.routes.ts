import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteImageRequestSchema, FEEDBACK_MAX_IMAGE_BYTES, uploadedImageSchema } from '@bible-qa/contract';
import { emptyOkSchema, ok, okSchema } from '../../http/envelope.ts';
import { AppError } from '../../http/app-error.ts';
import { accountOf, requireAccount } from '../../http/roles.ts';
import type { AuthSessionService } from '../auth/auth-session.service.ts';
import type { FeedbackService } from './feedback.service.ts';

const tags = ['upload'];

/**
 * /webapi/portal/upload: screenshots for feedback. POST /image takes the image's raw bytes as the body, whatever
 * the Content-Type says (the content decides: image-processing.ts); a body over 2 MB is cut off while it arrives
 * and answered image_too_large. GET /image/:id serves a stored image to its owner and admins only.
 */
export const uploadRoutes: FastifyPluginAsync<{ feedback: FeedbackService; sessions: AuthSessionService }> = async (
  app,
  { feedback, sessions },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The raw upload sits in its own scope: there, every body arrives as bytes; JSON elsewhere is untouched.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FEEDBACK_MAX_IMAGE_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    raw.setErrorHandler((error: { code?: string }) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('image_too_large');
      throw error;
    });
    raw.withTypeProvider<ZodTypeProvider>().post(
      '/image',
      {
        // Checked before the body is read, so a guest cannot make the server take in 2 MB.
        onRequest: requireAccount(sessions, { unlimited: true }),
        bodyLimit: FEEDBACK_MAX_IMAGE_BYTES,
        schema: {
          tags,
          summary: 'Upload one screenshot (raw PNG, JPEG, WebP or GIF bytes, at most 2 MB)',
          response: { 200: okSchema(uploadedImageSchema) },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return ok(await feedback.uploadImage(accountOf(request).userId, body));
      },
    );
  });
  r.post(
    '/image/delete',
    {
      onRequest: requireAccount(sessions),
      schema: {
        tags,
        summary: 'Delete an upload not yet sent',
        body: deleteImageRequestSchema,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      await feedback.deleteImage(accountOf(request).userId, request.body.id);
      return ok(null);
    },
  );
  r.get(
    '/image/:id',
    {
      onRequest: requireAccount(sessions),
      schema: { tags, summary: 'A stored image (owner and admins)', params: z.object({ id: z.string().uuid() }) },
    },
    async (request, reply) => {
      const account = accountOf(request);
      const image = await feedback.readImage({ userId: account.userId, role: account.role }, request.params.id);
      return reply
        .header('content-type', image.contentType)
        .header('content-disposition', `inline; filename="${request.params.id}.${image.extension}"`)
        .header('cache-control', 'private, max-age=86400')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(image.bytes);
    },
  );
};
