import { forgetTableShape, rememberedTableShape, rememberTableShape, TABLE_SHAPES_LIMIT, TABLE_SHAPES_STORAGE_KEY } from '@/state/table-shapes'

/** A Storage over a Map; `refuse` makes writes throw (quota, blocked storage). */
function memoryStorage({ refuse = false } = {}): Storage {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => {
      if (refuse) throw new Error('QuotaExceededError')
      map.set(key, value)
    },
  }
}

const shape = (name: string) => ({ schema: 'public', name, primaryKey: ['id'] })

describe('remembered table shapes', () => {
  it('remembers a table by project and oid, and forgets it', () => {
    const storage = memoryStorage()
    rememberTableShape('ref-a', 1, shape('todos'), storage)
    rememberTableShape('ref-b', 1, shape('orders'), storage)
    expect(rememberedTableShape('ref-a', 1, storage)).toEqual(shape('todos'))
    expect(rememberedTableShape('ref-b', 1, storage)).toEqual(shape('orders'))
    expect(rememberedTableShape('ref-a', 2, storage)).toBeNull()
    rememberTableShape('ref-a', 1, { schema: 'shop', name: 'todos', primaryKey: ['a', 'b'] }, storage)
    expect(rememberedTableShape('ref-a', 1, storage)).toEqual({ schema: 'shop', name: 'todos', primaryKey: ['a', 'b'] })
    forgetTableShape('ref-a', 1, storage)
    expect(rememberedTableShape('ref-a', 1, storage)).toBeNull()
    expect(rememberedTableShape('ref-b', 1, storage)).toEqual(shape('orders'))
  })

  it('keeps the most recently opened tables only', () => {
    const storage = memoryStorage()
    for (let id = 1; id <= TABLE_SHAPES_LIMIT + 5; id++) rememberTableShape('ref', id, shape(`t${id}`), storage)
    rememberTableShape('ref', 6, shape('t6'), storage) // opened again: the most recent
    rememberTableShape('ref', 1000, shape('new'), storage)
    expect(JSON.parse(storage.getItem(TABLE_SHAPES_STORAGE_KEY) ?? '[]')).toHaveLength(TABLE_SHAPES_LIMIT)
    expect(rememberedTableShape('ref', 6, storage)).toEqual(shape('t6'))
    expect(rememberedTableShape('ref', 1000, storage)).toEqual(shape('new'))
    expect(rememberedTableShape('ref', 7, storage)).toBeNull()
  })

  it('ignores what it cannot read or write', () => {
    const storage = memoryStorage()
    storage.setItem(TABLE_SHAPES_STORAGE_KEY, '{not json')
    expect(rememberedTableShape('ref', 1, storage)).toBeNull()
    storage.setItem(TABLE_SHAPES_STORAGE_KEY, JSON.stringify([['ref:1', { schema: 'public', name: 7, primaryKey: [] }], ['ref:2', shape('ok')]]))
    expect(rememberedTableShape('ref', 1, storage)).toBeNull()
    expect(rememberedTableShape('ref', 2, storage)).toEqual(shape('ok'))
    const refusing = memoryStorage({ refuse: true })
    expect(() => rememberTableShape('ref', 1, shape('todos'), refusing)).not.toThrow()
    expect(rememberedTableShape('ref', 1, refusing)).toBeNull()
  })
})
