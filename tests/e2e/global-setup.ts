/** Starts what every browser test may need for the whole run: the mail catcher (SMTP on loopback). */
import os from 'node:os';
import path from 'node:path';
import { E2E_SMTP_PORT } from '../../playwright.config.ts';
import { MAIL_DIR_ENV, startMailCatcher } from './mail-catcher.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = path.join(os.tmpdir(), `studio-lumi-e2e-mail-${process.pid}`);
  // Workers start after this and inherit the environment.
  process.env[MAIL_DIR_ENV] = dir;
  return startMailCatcher(E2E_SMTP_PORT, dir);
}
