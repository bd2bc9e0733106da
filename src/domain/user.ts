/** A signed-in user as the API and the pages see it (SPEC section 3, plus the role of D5). */
export interface PublicUser {
  id: string;
  email: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  role: 'customer' | 'admin';
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
