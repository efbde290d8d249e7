import { createHash, createHmac } from 'node:crypto';

/**
 * Tencent Cloud API 3.0 and its TC3-HMAC-SHA256 signature, as the "Signature v3" page documents it:
 * CanonicalRequest = POST \n / \n (empty query) \n content-type:…\nhost:…\n \n content-type;host \n sha256(body);
 * StringToSign = TC3-HMAC-SHA256 \n timestamp \n date/service/tc3_request \n sha256(CanonicalRequest);
 * the key is derived HMAC("TC3" + SecretKey, date) → service → "tc3_request"; the signature is hex.
 */
export const TC3_CONTENT_TYPE = 'application/json; charset=utf-8';
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

export function tc3CanonicalRequest(host: string, payload: string): string {
  return [
    'POST',
    '/',
    '',
    `content-type:${TC3_CONTENT_TYPE}\nhost:${host}\n`,
    'content-type;host',
    sha256Hex(payload),
  ].join('\n');
}

/** The UTC date of a timestamp in seconds (the credential scope's date). */
export const tc3Date = (timestamp: number) => new Date(timestamp * 1000).toISOString().slice(0, 10);

export function tc3StringToSign(timestamp: number, service: string, canonicalRequest: string): string {
  return [
    'TC3-HMAC-SHA256',
    String(timestamp),
    `${tc3Date(timestamp)}/${service}/tc3_request`,
    sha256Hex(canonicalRequest),
  ].join('\n');
}

export function tc3Signature(secretKey: string, timestamp: number, service: string, stringToSign: string): string {
  const secretDate = hmac(`TC3${secretKey}`, tc3Date(timestamp));
  const secretSigning = hmac(hmac(secretDate, service), 'tc3_request');
  return createHmac('sha256', secretSigning).update(stringToSign, 'utf8').digest('hex');
}

export function tc3Authorization(input: {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  timestamp: number;
  payload: string;
}): string {
  const canonical = tc3CanonicalRequest(input.host, input.payload);
  const signature = tc3Signature(
    input.secretKey,
    input.timestamp,
    input.service,
    tc3StringToSign(input.timestamp, input.service, canonical),
  );
  const scope = `${tc3Date(input.timestamp)}/${input.service}/tc3_request`;
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

/** An error the API answered in Response.Error (e.g. AuthFailure.SignatureFailure, LimitExceeded…). */
export class TencentCloudError extends Error {
  override name = 'TencentCloudError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

/**
 * One signed POST to a Tencent Cloud API; answers its Response object. Response.Error becomes a TencentCloudError;
 * a transport failure, a timeout or a non-JSON answer is thrown as it is.
 */
export async function callTencentCloud<T>(input: {
  endpoint: string;
  service: string;
  action: string;
  version: string;
  region?: string;
  secretId: string;
  secretKey: string;
  body: object;
  timeoutMs: number;
}): Promise<T> {
  const url = new URL(input.endpoint);
  const payload = JSON.stringify(input.body);
  const timestamp = Math.floor(Date.now() / 1000);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: tc3Authorization({ ...input, host: url.host, timestamp, payload }),
      'content-type': TC3_CONTENT_TYPE,
      'x-tc-action': input.action,
      'x-tc-version': input.version,
      'x-tc-timestamp': String(timestamp),
      ...(input.region ? { 'x-tc-region': input.region } : {}),
    },
    body: payload,
    signal: AbortSignal.timeout(input.timeoutMs),
  });
  const answer = (await res.json()) as { Response?: T & { Error?: { Code: string; Message: string } } };
  const error = answer.Response?.Error;
  if (error) throw new TencentCloudError(error.Code, error.Message);
  if (!res.ok || !answer.Response) throw new Error(`Tencent Cloud ${input.action}: HTTP ${res.status}`);
  return answer.Response;
}
