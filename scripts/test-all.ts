/**
 * `npm test`: every check, in the order a failure is cheapest to find.
 *   1. message catalogs complete in all five languages (the shared locale-check)
 *   2. types (react-router typegen + tsc)
 *   3. production build (the integration and browser tests run the real build)
 *   4. unit and integration tests (Vitest; PostgreSQL too when TEST_DATABASE_URL is set)
 *   5. two store processes as one store, with a kill -9 under load (when PostgreSQL and Redis are set)
 *   6. browser tests (Playwright with the system Chromium)
 * Ends with one summary line: "tests: N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-results');
fs.mkdirSync(reports, { recursive: true });
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

let passed = 0;
let failed = 0;
const failures: string[] = [];
/** Names of the failed tests, printed again at the very end: CI keeps only the tail of the output. */
const failedTests: string[] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

const localeCheck = path.resolve(root, '../shared/tools/locale-check');
if (fs.existsSync(localeCheck)) {
  if (run('locale check', process.execPath, [localeCheck, root])) passed++;
  else failed++;
} else {
  console.log('\n▶ locale check: ../shared/tools/locale-check not found, relying on tests/unit/locales.test.ts');
}

if (run('typecheck', bin('react-router'), ['typegen']) && run('typecheck', bin('tsc'), ['--noEmit'])) passed++;
else failed++;

const built = run('build', bin('react-router'), ['build']);
if (built) run('precompress', process.execPath, [path.join(root, 'scripts/precompress.ts')]);

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: { name: string; status: string; message?: string; assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[] }[];
};
/** Playwright names a spec's file from its test folder. */
const playwrightTests = 'tests/e2e';
type PlaywrightSuite = {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
};

function firstLine(text: string | undefined): string {
  // Drop colour codes; keep one line, short enough to read in a log's tail.
  const line = (text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 300);
}

function playwrightFailures(suites: PlaywrightSuite[], titles: string[] | null = null): void {
  for (const suite of suites) {
    // A file's own suite (the top level) is titled with its path, already in the spec's file.
    const trail = titles ? [...titles, suite.title] : [];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const error = test.results.map((r) => r.error?.message).find(Boolean);
        failedTests.push(`${path.join(playwrightTests, spec.file)}:${spec.line} › ${[...trail, spec.title].filter(Boolean).join(' › ')}: ${firstLine(error)}`);
      }
    }
    playwrightFailures(suite.suites ?? [], trail);
  }
}

/** Runs Vitest projects and adds their counts; a run that wrote no report counts as a failure. */
function vitestStep(label: string, report: string, projects: string[]): void {
  const file = path.join(reports, report);
  fs.rmSync(file, { force: true });
  run(label, bin('vitest'), ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  const counts = readJson<VitestReport>(file);
  if (counts) {
    passed += counts.numPassedTests;
    failed += counts.numFailedTests;
    for (const suite of counts.testResults ?? []) {
      const testFile = path.relative(root, suite.name);
      for (const test of suite.assertionResults ?? []) {
        if (test.status === 'failed') failedTests.push(`${testFile} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
      // A file that failed to load has no failed test but a message of its own.
      if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed')) {
        failedTests.push(`${testFile}: ${firstLine(suite.message)}`);
      }
    }
  } else {
    failed++;
  }
}

vitestStep('unit and integration tests', 'vitest.json', ['unit', 'integration']);
if (built && process.env.TEST_DATABASE_URL && process.env.REDIS_URL) vitestStep('scale: two store processes', 'vitest-scale.json', ['scale']);
else console.log('\n▶ scale: skipped (needs the build, TEST_DATABASE_URL and REDIS_URL)');

if (built) {
  const playwrightReport = path.join(reports, 'playwright.json');
  fs.rmSync(playwrightReport, { force: true });
  run('browser tests', bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });
  const pw = readJson<{ stats: { expected: number; unexpected: number; flaky: number }; suites?: PlaywrightSuite[] }>(playwrightReport);
  if (pw) {
    passed += pw.stats.expected + pw.stats.flaky;
    failed += pw.stats.unexpected;
    playwrightFailures(pw.suites ?? []);
  } else {
    failed++;
  }
} else {
  failed++;
}

if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ✗ ${t}`).join('\n')}`);
if (failures.length) console.log(`\nFailed steps: ${[...new Set(failures)].join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failures.length > 0 ? 1 : 0);
