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
