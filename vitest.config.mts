import { defineConfig } from 'vitest/config'
import path from 'node:path'

// Unit and component tests run in jsdom; API tests (tests/api) run in node against a real
// platform server on PGlite or Postgres (see scripts/test-api.sh).
export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, '.') } },
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.ts', 'tests/component/**/*.test.tsx', 'components/**/*.test.{ts,tsx}', 'lib/**/*.test.ts', 'data/**/*.test.ts', 'state/**/*.test.ts'],
          exclude: ['server/**'],
          setupFiles: ['tests/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts', 'server/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
})
