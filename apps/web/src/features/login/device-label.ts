/**
 * A readable name for the browser and system of a user agent ("Chrome · Linux"), for the phone's QR confirmation:
 * the person confirming needs to recognise their desktop, not read a user-agent string. Null when neither is known.
 */
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\//, 'WeChat'],
  [/EdgA?\/|Edg(iOS)?\//, 'Edge'],
  [/OPR\/|Opera\//, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/UCBrowser\//, 'UC Browser'],
  [/CriOS\//, 'Chrome'],
  [/FxiOS\/|Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iOS'],
  [/iPad/, 'iPadOS'],
  [/Android/, 'Android'],
  [/Windows NT|Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/HarmonyOS|OpenHarmony/, 'HarmonyOS'],
  [/Linux/, 'Linux'],
];

const first = (userAgent: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

export function describeUserAgent(userAgent: string): string | null {
  const parts = [first(userAgent, BROWSERS), first(userAgent, SYSTEMS)].filter((part): part is string => !!part);
  return parts.length ? parts.join(' · ') : null;
}
