import { defineConfig } from 'vitest/config'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const root = import.meta.dirname
const UNIT_DIRS = ['tests/unit', 'tests/component', 'components', 'lib', 'data', 'state']
const UNIT_FILE = /\.test\.tsx?$/

/**
 * The unit and component test files, split by whether they replace a module (vi.mock). A file that
 * does must have a module registry of its own; every other file shares one jsdom and one registry
 * per worker (isolate: false), which saves the environment and import cost that dominated the
 * suite's time (issue 23). tests/setup.ts resets what the files share between tests.
 */
function unitFiles(): { shared: string[]; isolated: string[] } {
  const shared: string[] = []
  const isolated: string[] = []
  for (const dir of UNIT_DIRS) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (!UNIT_FILE.test(entry)) continue
      const file = path.join(dir, entry)
      if (dir === 'tests/unit' && !file.endsWith('.ts')) continue
      if (dir === 'tests/component' && !file.endsWith('.tsx')) continue
      const source = readFileSync(path.join(root, file), 'utf8')
      ;(/\bvi\.(do)?mock\(/.test(source) ? isolated : shared).push(file)
    }
  }
  return { shared, isolated }
}

const unit = unitFiles()
const unitProject = { environment: 'jsdom' as const, setupFiles: ['tests/setup.ts'] }

// Unit and component tests run in jsdom; API tests (tests/api) run in node against a real
// platform server on PGlite or Postgres (see scripts/test-api.sh).
export default defineConfig({
  resolve: { alias: { '@': path.resolve(root, '.') } },
  test: {
    globals: true,
    projects: [
      { extends: true, test: { name: 'unit', ...unitProject, include: unit.shared, isolate: false } },
      { extends: true, test: { name: 'unit-mocked', ...unitProject, include: unit.isolated } },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts', 'server/**/*.test.ts'],
          fileParallelism: false,
          // One process per shard runs its files one after another; each file starts its own
          // platform (startTestPlatform resets the store, config and servers), so the server's
          // modules are loaded once per shard rather than once per file (issue 23: 770 → 510 s).
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
})
