import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ESM script without types, run by CI as `node scripts/check-arrows.mjs`
import { checkTree, findCycles, importsOf } from '../../../scripts/arrow-rules.mjs'

const ok = "export const x = 1\n"

/** Every rule of docs/architecture.md fires on a small tree that breaks it, and stays quiet otherwise. */
describe('the arrow check', () => {
  it('reads every kind of import', () => {
    const text = `import a from '@/lib/a'\nimport type { B } from './b'\nexport { c } from '../c'\nimport './d.css'\nconst e = await import('@/data/e')\n@import url('./f.css');`
    expect(importsOf(text)).toEqual(expect.arrayContaining(['@/lib/a', './b', '../c', './d.css', '@/data/e', './f.css']))
  })

  it('passes a tree that keeps the rules', () => {
    const files = {
      'lib/a.ts': ok,
      'data/q.ts': "import { a } from '@/lib/a'\n",
      'state/s.ts': "import { a } from '@/lib/a'\n",
      'hooks/h.ts': "import { q } from '@/data/q'\nimport { s } from '@/state/s'\n",
      'components/ui/P.tsx': "import { h } from '@/hooks/h'\n",
      'components/interfaces/A/A.tsx': "import { P } from '@/components/ui/P'\nimport { B } from './B'\n",
      'components/interfaces/A/B.tsx': ok,
      'pages/index.tsx': "import { A } from '@/components/interfaces/A/A'\n",
      'pages/api/x.ts': "import { r } from '@/server/r'\n",
      'server/r.ts': "import { a } from '@/lib/a'\n",
    }
    expect(checkTree(files)).toEqual([])
  })

  it.each([
    ['data/q.ts', "import { s } from '@/state/s'\n", 'data must not import state'],
    ['data/q.ts', "import { P } from '@/components/ui/P'\n", 'data must not import ui'],
    ['lib/a.ts', "import { q } from '@/data/q'\n", 'lib must not import data'],
    ['lib/a.ts', "import type { r } from '@/server/r'\n", 'lib must not import server'],
    ['state/s.ts', "import { q } from '@/data/q'\n", 'state must not import data'],
    ['components/ui/P.tsx', "import { A } from '@/components/interfaces/A/A'\n", 'ui must not import interfaces'],
    ['components/interfaces/A/A.tsx', "import { r } from '@/server/r'\n", 'interfaces must not import server'],
    ['server/r.ts', "import { q } from '@/data/q'\n", 'server must not import data'],
  ])('refuses %s importing what its layer may not (%s)', (file, text, message) => {
    const files: Record<string, string> = {
      'lib/a.ts': ok,
      'data/q.ts': ok,
      'state/s.ts': ok,
      'components/ui/P.tsx': ok,
      'components/interfaces/A/A.tsx': ok,
      'server/r.ts': ok,
      [file]: text,
    }
    expect(checkTree(files).join('\n')).toContain(message)
  })

  it("refuses a screen importing another screen's internals", () => {
    const files = { 'components/interfaces/A/A.tsx': "import { B } from '@/components/interfaces/B/B'\n", 'components/interfaces/B/B.tsx': ok }
    expect(checkTree(files)).toEqual([expect.stringContaining("a screen must not import another screen's internals")])
  })

  it('refuses a file over 300 lines, except static data in lib/catalogue', () => {
    const long = 'export const x = 1\n'.repeat(301)
    expect(checkTree({ 'lib/big.ts': long })).toEqual(['lib/big.ts: 301 lines (at most 300)'])
    expect(checkTree({ 'lib/catalogue/big.ts': long })).toEqual([])
  })

  it('keeps zod out of the browser: browser code imports only types from wire files that hold schemas', () => {
    const wire = "import { z } from 'zod'\nexport const body = z.object({})\nexport type Body = z.infer<typeof body>\n"
    const plain = "export const ROLES = ['Owner']\n"
    const tree = (text: string) => ({ 'lib/api-types/cron.ts': wire, 'lib/api-types/roles.ts': plain, 'data/q.ts': text })
    expect(checkTree(tree("import type { Body } from '@/lib/api-types/cron'\n"))).toEqual([])
    expect(checkTree(tree("import { type Body } from '@/lib/api-types/cron'\nimport { ROLES } from '@/lib/api-types/roles'\n"))).toEqual([])
    expect(checkTree(tree("import { body } from '@/lib/api-types/cron'\n"))).toEqual([
      expect.stringContaining('data/q.ts: browser code imports values from lib/api-types/cron.ts'),
    ])
    expect(checkTree(tree("import { type Body, body } from '@/lib/api-types/cron'\n"))).toHaveLength(1)
    // The server may import the schemas.
    expect(checkTree({ 'lib/api-types/cron.ts': wire, 'server/r.ts': "import { body } from '@/lib/api-types/cron'\n" })).toEqual([])
  })

  it('finds each import circle once, type-only imports included', () => {
    const files = {
      'lib/a.ts': "import type { B } from './b'\n",
      'lib/b.ts': "import { c } from './c'\n",
      'lib/c.ts': "import { a } from './a'\n",
    }
    expect(checkTree(files)).toEqual(['import circle: lib/a.ts → lib/b.ts → lib/c.ts → lib/a.ts'])
    expect(findCycles(new Map([['x', ['y']], ['y', ['x']]]))).toHaveLength(1)
  })
})
