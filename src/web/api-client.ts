/**
 * Calls to our JSON API from the browser. Every call says which language to answer in and which
 * store it comes from; errors come back in the API's one shape (`apiError` of
 * src/domain/contract/http.ts). Answers are typed by the routes' contracts (`Answer<typeof route>`);
 * only types are imported, so no schema reaches the page.
 */
import type { ApiErrorBody } from '../domain/contract/http.ts';
import type { CountryCode, Language } from '../domain/countries.ts';

/** The API's error as a caller reads it; `HTTP_ERROR` and `NETWORK_ERROR` when no error body came back (0: no answer). */
export type ApiError = Pick<ApiErrorBody, 'status' | 'message' | 'fields'> & { code: ApiErrorBody['code'] | 'HTTP_ERROR' };

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

export interface StoreHeaders {
  lang: Language;
  country: CountryCode;
}

export async function apiRequest<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body: unknown, store: StoreHeaders, headers: Record<string, string> = {}): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        accept: 'application/json',
        'accept-language': store.lang,
        'x-store-country': store.country,
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    return { ok: false, error: { status: 0, code: 'NETWORK_ERROR', message: '' } };
  }
  return resultOf<T>(response.status, await response.json().catch(() => null));
}

/** An answer of the API as a result: its data, or its error in the API's one shape (0: no answer). */
export function resultOf<T>(status: number, body: unknown): ApiResult<T> {
  const payload = body as (T & Partial<ApiError>) | null;
  if (status >= 200 && status < 300 && payload) return { ok: true, data: payload };
  return {
    ok: false,
    error: {
      status,
      code: payload?.code ?? (status ? 'HTTP_ERROR' : 'NETWORK_ERROR'),
      message: payload?.message ?? '',
      ...(payload?.fields ? { fields: payload.fields } : {}),
    },
  };
}

export function postJson<T>(path: string, body: unknown, store: StoreHeaders): Promise<ApiResult<T>> {
  return apiRequest<T>('POST', path, body, store);
}
