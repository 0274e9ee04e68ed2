import { expect } from 'vitest'
import { allowedInA, type Actor, type EndpointEntry, type World } from './endpoints'

const BASE = '/platform/projects/:ref/cron/jobs'

type CronJob = { id: number; name: string }

/** A's own job (made once per world by A's Owner), aimed at by outsiders and refused roles. */
const jobsOfA = new WeakMap<World, Promise<CronJob>>()

async function createJob(w: World, name: string): Promise<CronJob> {
  const res = await w.platform.request(`/platform/projects/${w.projectA}/cron/jobs`, {
    token: w.users.owner.token,
    // Once a year, so the walk never sees it run by itself.
    body: { name, schedule: '0 0 1 1 *', command: 'select 1' },
  })
  expect(res.status, `cron job ${name}: ${JSON.stringify(res.body)}`).toBe(201)
  return { id: res.body.id, name: res.body.name }
}

function jobA(w: World): Promise<CronJob> {
  let job = jobsOfA.get(w)
  if (!job) {
    job = createJob(w, w.unique('alpha-secret-cron-job')).then((created) => {
      w.secretsOfA.push(created.name)
      return created
    })
    jobsOfA.set(w, job)
  }
  return job
}

/** A's job for callers who must be refused; a disposable one for those allowed to change it. */
async function jobFor(w: World, actor: Actor, minimum: 'Read-only' | 'Developer'): Promise<string> {
  const job = allowedInA(actor, minimum) && minimum === 'Developer' ? await createJob(w, w.unique(`cron job of ${actor}`)) : await jobA(w)
  return String(job.id)
}

/** Endpoints of the project's cron area, walked by the authorization and bad-input suites. */
export const CRON_ENDPOINTS: EndpointEntry[] = [
  {
    method: 'GET',
    pattern: BASE,
    mode: 'read',
    prepare: async (w) => {
      await jobA(w)
      return { params: { ref: w.projectA } }
    },
    check: async (res, w) => {
      const names = (res.body as CronJob[]).map((j) => j.name)
      expect(names).toContain((await jobA(w)).name)
    },
  },
  {
    method: 'POST',
    pattern: BASE,
    mode: 'write',
    takesBody: true,
    required: ['name', 'schedule', 'command'],
    prepare: (w, actor) => ({
      params: { ref: w.projectA },
      body: { name: w.unique(`walk job of ${actor}`), schedule: '*/5 * * * *', command: 'select 1', active: false },
    }),
  },
  {
    method: 'GET',
    pattern: `${BASE}/:id`,
    mode: 'read',
    prepare: async (w, actor) => ({ params: { ref: w.projectA, id: await jobFor(w, actor, 'Read-only') } }),
  },
  {
    method: 'PATCH',
    pattern: `${BASE}/:id`,
    mode: 'write',
    takesBody: true,
    needsSome: true,
    prepare: async (w, actor) => ({
      params: { ref: w.projectA, id: await jobFor(w, actor, 'Developer') },
      body: { name: w.unique(`renamed by ${actor}`), schedule: '0 3 * * *', command: 'select 2', active: false },
    }),
  },
  {
    method: 'DELETE',
    pattern: `${BASE}/:id`,
    mode: 'write',
    prepare: async (w, actor) => ({ params: { ref: w.projectA, id: await jobFor(w, actor, 'Developer') } }),
  },
  {
    method: 'GET',
    pattern: `${BASE}/:id/runs`,
    mode: 'read',
    prepare: async (w, actor) => ({ params: { ref: w.projectA, id: await jobFor(w, actor, 'Read-only') } }),
    check: (res) => {
      expect(Array.isArray(res.body.runs)).toBe(true)
      expect(typeof res.body.total).toBe('number')
    },
  },
  {
    method: 'POST',
    pattern: `${BASE}/:id/run`,
    mode: 'write',
    takesBody: true,
    prepare: async (w, actor) => ({ params: { ref: w.projectA, id: await jobFor(w, actor, 'Developer') }, body: {} }),
    check: (res) => {
      expect(res.body).toMatchObject({ status: 'succeeded', trigger: 'manual', return_message: 'SELECT 1' })
    },
  },
]
