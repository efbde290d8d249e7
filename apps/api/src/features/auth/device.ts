import { isIP } from 'node:net';
import type { QrScanResult } from '@bible-qa/contract';

type Browser = QrScanResult['browser'];
type System = QrScanResult['os'];

/** The most specific first: Edge, Opera, in-app browsers and Samsung's all say "Chrome" and "Safari" too. */
const BROWSERS: [RegExp, Browser][] = [
  [/MicroMessenger\//, 'wechat'],
  [/\bQQBrowser\/|\bMQQBrowser\//, 'qq'],
  [/\bUCBrowser\/|\bUCWEB/, 'uc'],
  [/\bEdg(e|A|iOS)?\//, 'edge'],
  [/\bOPR\/|\bOpera\b/, 'opera'],
  [/\bSamsungBrowser\//, 'samsung'],
  [/\bFirefox\/|\bFxiOS\//, 'firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'safari'],
];
const SYSTEMS: [RegExp, System][] = [
  [/\bHarmonyOS\b|\bOpenHarmony\b/, 'harmonyos'],
  [/\b(iPhone|iPad|iPod)\b/, 'ios'],
  [/\bAndroid\b/, 'android'],
  [/\bCrOS\b/, 'chromeos'],
  [/\bWindows\b/, 'windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macos'],
  [/\bLinux\b|\bX11\b/, 'linux'],
];

/** The browser and system a user agent names, as ids the web shows in the reader's language ("Chrome · Linux"). */
export function readUserAgent(userAgent: string): { browser: Browser; os: System } {
  const ua = userAgent.slice(0, 512);
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'other',
    os: SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'other',
  };
}

function ipv4Parts(address: string): number[] | null {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return isIP(v4) === 4 ? v4.split('.').map(Number) : null;
}

/**
 * What can honestly be said of where a request came from, without a GeoIP database: this machine, a private network
 * (RFC 1918, link-local, unique-local), or the internet, with the address masked to its network part.
 */
export function describeAddress(address: string): { network: QrScanResult['network']; address: string } {
  const v4 = ipv4Parts(address);
  if (v4) {
    const [a = 0, b = 0, c = 0] = v4;
    const network =
      a === 127
        ? 'local'
        : a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
          ? 'private'
          : 'public';
    return { network, address: `${a}.${b}.${c}.*` };
  }
  if (isIP(address) === 6) {
    const lower = address.toLowerCase();
    const network = lower === '::1' ? 'local' : /^(f[cd]|fe[89ab])/.test(lower) ? 'private' : 'public';
    const groups = lower.split(':').filter(Boolean).slice(0, 3);
    return { network, address: network === 'local' ? '::1' : `${groups.join(':')}:*` };
  }
  return { network: 'public', address: '*' };
}
