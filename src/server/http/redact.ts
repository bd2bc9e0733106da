/**
 * Query values that are secrets (reset tokens, OAuth codes and states, guest ids, payment keys)
 * never reach the logs: the request log shows `?token=[redacted]`.
 */
const SECRET_PARAM = /token|code|state|secret|password|key|session|guest/i;

export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAM.test(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, at)}?${params.toString().replace(/%5Bredacted%5D/g, '[redacted]')}` : url;
}
