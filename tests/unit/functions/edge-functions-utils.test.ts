import { formatErrorRate, formatRelativeTime, functionSlugProblem } from '@/components/interfaces/EdgeFunctions/EdgeFunctions.utils'
import { deployBody, fileNameProblem, filesChanged, withEntrypoint } from '@/components/interfaces/EdgeFunctions/function-files'
import { functionLogMessage } from '@/components/interfaces/EdgeFunctions/FunctionLogsTab'
import type { ProjectLogLine } from '@/lib/api-types/logs'
import { FUNCTION_TEMPLATES } from '@/lib/catalogue/function-templates'
import { FUNCTION_SLUG_PATTERN, secretNameProblem } from '@/lib/functions/rules'

const NOW = Date.parse('2026-01-10T12:00:00Z')

describe('edge functions helpers', () => {
  it('gives the error rate of the last day, "—" without invocations', () => {
    expect(formatErrorRate({ invocations_24h: 0, errors_24h: 0 })).toBe('—')
    expect(formatErrorRate({ invocations_24h: 8, errors_24h: 0 })).toBe('0%')
    expect(formatErrorRate({ invocations_24h: 3, errors_24h: 1 })).toBe('33.3%')
    expect(formatErrorRate({ invocations_24h: 1000, errors_24h: 3 })).toBe('0.3%')
    expect(formatErrorRate({ invocations_24h: 4, errors_24h: 4 })).toBe('100%')
  })

  it('says how long ago a deploy was', () => {
    expect(formatRelativeTime('2026-01-10T11:59:30Z', NOW)).toBe('just now')
    expect(formatRelativeTime('2026-01-10T11:55:00Z', NOW)).toBe('5 minutes ago')
    expect(formatRelativeTime('2026-01-10T09:00:00Z', NOW)).toBe('3 hours ago')
    expect(formatRelativeTime('2026-01-09T12:00:00Z', NOW)).toBe('yesterday')
    expect(formatRelativeTime('not a date', NOW)).toBe('')
  })

  it('proposes template slugs the platform accepts, and refuses the dashboard\'s reserved one', () => {
    for (const t of FUNCTION_TEMPLATES) {
      expect(FUNCTION_SLUG_PATTERN.test(t.slug)).toBe(true)
      expect(functionSlugProblem(t.slug)).toBeNull()
    }
    expect(functionSlugProblem('Secrets')).toBe('"Secrets" is reserved by the dashboard')
  })

  it('keeps the templates to imports this machine can fetch (npm:, never URLs)', () => {
    for (const t of FUNCTION_TEMPLATES) expect(t.code).not.toMatch(/from ['"]https?:/)
    expect(FUNCTION_TEMPLATES.find((t) => t.id === 'supabase-client')?.code).toContain("from 'npm:@supabase/supabase-js@2'")
  })

  it('names files by the contract\'s pattern, once each', () => {
    const files = withEntrypoint([{ name: 'lib/util.ts', content: 'x' }])
    expect(files.map((f) => f.name)).toEqual(['index.ts', 'lib/util.ts'])
    expect(fileNameProblem('lib/util.ts', files)).toBe('lib/util.ts already exists')
    expect(fileNameProblem('lib/util.ts', files, 'lib/util.ts')).toBeNull()
    expect(fileNameProblem('../escape.ts', files)).toMatch(/without \.\./)
    expect(fileNameProblem('notes.txt', files)).toMatch(/ending in \.ts/)
    expect(fileNameProblem('deps.json', files)).toBeNull()
  })

  it('builds the deploy body from edited files: index.ts as body, the rest as files', () => {
    const served = withEntrypoint([{ name: 'index.ts', content: 'a' }])
    expect(filesChanged(served, served)).toBe(false)
    const edited = [...served, { name: 'util.ts', content: 'b' }]
    expect(filesChanged(edited, served)).toBe(true)
    expect(deployBody('hello', 'Hello', false, edited)).toEqual({ slug: 'hello', name: 'Hello', verify_jwt: false, body: 'a', files: [{ name: 'util.ts', content: 'b' }] })
    expect(deployBody('hello', 'Hello', true, served)).toEqual({ slug: 'hello', name: 'Hello', verify_jwt: true, body: 'a' })
  })

  it('writes an invocation line as request → status, and a console line as logged', () => {
    const base = { id: '1', timestamp: '2026-01-10T12:00:00Z', identifier: 'x', level: 'info' } as const
    const edge = { ...base, source: 'function_edge_logs', event_message: 'POST /hello-world', metadata: { method: 'POST', path: '/hello-world', status_code: 200, execution_time_ms: 12.6, version: 2 } } as ProjectLogLine
    const console = { ...base, source: 'function_logs', event_message: 'Saying hello to Functions', metadata: { level: 'log' } } as ProjectLogLine
    expect(functionLogMessage(edge)).toBe('POST /hello-world → 200 in 13 ms (v2)')
    expect(functionLogMessage(console)).toBe('Saying hello to Functions')
    const limited = { ...edge, metadata: { ...edge.metadata, status_code: 546, error: 'CPU time limit reached' } } as ProjectLogLine
    expect(functionLogMessage(limited)).toBe('POST /hello-world → 546 in 13 ms (v2): CPU time limit reached')
  })

  it("refuses secret names the platform or the runtime sets (Deno's settings and its network proxy), whatever the case", () => {
    for (const name of ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'ALL_PROXY', 'no_proxy', 'DENO_DIR', 'deno_tls_ca_store']) {
      expect(secretNameProblem(name), name).toContain('functions runtime')
    }
    expect(secretNameProblem('SUPABASE_X')).toContain('SUPABASE_')
    for (const name of ['MY_PROXY', 'STRIPE_KEY', 'PROXY_URL', 'DENOMINATOR']) expect(secretNameProblem(name), name).toBeNull()
  })
})
