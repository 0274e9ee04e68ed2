import { appendSql, clip, describeErrorPosition, fenceFor, generateSqlPrompt, sqlErrorPrompt, sqlOfAnswer } from '@/components/interfaces/SqlEditor/sql-assistant'
import { AI_MESSAGE_MAX_CHARS } from '@/lib/api-types/ai'

const failure = {
  message: 'column "nope" does not exist',
  sqlError: { code: '42703', position: 14, detail: 'Table todos has no such column.', hint: 'Perhaps you meant to reference the column "todos.note".', where: null },
  statement: 'select id,\n  nope from todos',
}

describe('sqlErrorPrompt', () => {
  it('"Explain error" carries the error with its code, detail, hint, the statement and the position', () => {
    const prompt = sqlErrorPrompt('explain', failure)
    expect(prompt).toMatch(/^My SQL statement failed on Postgres\. Explain in plain words what this error means/)
    expect(prompt).toContain('Error: ERROR 42703: column "nope" does not exist')
    expect(prompt).toContain('Detail: Table todos has no such column.')
    expect(prompt).toContain('Hint: Perhaps you meant to reference the column "todos.note".')
    expect(prompt).not.toContain('Context:')
    // Character 14 is the "n" of "nope", on the second line.
    expect(prompt).toContain('Position: line 2, column 3 of the statement (character 14)')
    expect(prompt).toContain('The statement that failed:\n```sql\nselect id,\n  nope from todos\n```')
    expect(prompt).not.toContain('corrected statement')
  })

  it('"Fix with assistant" asks for the corrected statement in a sql block', () => {
    const prompt = sqlErrorPrompt('fix', failure)
    expect(prompt).toMatch(/^My SQL statement failed on Postgres\. Fix it so that it runs without this error\./)
    expect(prompt).toContain('Error: ERROR 42703: column "nope" does not exist')
    expect(prompt).toContain('```sql\nselect id,\n  nope from todos\n```')
    expect(prompt).toContain('Answer with the corrected statement in one ```sql block')
  })

  it('leaves out what Postgres did not say, and keeps the context when it did', () => {
    const prompt = sqlErrorPrompt('explain', {
      message: 'division by zero',
      sqlError: { code: '22012', position: null, detail: null, hint: null, where: 'PL/pgSQL function f() line 3' },
      statement: 'select f()',
    })
    expect(prompt).toContain('Error: ERROR 22012: division by zero')
    expect(prompt).toContain('Context: PL/pgSQL function f() line 3')
    expect(prompt).not.toMatch(/Position|Detail|Hint/)
  })

  it('fences a statement holding backticks with a longer fence, and cuts a huge one to fit a message', () => {
    expect(sqlErrorPrompt('fix', { ...failure, statement: "select '```'" })).toContain("````sql\nselect '```'\n````")
    const prompt = sqlErrorPrompt('fix', { ...failure, statement: `select ${'x'.repeat(AI_MESSAGE_MAX_CHARS)}` })
    expect(prompt.length).toBeLessThan(AI_MESSAGE_MAX_CHARS)
    expect(prompt).toMatch(/more characters left out/)
  })
})

describe('the SQL helpers of the assistant', () => {
  it('describes a position in the statement, counting characters as Postgres does', () => {
    expect(describeErrorPosition('select 😀, nope', 12)).toBe('line 1, column 13 of the statement (character 12)')
    expect(describeErrorPosition('select 1', null)).toBeNull()
  })

  it('asks Generate SQL for one statement and only SQL', () => {
    const prompt = generateSqlPrompt('  the ten newest orders ')
    expect(prompt).toContain('\nthe ten newest orders\n')
    expect(prompt).toContain('Write one Postgres SQL statement')
    expect(prompt).toContain('Answer only with the SQL, in a single ```sql block')
  })

  it('takes the first sql block of an answer, else an unlabelled one, else the whole text', () => {
    expect(sqlOfAnswer('Here:\n```text\nnot this\n```\n```sql\nselect 1;\n```\n```sql\nselect 2;\n```')).toBe('select 1;')
    expect(sqlOfAnswer('```\nselect 3\n```')).toBe('select 3')
    expect(sqlOfAnswer('  select 4  ')).toBe('select 4')
    expect(sqlOfAnswer("select u.name, 'Hello. World!' from public.users u -- the users.\nwhere u.id > 1.5;")).toBe("select u.name, 'Hello. World!' from public.users u -- the users.\nwhere u.id > 1.5;")
    // Prose is never SQL, even when it begins with a keyword; a block of another language is not SQL either.
    expect(sqlOfAnswer('I cannot see your tables, so I cannot write this query.')).toBe('')
    expect(sqlOfAnswer('Select the rows you need in the table editor. Then export them.')).toBe('')
    expect(sqlOfAnswer('Here is how:\n```text\nopen the table editor\n```')).toBe('')
    expect(sqlOfAnswer('')).toBe('')
  })

  it('appends SQL on its own line after a blank line', () => {
    expect(appendSql('', 'select 1')).toBe('select 1')
    expect(appendSql('  \n', 'select 1')).toBe('select 1')
    expect(appendSql('select 0;', 'select 1')).toBe('select 0;\n\nselect 1')
    expect(appendSql('select 0;\n', 'select 1')).toBe('select 0;\n\nselect 1')
    expect(appendSql('select 0;\n\n', 'select 1')).toBe('select 0;\n\nselect 1')
  })

  it('fences and clips', () => {
    expect(fenceFor('plain')).toBe('```')
    expect(fenceFor('a ```` b')).toBe('`````')
    expect(clip('abcdef', 3)).toBe('abc\n… (3 more characters left out)')
    expect(clip('abc', 3)).toBe('abc')
  })
})
