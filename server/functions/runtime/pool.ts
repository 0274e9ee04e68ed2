/**
 * The warm workers of every function, by key (project, function, version, secrets epoch). An
 * invocation takes an idle worker of its key, else starts one while the key and the machine have
 * room (evicting the least recently used idle worker of another key when the machine is full),
 * else waits in its key's queue. Workers idle for FUNCTIONS_IDLE_MS stop.
 */
import { FunctionRuntimeError } from './errors'
import type { WorkerSpec } from './types'
import { FunctionWorker } from './worker'

type Lease = { worker: FunctionWorker; cold: boolean }
type Waiter = { spec: WorkerSpec; resolve: (lease: Lease) => void; reject: (error: Error) => void; signal?: AbortSignal; onAbort?: () => void }
type KeyPool = { workers: Set<FunctionWorker>; starting: number; waiters: Waiter[] }

const DEFAULT_IDLE_MS = 60_000
const env = (name: string, fallback: number) => {
  const value = Number(process.env[name])
  return Number.isFinite(value) && value > 0 ? value : fallback
}
const idleMs = () => env('FUNCTIONS_IDLE_MS', DEFAULT_IDLE_MS)
const maxPerKey = () => env('FUNCTIONS_MAX_WORKERS_PER_KEY', 4)
const maxTotal = () => env('FUNCTIONS_MAX_WORKERS', 16)

export class WorkerPool {
  private readonly keys = new Map<string, KeyPool>()
  private readonly idleTimers = new Map<FunctionWorker, NodeJS.Timeout>()
  /** Bumped by stopAll: a worker whose start began before is stopped as soon as it is ready. */
  private epoch = 0

  /** Workers alive or starting, for one key or all. */
  count(key?: string): number {
    const pools = key === undefined ? [...this.keys.values()] : [this.keys.get(key)].filter((p): p is KeyPool => !!p)
    return pools.reduce((sum, pool) => sum + pool.workers.size + pool.starting, 0)
  }

  /** A worker reserved for one invocation (state `busy`); `cold` when it had to start. */
  acquire(spec: WorkerSpec, signal?: AbortSignal): Promise<Lease> {
    const pool = this.pool(spec.key)
    const idle = this.idleWorker(pool)
    if (idle) return Promise.resolve({ worker: this.reserve(idle), cold: false })
    if (this.makeRoom(pool)) return this.start(spec, pool)
    return new Promise<Lease>((resolve, reject) => {
      const waiter: Waiter = { spec, resolve, reject, signal }
      if (signal) {
        if (signal.aborted) return reject(signal.reason instanceof Error ? signal.reason : new Error('The invocation was aborted'))
        waiter.onAbort = () => {
          pool.waiters = pool.waiters.filter((w) => w !== waiter)
          reject(signal.reason instanceof Error ? signal.reason : new Error('The invocation was aborted'))
        }
        signal.addEventListener('abort', waiter.onAbort, { once: true })
      }
      pool.waiters.push(waiter)
    })
  }

  /** Gives a worker back after its invocation: to the next waiter of its key, else idle until it times out. */
  release(worker: FunctionWorker): void {
    if (worker.state !== 'idle') return // killed: its close handler frees the slot
    const pool = this.pool(worker.spec.key)
    const waiter = this.nextWaiter(pool)
    if (waiter) return waiter.resolve({ worker: this.reserve(worker), cold: false })
    // Another function waits for room on a full machine: this idle worker makes way now.
    if (this.count() >= maxTotal() && [...this.keys.values()].some((other) => other !== pool && other.waiters.length > 0)) {
      this.forget(worker)
      worker.kill()
      return this.drain()
    }
    this.scheduleIdleStop(worker)
  }

  /** Stops every worker and fails every waiting invocation. */
  async stopAll(): Promise<void> {
    this.epoch += 1
    const closing: Promise<unknown>[] = []
    for (const pool of this.keys.values()) {
      for (const waiter of pool.waiters.splice(0)) {
        waiter.reject(new FunctionRuntimeError('WORKER_CRASHED', 'The functions runtime is stopping'))
      }
      for (const worker of pool.workers) {
        worker.kill()
        closing.push(worker.closed)
      }
    }
    await Promise.all(closing)
  }

  private pool(key: string): KeyPool {
    let pool = this.keys.get(key)
    if (!pool) {
      pool = { workers: new Set(), starting: 0, waiters: [] }
      this.keys.set(key, pool)
    }
    return pool
  }

  private idleWorker(pool: KeyPool): FunctionWorker | null {
    let best: FunctionWorker | null = null
    for (const worker of pool.workers) {
      if (worker.state === 'idle' && (!best || worker.lastUsed > best.lastUsed)) best = worker
    }
    return best
  }

  private reserve(worker: FunctionWorker): FunctionWorker {
    const timer = this.idleTimers.get(worker)
    if (timer) clearTimeout(timer)
    this.idleTimers.delete(worker)
    worker.state = 'busy'
    return worker
  }

  private nextWaiter(pool: KeyPool): Waiter | undefined {
    const waiter = pool.waiters.shift()
    if (waiter?.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort)
    return waiter
  }

  /** Whether a worker may start for `pool` now, evicting another key's least recently used idle worker if the machine is full. */
  private makeRoom(pool: KeyPool): boolean {
    if (pool.workers.size + pool.starting >= maxPerKey()) return false
    if (this.count() < maxTotal()) return true
    let victim: FunctionWorker | null = null
    for (const other of this.keys.values()) {
      if (other === pool) continue
      for (const worker of other.workers) {
        if (worker.state === 'idle' && (!victim || worker.lastUsed < victim.lastUsed)) victim = worker
      }
    }
    if (!victim) return false
    // Its slot is taken now: it leaves the count at once rather than when its process has ended.
    this.forget(victim)
    victim.kill()
    return true
  }

  private async start(spec: WorkerSpec, pool: KeyPool): Promise<Lease> {
    const epoch = this.epoch
    pool.starting += 1
    let worker: FunctionWorker
    try {
      worker = await FunctionWorker.start(spec)
    } catch (error) {
      pool.starting -= 1
      this.drain()
      throw error
    }
    pool.starting -= 1
    if (epoch !== this.epoch) {
      worker.kill()
      throw new FunctionRuntimeError('WORKER_CRASHED', 'The functions runtime is stopping')
    }
    pool.workers.add(worker)
    void worker.closed.then(() => {
      this.forget(worker)
      this.drain()
    })
    return { worker: this.reserve(worker), cold: true }
  }

  private forget(worker: FunctionWorker): void {
    const pool = this.keys.get(worker.spec.key)
    const timer = this.idleTimers.get(worker)
    if (timer) clearTimeout(timer)
    this.idleTimers.delete(worker)
    if (!pool) return
    pool.workers.delete(worker)
    if (pool.workers.size === 0 && pool.starting === 0 && pool.waiters.length === 0) this.keys.delete(worker.spec.key)
  }

  /** Starts workers for waiting invocations while there is room (after a worker stopped or failed to start). */
  private drain(): void {
    for (const pool of [...this.keys.values()]) {
      while (pool.waiters.length > 0 && this.makeRoom(pool)) {
        const waiter = this.nextWaiter(pool)!
        this.start(waiter.spec, pool).then(waiter.resolve, waiter.reject)
      }
    }
  }

  private scheduleIdleStop(worker: FunctionWorker): void {
    const wait = idleMs()
    const timer = setTimeout(() => {
      this.idleTimers.delete(worker)
      if (worker.state === 'idle' && Date.now() - worker.lastUsed >= wait - 5) worker.kill()
    }, wait)
    timer.unref()
    this.idleTimers.set(worker, timer)
  }
}

const holder = globalThis as typeof globalThis & { __functionsWorkerPool?: WorkerPool }

/** The one pool of this server process. */
export function workerPool(): WorkerPool {
  holder.__functionsWorkerPool ??= new WorkerPool()
  return holder.__functionsWorkerPool
}
