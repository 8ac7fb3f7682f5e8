/**
 * The push services of the browsers Efie's renters use (Chrome and Android's FCM, Firefox's
 * autopush, Safari's, Edge's WNS). The server posts alerts to a subscription's endpoint, so only
 * these are taken, over https: an endpoint elsewhere would let anyone make the server call any
 * address (a request forgery). `extraOrigins`: configured test services (PUSH_EXTRA_ORIGINS).
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
];

export function isPushServiceEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && url.port === '' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}
