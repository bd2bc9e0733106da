/**
 * Facts about the site used by pages, the sitemap and mail: public paths and hreflang codes.
 */
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from './countries.ts';

export const BRAND = 'Studio Lumi';

/** hreflang of a store: its default language plus its region (ko-KR, en-AU, ...). */
export function hreflangOf(country: CountryCode): string {
  const c = COUNTRIES[country];
  return `${c.lang}-${c.code.toUpperCase()}`;
}

interface Alternate {
  hreflang: string;
  href: string;
}

/** Alternates of one page for every store plus x-default (the un-prefixed, redirecting URL). */
export function alternatesFor(origin: string, pathBelowCountry: string): Alternate[] {
  return [
    ...COUNTRY_CODES.map((code) => ({ hreflang: hreflangOf(code), href: `${origin}/${code}${pathBelowCountry}` })),
    { hreflang: 'x-default', href: `${origin}${pathBelowCountry || '/'}` },
  ];
}

/** Company details shown in the footer (SPEC section 1: registration details, phones, e-mail). */
export const COMPANY = {
  email: 'hello@studiolumi.co.kr',
  phones: {
    korea: { display: '02-1234-5678', tel: '+82212345678' },
    global: { display: '+1 212-555-0142', tel: '+12125550142' },
  },
  registrationNumber: '214-88-12345',
  /** 통신판매업 신고번호 as registered; its office (서울강남) is Hangul, so other languages read `mailOrderNumberLatin`. */
  mailOrderNumber: '2026-서울강남-01234',
  mailOrderNumberLatin: '2026-Seoul Gangnam-01234',
} as const;
