import { errorIndexInDocument, lineColumnAt, positionToIndex } from '@/lib/sql/error-position'

describe('positionToIndex', () => {
  it('turns a 1-based character position into a 0-based index', () => {
    const sql = 'insert into todos (title) values ($$never$$); selec 1'
    // The platform's answer for this script (tests/api/pg-meta.test.ts): position 47.
    expect(sql.slice(positionToIndex(sql, 47)!)).toBe('selec 1')
    expect(positionToIndex('select', 1)).toBe(0)
  })

  it('counts a character outside the BMP (two UTF-16 units) once, as Postgres does', () => {
    const sql = "select '🐘', nope"
    // Postgres counts 🐘 as one character: "nope" starts at character 13 (UTF-16 index 13 too, after the pair).
    expect(positionToIndex(sql, 13)).toBe(13)
    expect(sql.slice(positionToIndex(sql, 13)!)).toBe('nope')
    expect(sql.slice(positionToIndex(sql, 10)!)).toBe("', nope")
  })

  it('gives null without a usable position and clamps past the end', () => {
    expect(positionToIndex('select 1', null)).toBeNull()
    expect(positionToIndex('select 1', undefined)).toBeNull()
    expect(positionToIndex('select 1', 0)).toBeNull()
    expect(positionToIndex('select 1', Number.NaN)).toBeNull()
    expect(positionToIndex('abc', 99)).toBe(3)
  })
})

describe('lineColumnAt', () => {
  it('gives 1-based line and column', () => {
    const text = 'select 1;\nselect nope\nfrom t'
    expect(lineColumnAt(text, 0)).toEqual({ line: 1, column: 1 })
    expect(lineColumnAt(text, text.indexOf('nope'))).toEqual({ line: 2, column: 8 })
    expect(lineColumnAt(text, text.indexOf('from'))).toEqual({ line: 3, column: 1 })
  })
})

describe('errorIndexInDocument', () => {
  it('shifts the position of a run selection by where the selection starts', () => {
    const doc = 'select 1;\nselect nope from t;'
    const selectionStart = doc.indexOf('select nope')
    const run = 'select nope from t'
    const index = errorIndexInDocument(run, selectionStart, 8)
    expect(doc.slice(index!, index! + 4)).toBe('nope')
    expect(errorIndexInDocument(run, 0, null)).toBeNull()
  })
})
