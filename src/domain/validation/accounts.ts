/**
 * Account payloads of SPEC section 7 with the rules of section 5: e-mail valid, password at least
 * 6, username at least 3, first and last name required, phone optional.
 */
import { z } from 'zod';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX, USERNAME_MAX, USERNAME_MIN } from './account-fields.ts';
import { V } from './messages.ts';
import { emailField, optionalText, requiredText } from './schema-helpers.ts';

export * from './account-fields.ts';

const password = () =>
  z.string({ error: V.required }).min(1, { error: V.required }).min(PASSWORD_MIN, { error: V.passwordMin }).max(PASSWORD_MAX, { error: V.tooLong });

const username = () =>
  z.string({ error: V.required }).trim().min(1, { error: V.required }).min(USERNAME_MIN, { error: V.usernameMin }).max(USERNAME_MAX, { error: V.tooLong });

const phone = () =>
  optionalText(PHONE_MAX).refine((value) => value === undefined || /^[+()\d\s.-]{6,}$/.test(value), { error: V.phone });

export const loginSchema = z.object({
  email: emailField(),
  password: password(),
});

export const registerSchema = z.object({
  email: emailField(),
  username: username(),
  password: password(),
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  phone: phone(),
});

export const checkEmailSchema = z.object({ email: emailField() });
export const forgotPasswordSchema = z.object({ email: emailField() });

export const resetPasswordSchema = z.object({
  token: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(200, { error: V.invalidType }),
  password: password(),
});

export const profileSchema = z.object({
  email: emailField(),
  username: username(),
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  phone: phone(),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;
