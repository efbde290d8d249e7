import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  toAudioRequestSchema,
  VOICE_MAX_AUDIO_BYTES,
  voiceConfigSchema,
  voiceRecognizeQuerySchema,
  voiceRecognizeResultSchema,
} from '@bible-qa/contract';
import { AppError } from '../../http/app-error.ts';
import { optionalUser } from '../../http/auth.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import type { AuthSessionService } from '../auth/auth-session.service.ts';
import type { VoiceCaller, VoiceService } from './voice.service.ts';

const caller = (request: FastifyRequest): VoiceCaller => ({ userId: request.auth?.userId, ip: request.ip });

export const voiceRoutes: FastifyPluginAsync<{ voice: VoiceService; sessions: AuthSessionService }> = async (
  app,
  { voice, sessions },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['voice'];
  // Who calls and whether they may is decided from the headers, before the body (up to 8 MiB of audio) is read.
  const admit = (use: 'recognize' | 'read-aloud') => ({
    onRequest: [optionalUser(sessions), async (request: FastifyRequest) => voice.admit(caller(request), use)],
  });

  // The recording is the body as recorded; its container is read from its bytes, not from this header.
  for (const type of [/^audio\//, 'application/octet-stream']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: VOICE_MAX_AUDIO_BYTES }, (_request, body, done) =>
      done(null, body),
    );
  }

  r.get(
    '/config',
    {
      schema: {
        tags,
        summary: 'Whether voice input and server read-aloud are on',
        response: { 200: okSchema(voiceConfigSchema) },
      },
    },
    async () => ok(voice.config()),
  );

  r.post(
    '/recognize',
    {
      ...admit('recognize'),
      bodyLimit: VOICE_MAX_AUDIO_BYTES,
      schema: {
        tags,
        summary: 'The text of a recording (body: WebM, Ogg Opus, WAV or MP4 audio, 1 to 60 s)',
        querystring: voiceRecognizeQuerySchema,
        response: { 200: okSchema(voiceRecognizeResultSchema) },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('audio_unrecognised');
      return ok({ text: await voice.recognize(request.body, request.query.durationMs) });
    },
  );

  // A path containing /to-audio answers the audio itself, never an envelope, when it succeeds (spec §7).
  r.post(
    '/to-audio',
    {
      ...admit('read-aloud'),
      schema: { tags, summary: 'An answer read aloud: the audio bytes (audio/mpeg)', body: toAudioRequestSchema },
    },
    async (request, reply) => {
      const audio = await voice.toAudio(request.body.text);
      return reply.type(audio.contentType).header('cache-control', 'no-store').send(audio.bytes);
    },
  );
};
