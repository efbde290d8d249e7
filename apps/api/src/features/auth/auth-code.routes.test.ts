import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, errorCode, errorMessage, loginResultSchema } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { lastCode, manualClock, post, type TestApp } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import { knownCaptcha } from '../../test/login-modes.ts';
import { buildTestApp } from '../../test/test-app.ts';

const SEND_PATHS = {
  mobile: ['/portal/auth/sendCode', '/portal/auth/send-code-mobile'],
  mail: ['/portal/auth/sendCode-mail', '/portal/auth/send-code-mail'],
};
const loose = { CODE_SENDS_PER_IP_PER_HOUR: '100000', RISK_IP_LIMIT: '1000000', RISK_IP_BAN_AT: '1000000' };

describe.each(databaseTargets)('verification codes on $name', (target) => {
  let database: DatabaseHandle;
  let t: TestApp;
  const clock = manualClock();
  let n = 0;
  /** A fresh mainland number per test, so resend waits never cross tests. */
  const phone = () => `1380000${String(1000 + ++n)}`;
  const e164 = (p: string) => `+86${p}`;

  beforeAll(async () => {
    database = await target.open();
    t = await buildTestApp({ database, clock, env: loose });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it.each([...SEND_PATHS.mobile, ...SEND_PATHS.mail])(
    '%s sends a 6-digit code and gives the resend wait',
    async (url) => {
      const mail = url.includes('ail');
      const to = mail ? `codes${++n}@example.org` : e164(phone());
      const res = await post(t, url, mail ? { email: to } : { mobile: to });
      expect(res).toMatchObject({ code: 0, data: { resendAfterSeconds: 60 } });
      expect(lastCode(t, to)).toMatch(/^\d{6}$/);
    },
  );

  it('logs a new number in with its code, making the account, and answers the §7 login result', async () => {
    const mobile = phone();
    await post(t, '/portal/auth/send-code-mobile', { mobile });
    const res = await post(t, '/portal/auth/login', { mobile, code: lastCode(t, e164(mobile)), agree: true });
    expect(res.code).toBe(0);
    const result = loginResultSchema.parse(res.data);
    expect(result.user).toMatchObject({ phone: e164(mobile), agreementVersion: '1.0' });
    expect(result.access_token).not.toBe(result.user_token);
    expect(result.access_token.length).toBeGreaterThanOrEqual(43);
  });

  it('accepts a code at 299 s and refuses one at 301 s', async () => {
    const early = phone();
    await post(t, '/portal/auth/send-code-mobile', { mobile: early });
    const late = phone();
    await post(t, '/portal/auth/send-code-mobile', { mobile: late });
    clock.advance(299_000);
    expect(
      (await post(t, '/portal/auth/login', { mobile: early, code: lastCode(t, e164(early)), agree: true })).code,
    ).toBe(0);
    clock.advance(2_000);
    const refused = await post(t, '/portal/auth/login', { mobile: late, code: lastCode(t, e164(late)), agree: true });
    expect(refused.code).toBe(errorCode('code_invalid'));
  });

  it('uses a code once: a second login with it fails, and 20 simultaneous logins make one session', async () => {
    const mobile = phone();
    await post(t, '/portal/auth/send-code-mobile', { mobile });
    const code = lastCode(t, e164(mobile));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post(t, '/portal/auth/login', { mobile, code, agree: true })),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    // The other 19 each took a try, so the code is spent or the account locked: one answer either way, never a login.
    const again = await post(t, '/portal/auth/login', { mobile, code, agree: true });
    expect(again.code).toBe(errorCode('code_invalid'));
  });

  it("refuses A's code for B, a login code for a password reset, and a phone's code on the mail login", async () => {
    const a = phone();
    const b = phone();
    await post(t, '/portal/auth/send-code-mobile', { mobile: a });
    await post(t, '/portal/auth/send-code-mobile', { mobile: b });
    const codeA = lastCode(t, e164(a));
    const codeB = lastCode(t, e164(b));
    const asB = await post(t, '/portal/auth/login', { mobile: b, code: codeA, agree: true });
    expect(asB.code).toBe(codeA === codeB ? 0 : errorCode('code_invalid'));
    const reset = await post(t, '/portal/auth/reset-pwd', {
      mobile: a,
      code: codeA,
      password: 'Lamb0fGod7',
      repeatPassword: 'Lamb0fGod7',
    });
    expect(reset.code).toBe(errorCode('code_invalid'));
    const mail = await post(t, '/portal/auth/login-mail', { email: `${a}@example.org`, code: codeA, agree: true });
    expect(mail.code).toBe(errorCode('code_invalid'));
    // A's code still works for A: failed cross-use did not spend it.
    expect((await post(t, '/portal/auth/login', { mobile: a, code: codeA, agree: true })).code).toBe(0);
  });

  it('ends the old code when a new one is sent', async () => {
    const mobile = phone();
    await post(t, '/portal/auth/send-code-mobile', { mobile });
    const first = lastCode(t, e164(mobile));
    clock.advance(60_000);
    await post(t, '/portal/auth/sendCode', { mobile });
    const second = lastCode(t, e164(mobile));
    if (first !== second) {
      expect((await post(t, '/portal/auth/login', { mobile, code: first, agree: true })).code).toBe(
        errorCode('code_invalid'),
      );
    }
    expect((await post(t, '/portal/auth/login', { mobile, code: second, agree: true })).code).toBe(0);
  });

  it('keeps one 60 s wait per account across all four paths and every spelling; another address needs a captcha', async () => {
    const mobile = phone();
    expect((await post(t, '/portal/auth/send-code-mobile', { mobile }, { ip: '10.0.0.1' })).code).toBe(0);
    const spellings = [
      `+86 ${mobile}`,
      `0086${mobile}`,
      `86-${mobile}`,
      mobile.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))),
    ];
    for (const [i, spelling] of spellings.entries()) {
      for (const url of SEND_PATHS.mobile) {
        const body = { mobile: spelling, purpose: i % 2 ? 'reset_password' : 'login' };
        const same = await post(t, url, body, { ip: '10.0.0.1' });
        expect(same.code, `${url} ${spelling}`).toBe(errorCode('code_send_too_frequent'));
        // Within the account's wait, an address that has not asked for it is asked for a captcha, not refused.
        const other = await post(t, url, body, { ip: `10.0.${i}.9` });
        expect(other.code, `${url} ${spelling}`).toBe(errorCode('code_captcha_required'));
      }
    }
    const email = `Wait${++n}@Example.org`;
    expect((await post(t, '/portal/auth/send-code-mail', { email })).code).toBe(0);
    for (const spelling of [email.toLowerCase(), ` ${email.toUpperCase()} `, email.replace('@', '＠')]) {
      for (const url of SEND_PATHS.mail) {
        expect((await post(t, url, { email: spelling })).code).toBe(errorCode('code_send_too_frequent'));
        expect((await post(t, url, { email: spelling }, { ip: '10.9.9.9' })).code).toBe(
          errorCode('code_captcha_required'),
        );
      }
    }
    expect(t.container.accounts.outbox.list(e164(mobile))).toHaveLength(1);
    clock.advance(60_000);
    expect((await post(t, '/portal/auth/sendCode', { mobile: `+86 ${mobile}` }, { ip: '10.0.0.1' })).code).toBe(0);
  });

  it('sends at most 10 codes an hour to one account from one address, and 30 from all of them', async () => {
    const mobile = phone();
    const own: number[] = [];
    for (let i = 0; i < 11; i++) {
      own.push((await post(t, '/portal/auth/send-code-mobile', { mobile }, { ip: '10.1.0.1' })).code);
      clock.advance(61_000);
    }
    expect(own).toEqual([...Array(10).fill(0), errorCode('code_send_too_frequent')]);
    const others: number[] = [];
    for (let i = 0; i < 21; i++) {
      others.push((await post(t, '/portal/auth/send-code-mobile', { mobile }, { ip: `10.1.1.${i}` })).code);
      clock.advance(61_000);
    }
    // 10 + 20 reach the account's ceiling; past it a new address needs a captcha, and one that asked before is refused.
    expect(others).toEqual([...Array(20).fill(0), errorCode('code_captcha_required')]);
    expect((await post(t, '/portal/auth/send-code-mobile', { mobile }, { ip: '10.1.1.0' })).code).toBe(
      errorCode('code_send_too_frequent'),
    );
    const captcha = await knownCaptcha(t, 'Qm7Kx2', 'code');
    const withCaptcha = { mobile, key: captcha.key, captcha: captcha.captcha };
    expect((await post(t, '/portal/auth/send-code-mobile', withCaptcha, { ip: '10.1.2.1' })).code).toBe(0);
    expect(t.container.accounts.outbox.list(e164(mobile))).toHaveLength(31);
  });

  it('counts 50 simultaneous wrong guesses: no more than 5 are evaluated and the code is dead after', async () => {
    const mobile = phone();
    await post(t, '/portal/auth/send-code-mobile', { mobile });
    const code = lastCode(t, e164(mobile));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(t, '/portal/auth/login', { mobile, code: wrong, agree: true }, { ip: `10.2.0.${i}` }),
      ),
    );
    expect(answers.every((a) => a.code !== 0)).toBe(true);
    const evaluated = await t.container.accounts.repositories.codes.attemptsFor({
      channel: 'mobile',
      identifier: e164(mobile),
      purpose: 'login',
    });
    expect(evaluated).toBe(5);
    // The lock refuses the rest; the code itself is spent too.
    expect((await post(t, '/portal/auth/login', { mobile, code, agree: true })).code).not.toBe(0);
  });

  it('sends at most 10 codes an hour from one address, to any accounts', async () => {
    const strict = await buildTestApp({ database, clock, env: { RISK_IP_LIMIT: '1000000' } });
    try {
      const answers = [];
      for (let i = 0; i < 11; i++) {
        answers.push(
          (await post(strict, '/portal/auth/send-code-mobile', { mobile: phone() }, { ip: '10.4.0.1' })).code,
        );
      }
      expect(answers).toEqual([...Array(10).fill(0), errorCode('code_send_too_frequent')]);
      expect((await post(strict, '/portal/auth/send-code-mobile', { mobile: phone() }, { ip: '10.4.0.2' })).code).toBe(
        0,
      );
    } finally {
      await strict.app.close();
    }
  });

  it('degrades one region when its sends pass the hourly cap, never the others', async () => {
    const capped = await buildTestApp({ database, clock, env: { ...loose, CODE_SENDS_PER_REGION_PER_HOUR: '3' } });
    clock.advance(3_600_001); // a fresh hour: the earlier tests' sends counted in these regions too
    try {
      const hongKong = (i: number) => `+852 5123 ${String(4000 + n * 10 + i)}`;
      const answers = [];
      for (let i = 0; i < 4; i++) {
        answers.push(
          (await post(capped, '/portal/auth/send-code-mobile', { mobile: hongKong(i) }, { ip: `10.5.0.${i}` })).code,
        );
      }
      expect(answers).toEqual([0, 0, 0, errorCode('high_traffic')]);
      expect((await post(capped, '/portal/auth/send-code-mobile', { mobile: phone() })).code).toBe(0);
      expect((await post(capped, '/portal/auth/send-code-mail', { email: `region${++n}@example.org` })).code).toBe(0);
    } finally {
      await capped.app.close();
    }
  });

  it('refuses invalid numbers and regions the SMS provider is not enabled for', async () => {
    expect((await post(t, '/portal/auth/send-code-mobile', { mobile: '12345' })).code).toBe(errorCode('invalid_phone'));
    expect((await post(t, '/portal/auth/send-code-mobile', { mobile: '+44 7700 900123' })).code).toBe(
      errorCode('phone_region_unsupported'),
    );
    expect((await post(t, '/portal/auth/send-code-mail', { email: '"a@evil.example"@example.org' })).code).toBe(
      errorCode('invalid_email'),
    );
  });

  it('accepts only the canonical six digits: a spaced or full-width spelling of the right code is wrong', async () => {
    const mobile = phone();
    await post(t, '/portal/auth/send-code-mobile', { mobile });
    const code = lastCode(t, e164(mobile));
    const fullWidth = code.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d)));
    for (const spelling of [` ${code}`, `${code.slice(0, 3)} ${code.slice(3)}`, fullWidth]) {
      const res = await post(t, '/portal/auth/login', { mobile, code: spelling, agree: true });
      expect(res.code, spelling).toBe(errorCode('code_invalid'));
    }
    expect((await post(t, '/portal/auth/login', { mobile, code, agree: true })).code).toBe(0);
  });

  it('answers never requested, wrong, expired, used, out of tries and locked alike: one code, one message', async () => {
    const strict = await buildTestApp({
      database,
      clock,
      env: { ...loose, AUTH_FAILURES_PER_HOUR: '3', CODE_MAX_ATTEMPTS: '2' },
    });
    try {
      const login = (mobile: string, code: string) =>
        post(strict, '/portal/auth/login', { mobile, code, agree: true }, { locale: 'en' });
      const sent = async () => {
        const mobile = phone();
        await post(strict, '/portal/auth/send-code-mobile', { mobile });
        return { mobile, code: lastCode(strict, e164(mobile)) };
      };
      const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const answers: Record<string, { code: number; msg: string }> = {};
      answers.neverRequested = await login(phone(), '123456');
      const wrong = await sent();
      answers.wrong = await login(wrong.mobile, other(wrong.code));
      const used = await sent();
      expect((await login(used.mobile, used.code)).code).toBe(0);
      answers.used = await login(used.mobile, used.code);
      const spent = await sent();
      for (let i = 0; i < 2; i++) await login(spent.mobile, other(spent.code));
      const expired = await sent();
      const locked = await sent();
      // Three wrong tries from elsewhere lock the account; its right code is refused from that address too.
      for (let i = 0; i < 3; i++)
        await post(
          strict,
          '/portal/auth/login',
          { mobile: locked.mobile, code: other(locked.code), agree: true },
          { ip: '10.66.0.1' },
        );
      answers.locked = await post(
        strict,
        '/portal/auth/login',
        { mobile: locked.mobile, code: locked.code, agree: true },
        { ip: '10.66.0.1', locale: 'en' },
      );
      clock.advance(301_000);
      answers.expired = await login(expired.mobile, expired.code);
      answers.outOfTries = await login(spent.mobile, spent.code);
      const distinct = new Set(Object.values(answers).map((a) => `${a.code} ${a.msg}`));
      expect([...distinct]).toEqual([`${errorCode('code_invalid')} ${errorMessage('code_invalid', 'en')}`]);
    } finally {
      await strict.app.close();
    }
  });

  it.each(LOCALES)('answers the §5 messages of the code login in %s', async (locale) => {
    const call = (url: string, body: object) => post(t, url, body, { locale });
    expect((await call('/portal/auth/login', {})).msg).toBe(errorMessage('phone_required', locale));
    expect((await call('/portal/auth/login', { mobile: phone() })).msg).toBe(errorMessage('sms_code_required', locale));
    expect((await call('/portal/auth/login', { mobile: phone(), code: '123456' })).msg).toBe(
      errorMessage('agreement_required', locale),
    );
    expect((await call('/portal/auth/login-mail', {})).msg).toBe(errorMessage('email_required', locale));
    expect((await call('/portal/auth/login-mail', { email: 'a@b.co' })).msg).toBe(
      errorMessage('code_required', locale),
    );
    expect((await call('/portal/auth/send-code-mobile', { mobile: ' ' })).msg).toBe(
      errorMessage('phone_required', locale),
    );
    expect((await call('/portal/auth/login', { mobile: phone(), code: '000000', agree: true })).msg).toBe(
      errorMessage('code_invalid', locale),
    );
  });
});
