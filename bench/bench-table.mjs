// Pure parts of `npm run bench` (bench/run-all.mjs): finding benches, choosing them, reading their
// BENCH_RESULT lines, merging a run into bench/results.json and printing the one table.
// Tested by tests/unit/bench/bench-table.test.ts.

const RESULT_PREFIX = 'BENCH_RESULT '

/**
 * The stores a bench file asks to run on, from its `// @bench` header line: `// @bench pglite
 * postgres` runs it twice (the second through scripts/with-postgres.sh), a bare `// @bench` once.
 * Null when the file has no such line (a helper, or a bench not following the convention).
 */
export function benchStores(source) {
  const match = /^\/\/ @bench\b(.*)$/m.exec(source)
  if (!match) return null
  const words = match[1].trim().split(/\s+/).filter(Boolean)
  const unknown = words.filter((w) => w !== 'pglite' && w !== 'postgres')
  if (unknown.length) throw new Error(`unknown store in // @bench: ${unknown.join(', ')}`)
  return words.length ? words : ['once']
}

/**
 * The runs to make, in order: each bench × each of its stores. `order` puts the named benches
 * first (the rest follow by name); `selection` (command-line words: `project-api` or
 * `project-api:postgres`) keeps only those; a word that names nothing is an error.
 */
export function planRuns(benches, selection = [], order = []) {
  const rank = (name) => (order.includes(name) ? order.indexOf(name) : order.length)
  const sorted = [...benches].sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name))
  const runs = sorted.flatMap((b) => b.stores.map((store) => ({ id: store === 'once' ? b.name : `${b.name}:${store}`, bench: b.name, store })))
  if (!selection.length) return runs
  const unknown = selection.filter((word) => !runs.some((r) => r.id === word || r.bench === word))
  if (unknown.length) throw new Error(`no bench named ${unknown.join(', ')} (known: ${runs.map((r) => r.id).join(', ')})`)
  return runs.filter((r) => selection.includes(r.id) || selection.includes(r.bench))
}

/** The figures of every BENCH_RESULT line of a bench's output. */
export function parseBenchOutput(text) {
  const figures = []
  for (const line of text.split('\n')) {
    if (!line.startsWith(RESULT_PREFIX)) continue
    const parsed = JSON.parse(line.slice(RESULT_PREFIX.length))
    for (const f of parsed.figures ?? []) {
      if (typeof f.key !== 'string' || typeof f.label !== 'string' || typeof f.value !== 'number') {
        throw new Error(`malformed figure in BENCH_RESULT: ${JSON.stringify(f)}`)
      }
      figures.push(f)
    }
  }
  return figures
}

const numberFormat = (value) => {
  if (Number.isInteger(value) || Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US')
  return value.toFixed(Math.abs(value) >= 10 ? 1 : 2)
}

/** A value with its unit: `1,523 req/s`, `85.3 ms`, `0.97` (a score has none). */
export function formatValue(value, unit) {
  if (unit === 'score') return value.toFixed(2)
  return unit ? `${numberFormat(value)} ${unit}` : numberFormat(value)
}

/** `≥ 1,500 req/s`, `< 100 ms`, or empty when the figure has no aim. */
export function formatAim(aim, unit) {
  if (!aim) return ''
  if (aim.min !== undefined) return `≥ ${formatValue(aim.min, unit)}`
  if (aim.max !== undefined) return `< ${formatValue(aim.max, unit)}`
  return ''
}

/** 'met', 'missed', or '' without an aim. */
export function aimStatus(value, aim) {
  if (!aim) return ''
  if (aim.min !== undefined && value < aim.min) return 'missed'
  if (aim.max !== undefined && value >= aim.max) return 'missed'
  return 'met'
}

/**
 * The table's rows for this invocation's runs: one per figure (value, aim, whether it is met,
 * the value recorded by the previous run with its date), one saying why for a run that failed.
 */
export function tableRows(runs, previous) {
  const before = previous?.figures ?? {}
  return runs.flatMap((run) => {
    if (!run.ok) return [{ figure: `${run.id}`, value: `failed: ${run.error}`, aim: '', status: 'failed', last: '' }]
    return run.figures.map((f) => {
      const last = before[f.key]
      return {
        figure: f.label,
        value: formatValue(f.value, f.unit),
        aim: formatAim(f.aim, f.unit),
        status: aimStatus(f.value, f.aim),
        last: last ? `${formatValue(last.value, last.unit)} (${String(last.date).slice(0, 10)})` : '',
      }
    })
  })
}

const cell = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ')

/** A Markdown table (aligned for the terminal too), to paste in an issue note as it is. */
export function renderTable(rows) {
  const header = { figure: 'figure', value: 'value', aim: 'aim', status: 'aim met', last: 'last recorded run' }
  const columns = Object.keys(header)
  const all = [header, ...rows].map((r) => Object.fromEntries(columns.map((c) => [c, cell(r[c] ?? '')])))
  const width = Object.fromEntries(columns.map((c) => [c, Math.max(3, ...all.map((r) => r[c].length))]))
  const line = (r) => `| ${columns.map((c) => r[c].padEnd(width[c])).join(' | ')} |`
  const rule = `| ${columns.map((c) => '-'.repeat(width[c])).join(' | ')} |`
  return [line(all[0]), rule, ...all.slice(1).map(line)].join('\n')
}

/**
 * bench/results.json after a run: figures measured now replace theirs (with the date and the
 * bench), the others stay as recorded; each run made says whether it worked and why not.
 */
export function mergeResults(previous, { date, machine, runs }) {
  const figures = { ...(previous?.figures ?? {}) }
  const runLog = { ...(previous?.runs ?? {}) }
  for (const run of runs) {
    // The 1-minute load average when the run started: on a shared machine it explains a bad figure.
    const load = run.loadAverage === undefined ? {} : { loadAverage: run.loadAverage }
    runLog[run.id] = run.ok ? { date, ok: true, ...load } : { date, ok: false, error: run.error, ...load }
    if (!run.ok) continue
    for (const f of run.figures) figures[f.key] = { ...f, bench: run.id, date }
  }
  const sortedFigures = Object.fromEntries(Object.keys(figures).sort().map((k) => [k, figures[k]]))
  const sortedRuns = Object.fromEntries(Object.keys(runLog).sort().map((k) => [k, runLog[k]]))
  return { date, machine, runs: sortedRuns, figures: sortedFigures }
}

/**
 * The runs bench/results.json records, as `tableRows` takes them (`npm run bench -- --show`):
 * each bench's latest figures, or why its latest run failed, in the given bench order.
 */
export function recordedRuns(results, order = []) {
  const byRun = new Map()
  for (const f of Object.values(results?.figures ?? {})) byRun.set(f.bench, [...(byRun.get(f.bench) ?? []), f])
  const ids = [...new Set([...Object.keys(results?.runs ?? {}), ...byRun.keys()])]
  const rank = (id) => (order.includes(id.split(':')[0]) ? order.indexOf(id.split(':')[0]) : order.length)
  ids.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  return ids.map((id) => {
    const run = results?.runs?.[id]
    if (run && !run.ok) return { id, ok: false, error: `${run.error} (${String(run.date).slice(0, 10)})` }
    return { id, ok: true, figures: byRun.get(id) ?? [] }
  })
}
