import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Loopback stand-ins for Alibaba Cloud SMS, Tencent Cloud (SMS and Captcha) and GeeTest v4. Each checks a request
 * the way its provider documents it, recomputing the signature with its own code (not the adapters'), and answers
 * in the provider's shapes. `next` picks the answer to the next accepted request.
 */
interface Loopback {
  url: string;
  close(): Promise<void>;
}

async function listen(
  handler: (req: http.IncomingMessage, body: string, raw: Buffer) => { status: number; json: unknown },
  /** How long to wait before each answer (a provider's round trip). */
  delayMs: () => number = () => 0,
) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const { status, json } = handler(req, raw.toString('utf8'), raw);
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
        res.end(JSON.stringify(json));
      }, delayMs());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies Loopback;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** RFC 3986 as Alibaba's signature page spells it out: unreserved characters kept, everything else %XY. */
const rfc3986 = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((byte) => {
      const c = String.fromCharCode(byte);
      return /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

/**
 * An Alibaba Cloud RPC-style request (form body, HMAC-SHA1 signature version 1.0) checked as the signature page says:
 * the AccessKey, the signature recomputed here, the method and version, a fresh timestamp and an unused nonce. The
 * refusal's code and message, or undefined when it passes.
 */
function checkAliyunRpc(
  params: Record<string, string>,
  keys: { accessKeyId: string; accessKeySecret: string },
  nonces: Set<string>,
): { status: number; code: string; message: string } | undefined {
  if (params.AccessKeyId !== keys.accessKeyId) {
    return { status: 404, code: 'InvalidAccessKeyId.NotFound', message: 'Specified access key is not found.' };
  }
  const canonical = Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${rfc3986(k)}=${rfc3986(params[k]!)}`)
    .join('&');
  const stringToSign = `POST&${rfc3986('/')}&${rfc3986(canonical)}`;
  const expected = createHmac('sha1', `${keys.accessKeySecret}&`).update(stringToSign).digest('base64');
  if (!sameText(expected, params.Signature ?? '')) {
    return {
      status: 400,
      code: 'SignatureDoesNotMatch',
      message: 'Specified signature is not matched with our calculation.',
    };
  }
  if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0') {
    return { status: 400, code: 'InvalidParameter', message: 'SignatureMethod or SignatureVersion' };
  }
  const at = Date.parse(params.Timestamp ?? '');
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(params.Timestamp ?? '') || Math.abs(Date.now() - at) > 15 * 60_000) {
    return { status: 400, code: 'InvalidTimeStamp.Expired', message: 'Specified time stamp or date value is expired.' };
  }
  if (!params.SignatureNonce || nonces.has(params.SignatureNonce)) {
    return { status: 400, code: 'SignatureNonceUsed', message: 'Specified signature nonce was used already.' };
  }
  nonces.add(params.SignatureNonce);
  return undefined;
}

export type AliyunAnswer = 'ok' | 'throttled' | 'bad_template';

/** dysmsapi SendSms (RPC style, HMAC-SHA1) for one AccessKey pair. */
export async function startFakeAliyunSms(keys: { accessKeyId: string; accessKeySecret: string }) {
  const nonces = new Set<string>();
  const fake = {
    next: 'ok' as AliyunAnswer,
    /** The provider's round trip: how long each answer takes. */
    delayMs: 0,
    /** Every request whose signature was right, with its parameters. */
    accepted: [] as Record<string, string>[],
    refused: [] as string[],
  };
  const refuse = (status: number, code: string, message: string) => {
    fake.refused.push(code);
    return { status, json: { RequestId: randomUUID(), HostId: 'dysmsapi.aliyuncs.com', Code: code, Message: message } };
  };
  const loopback = await listen(
    (req, body) => {
      const params = Object.fromEntries(new URLSearchParams(body));
      if (req.method !== 'POST') return refuse(400, 'UnsupportedHTTPMethod', 'POST expected here');
      const refusal = checkAliyunRpc(params, keys, nonces);
      if (refusal) return refuse(refusal.status, refusal.code, refusal.message);
      if (params.Action !== 'SendSms' || params.Version !== '2017-05-25') {
        return refuse(400, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
      }
      fake.accepted.push(params);
      const requestId = randomUUID();
      if (fake.next === 'throttled') {
        return {
          status: 200,
          json: { RequestId: requestId, Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发号码天级流控Permits:10' },
        };
      }
      if (fake.next === 'bad_template') {
        return {
          status: 200,
          json: { RequestId: requestId, Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '模板不合法(不存在或被拉黑)' },
        };
      }
      return { status: 200, json: { RequestId: requestId, Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` } };
    },
    () => fake.delayMs,
  );
  return Object.assign(fake, loopback);
}
export type FakeAliyunSms = Awaited<ReturnType<typeof startFakeAliyunSms>>;

export type TencentSmsAnswer = 'ok' | 'throttled' | 'bad_template';

/**
 * Tencent Cloud API 3.0 for one SecretId/SecretKey: SendSms (sms, 2021-01-11) and DescribeCaptchaResult
 * (captcha, 2019-07-22). Tickets for the captcha come from issueTicket(), as the web widget would hand them out.
 */
export async function startFakeTencentCloud(keys: {
  secretId: string;
  secretKey: string;
  captcha?: { appId: string; appSecretKey: string };
}) {
  const tickets = new Map<string, { randstr: string; used: boolean }>();
  const fake = {
    next: 'ok' as TencentSmsAnswer,
    /** What SentenceRecognition answers as the Result. */
    transcript: '约翰福音三章十六节说什么',
    /** Each recognition it took: the engine, the format and the audio (decoded from Base64). */
    recognitions: [] as { engine: string; format: string; audio: Buffer }[],
    accepted: [] as { action: string; body: Record<string, unknown> }[],
    refused: [] as string[],
    issueTicket() {
      const ticket = `tr0${randomBytes(24).toString('base64url')}`;
      const randstr = `@${randomBytes(3).toString('hex')}`;
      tickets.set(ticket, { randstr, used: false });
      return { ticket, randstr };
    },
  };
  const requestId = () => randomUUID();
  const error = (code: string, message: string) => {
    fake.refused.push(code);
    return { status: 200, json: { Response: { Error: { Code: code, Message: message }, RequestId: requestId() } } };
  };
  const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
  const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();

  const loopback = await listen((req, body) => {
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([a-z]+)\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(
        String(req.headers.authorization ?? ''),
      );
    if (!auth) return error('AuthFailure.SignatureFailure', 'The Authorization header is malformed.');
    const [, secretId, date, service, signedHeaders, signature] = auth as unknown as string[];
    if (secretId !== keys.secretId) return error('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    const timestamp = Number(req.headers['x-tc-timestamp']);
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) {
      return error('AuthFailure.SignatureExpire', 'Signature expired.');
    }
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) {
      return error('AuthFailure.SignatureFailure', 'The credential date is not the timestamp’s UTC date.');
    }
    const names = signedHeaders!.split(';');
    if (!names.includes('content-type') || !names.includes('host')) {
      return error('AuthFailure.SignatureFailure', 'content-type and host must be signed.');
    }
    const canonicalHeaders = names
      .map(
        (n) =>
          `${n}:${String(req.headers[n] ?? '')
            .trim()
            .toLowerCase()}\n`,
      )
      .join('');
    const canonical = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256(body)].join('\n');
    const toSign = ['TC3-HMAC-SHA256', String(timestamp), `${date}/${service}/tc3_request`, sha256(canonical)].join(
      '\n',
    );
    const signing = hmac(hmac(hmac(`TC3${keys.secretKey}`, date!), service!), 'tc3_request');
    if (!sameText(createHmac('sha256', signing).update(toSign).digest('hex'), signature!)) {
      return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    }
    const action = String(req.headers['x-tc-action'] ?? '');
    const version = String(req.headers['x-tc-version'] ?? '');
    const parsed = JSON.parse(body) as Record<string, unknown>;
    if (service === 'sms' && action === 'SendSms' && version === '2021-01-11') {
      fake.accepted.push({ action, body: parsed });
      const phone = (parsed.PhoneNumberSet as string[] | undefined)?.[0] ?? '';
      const status = (Code: string, Message: string) => ({
        status: 200,
        json: {
          Response: {
            SendStatusSet: [
              {
                SerialNo: `2433:${Date.now()}`,
                PhoneNumber: phone,
                Fee: 1,
                SessionContext: '',
                Code,
                Message,
                IsoCode: 'CN',
              },
            ],
            RequestId: requestId(),
          },
        },
      });
      if (fake.next === 'throttled') {
        return status(
          'LimitExceeded.PhoneNumberDailyLimit',
          'the number of SMS messages sent from a single mobile number every day exceeds the upper limit',
        );
      }
      if (fake.next === 'bad_template') {
        return status(
          'FailedOperation.TemplateIncorrectOrUnapproved',
          'template is not approved or request content does not match the approved template content',
        );
      }
      return status('Ok', 'send success');
    }
    if (service === 'captcha' && action === 'DescribeCaptchaResult' && version === '2019-07-22' && keys.captcha) {
      fake.accepted.push({ action, body: parsed });
      const answer = (CaptchaCode: number, CaptchaMsg: string) => ({
        status: 200,
        json: { Response: { CaptchaCode, CaptchaMsg, EvilLevel: 0, GetCaptchaTime: 0, RequestId: requestId() } },
      });
      if (parsed.CaptchaType !== 9 || typeof parsed.UserIp !== 'string' || !parsed.UserIp) {
        return error('MissingParameter', 'CaptchaType and UserIp are required.');
      }
      if (String(parsed.CaptchaAppId) !== keys.captcha.appId) return answer(16, 'appid-ticket mismatch');
      if (parsed.AppSecretKey !== keys.captcha.appSecretKey) return answer(100, 'appsecretkey-ticket mismatch');
      const ticket = tickets.get(String(parsed.Ticket));
      if (!ticket) return answer(15, 'decrypt fail');
      if (ticket.randstr !== parsed.Randstr) return answer(7, 'captcha no match');
      if (ticket.used) return answer(9, 'ticket reused');
      ticket.used = true;
      return answer(1, 'OK');
    }
    if (service === 'asr' && action === 'SentenceRecognition' && version === '2019-06-14') {
      fake.accepted.push({
        action,
        body: { ...parsed, Data: `<${String(parsed.Data ?? '').length} Base64 characters>` },
      });
      const data = typeof parsed.Data === 'string' ? parsed.Data : '';
      if (parsed.SourceType !== 1 || !data || typeof parsed.EngSerViceType !== 'string') {
        return error('InvalidParameter', 'SourceType 1 needs Data, and EngSerViceType is required.');
      }
      if (
        !['wav', 'pcm', 'ogg-opus', 'speex', 'silk', 'mp3', 'm4a', 'aac', 'amr'].includes(String(parsed.VoiceFormat))
      ) {
        return error('InvalidParameterValue', 'VoiceFormat is not supported.');
      }
      if (data.length > 3 * 1024 * 1024) return error('FailedOperation.ErrorDownFile', 'Audio over 3 MB.');
      const audio = Buffer.from(data, 'base64');
      if (audio.length !== parsed.DataLen) return error('InvalidParameterValue', 'DataLen is not the length of Data.');
      fake.recognitions.push({ engine: parsed.EngSerViceType, format: String(parsed.VoiceFormat), audio });
      // 16-bit mono at 16 kHz: its length in ms from the bytes after the header.
      const durationMs = Math.round(((audio.length - 44) / 32_000) * 1000);
      return {
        status: 200,
        json: {
          Response: {
            Result: fake.transcript,
            AudioDuration: durationMs,
            WordSize: 0,
            WordList: null,
            RequestId: requestId(),
          },
        },
      };
    }
    return error('InvalidAction', `${service} ${action} ${version} is not served here.`);
  });
  return Object.assign(fake, loopback);
}
export type FakeTencentCloud = Awaited<ReturnType<typeof startFakeTencentCloud>>;

/** GeeTest v4's secondary validation (/validate) for one captcha id and key. */
export async function startFakeGeetest(keys: { captchaId: string; captchaKey: string }) {
  const lots = new Map<
    string,
    { lot_number: string; captcha_output: string; pass_token: string; gen_time: string; used: boolean }
  >();
  const fake = {
    accepted: [] as Record<string, string>[],
    /** What the web widget's getValidate() hands the page after a solved challenge. */
    issueResult() {
      const lot_number = randomBytes(16).toString('hex');
      const result = {
        lot_number,
        captcha_output: randomBytes(48).toString('base64url'),
        pass_token: randomBytes(32).toString('hex'),
        gen_time: String(Math.floor(Date.now() / 1000)),
      };
      lots.set(lot_number, { ...result, used: false });
      return result;
    },
  };
  const loopback = await listen((req, body) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const form = Object.fromEntries(new URLSearchParams(body));
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/validate' || req.method !== 'POST') {
      return { status: 404, json: { status: 'error', code: '-50000', msg: 'not found' } };
    }
    if (query.get('captcha_id') !== keys.captchaId) {
      return { status: 200, json: { status: 'error', code: '-50005', msg: 'illegal captcha_id' } };
    }
    fake.accepted.push(form);
    const fail = (reason: string) => ({
      status: 200,
      json: { status: 'success', result: 'fail', reason, captcha_args: {} },
    });
    const sign = createHmac('sha256', keys.captchaKey)
      .update(form.lot_number ?? '')
      .digest('hex');
    if (!sameText(sign, form.sign_token ?? '')) return fail('sign_token error');
    const lot = lots.get(form.lot_number ?? '');
    if (!lot) return fail('lot_number not exist');
    if (lot.used) return fail('pass_token used');
    if (
      lot.captcha_output !== form.captcha_output ||
      lot.pass_token !== form.pass_token ||
      lot.gen_time !== form.gen_time
    ) {
      return fail('pass_token error');
    }
    lot.used = true;
    return {
      status: 200,
      json: {
        status: 'success',
        result: 'success',
        reason: '',
        captcha_args: { used_type: 'slide', lot_number: lot.lot_number },
      },
    };
  });
  return Object.assign(fake, loopback);
}
export type FakeGeetest = Awaited<ReturnType<typeof startFakeGeetest>>;

/**
 * Alibaba Cloud Intelligent Speech Interaction for one AccessKey pair and one project appkey: CreateToken (POST / on
 * the nls-meta host, RPC style, its signature checked as checkAliyunRpc does) and one-sentence recognition (POST
 * /stream/v1/asr on the gateway, the token in X-NLS-Token, the audio as the body). Both on one loopback port.
 */
export async function startFakeAliyunNls(keys: { accessKeyId: string; accessKeySecret: string; appKey: string }) {
  const nonces = new Set<string>();
  const tokens = new Map<string, number>();
  const fake = {
    transcript: '约翰福音三章十六节说什么',
    /** How long a token lasts (its ExpireTime is now plus this). */
    tokenTtlMs: 24 * 3_600_000,
    tokensIssued: 0,
    /** Each recognition it took: its query and the audio. */
    recognitions: [] as { query: Record<string, string>; audio: Buffer }[],
    refused: [] as string[],
    /** Ends every token issued so far (as an expiry would). */
    expireTokens() {
      tokens.clear();
    },
  };
  const loopback = await listen((req, body, raw) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST' && url.pathname === '/') {
      const params = Object.fromEntries(new URLSearchParams(body));
      const refusal = checkAliyunRpc(params, keys, nonces);
      if (refusal) {
        fake.refused.push(refusal.code);
        return {
          status: refusal.status,
          json: { RequestId: randomUUID(), Code: refusal.code, Message: refusal.message },
        };
      }
      if (params.Action !== 'CreateToken' || params.Version !== '2019-02-28' || !params.RegionId) {
        fake.refused.push('InvalidAction.NotFound');
        return { status: 400, json: { Code: 'InvalidAction.NotFound', Message: 'Specified api is not found.' } };
      }
      const id = randomBytes(16).toString('hex');
      const expireTime = Math.floor((Date.now() + fake.tokenTtlMs) / 1000);
      tokens.set(id, expireTime * 1000);
      fake.tokensIssued += 1;
      return {
        status: 200,
        json: {
          NlsRequestId: randomUUID(),
          RequestId: randomUUID(),
          ErrMsg: '',
          Token: { Id: id, ExpireTime: expireTime, UserId: '1234567890' },
        },
      };
    }
    if (req.method === 'POST' && url.pathname === '/stream/v1/asr') {
      const query = Object.fromEntries(url.searchParams);
      const task_id = randomBytes(16).toString('hex');
      const token = String(req.headers['x-nls-token'] ?? '');
      const until = tokens.get(token);
      if (!until || until < Date.now()) {
        fake.refused.push('40000001');
        return {
          status: 403,
          json: {
            task_id,
            result: '',
            status: 40000001,
            message: `Gateway:ACCESS_DENIED:The token '${token}' is invalid!`,
          },
        };
      }
      if (query.appkey !== keys.appKey) {
        fake.refused.push('40020105');
        return {
          status: 400,
          json: { task_id, result: '', status: 40020105, message: 'Meta:APPKEY_NOT_EXIST:Appkey not exist!' },
        };
      }
      const wav = raw.toString('latin1', 0, 4) === 'RIFF' && raw.toString('latin1', 8, 12) === 'WAVE';
      if ((query.format ?? 'pcm') === 'wav' && !wav) {
        fake.refused.push('40000009');
        return { status: 400, json: { task_id, result: '', status: 40000009, message: 'Invalid wav header!' } };
      }
      if (!['8000', '16000'].includes(query.sample_rate ?? '16000')) {
        fake.refused.push('40000003');
        return { status: 400, json: { task_id, result: '', status: 40000003, message: 'PARAMETER_INVALID' } };
      }
      fake.recognitions.push({ query, audio: raw });
      return { status: 200, json: { task_id, result: fake.transcript, status: 20000000, message: 'SUCCESS' } };
    }
    return { status: 404, json: { Code: 'NotFound' } };
  });
  return Object.assign(fake, loopback);
}
export type FakeAliyunNls = Awaited<ReturnType<typeof startFakeAliyunNls>>;
