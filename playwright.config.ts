import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3107);
/** Loopback peers: SMTP for the whole run (tests/e2e/global-setup.ts), OIDC when a test needs it. */
export const E2E_SMTP_PORT = 2526;
export const E2E_OIDC_PORT = 3208;
/**
 * A port of this test worker's own, from a base: a spec that starts its own store starts one per
 * worker, and two workers running the same spec at once (`--repeat-each`) must not share a port.
 * Playwright numbers its workers in TEST_PARALLEL_INDEX (0 until `workers` - 1).
 */
export const workerPort = (base: number) => base + 100 * Number(process.env.TEST_PARALLEL_INDEX ?? 0);
/** A second store, paying through Toss (a fake Toss API on loopback), for the card refund test: its worker's port from this base. */
export const E2E_TOSS_STORE_PORT = 3109;
/** A third store, paying through Stripe and PayPal (fakes on loopback), for the providers' browser flows: its worker's port from this base. */
export const E2E_PROVIDERS_STORE_PORT = 3110;
/** A fourth store, whose own administrator enrols a second factor (the shared E2E admin never does): its worker's port from this base. */
export const E2E_SECOND_FACTOR_STORE_PORT = 3111;
export const E2E_ADMIN = { email: 'owner@studiolumi.test', password: 'owner-password-1' };
// A fresh embedded database for every run: the default (PGlite) path is the one under test.
const dataDir = path.join(os.tmpdir(), `studio-lumi-e2e-${process.pid}`);

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // A buying or staff walk takes 20-40 s with two browsers on a loaded two-core machine (the
  // full run's figures); 30 s timed out now and then without anything being wrong.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: `"${process.execPath}" src/server/main.ts`,
    url: `http://127.0.0.1:${PORT}/robots.txt`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: {
      NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn',
      // The address the browser uses: links, the Google redirect and cookies all follow it (D24).
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      // Tests stand in for a load balancer on loopback (tests/e2e/fixtures.ts).
      TRUST_PROXY: 'loopback',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      GOOGLE_CLIENT_ID: 'e2e-client', GOOGLE_CLIENT_SECRET: 'e2e-secret', OIDC_ISSUER: `http://127.0.0.1:${E2E_OIDC_PORT}`,
      ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password,
      SESSION_SECRET: 'e2e-session-secret-0123456789abcdef0123',
    },
  },
});
