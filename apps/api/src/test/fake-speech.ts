import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedTranscription {
  model: string | null;
  filename: string | null;
  mimeType: string | null;
  /** The uploaded file's bytes. */
  audio: Buffer;
  authorization: string | undefined;
}

export type TranscriptAnswer = string | { status: number } | 'hang';

export interface FakeSpeech {
  baseURL: string;
  transcriptions: ReceivedTranscription[];
  speeches: { body: Record<string, unknown>; authorization: string | undefined }[];
  /** What /audio/transcriptions answers next: the text, an HTTP status to fail with, or nothing ever ('hang'). */
  setTranscript(answer: TranscriptAnswer): void;
  close(): Promise<void>;
}

/** The bytes /audio/speech answers: an MP3 frame header and silence, recognisable in assertions. */
export const FAKE_SPEECH_AUDIO = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);

async function readAll(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A small HTTP server on loopback that speaks the OpenAI audio API (multipart /audio/transcriptions, JSON
 * /audio/speech), standing in for the speech endpoint in API tests and e2e journeys. It keeps what it received.
 */
export async function startFakeSpeech(initial: TranscriptAnswer = 'What does John 3:16 say'): Promise<FakeSpeech> {
  let answer = initial;
  const transcriptions: ReceivedTranscription[] = [];
  const speeches: FakeSpeech['speeches'] = [];
  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      const authorization = req.headers.authorization;
      if (req.method === 'POST' && req.url?.endsWith('/audio/transcriptions')) {
        // undici reads multipart bodies the same way it writes them.
        const form = await new Request('http://fake/', {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? '' },
          body: new Uint8Array(body),
        }).formData();
        const file = form.get('file');
        transcriptions.push({
          model: typeof form.get('model') === 'string' ? (form.get('model') as string) : null,
          filename: file instanceof File ? file.name : null,
          mimeType: file instanceof File ? file.type : null,
          audio: file instanceof File ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0),
          authorization,
        });
        if (answer === 'hang') return;
        if (typeof answer !== 'string') {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'upstream failure' } }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ text: answer }));
        return;
      }
      if (req.method === 'POST' && req.url?.endsWith('/audio/speech')) {
        speeches.push({ body: JSON.parse(body.toString('utf8')) as Record<string, unknown>, authorization });
        res.writeHead(200, { 'content-type': 'audio/mpeg' });
        res.end(FAKE_SPEECH_AUDIO);
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"not found"}}');
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    transcriptions,
    speeches,
    setTranscript(next) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
