import { defineConfig, devices } from '@playwright/test';
import { readFileSync } from 'fs';
import path from 'path';

// Browser tests of the web shell in Debian's Chromium (/usr/bin/chromium, installed by infra/browser.sh; Playwright's
// own browser downloads are never used), against the real stack that global-setup.ts starts from the builds.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../.run/browser-results',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  // Three workers on a 2-CPU machine: a test mostly waits on the stack and its own Chromium, so a third one keeps the
  // CPUs busier (the suite went from 7.9 to 6.7 min with the same tests). Each test and each wait for the page get room
  // for a CPU shared with the stack and whatever else the machine runs (an admin page once took 11 s to render there);
  // a wait ends as soon as the page shows what it waits for, so only a failure takes longer.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  // every test makes its own users and groups: the workers take the tests one by one, not a file as a whole (a file of
  // several long tests kept one worker busy while the others had nothing left)
  fullyParallel: true,
  workers: 3,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    // the trace of a failed test keeps its actions, their logs and its console, beside the screenshot and the page's
    // accessibility snapshot (error-context.md) Playwright writes at the failure. Not the screencast: its JPEG frames
    // took about a third of the suite's CPU (tickets.spec.ts alone: 145 CPU-s with them, 92 without, 78 with no
    // trace), and with three workers on two cores that starved the pages until long journeys ran out of time. Nor the
    // DOM snapshots (and with them the network, which Playwright records only beside them): copying the whole DOM
    // before and after every action was a quarter of the renderer's work (8 of 32 s in a finance journey), and the
    // suite took 11.4 min with them, 9.0 without (docs/decisions.md, "The test suite's length")
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      // infra/chromium-flags: headless, nothing reaching out, none of Chromium's own idle pages
      args: readFileSync(path.join(__dirname, '../../infra/chromium-flags'), 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#')),
    },
  },
  projects: [{ name: 'chromium' }],
});
