import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeGeetest,
  startFakeTencentCloud,
  type FakeGeetest,
  type FakeTencentCloud,
} from '../test/fake-providers.ts';
import { CaptchaProviderError, createImageCaptcha } from './captcha.ts';
import { createGeetestCaptcha } from './captcha.geetest.ts';
import { createTencentCaptcha } from './captcha.tencent.ts';

const CLOUD = { secretId: 'AKIDcaptchaTest0001', secretKey: 'captcha-cloud-secret-0001' };
const APP = { appId: '190000001', appSecretKey: 'app-secret-key-0001' };
const GEETEST = { captchaId: '647f5ed2ed8acb4be36784e01556bb71', captchaKey: 'b09a7aafbfd83f73b35a9b530d0337bf' };

describe('the built-in image captcha', () => {
  const provider = createImageCaptcha();

  it('draws six characters into a PNG (no vector glyphs leave the server) and checks them case-blind', async () => {
    const { image, stored, answer } = await provider.challenge();
    expect(answer).toMatch(/^[0-9A-Za-z]{6}$/);
    expect(image).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(image.split(',')[1]!, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([400, 128]);
    expect(await provider.passes(answer!.toUpperCase(), stored, '')).toBe(true);
    expect(await provider.passes(` ${answer!.toLowerCase()} `, stored, '')).toBe(true);
    expect(await provider.passes(answer!.slice(0, 5), stored, '')).toBe(false);
    expect(await provider.passes('', stored, '')).toBe(false);
  });

  it('draws a different answer and image each time', async () => {
    const drawn = await Promise.all(Array.from({ length: 5 }, () => provider.challenge()));
    expect(new Set(drawn.map((d) => d.answer)).size).toBe(5);
    expect(new Set(drawn.map((d) => d.image)).size).toBe(5);
  });
});

describe('Tencent Captcha against a loopback DescribeCaptchaResult that checks the TC3 signature', () => {
  let fake: FakeTencentCloud;
  const provider = (over: { secretKey?: string; appSecretKey?: string } = {}) =>
    createTencentCaptcha({
      provider: 'tencent',
      ...CLOUD,
      ...APP,
      ...over,
      endpoint: fake.url,
    });
  const stored = async () => (await provider().challenge()).stored;

  beforeAll(async () => {
    fake = await startFakeTencentCloud({ ...CLOUD, captcha: APP });
  });
  afterAll(() => fake.close());

  it("passes the widget's ticket once, sending the user's address", async () => {
    const ticket = fake.issueTicket();
    expect(await provider().passes(JSON.stringify(ticket), await stored(), '203.0.113.7')).toBe(true);
    expect(fake.accepted.at(-1)?.body).toMatchObject({
      CaptchaType: 9,
      UserIp: '203.0.113.7',
      CaptchaAppId: 190000001,
    });
    expect(await provider().passes(JSON.stringify(ticket), await stored(), '203.0.113.7')).toBe(false);
  });

  it('fails a ticket with another randstr, an unknown ticket and an answer that is not a ticket', async () => {
    const { ticket } = fake.issueTicket();
    expect(await provider().passes(JSON.stringify({ ticket, randstr: '@000000' }), await stored(), '203.0.113.7')).toBe(
      false,
    );
    expect(
      await provider().passes(JSON.stringify({ ticket: 'tr0forged', randstr: '@1' }), await stored(), '1.2.3.4'),
    ).toBe(false);
    expect(await provider().passes('k7PQ', await stored(), '1.2.3.4')).toBe(false);
  });

  it('is an operator fault, not a wrong answer, when our API secret or app secret key is wrong', async () => {
    const ticket = JSON.stringify(fake.issueTicket());
    await expect(provider({ secretKey: 'wrong' }).passes(ticket, await stored(), '1.2.3.4')).rejects.toBeInstanceOf(
      CaptchaProviderError,
    );
    expect(fake.refused.at(-1)).toBe('AuthFailure.SignatureFailure');
    await expect(provider({ appSecretKey: 'wrong' }).passes(ticket, await stored(), '1.2.3.4')).rejects.toThrow(/100/);
  });
});

describe('GeeTest v4 against a loopback /validate that checks sign_token', () => {
  let fake: FakeGeetest;
  const provider = (captchaKey = GEETEST.captchaKey, captchaId = GEETEST.captchaId) =>
    createGeetestCaptcha({ provider: 'geetest', captchaId, captchaKey, endpoint: fake.url });
  const stored = async () => (await provider().challenge()).stored;

  beforeAll(async () => {
    fake = await startFakeGeetest(GEETEST);
  });
  afterAll(() => fake.close());

  it("passes the widget's result once", async () => {
    const result = fake.issueResult();
    expect(await provider().passes(JSON.stringify(result), await stored(), '1.2.3.4')).toBe(true);
    expect(fake.accepted.at(-1)).toMatchObject({ lot_number: result.lot_number });
    expect(await provider().passes(JSON.stringify(result), await stored(), '1.2.3.4')).toBe(false);
  });

  it('fails an altered result, and every result when our captcha key is wrong', async () => {
    const result = fake.issueResult();
    const altered = { ...result, pass_token: result.pass_token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) };
    expect(await provider().passes(JSON.stringify(altered), await stored(), '1.2.3.4')).toBe(false);
    expect(await provider(`${GEETEST.captchaKey}0`).passes(JSON.stringify(result), await stored(), '1.2.3.4')).toBe(
      false,
    );
    expect(await provider().passes(JSON.stringify(result), await stored(), '1.2.3.4')).toBe(true);
  });

  it('is an operator fault when GeeTest refuses the call itself (an unknown captcha id)', async () => {
    const result = JSON.stringify(fake.issueResult());
    await expect(
      provider(GEETEST.captchaKey, 'not-our-id').passes(result, await stored(), '1.2.3.4'),
    ).rejects.toBeInstanceOf(CaptchaProviderError);
  });
});
