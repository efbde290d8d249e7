import { createHmac } from 'node:crypto';

/**
 * Alibaba Cloud's RPC-style request signature (SignatureMethod HMAC-SHA1, SignatureVersion 1.0), as its
 * "Signature mechanism" page documents it: sort every parameter but Signature by name, percent-encode names and
 * values per RFC 3986 (space as %20, `*` as %2A, `~` kept), join them with = and &, then sign
 * `METHOD&%2F&` + percentEncode(that string) with HMAC-SHA1 keyed by AccessKeySecret + "&", in Base64.
 */
export function aliyunPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function aliyunCanonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${aliyunPercentEncode(name)}=${aliyunPercentEncode(params[name]!)}`)
    .join('&');
}

export function aliyunStringToSign(method: 'GET' | 'POST', params: Record<string, string>): string {
  return `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(aliyunCanonicalQuery(params))}`;
}

export function aliyunRpcSignature(method: 'GET' | 'POST', params: Record<string, string>, secret: string): string {
  return createHmac('sha1', `${secret}&`).update(aliyunStringToSign(method, params), 'utf8').digest('base64');
}

/** yyyy-MM-ddTHH:mm:ssZ in UTC, the Timestamp form the RPC style takes. */
export const aliyunTimestamp = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');
