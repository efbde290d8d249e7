import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

export const GOOGLE_TEST_CLIENT_ID = 'test-client.apps.googleusercontent.com';

/** A stand-in for Google's key set on loopback, and a signer for ID tokens it vouches for. */
export async function startGoogleKeys() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/certs`,
    /** An ID token as Google would issue it at `now`; claims override the defaults. */
    sign(now: Date, claims: JWTPayload & Record<string, unknown> = {}, options: { foreignKey?: boolean } = {}) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({
        iss: 'https://accounts.google.com',
        aud: GOOGLE_TEST_CLIENT_ID,
        sub: '1234567890',
        email: 'ruth@gmail.com',
        email_verified: true,
        name: 'Ruth',
        iat,
        exp: iat + 3600,
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'JWT' })
        .sign(options.foreignKey ? stranger.privateKey : privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type GoogleKeys = Awaited<ReturnType<typeof startGoogleKeys>>;
