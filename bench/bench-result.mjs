// The machine-readable side of every bench (see bench/README.md): a bench prints what it measured
// in prose for people, then calls `reportFigures` once (or more), which prints one line
//   BENCH_RESULT {"figures":[{"key":…,"label":…,"value":…,"unit":…,"aim":{"min"|"max":…}}]}
// that `npm run bench` (bench/run-all.mjs) collects into its table and bench/results.json.

/** The store a bench runs on: a Postgres server when DATABASE_URL or TEST_DATABASE_URL is set. */
export function benchStore() {
  return process.env.DATABASE_URL || process.env.TEST_DATABASE_URL ? 'Postgres' : 'PGlite'
}

/**
 * One figure. `key` is unique across benches and stores (e.g. `project-api.rest.rps.PGlite`),
 * `label` is what the table shows, `aim` is `{ min }` (at least) or `{ max }` (under), when there is one.
 */
export function figure(key, label, value, unit, aim) {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`figure ${key}: ${value} is not a number`)
  return { key, label, value, unit, ...(aim ? { aim } : {}) }
}

/** Prints the BENCH_RESULT line of these figures. */
export function reportFigures(figures) {
  console.log(`BENCH_RESULT ${JSON.stringify({ figures })}`)
}
