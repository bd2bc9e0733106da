import { useRouteLoaderData } from 'react-router';
import type { CountryCode, Language } from '../domain/countries.ts';
import type { PublicUser } from '../domain/user.ts';

/** What the root loader tells every page: the store and the language shown. */
export interface RootData {
  country: CountryCode;
  lang: Language;
  /** Public origin for canonical and alternate links, e.g. https://studiolumi.kr */
  origin: string;
  /** Who is signed in, known at server render so the top bar never jumps. */
  user: PublicUser | null;
  googleSignIn: boolean;
  /**
   * The store's tax as prices name it ("부가세", "GST") and their label ("부가세 포함"), and whether
   * its papers include a tax invoice; null where the seller is not registered (issue 34).
   */
  tax: { name: string; label: string; invoices: boolean } | null;
}

export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined;
  if (!data) throw new Error('root loader data is missing');
  return data;
}

export function useStore(): { country: CountryCode; lang: Language } {
  const { country, lang } = useRootData();
  return { country, lang };
}
