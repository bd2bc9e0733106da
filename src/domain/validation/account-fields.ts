/** Account rules the browser needs without loading the schema library (SPEC sections 5 and 9). */
export const PASSWORD_MIN = 6;
/** argon2 hashes anything, but a cap keeps one request from costing seconds of CPU. */
export const PASSWORD_MAX = 128;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 40;
export const NAME_MAX = 60;
export const PHONE_MAX = 30;
