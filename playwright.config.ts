import { defineConfig, devices } from '@playwright/test'

// One production build, started twice: hosted on E2E_HOSTED_PORT, self-hosted on E2E_SELF_PORT
// (DESIGN.md: the mode is chosen when the server starts). Run `npm run build` first.
const HOSTED_PORT = Number(process.env.E2E_HOSTED_PORT ?? 8093)
const SELF_PORT = Number(process.env.E2E_SELF_PORT ?? 8094)
/** Each server's project API listens on a port of its own (issue 22), never the dashboard's. */
export const HOSTED_API_PORT = Number(process.env.E2E_HOSTED_API_PORT ?? 8095)
export const SELF_API_PORT = Number(process.env.E2E_SELF_API_PORT ?? 8096)
const RUN = process.env.E2E_RUN_ID ?? String(Date.now())
/** The fake model provider (tests/fake-openai) both servers' assistants talk to. */
const AI_PORT = Number(process.env.E2E_AI_PORT ?? 8097)
const AI = { AI_BASE_URL: `http://127.0.0.1:${AI_PORT}/v1`, AI_MODEL: 'fake-e2e-model', AI_API_KEY: 'sk-e2e-not-secret' }
/** The hosted server seeds the demo account (every organization state) with this password. */
export const E2E_DEMO_PASSWORD = 'e2e-demo-Password-not-secret-42'

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Loopback only: every other host name resolves to nothing (the hosted code editor's CDN
      // among them, so its fallback to the local copy is what runs).
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE *.localhost, EXCLUDE 127.0.0.1, EXCLUDE [::1]',
    ],
  },
}

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Two workers, one per core: spec files run side by side (a file's tests stay in order). Each
  // spec seeds accounts and projects of its own; those on the self-hosted default project do not
  // assume they are its only writer. Two workers took the suite from 12.6 to 8.4 minutes (issue 23).
  fullyParallel: false,
  workers: 2,
  // No retry, in CI either: a test that passes only the second time is a defect to fix, not to hide.
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: { trace: 'off', screenshot: 'only-on-failure' },
  projects: [
    {
      name: 'hosted',
      testIgnore: /self-hosted\.spec\.ts/,
      use: { ...chromium, baseURL: `http://127.0.0.1:${HOSTED_PORT}` },
    },
    {
      name: 'self-hosted',
      testMatch: /(self-hosted|both-modes)\.spec\.ts/,
      use: { ...chromium, baseURL: `http://127.0.0.1:${SELF_PORT}` },
    },
  ],
  webServer: [
    {
      command: `node tests/fake-openai/fake-openai.mjs --port ${AI_PORT} --api-key ${AI.AI_API_KEY}`,
      url: `http://127.0.0.1:${AI_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node server.mjs -p ${HOSTED_PORT}`,
      url: `http://127.0.0.1:${HOSTED_PORT}/dashboard/api/get-utc-time`,
      env: {
        IS_PLATFORM: 'true',
        DATA_DIR: `.data-e2e/${RUN}/hosted`,
        PORT: String(HOSTED_PORT),
        PROJECT_API_PORT: String(HOSTED_API_PORT),
        SEED_DEMO: 'true',
        // Releases the platform-only "Branching via dashboard" preview, so hiding it self-hosted is tested.
        FLAG_GITLESS_BRANCHING: 'true',
        // Release the "Disable advisor rules" and "New logs interface" previews, so their flows are tested.
        FLAG_ADVISOR_RULES: 'true',
        FLAG_UNIFIED_LOGS: 'true',
        DEMO_PASSWORD: E2E_DEMO_PASSWORD,
        // The specs seed dozens of accounts: each seeding request names an address of its own in
        // X-Forwarded-For (e2e/auth-helpers.ts seedingAddress), as a proxy would, so the per-address
        // sign-up limit holds for what the browser does without refusing the seeding.
        TRUST_PROXY: 'true',
        ...AI,
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: `node server.mjs -p ${SELF_PORT}`,
      url: `http://127.0.0.1:${SELF_PORT}/dashboard/api/get-utc-time`,
      env: { IS_PLATFORM: 'false', DATA_DIR: `.data-e2e/${RUN}/self-hosted`, PORT: String(SELF_PORT), PROJECT_API_PORT: String(SELF_API_PORT), FLAG_GITLESS_BRANCHING: 'true', ...AI },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
})
