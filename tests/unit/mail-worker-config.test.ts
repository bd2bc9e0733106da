/** MAIL_WORKER (issue "Hardening, round three", item 13): a web-only instance needs a shared database. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';

describe('MAIL_WORKER', () => {
  it('sends by default', () => {
    expect(loadConfig({}).MAIL_WORKER).toBe('on');
  });

  it('may be off on PostgreSQL, where another process sends the mail', () => {
    expect(loadConfig({ MAIL_WORKER: 'off', DATABASE_URL: 'postgres://db.internal/store' }).MAIL_WORKER).toBe('off');
  });

  it('is refused off with the embedded database, where nothing else would ever send it', () => {
    expect(() => loadConfig({ MAIL_WORKER: 'off' })).toThrow(/MAIL_WORKER: off needs DATABASE_URL/);
    expect(() => loadConfig({ MAIL_WORKER: 'maybe' })).toThrow(/MAIL_WORKER/);
  });
});
