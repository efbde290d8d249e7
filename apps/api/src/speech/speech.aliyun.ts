import { randomUUID } from 'node:crypto';
import { aliyunRpcSignature, aliyunTimestamp } from '../cloud/aliyun-rpc.ts';
import { SpeechEndpointError, type SpeechPort } from './speech-port.ts';
import { SPEECH_SAMPLE_RATE } from './wav-pcm.ts';

export interface AliyunSpeechOptions {
  accessKeyId: string;
  accessKeySecret: string;
  /** The Intelligent Speech Interaction project's appkey (its language model is chosen in the console). */
  appKey: string;
  /** The one-sentence recognition gateway, e.g. https://nls-gateway-cn-shanghai.aliyuncs.com/stream/v1/asr */
  endpoint: string;
  /** Where tokens come from (CreateToken), e.g. https://nls-meta.cn-shanghai.aliyuncs.com */
  tokenEndpoint: string;
  region: string;
  timeoutMs: number;
}

/** A token is renewed this long before the ExpireTime it came with. */
const RENEW_BEFORE_MS = 5 * 60_000;
const SUCCESS = 20_000_000;
/** The gateway's "token invalid or expired" (40000001): a new token is fetched once and the request tried again. */
const TOKEN_REFUSED = 40_000_001;

/**
 * Alibaba Cloud Intelligent Speech Interaction, one-sentence recognition over its RESTful API: the recording (16 kHz
 * mono WAV, at most 60 s) is the body of POST {endpoint}?appkey=…&format=wav&sample_rate=16000 with the header
 * X-NLS-Token; `result` is the text when `status` is 20000000. The token comes from CreateToken (nls-meta, POP
 * version 2019-02-28), signed like SendSms (RPC style, HMAC-SHA1, cloud/aliyun-rpc.ts), kept until shortly before its
 * ExpireTime.
 */
export function createAliyunSpeech(options: AliyunSpeechOptions): SpeechPort {
  let token: { id: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function createToken(): Promise<string> {
    const params: Record<string, string> = {
      AccessKeyId: options.accessKeyId,
      Action: 'CreateToken',
      Format: 'JSON',
      RegionId: options.region,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      Timestamp: aliyunTimestamp(new Date()),
      Version: '2019-02-28',
    };
    params.Signature = aliyunRpcSignature('POST', params, options.accessKeySecret);
    let answer: { Token?: { Id?: unknown; ExpireTime?: unknown }; Code?: unknown; Message?: unknown };
    try {
      const res = await fetch(options.tokenEndpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      answer = (await res.json()) as typeof answer;
    } catch (cause) {
      throw new SpeechEndpointError('CreateToken unreachable', { cause });
    }
    const id = answer.Token?.Id;
    const expires = Number(answer.Token?.ExpireTime);
    if (typeof id !== 'string' || !id || !Number.isFinite(expires)) {
      throw new SpeechEndpointError(`CreateToken refused: ${String(answer.Code ?? 'no token')}`);
    }
    token = { id, renewAt: expires * 1000 - RENEW_BEFORE_MS };
    return id;
  }

  function currentToken(): Promise<string> {
    if (token && Date.now() < token.renewAt) return Promise.resolve(token.id);
    pending ??= createToken().finally(() => (pending = undefined));
    return pending;
  }

  async function recognize(bytes: Buffer, tokenId: string) {
    const url = new URL(options.endpoint);
    url.search = new URLSearchParams({
      appkey: options.appKey,
      format: 'wav',
      sample_rate: String(SPEECH_SAMPLE_RATE),
      enable_punctuation_prediction: 'true',
      enable_inverse_text_normalization: 'true',
    }).toString();
    let answer: { status?: unknown; result?: unknown; message?: unknown };
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'x-nls-token': tokenId, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(bytes),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      answer = (await res.json()) as typeof answer;
    } catch (cause) {
      throw new SpeechEndpointError('the recognition gateway is unreachable', { cause });
    }
    return answer;
  }

  return {
    input: 'wav16k',
    async transcribe(audio) {
      let answer = await recognize(audio.bytes, await currentToken());
      if (answer.status === TOKEN_REFUSED) {
        token = undefined;
        answer = await recognize(audio.bytes, await currentToken());
      }
      if (answer.status !== SUCCESS || typeof answer.result !== 'string') {
        throw new SpeechEndpointError(`recognition refused: ${String(answer.status)} ${String(answer.message ?? '')}`);
      }
      return answer.result.trim();
    },
  };
}
