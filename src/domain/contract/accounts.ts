/** The accounts API (SPEC section 7, D9, D13, D18): requests and answers of every /api/auth route. */
import { z } from 'zod';
import { ROLES } from '../user.ts';
import { COMMON_PASSWORD_BUCKETS } from '../validation/password-rule.ts';
import {
  changePasswordSchema, checkEmailSchema, forgotPasswordSchema, loginSchema, profileSchema, registerSchema, resetPasswordSchema,
  reauthenticateSchema, secondFactorConfirmSchema, secondFactorProofSchema, secondFactorSetupSchema, secondFactorSignInSchema,
} from '../validation/accounts.ts';
import { COUNTRY_CODES } from '../countries.ts';
import { SIGNED_IN, errorAnswers, ok, route, storeHeaders, type Answer } from './http.ts';

const tags = ['accounts'];

export const publicUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  hasPassword: z.boolean().describe('False for accounts that only ever signed in with Google.'),
});

const message = z.string().describe("A sentence for the person, in the request's language.");
const token = z.string().describe('A session token for `Authorization: Bearer` (non-browser clients, D9); browsers use the cookie set with it.');
const redirect = z.undefined().describe('A 302 redirect (Location header).');
const secondFactorStep = z.object({
  challenge: z.string().describe('Names this sign-in for the next step; good for five minutes and five tries.'),
  step: z.enum(['verify', 'enroll']).describe('`verify`: enter a code; `enroll`: set up the app first (the store requires it).'),
  expiresAt: z.iso.datetime({ offset: true }),
});

export const me = route({
  operationId: 'me',
  summary: 'Who is signed in', tags,
  description: 'SPEC: `success, user`; `user` is null for anonymous callers (never a 401).',
  security: [{}, ...SIGNED_IN],
  response: { 200: ok({ user: publicUserSchema.nullable() }) },
});

export const register = route({
  operationId: 'register',
  summary: 'Create an account', tags,
  description: 'SPEC\'s registration form. `username` is accepted but ignored: it is always made from the e-mail\'s local part, with a suffix when taken (D18). `confirmPassword` is the form\'s own and is not sent.',
  body: registerSchema.meta({ examples: [{ email: 'minsu@example.com', username: 'minsu', password: 'lumi-2026!', firstName: '민수', lastName: '김', phone: '010-1234-5678' }] }),
  response: { 201: ok({ user: publicUserSchema, message, token }), ...errorAnswers(400, 409, 429) },
});

export const login = route({
  operationId: 'login',
  description: 'Checks the e-mail and password; sets the `sid` session cookie and returns the same session as `token` for clients without cookies (D9). Wrong credentials answer 401 without saying which was wrong; attempts are limited per address and per client (429).',
  summary: 'Sign in', tags,
  body: loginSchema.meta({ examples: [{ email: 'minsu@example.com', password: 'lumi-2026!' }] }),
  response: {
    200: ok({ user: publicUserSchema, message, token }),
    202: ok({ secondFactor: secondFactorStep, message }).describe('The password was right and the account is staff with a second factor (or the store requires one): no session yet. Finish with `POST /api/auth/second-factor` (`verify`), or enrol first (`enroll`: setup, then confirm).'),
    ...errorAnswers(400, 401, 429),
  },
});

export const logout = route({
  operationId: 'logout',
  description: 'Ends the calling session (cookie or bearer token) and clears the cookie. Without a session it still answers 200.',
  summary: 'Sign out', tags, security: [{}, ...SIGNED_IN],
  response: { 200: ok({ message }) },
});

export const checkEmail = route({
  operationId: 'checkEmail',
  description: 'For the sign-up form, as the address is typed. Limited per client (429), so it cannot be used to list accounts.',
  summary: 'Is this e-mail free for a new account', tags,
  body: checkEmailSchema.meta({ examples: [{ email: 'minsu@example.com' }] }),
  response: { 200: ok({ available: z.boolean() }), ...errorAnswers(400, 429) },
});

export const commonPasswords = route({
  operationId: 'commonPasswords',
  summary: 'One bucket of the refused common passwords', tags,
  description: 'The sign-up and password pages apply the server\'s rule without the whole list. Cached a day.',
  params: z.object({ bucket: z.string().regex(/^\d{1,3}$/).transform(Number).pipe(z.number().int().max(COMMON_PASSWORD_BUCKETS - 1)) }),
  response: { 200: ok({ bucket: z.number().int(), passwords: z.array(z.string()).readonly() }), ...errorAnswers(404) },
});

export const forgotPassword = route({
  operationId: 'forgotPassword',
  headers: storeHeaders,
  summary: 'Mail a password reset link', tags,
  description: 'Answers the same whether or not the address has an account. SPEC\'s optional `resetToken` is never returned (D13).',
  body: forgotPasswordSchema.meta({ examples: [{ email: 'minsu@example.com' }] }),
  response: { 200: ok({ message }), ...errorAnswers(400, 429) },
});

export const resetPassword = route({
  operationId: 'resetPassword',
  description: 'With the token of the mailed link (valid for an hour, used once). Every session of the account ends; the new password follows the sign-up rules (at least 6 characters, not a common password).',
  summary: 'Set a new password with a reset token', tags,
  body: resetPasswordSchema.meta({ examples: [{ token: 'the-token-from-the-mail', password: 'new-pass-2026' }] }),
  response: { 200: ok({ message }), ...errorAnswers(400, 429) },
});

export const profile = route({
  operationId: 'profile',
  description: 'The signed-in account, as `me` shows it.',
  summary: 'My profile', tags, security: SIGNED_IN,
  response: { 200: ok({ user: publicUserSchema }), ...errorAnswers(401) },
});

export const updateProfile = route({
  operationId: 'updateProfile',
  summary: 'Change my profile', tags, security: SIGNED_IN,
  description: 'Changing the e-mail also needs `currentPassword` (or a fresh Google sign-in); other sessions end.',
  body: profileSchema.meta({ examples: [{ email: 'minsu@example.com', username: 'minsu', firstName: '민수', lastName: '김', phone: '010-1234-5678' }] }),
  response: { 200: ok({ message, user: publicUserSchema }), ...errorAnswers(400, 401, 403, 409, 429) },
});

export const changePassword = route({
  operationId: 'changePassword',
  description: 'The new password follows the sign-up rules (at least 6 characters, not a common password). Every other session of the account ends.',
  summary: 'Change my password', tags, security: SIGNED_IN,
  body: changePasswordSchema,
  response: { 200: ok({ message, user: publicUserSchema }), ...errorAnswers(400, 401, 403, 429) },
});

export const googleStart = route({
  operationId: 'googleStart',
  headers: storeHeaders,
  summary: 'Sign in with Google (a full-page navigation)', tags,
  description: 'Redirects to Google; the callback returns to `returnTo` (a path inside the store) with `?auth=success` or `?auth=failed`.',
  // A full-page navigation never answers 400: an unknown store or an outside path falls back to the caller's store.
  querystring: z.object({
    country: z.string().optional().describe(`The store to come back to: ${COUNTRY_CODES.join(', ')}.`),
    returnTo: z.string().optional().describe('A path inside that store.'),
  }).loose(),
  response: { 302: redirect },
});

export const googleCallback = route({
  operationId: 'googleCallback',
  description: 'Finishes the Google sign-in begun by `GET /api/auth/google` (state, nonce and PKCE checked), signs in or creates the account, and returns to the page it started from with `?auth=success`, or `?auth=failed` when anything is off.',
  summary: 'Where Google sends the browser back', tags,
  querystring: z.object({}).loose().describe('`code`, `state` and the rest as Google sends them; anything off ends at `?auth=failed`, never a 400.'),
  response: { 302: redirect },
});

const recoveryCodesList = z.array(z.string()).describe('Ten single-use codes (`xxxxx-xxxxx`), shown only in this answer: keep them somewhere safe.');

export const secondFactorSignIn = route({
  operationId: 'secondFactorSignIn',
  summary: 'Finish a staff sign-in with the code from the authenticator app, or a recovery code', tags,
  description: 'The challenge comes from the sign-in answer (202) or, after Google, from the `sfc` cookie. A wrong, used or replayed code and an expired challenge all answer 401 `SECOND_FACTOR_INVALID`; five wrong codes lock the account\'s second factor for 15 minutes (429), across instances.',
  body: secondFactorSignInSchema.meta({ examples: [{ challenge: 'Hq2mV0c3kR9xYb1ZtP4sLw7nE6aJ8uQ5fG2hD0iK3oM', code: '492 039' }] }),
  response: { 200: ok({ user: publicUserSchema, message, token }), ...errorAnswers(400, 401, 429) },
});

export const secondFactorSetup = route({
  operationId: 'secondFactorSetup',
  summary: 'Start enrolling an authenticator app (staff)', tags, security: [{}, ...SIGNED_IN],
  description: 'For a signed-in staff member, or with an `enroll` challenge from the sign-in. Answers the secret (for typing), its `otpauth://` URI and a QR code as SVG. Pending until confirmed; refused (409) once an authenticator is confirmed.',
  body: secondFactorSetupSchema,
  response: { 200: ok({ secret: z.string().describe('Base32, for typing into the app.'), uri: z.string(), qrSvg: z.string().describe('The URI as a QR code, an SVG document.') }), ...errorAnswers(400, 401, 403, 409) },
});

export const secondFactorConfirm = route({
  operationId: 'secondFactorConfirm',
  summary: 'Confirm the authenticator with its first code (staff)', tags, security: [{}, ...SIGNED_IN],
  description: 'Turns two-step sign-in on and answers ten recovery codes, once. With an `enroll` challenge it also signs in (cookie and token, as the sign-in does).',
  body: secondFactorConfirmSchema,
  response: { 200: ok({ recoveryCodes: recoveryCodesList, message, user: publicUserSchema.optional(), token: token.optional() }), ...errorAnswers(400, 401, 403, 429) },
});

export const secondFactorState = route({
  operationId: 'secondFactorState',
  summary: "A staff member's two-step sign-in: on or not, recovery codes left", tags, security: SIGNED_IN,
  description: 'For the signed-in staff member: whether an authenticator is confirmed and since when, how many recovery codes are unused, and whether the store requires two-step sign-in of all staff.',
  response: { 200: ok({ enrolled: z.boolean(), confirmedAt: z.iso.datetime({ offset: true }).nullable(), recoveryCodesLeft: z.number().int(), required: z.boolean().describe('The store requires it of every staff account (STAFF_2FA).') }), ...errorAnswers(401, 403) },
});

export const renewRecoveryCodes = route({
  operationId: 'renewRecoveryCodes',
  summary: 'New recovery codes (staff), proven with a current code', tags, security: SIGNED_IN,
  description: 'Proven with a code from the app (or an unused recovery code). Answers ten new codes, once; the earlier ones stop working. Wrong codes count towards the lockout.',
  body: secondFactorProofSchema,
  response: { 200: ok({ recoveryCodes: recoveryCodesList, message }), ...errorAnswers(400, 401, 403, 429) },
});

export const reauthenticate = route({
  operationId: 'reauthenticate',
  summary: 'Confirm it is you again, before a refund or a change of role (staff)', tags, security: SIGNED_IN,
  description: 'With a code from the authenticator app or a recovery code; a staff member without a second factor gives the password. Good for five minutes on this session. Wrong answers count towards the same lockout as codes at sign-in.',
  body: reauthenticateSchema,
  response: { 200: ok({ message }), ...errorAnswers(400, 401, 403, 429) },
});

export type PublicUserAnswer = z.input<typeof publicUserSchema>;
export type SignedInAnswer = Answer<typeof login>;
export type CommonPasswordsAnswer = Answer<typeof commonPasswords>;
