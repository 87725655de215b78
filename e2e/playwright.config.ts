import { defineConfig } from '@playwright/test';

// End-to-end tests drive the real app (built web + server on a fresh demo database) in Debian's
// Chromium. No browser is downloaded: CHROMIUM_PATH (or /usr/bin/chromium) is used as is.
const port = Number(process.env.E2E_PORT ?? 3210);
// E2E_BASE_URL points the tests at a server already running (a developer's own build and data),
// instead of starting a fresh demo server.
const external = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json']],
  outputDir: '../.tmp/e2e-results',
  use: {
    baseURL: external ?? `http://127.0.0.1:${port}`,
    locale: 'fr-FR',
    timezoneId: 'Africa/Douala',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // One server for the whole run: the first-visit spec needs the demo accounts untouched (no PIN
  // set yet), so it runs before the specs that sign the demo owner in and change things.
  projects: [
    { name: 'first-visit', testMatch: /sign-in\.spec\.ts$/ },
    { name: 'features', testIgnore: /sign-in\.spec\.ts$/, dependencies: ['first-visit'] },
  ],
  webServer: external
    ? undefined
    : {
        command: `node ../scripts/e2e-server.mjs ${port}`,
        url: `http://127.0.0.1:${port}/api/health`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
