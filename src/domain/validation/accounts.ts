/**
 * Account payloads of SPEC section 7 with the rules of section 5: e-mail valid, password at least
 * 6, username at least 3, first and last name required, phone optional. The forms use these same
 * schemas; the server adds what needs its data (common passwords, the current password).
 */
import { z } from 'zod';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN, usernameFromEmail } from './account-fields.ts';
import { V } from './messages.ts';
import { emailField, optionalPhone, optionalText, plainText, requiredText } from './schema-helpers.ts';

export * from './account-fields.ts';

/** Kept as typed: spaces around a password are part of it. */
const passwordText = () => plainText({ trim: false, typeError: V.required });

const password = () =>
  passwordText().min(1, { error: V.required }).min(PASSWORD_MIN, { error: V.passwordMin }).max(PASSWORD_MAX, { error: V.tooLong });

const username = () =>
  plainText({ typeError: V.required }).min(1, { error: V.required }).min(USERNAME_MIN, { error: V.usernameMin }).max(USERNAME_MAX, { error: V.tooLong })
    .regex(USERNAME_PATTERN, { error: V.username });

const phone = () => optionalPhone(PHONE_MAX);

/**
 * A password the user types to prove it is them; never checked for length (old ones may be
 * shorter). Whether it is needed depends on the account, which no schema sees: the document says
 * so in words, and the server answers 400 naming it when it is missing.
 */
export const currentPassword = (when: string) => optionalText(PASSWORD_MAX).describe(
  `${when} Required when the account has a password (\`hasPassword\`); an account that only ever signed in with Google leaves it out and must have signed in within the last few minutes instead (else 403 RECENT_SIGN_IN_REQUIRED).`,
);

export const loginSchema = z.object({
  email: emailField(),
  password: password(),
});

/** What the sign-up form asks for. */
export const registerFieldsSchema = z.object({
  email: emailField(),
  password: password(),
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  phone: phone(),
});

/** POST /api/auth/register: SPEC sends a username, which is always the e-mail's local part. */
export const registerSchema = registerFieldsSchema
  .extend({
    username: optionalText(200).meta({ deprecated: true, description: "Ignored: the username is always made from the e-mail's local part (D18)." }),
  })
  .transform(({ username: _sent, ...input }) => ({ ...input, username: usernameFromEmail(input.email) }));

/** The sign-up form: the fields plus a confirmation that must match. */
export const registerFormSchema = registerFieldsSchema.extend({ confirmPassword: passwordText() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: V.passwordMismatch });

export const checkEmailSchema = z.object({ email: emailField() });
export const forgotPasswordSchema = z.object({ email: emailField() });

export const resetPasswordSchema = z.object({
  token: plainText({ typeError: V.required }).min(1, { error: V.required }).max(200, { error: V.invalidType }),
  password: password(),
});

/** The reset page (SPEC section 5), one message at a time in SPEC's order, shown under the confirmation. */
export const resetPasswordFormSchema = z.object({ password: passwordText(), confirm: passwordText() }).superRefine((v, ctx) => {
  const error = !v.password || !v.confirm ? V.allRequired
    : v.password !== v.confirm ? V.passwordMismatch
    : v.password.length < PASSWORD_MIN ? V.passwordMin
    : v.password.length > PASSWORD_MAX ? V.tooLong
    : null;
  if (error) ctx.addIssue({ code: 'custom', path: ['confirm'], message: error });
});

/** PUT /api/auth/profile. Changing the e-mail also needs the current password (or a fresh Google sign-in). */
export const profileSchema = z.object({
  email: emailField(),
  username: username(),
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  phone: phone(),
  currentPassword: currentPassword('Needed only when `email` changes.'),
});

/** PUT /api/auth/password. */
export const changePasswordSchema = z.object({
  currentPassword: currentPassword('The password now.'),
  newPassword: password(),
});

/** The My Page form: the change plus a confirmation that must match. */
export const changePasswordFormSchema = changePasswordSchema.extend({ confirmPassword: passwordText() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: V.passwordMismatch });

export type RegisterInput = z.infer<typeof registerSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** A second-factor sign-in's token: from the password answer's body, or the Google return's cookie. */
const challengeField = plainText().min(10, { error: V.invalidType }).max(200, { error: V.invalidType });
/** Six digits from the app; spaces allowed ("123 456"). */
const totpCode = plainText().regex(/^\s*\d{3}\s?\d{3}\s*$/, { error: V.invalidType });
/** Two groups of five base32 characters, any case, with or without the dash. */
const recoveryCode = plainText().regex(/^\s*[A-Za-z2-7]{5}[\s-]?[A-Za-z2-7]{5}\s*$/, { error: V.invalidType });

/** A code or a recovery code, never both (issue 36). */
export const secondFactorProofSchema = z.object({ code: totpCode.optional(), recoveryCode: recoveryCode.optional() })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), { error: V.invalidType, path: ['code'] });
export const secondFactorSignInSchema = z.object({ challenge: challengeField.optional(), code: totpCode.optional(), recoveryCode: recoveryCode.optional() })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), { error: V.invalidType, path: ['code'] });
/** Proving it again before a refund or a change of role: a code, a recovery code, or (staff without a factor) the password. */
export const reauthenticateSchema = z.object({ code: totpCode.optional(), recoveryCode: recoveryCode.optional(), password: password().optional() })
  .refine((v) => [v.code, v.recoveryCode, v.password].filter((x) => x !== undefined).length === 1, { error: V.invalidType, path: ['code'] });
export const secondFactorSetupSchema = z.object({ challenge: challengeField.optional() });
export const secondFactorConfirmSchema = z.object({ challenge: challengeField.optional(), code: totpCode });
