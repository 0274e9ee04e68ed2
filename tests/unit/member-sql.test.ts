import { describe, expect, it } from 'vitest'
import { classify, paramText } from '@/server/projects/member-sql'

describe('what the member SQL runner sends outside the jail', () => {
  it.each([
    ['begin', 'begin'],
    ['BEGIN ISOLATION LEVEL SERIALIZABLE, READ ONLY', 'begin'],
    ['start transaction read write', 'begin'],
    ['commit', 'commit'],
    ['END WORK', 'commit'],
    ['commit and chain', 'commit'],
    ['rollback', 'rollback'],
    ['savepoint s1', 'savepoint'],
    ['release savepoint s1', 'savepoint'],
    ['rollback to savepoint "my point"', 'savepoint'],
    ['-- leading comment\nbegin', 'begin'],
  ])('recognises %j as transaction control', (sql, tx) => {
    expect(classify(sql)).toMatchObject({ kind: 'tx', tx })
  })

  it.each([
    'begin; select 1',
    "begin isolation level serializable; copy (select 1) to program 'true'",
    'commit; set role postgres',
    'savepoint x; reset role',
    "rollback to savepoint x'",
    'select 1',
    'vacuum; select 1',
    'analyze t',
    'begin atomic select 1; end',
    'create extension x; select 1',
    "create extension x version '1'; select 1",
    'drop extension x cascade; reset role',
  ])('keeps %j in the jail', (sql) => {
    expect(classify(sql)).toEqual({ kind: 'jailed' })
  })

  it('sends VACUUM with a strict shape only', () => {
    expect(classify('vacuum (verbose, analyze) public.notes (id, body)')).toMatchObject({ kind: 'vacuum' })
    expect(classify('VACUUM FULL notes')).toMatchObject({ kind: 'vacuum' })
    expect(classify('vacuum notes where true')).toEqual({ kind: 'jailed' })
  })

  it('runs only CREATE [UNIQUE] INDEX CONCURRENTLY by itself (concurrent-index.ts); other index DDL stays in the jail', () => {
    expect(classify('CREATE INDEX CONCURRENTLY ON "public"."t" USING btree ("a");')).toEqual({ kind: 'concurrent-index' })
    expect(classify('/* x */ create unique index  concurrently if not exists i on t (a)')).toEqual({ kind: 'concurrent-index' })
    expect(classify('create index i on t (a)')).toEqual({ kind: 'jailed' })
    expect(classify('create index concurrently_named on t (a)')).toEqual({ kind: 'jailed' })
    expect(classify('drop index concurrently i')).toEqual({ kind: 'jailed' })
  })

  it('rewrites CREATE and DROP EXTENSION into canonical text from the names it read', () => {
    expect(classify('CREATE EXTENSION IF NOT EXISTS "uuid-ossp" WITH SCHEMA extensions CASCADE')).toEqual({
      kind: 'create-extension',
      name: 'uuid-ossp',
      schema: 'extensions',
      sql: 'create extension if not exists "uuid-ossp" schema "extensions" cascade',
    })
    expect(classify("create extension pg_trgm version '1.6'")).toMatchObject({ sql: `create extension "pg_trgm" version '1.6'`, schema: null })
    expect(classify('drop extension if exists citext, "Odd""Name" cascade')).toEqual({
      kind: 'drop-extension',
      names: ['citext', 'Odd"Name'],
      sql: 'drop extension if exists "citext", "Odd""Name" cascade',
    })
  })
})

describe('parameters as text', () => {
  it('writes values as the drivers send them', () => {
    expect(paramText(null, 'int4')).toBeNull()
    expect(paramText(41, 'int4')).toBe('41')
    expect(paramText(true, 'bool')).toBe('true')
    expect(paramText({ a: [1] }, 'jsonb')).toBe('{"a":[1]}')
    expect(paramText([1, 2], 'jsonb')).toBe('[1,2]')
    expect(paramText([1, null, 'a"b'], '_text')).toBe('{"1",NULL,"a\\"b"}')
    expect(paramText([[1], [2]], '_int4')).toBe('{{"1"},{"2"}}')
    expect(paramText(new Uint8Array([1, 255]), 'bytea')).toBe('\\x01ff')
    expect(paramText(new Date('2025-01-02T03:04:05.000Z'), 'timestamptz')).toBe('2025-01-02T03:04:05.000Z')
  })
})
