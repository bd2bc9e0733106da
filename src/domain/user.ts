/** Roles (D5): staff are admins; everyone else is a customer. */
export const ROLES = ['customer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A signed-in user as the API and the pages see it (SPEC section 3, plus the role of D5). */
export interface PublicUser {
  id: string;
  email: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  role: Role;
  /** False for accounts that only ever signed in with Google: changing the e-mail then asks for a fresh Google sign-in. */
  hasPassword: boolean;
}

const CJK = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * How to address a user. Names written in Hangul, Han or Kana read family name first and
 * unspaced ("김민수", "山田花子"); other names given name first ("Haneul Kim"). Without a name,
 * the username.
 */
export function displayName(user: Pick<PublicUser, 'firstName' | 'lastName' | 'username'>): string {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  if (!first && !last) return user.username;
  const eastAsian = CJK.test(`${first ?? ''}${last ?? ''}`);
  return (eastAsian ? [last, first] : [first, last]).filter(Boolean).join(eastAsian ? '' : ' ');
}
