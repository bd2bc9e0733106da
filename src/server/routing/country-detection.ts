/**
 * Which store a visitor without a country prefix is sent to (DESIGN D12): their remembered
 * choice, a trusted CDN country header, the local GeoLite2 database, Accept-Language, else us.
 */
import type { FastifyRequest } from 'fastify';
import type { CountryResponse } from 'maxmind';
import { isCountryCode, storeForIsoCountry, type CountryCode, DEFAULT_COUNTRY } from '../../domain/countries.ts';
import { COUNTRY_COOKIE } from '../../i18n/config.ts';
import { acceptedLanguageTags } from '../http/accept-language.ts';

export type IsoCountryLookup = (ip: string) => string | null;

export interface CountryDetectionOptions {
  /** Lower-case header name set by a CDN in front of us (e.g. cf-ipcountry). */
  cdnHeader?: string | undefined;
  geoLookup?: IsoCountryLookup | undefined;
}

/** Country where a language without a region is mostly spoken, as ISO 3166-1 alpha-2. */
const LANGUAGE_HOME: Record<string, string> = {
  ko: 'KR', ja: 'JP', vi: 'VN', zh: 'CN', ms: 'MY', th: 'TH', id: 'ID', hi: 'IN', bn: 'BD',
  si: 'LK', my: 'MM', km: 'KH', lo: 'LA', ne: 'NP', dz: 'BT', dv: 'MV', tl: 'PH', fil: 'PH',
};

/** Store implied by an Accept-Language header's preferred tag; null when there is none. */
export function storeFromAcceptLanguage(header: string | undefined): CountryCode | null {
  const preferred = acceptedLanguageTags(header)[0];
  if (!preferred) return null;
  const [language = '', ...subtags] = preferred.split('-');
  const region = subtags.find((s) => /^[A-Za-z]{2}$/.test(s));
  if (region) return storeForIsoCountry(region);
  return storeForIsoCountry(LANGUAGE_HOME[language.toLowerCase()] ?? 'US');
}

export function detectCountry(request: FastifyRequest, options: CountryDetectionOptions): CountryCode {
  const remembered = request.cookies?.[COUNTRY_COOKIE];
  if (isCountryCode(remembered)) return remembered;
  if (options.cdnHeader) {
    const value = request.headers[options.cdnHeader];
    const iso = Array.isArray(value) ? value[0] : value;
    // XX and T1 are how CDNs say "unknown" and "Tor"; they carry no country.
    if (iso && /^[A-Za-z]{2}$/.test(iso) && !/^(xx|t1)$/i.test(iso)) return storeForIsoCountry(iso);
  }
  if (options.geoLookup) {
    const iso = options.geoLookup(request.ip);
    if (iso) return storeForIsoCountry(iso);
  }
  return storeFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_COUNTRY;
}

/** Opens a GeoLite2/GeoIP2 Country database once; lookups are then in-memory. */
export async function openGeoLookup(file: string): Promise<IsoCountryLookup> {
  const maxmind = await import('maxmind');
  const reader = await maxmind.default.open<CountryResponse>(file);
  return (ip) => {
    try {
      return reader.get(ip)?.country?.iso_code ?? null;
    } catch {
      return null;
    }
  };
}
