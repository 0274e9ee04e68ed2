import { afterEach, describe, expect, it, vi } from 'vitest'
import { storeCache } from '@/server/db/store-cache'
import type { Db } from '@/server/db/types'

const store = () => ({}) as Db

describe('what an instance keeps of the store for a moment', () => {
  afterEach(() => vi.useRealTimers())

  it('answers from what it kept until the time is up, then reads again', async () => {
    vi.useFakeTimers()
    const cache = storeCache<number>(`t1-${Math.random()}`, 1_000, 10)
    const db = store()
    const read = vi.fn(async () => read.mock.calls.length)
    expect(await cache.get(db, 'a', read)).toBe(1)
    expect(await cache.get(db, 'a', read)).toBe(1)
    vi.advanceTimersByTime(1_001)
    expect(await cache.get(db, 'a', read)).toBe(2)
    expect(read).toHaveBeenCalledTimes(2)
  })

  it('reads again at once once forgotten, keeps nothing for null, and keeps each store apart', async () => {
    const cache = storeCache<string>(`t2-${Math.random()}`, 60_000, 10)
    const [one, two] = [store(), store()]
    await cache.get(one, 'a', async () => 'old')
    cache.forget(one, 'a')
    expect(await cache.get(one, 'a', async () => 'new')).toBe('new')
    expect(await cache.get(two, 'a', async () => 'other store')).toBe('other store')
    expect(await cache.get(one, 'gone', async () => null)).toBeNull()
    expect(await cache.get(one, 'gone', async () => 'there now')).toBe('there now')
  })

  it('shares one read among the requests that miss at the same moment, and keeps no read begun before a forget', async () => {
    const cache = storeCache<string>(`t4-${Math.random()}`, 60_000, 10)
    const db = store()
    let finish: (value: string) => void = () => {}
    const read = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)))
    const waiting = [cache.get(db, 'a', read), cache.get(db, 'a', read), cache.get(db, 'a', read)]
    expect(read).toHaveBeenCalledTimes(1)
    finish('once')
    expect(await Promise.all(waiting)).toEqual(['once', 'once', 'once'])
    cache.forget(db, 'a')
    const before = cache.get(db, 'a', read) // begun before the change below
    cache.forget(db, 'a') // the instance changes the row
    const after = cache.get(db, 'a', async () => 'changed')
    finish('stale')
    expect(await before).toBe('stale')
    expect(await after).toBe('changed')
    expect(await cache.get(db, 'a', async () => 'read again')).toBe('changed')
  })

  it('past half its time, reads again for everyone once, answering meanwhile from what it kept', async () => {
    vi.useFakeTimers()
    const cache = storeCache<number>(`t6-${Math.random()}`, 1_000, 10)
    const db = store()
    const read = vi.fn(async () => read.mock.calls.length)
    expect(await cache.get(db, 'a', read)).toBe(1)
    vi.advanceTimersByTime(400)
    expect(await cache.get(db, 'a', read)).toBe(1)
    expect(read).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(200) // 600 ms: past half
    expect(await Promise.all([cache.get(db, 'a', read), cache.get(db, 'a', read)])).toEqual([1, 1])
    expect(read).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(500) // 1,100 ms: the first value's time is up, the second's not
    expect(await cache.get(db, 'a', read)).toBe(2)
    expect(read).toHaveBeenCalledTimes(2)
  })

  it('does not keep a failed read: the next request reads again', async () => {
    const cache = storeCache<string>(`t5-${Math.random()}`, 60_000, 10)
    const db = store()
    await expect(cache.get(db, 'a', async () => Promise.reject(new Error('store down')))).rejects.toThrow('store down')
    expect(await cache.get(db, 'a', async () => 'back')).toBe('back')
  })

  it('is one cache for every copy of the module: the same name shares what is kept', async () => {
    const name = `t3-${Math.random()}`
    const db = store()
    await storeCache<string>(name, 60_000, 10).get(db, 'a', async () => 'kept')
    expect(await storeCache<string>(name, 60_000, 10).get(db, 'a', async () => 'read again')).toBe('kept')
  })
})
