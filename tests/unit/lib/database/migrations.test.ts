import { describe, expect, it } from 'vitest'
import {
  defaultMigrationName,
  isSchemaChange,
  migrationFileName,
  migrationFiles,
  migrationFileText,
  migrationStatements,
  migrationVersion,
  shouldRecord,
  versionTimestamp,
} from '@/lib/database/migrations'

describe('migration history rules', () => {
  it('tells schema changes from reads and row writes, by tokens', () => {
    for (const sql of ['create table t (id int)', 'ALTER TABLE t ADD c int', 'drop view v', "comment on table t is 'x'", 'grant select on t to anon', 'revoke all on t from anon', 'do $$ begin create table x (); end $$'])
      expect(isSchemaChange(sql), sql).toBe(true)
    for (const sql of ['select 1', "insert into t values ('create table')", '-- create table\nselect 1', 'update t set a = 1', "do $$ begin perform 1; end $$", '"create" '])
      expect(isSchemaChange(sql), sql).toBe(false)
  })

  it('records schema changes always, and writes only when named', () => {
    expect(shouldRecord(['select 1', 'create table t ()'], false)).toBe(true)
    expect(shouldRecord(['insert into t values (1)'], false)).toBe(false)
    expect(shouldRecord(['insert into t values (1)'], true)).toBe(true)
    expect(shouldRecord(['select 1', 'show search_path'], true)).toBe(false)
  })

  it('keeps every statement but transaction control, in order', () => {
    expect(migrationStatements('begin; create table a (id int); insert into a values (1); commit;')).toEqual(['create table a (id int)', 'insert into a values (1)'])
    expect(migrationStatements("create function f() returns int language sql as $$ select 1; $$")).toEqual(["create function f() returns int language sql as $$ select 1; $$"])
  })

  it('names an unnamed run after its first change', () => {
    expect(defaultMigrationName(['select 1', 'create table if not exists public.todos (id int)'])).toBe('create_table_public_todos')
    expect(defaultMigrationName(['create or replace function "My Fn"() returns int'])).toBe('create_function_My_Fn')
    expect(defaultMigrationName([])).toBe('migration')
  })

  it('writes versions, file names and files as the CLI does', () => {
    expect(migrationVersion(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102030405')
    expect(versionTimestamp('20260102030405')).toBe('2026-01-02T03:04:05Z')
    expect(versionTimestamp('1')).toBeNull()
    expect(migrationFileName('20260102030405', 'add todos')).toBe('20260102030405_add_todos.sql')
    expect(migrationFileName('20260102030405', '../../etc/passwd')).toBe('20260102030405_etc_passwd.sql')
    expect(migrationFileName('20260102030405', null)).toBe('20260102030405_.sql')
    expect(migrationFileText(['create table a ()', 'select 1'])).toBe('create table a ();\n\nselect 1;\n')
    expect(Object.keys(migrationFiles([{ version: '1', name: 'a', statements: [] }, { version: '1', name: 'a', statements: [] }]))).toEqual(['1_a.sql', '1_a_2.sql'])
  })
})
