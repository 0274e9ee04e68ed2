import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ESM script without types, run as `npm run bench` (bench/run-all.mjs)
import * as table from '../../../bench/bench-table.mjs'

const { aimStatus, benchStores, formatAim, formatValue, mergeResults, parseBenchOutput, planRuns, recordedRuns, renderTable, tableRows } = table

const fig = (key: string, value: number, extra: Record<string, unknown> = {}) => ({ key, label: `label ${key}`, value, unit: 'ms', ...extra })

describe('the bench table', () => {
  it('finds the stores a bench runs on from its // @bench line, and no line means no bench', () => {
    expect(benchStores('#!/usr/bin/env node\n// Does things\n// @bench pglite postgres\nimport x from "y"')).toEqual(['pglite', 'postgres'])
    expect(benchStores('// @bench\nconst a = 1')).toEqual(['once'])
    expect(benchStores('// a helper\nexport const x = 1')).toBeNull()
    expect(benchStores('// @benchmark of something')).toBeNull()
    expect(() => benchStores('// @bench mysql')).toThrow(/unknown store in \/\/ @bench: mysql/)
  })

  it('plans runs in the given order, then by name, and keeps only what the selection names', () => {
    const benches = [
      { name: 'zeta', stores: ['once'] },
      { name: 'project-api', stores: ['pglite', 'postgres'] },
      { name: 'alpha', stores: ['once'] },
      { name: 'bundle-size', stores: ['once'] },
    ]
    const order = ['bundle-size', 'project-api']
    expect(planRuns(benches, [], order).map((r: { id: string }) => r.id)).toEqual(['bundle-size', 'project-api:pglite', 'project-api:postgres', 'alpha', 'zeta'])
    expect(planRuns(benches, ['project-api', 'zeta'], order).map((r: { id: string }) => r.id)).toEqual(['project-api:pglite', 'project-api:postgres', 'zeta'])
    expect(planRuns(benches, ['project-api:postgres'], order)).toEqual([{ id: 'project-api:postgres', bench: 'project-api', store: 'postgres' }])
    expect(() => planRuns(benches, ['project-ap'], order)).toThrow(/no bench named project-ap/)
  })

  it('reads every BENCH_RESULT line of a bench output and nothing else', () => {
    const out = [
      'prose: 1,234 req/s',
      `BENCH_RESULT ${JSON.stringify({ figures: [fig('a', 1)] })}`,
      'more prose',
      `BENCH_RESULT ${JSON.stringify({ figures: [fig('b', 2), fig('c', 3)] })}`,
    ].join('\n')
    expect(parseBenchOutput(out).map((f: { key: string }) => f.key)).toEqual(['a', 'b', 'c'])
    expect(parseBenchOutput('no result here')).toEqual([])
    expect(() => parseBenchOutput('BENCH_RESULT {"figures":[{"key":"a","value":"fast"}]}')).toThrow(/malformed figure/)
  })

  it('formats values, aims and whether an aim is met', () => {
    expect(formatValue(1523.4, 'req/s')).toBe('1,523 req/s')
    expect(formatValue(85.25, 'ms')).toBe('85.3 ms')
    expect(formatValue(2.5, 'ms')).toBe('2.50 ms')
    expect(formatValue(20, 'ms')).toBe('20 ms')
    expect(formatValue(0.97, 'score')).toBe('0.97')
    expect(formatAim({ min: 1500 }, 'req/s')).toBe('≥ 1,500 req/s')
    expect(formatAim({ max: 100 }, 'ms')).toBe('< 100 ms')
    expect(formatAim(undefined, 'ms')).toBe('')
    expect(aimStatus(1500, { min: 1500 })).toBe('met')
    expect(aimStatus(1499, { min: 1500 })).toBe('missed')
    expect(aimStatus(99.9, { max: 100 })).toBe('met')
    expect(aimStatus(100, { max: 100 })).toBe('missed')
    expect(aimStatus(5, undefined)).toBe('')
  })

  it('shows each figure beside the last recorded value, and a failed run with its reason', () => {
    const previous = { figures: { a: { ...fig('a', 310), date: '2026-11-01T10:00:00.000Z' } } }
    const runs = [
      { id: 'workspace', ok: true, figures: [fig('a', 290, { aim: { max: 300 } }), fig('new', 5)] },
      { id: 'functions:postgres', ok: false, error: 'exit code 1: server did not start' },
    ]
    expect(tableRows(runs, previous)).toEqual([
      { figure: 'label a', value: '290 ms', aim: '< 300 ms', status: 'met', last: '310 ms (2026-11-01)' },
      { figure: 'label new', value: '5 ms', aim: '', status: '', last: '' },
      { figure: 'functions:postgres', value: 'failed: exit code 1: server did not start', aim: '', status: 'failed', last: '' },
    ])
  })

  it('renders an aligned Markdown table whose cells cannot break it', () => {
    const text = renderTable([{ figure: 'a | b', value: '1 ms', aim: '< 2 ms', status: 'met', last: '' }])
    const lines = text.split('\n')
    expect(lines[0]).toMatch(/^\| figure +\| value +\| aim +\| aim met \| last recorded run \|$/)
    expect(lines[1]).toMatch(/^\| -+ \| -+ \| -+ \| -+ \| -+ \|$/)
    expect(lines[2]).toContain('a \\| b')
    expect(new Set(lines.map((l: string) => l.length)).size).toBe(1)
  })

  it('merges a run into the recorded results: new figures replace, others and failed benches keep theirs', () => {
    const previous = {
      date: 'old',
      runs: { workspace: { date: 'old', ok: true }, 'functions:postgres': { date: 'old', ok: true } },
      figures: {
        a: { ...fig('a', 310), bench: 'workspace', date: 'old' },
        f: { ...fig('f', 80), bench: 'functions:postgres', date: 'old' },
      },
    }
    const machine = { cores: 2, memoryGB: 23 }
    const merged = mergeResults(previous, {
      date: 'now',
      machine,
      runs: [
        { id: 'workspace', ok: true, figures: [fig('a', 290)], loadAverage: 1.5 },
        { id: 'functions:postgres', ok: false, error: 'boom' },
      ],
    })
    expect(merged.date).toBe('now')
    expect(merged.machine).toEqual(machine)
    expect(merged.figures.a).toMatchObject({ value: 290, bench: 'workspace', date: 'now' })
    expect(merged.figures.f).toMatchObject({ value: 80, date: 'old' })
    expect(merged.runs).toEqual({ 'functions:postgres': { date: 'now', ok: false, error: 'boom' }, workspace: { date: 'now', ok: true, loadAverage: 1.5 } })
    expect(mergeResults(null, { date: 'd', machine, runs: [] })).toEqual({ date: 'd', machine, runs: {}, figures: {} })
  })

  it('lists what results.json records per bench, in the bench order, a failed latest run with its reason', () => {
    const results = {
      runs: { zeta: { date: 'd', ok: true }, 'project-api:pglite': { date: '2026-11-28T10:00', ok: false, error: 'exit code 1' }, 'bundle-size': { date: 'd', ok: true } },
      figures: {
        z: { ...fig('z', 1), bench: 'zeta' },
        b1: { ...fig('b1', 2), bench: 'bundle-size' },
        b2: { ...fig('b2', 3), bench: 'bundle-size' },
        p: { ...fig('p', 4), bench: 'project-api:pglite' },
      },
    }
    expect(recordedRuns(results, ['bundle-size', 'project-api'])).toEqual([
      { id: 'bundle-size', ok: true, figures: [results.figures.b1, results.figures.b2] },
      { id: 'project-api:pglite', ok: false, error: 'exit code 1 (2026-11-28)' },
      { id: 'zeta', ok: true, figures: [results.figures.z] },
    ])
    expect(recordedRuns(null)).toEqual([])
  })
})
