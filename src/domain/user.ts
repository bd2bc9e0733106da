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

/** How to address a user: "first last" (Korean: family name first), else the username. */
export function displayName(user: Pick<PublicUser, 'firstName' | 'lastName' | 'username'>, lang: string): string {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  if (!first && !last) return user.username;
  const eastAsian = lang === 'ko' || lang === 'ja' || lang === 'zh';
  return (eastAsian ? [last, first] : [first, last]).filter(Boolean).join(eastAsian && lang !== 'ko' ? '' : ' ');
}
