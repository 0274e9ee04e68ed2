import crypto from 'node:crypto'
import { expect } from 'vitest'
import { allowedInA, type Actor, type EndpointEntry, type World } from './endpoints'

const BASE = '/platform/projects/:ref/functions'

/** A function's code that needs no bundling: the walk writes its versions straight to the store. */
const bundleAnswering = (text: string) => `Deno.serve(() => new Response(${JSON.stringify(text)}));\n`

type Fn = { id: string; slug: string; answer: string }

/**
 * A function of A written straight to the store with two versions (the second serving), so calls
 * of callers who must change nothing of A add nothing to A's audit log, and no bundler runs.
 */
async function insertFunctionOfA(w: World, slug: string): Promise<Fn> {
  const { rows } = await w.db.query<{ id: number }>('select id from platform.projects where ref = $1', [w.projectA])
  const id = crypto.randomUUID()
  const answer = `alpha-function-answer-${w.unique('f')}`
  await w.db.query(`insert into platform.edge_functions (id, project_id, slug, name, verify_jwt, active_version, latest_version) values ($1, $2, $3, $3, true, 2, 2)`, [id, rows[0].id, slug])
  for (const version of [1, 2]) {
    const files = JSON.stringify([{ name: 'index.ts', content: `// ${answer} v${version}\n${bundleAnswering(`${answer} v${version}`)}` }])
    await w.db.query(`insert into platform.edge_function_versions (function_id, version, files, bundle, build_output) values ($1, $2, $3::jsonb, $4, '')`, [id, version, files, bundleAnswering(`${answer} v${version}`)])
  }
  return { id, slug, answer }
}

const functionsOfA = new WeakMap<World, Promise<Fn>>()
const SECRET_OF_A = new WeakMap<World, Promise<string>>()

function functionA(w: World): Promise<Fn> {
  let fn = functionsOfA.get(w)
  if (!fn) {
    fn = insertFunctionOfA(w, `alpha-${w.unique('fn').replace(/[^A-Za-z0-9_-]/g, '-')}`.slice(0, 60)).then((made) => {
      w.secretsOfA.push(made.answer)
      return made
    })
    functionsOfA.set(w, fn)
  }
  return fn
}

/** A's function for callers who must be refused; a disposable one for those allowed. */
async function functionFor(w: World, actor: Actor): Promise<Fn> {
  return allowedInA(actor, 'Developer') ? insertFunctionOfA(w, `walk-${actor}-${w.unique('f').replace(/[^A-Za-z0-9_-]/g, '-')}`.slice(0, 60)) : functionA(w)
}

/**
 * A secret of A, whose name only Developers and above may read: sealed and written straight to the
 * store as the platform does it, so the walk of callers who must change nothing adds no audit entry.
 */
function secretOfA(w: World): Promise<string> {
  let name = SECRET_OF_A.get(w)
  if (!name) {
    name = (async () => {
      const { sealSecret } = await import('@/server/vault/crypto')
      const { functionSecretAad } = await import('@/server/functions/secrets')
      const made = `ALPHA_FN_SECRET_${w.unique('s').replace(/[^A-Za-z0-9_]/g, '_')}`
      const { rows } = await w.db.query<{ id: number }>('select id from platform.projects where ref = $1', [w.projectA])
      const sealed = sealSecret('alpha secret value', functionSecretAad(Number(rows[0].id), made))
      await w.db.query('insert into platform.edge_function_secrets (project_id, name, ciphertext, iv, auth_tag, key_version) values ($1, $2, $3, $4, $5, $6)', [
        rows[0].id, made, sealed.ciphertext, sealed.iv, sealed.authTag, sealed.keyVersion,
      ])
      w.secretsOfA.push(made)
      return made
    })()
    SECRET_OF_A.set(w, name)
  }
  return name
}

const secretName = (actor: Actor, w: World) => `WALK_${actor}_${w.unique('s')}`.replace(/[^A-Za-z0-9_]/g, '_')

/** Endpoints of Edge Functions and their secrets, walked by the authorization and bad-input suites. */
export const FUNCTIONS_ENDPOINTS: EndpointEntry[] = [
  {
    method: 'GET',
    pattern: BASE,
    mode: 'read',
    prepare: async (w) => {
      await functionA(w)
      return { params: { ref: w.projectA } }
    },
    check: async (res, w) => expect((res.body as { slug: string }[]).map((f) => f.slug)).toContain((await functionA(w)).slug),
  },
  {
    method: 'POST',
    pattern: BASE,
    mode: 'write',
    takesBody: true,
    required: ['slug', 'body'],
    fields: ['slug', 'body', 'verify_jwt'],
    prepare: (w, actor) => ({
      params: { ref: w.projectA },
      body: { slug: `deployed-by-${actor}-${w.unique('d').replace(/[^A-Za-z0-9_-]/g, '-')}`.slice(0, 60), body: 'Deno.serve(() => new Response("walk"))\n', verify_jwt: true },
    }),
  },
  {
    method: 'GET',
    pattern: `${BASE}/:slug`,
    mode: 'read',
    prepare: async (w) => ({ params: { ref: w.projectA, slug: (await functionA(w)).slug } }),
    check: async (res, w) => expect(JSON.stringify(res.body.files)).toContain(`${(await functionA(w)).answer} v2`),
  },
  {
    method: 'PATCH',
    pattern: `${BASE}/:slug`,
    mode: 'write',
    takesBody: true,
    needsSome: true,
    prepare: async (w, actor) => ({ params: { ref: w.projectA, slug: (await functionFor(w, actor)).slug }, body: { name: `renamed by ${actor}`, verify_jwt: false } }),
  },
  {
    method: 'DELETE',
    pattern: `${BASE}/:slug`,
    mode: 'write',
    prepare: async (w, actor) => ({ params: { ref: w.projectA, slug: (await functionFor(w, actor)).slug } }),
  },
  {
    method: 'GET',
    pattern: `${BASE}/:slug/versions`,
    mode: 'read',
    prepare: async (w) => ({ params: { ref: w.projectA, slug: (await functionA(w)).slug } }),
    check: (res) => expect((res.body as { version: number }[]).map((v) => v.version)).toEqual([2, 1]),
  },
  {
    method: 'GET',
    pattern: `${BASE}/:slug/versions/:version`,
    mode: 'read',
    prepare: async (w) => ({ params: { ref: w.projectA, slug: (await functionA(w)).slug, version: '1' } }),
    check: async (res, w) => expect(JSON.stringify(res.body.files)).toContain(`${(await functionA(w)).answer} v1`),
  },
  {
    method: 'POST',
    pattern: `${BASE}/:slug/rollback`,
    mode: 'write',
    takesBody: true,
    required: ['version'],
    success: 200,
    prepare: async (w, actor) => ({ params: { ref: w.projectA, slug: (await functionFor(w, actor)).slug }, body: { version: 1 } }),
    check: (res) => expect(res.body.version).toBe(1),
  },
  {
    method: 'POST',
    pattern: `${BASE}/:slug/invoke`,
    mode: 'write',
    takesBody: true,
    required: ['method'],
    fields: ['method', 'path', 'body', 'role'],
    success: 200,
    prepare: async (w, actor) => ({ params: { ref: w.projectA, slug: (await functionFor(w, actor)).slug }, body: { method: 'POST', path: '', headers: {}, body: 'hello', role: 'anon' } }),
    check: (res) => {
      expect(res.body.status).toBe(200)
      expect(res.body.body).toMatch(/ v2$/)
    },
  },
  {
    method: 'GET',
    pattern: '/platform/projects/:ref/secrets',
    mode: 'read',
    prepare: async (w) => {
      await secretOfA(w)
      return { params: { ref: w.projectA } }
    },
    check: async (res, w) => {
      expect((res.body as { name: string }[]).map((s) => s.name)).toContain(await secretOfA(w))
      expect(JSON.stringify(res.body)).not.toContain('alpha secret value')
    },
  },
  {
    method: 'POST',
    pattern: '/platform/projects/:ref/secrets',
    mode: 'write',
    takesBody: true,
    fields: ['0'],
    success: 201,
    prepare: (w, actor) => ({ params: { ref: w.projectA }, body: [{ name: secretName(actor, w), value: `walk value of ${actor}` }] }),
    check: (res, _w, actor) => expect(JSON.stringify(res.body)).not.toContain(`walk value of ${actor}`),
  },
  {
    method: 'DELETE',
    pattern: '/platform/projects/:ref/secrets',
    mode: 'write',
    takesBody: true,
    fields: ['0'],
    prepare: async (w, actor) => ({ params: { ref: w.projectA }, body: allowedInA(actor, 'Developer') ? [secretName(actor, w)] : [await secretOfA(w)] }),
  },
]
