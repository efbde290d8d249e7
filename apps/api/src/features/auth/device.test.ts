import { describe, expect, it } from 'vitest';
import { describeAddress, readUserAgent } from './device.ts';

describe('the device a QR login asks from', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'chrome',
      'linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'edge',
      'windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'safari',
      'macos',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'safari',
      'ios',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'firefox', 'windows'],
    [
      'Mozilla/5.0 (Linux; Android 14; 23127PN0CC) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160117 MMWEBSDK/20240404 MicroMessenger/8.0.49.2600(0x28003133) NetType/WIFI Language/zh_CN',
      'wechat',
      'android',
    ],
    [
      'Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 Mobile Safari/537.36',
      'chrome',
      'harmonyos',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      'chrome',
      'chromeos',
    ],
    ['curl/8.5.0', 'other', 'other'],
    ['<script>alert(1)</script>', 'other', 'other'],
    ['', 'other', 'other'],
  ])('reads %j', (ua, browser, os) => {
    expect(readUserAgent(ua)).toEqual({ browser, os });
  });

  it.each([
    ['127.0.0.1', 'local', '127.0.0.*'],
    ['::1', 'local', '::1'],
    ['::ffff:192.168.1.20', 'private', '192.168.1.*'],
    ['10.7.7.7', 'private', '10.7.7.*'],
    ['172.20.1.2', 'private', '172.20.1.*'],
    ['172.32.1.2', 'public', '172.32.1.*'],
    ['fd12:3456:789a::1', 'private', 'fd12:3456:789a:*'],
    ['203.0.113.9', 'public', '203.0.113.*'],
    ['2001:db8:abcd:12::5', 'public', '2001:db8:abcd:*'],
    ['not an address', 'public', '*'],
  ])('says of %s only what it can: %s, %s', (ip, network, address) => {
    expect(describeAddress(ip)).toEqual({ network, address });
  });
});
