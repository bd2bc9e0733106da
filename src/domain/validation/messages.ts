/**
 * Validation messages are keys into the `errors` message catalog (`errors:validation.*`), so the
 * browser and the API show the same sentence in the visitor's language.
 */
export const V = {
  required: 'validation.required',
  email: 'validation.email',
  tooLong: 'validation.tooLong',
  invalidChoice: 'validation.invalidChoice',
  invalidType: 'validation.invalidType',
  passwordMin: 'validation.passwordMin',
  usernameMin: 'validation.usernameMin',
  passwordMismatch: 'validation.passwordMismatch',
  allRequired: 'validation.allRequired',
  phone: 'validation.phone',
  passwordCommon: 'validation.passwordCommon',
  currentPasswordRequired: 'validation.currentPasswordRequired',
  currentPasswordInvalid: 'validation.currentPasswordInvalid',
  username: 'validation.username',
  quantity: 'validation.quantity',
  orderItem: 'validation.orderItem',
  agreementRequired: 'validation.agreementRequired',
  erasureConfirm: 'validation.erasureConfirm',
  erasureEmailMismatch: 'validation.erasureEmailMismatch',
  privacyRequired: 'validation.privacyRequired',
  briefChoice: 'validation.briefChoice',
  tooMany: 'validation.tooMany',
  unknownFile: 'validation.unknownFile',
  controlChars: 'validation.controlChars',
  singleLine: 'validation.singleLine',
  brokenText: 'validation.brokenText',
  storeMismatch: 'validation.storeMismatch',
  taxId: 'validation.taxId',
} as const;

export type ValidationMessageKey = (typeof V)[keyof typeof V];

/** A field error: a catalog key plus the values it interpolates ({{max}}). */
export interface FieldError {
  key: ValidationMessageKey;
  values?: Record<string, string | number>;
}
