import { cellText, toCsv, toJson, toMarkdown } from '@/lib/sql/result-export'

const fields = [{ name: 'id' }, { name: 'title' }, { name: 'meta' }, { name: 'done' }]
const rows = [
  { id: 1, title: 'plain', meta: { tags: ['a'] }, done: true },
  { id: 2, title: 'with, comma "and" quotes\nand a line', meta: null, done: false },
  { id: 3, title: ' padded', meta: [1, 2], done: null },
]

describe('result export', () => {
  it('turns cells into text', () => {
    expect(cellText(null)).toBe('')
    expect(cellText(undefined)).toBe('')
    expect(cellText('x')).toBe('x')
    expect(cellText(12.5)).toBe('12.5')
    expect(cellText(false)).toBe('false')
    expect(cellText({ a: 1 })).toBe('{"a":1}')
  })

  it('writes RFC 4180 CSV with a header, quoting where needed', () => {
    expect(toCsv(fields, rows)).toBe(
      [
        'id,title,meta,done',
        '1,plain,"{""tags"":[""a""]}",true',
        '2,"with, comma ""and"" quotes\nand a line",,false',
        '3," padded","[1,2]",',
      ].join('\r\n')
    )
    expect(toCsv([{ name: 'a,b' }], [])).toBe('"a,b"')
  })

  it('writes JSON that parses back to the rows', () => {
    expect(JSON.parse(toJson(rows))).toEqual(rows)
  })

  it('writes a Markdown table, escaping pipes and line breaks and spelling NULL', () => {
    expect(toMarkdown([{ name: 'a|b' }, { name: 'c' }], [{ 'a|b': 'x|y', c: 'one\ntwo' }, { 'a|b': null, c: '' }])).toBe(
      ['| a\\|b | c |', '| --- | --- |', '| x\\|y | one<br>two |', '| NULL |  |'].join('\n')
    )
  })
})
