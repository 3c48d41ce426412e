// A readable name for the device of a session ("Firefox on Linux"), from its User-Agent.
// Only the common browsers and systems: anything else is named by its product token, and a
// session without a User-Agent is an "Unknown device". Good enough to recognise one's own
// laptop in the sessions list; not a fingerprint.

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/\bnode(?:-fetch)?\b|\bundici\b/i, 'Node.js'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

export const UNKNOWN_DEVICE = 'Unknown device';

export function deviceName(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim();
  if (!ua) return UNKNOWN_DEVICE;
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  const product = /^([A-Za-z][\w.-]{0,40})\//.exec(ua)?.[1];
  if (system) return `${product && product !== 'Mozilla' ? product : 'Browser'} on ${system}`;
  return product ?? UNKNOWN_DEVICE;
}
