import { parse } from 'graphql'
import { operationDepths } from '@/lib/graphql/depth'

describe('operationDepths', () => {
  it('counts field nesting per operation', () => {
    const depths = operationDepths(parse('query A { a { b { c } } } query B { x }'))
    expect(depths.get('A')).toBe(3)
    expect(depths.get('B')).toBe(1)
  })

  it('follows fragments and inline fragments', () => {
    const doc = parse('{ a { ...F ... on T { z { y } } } } fragment F on T { b { c { d } } }')
    expect(operationDepths(doc).get(null)).toBe(4)
  })

  it('leaves introspection out and survives fragment cycles', () => {
    expect(operationDepths(parse('{ __schema { types { fields { type { ofType { ofType { name } } } } } } }')).get(null)).toBe(0)
    const cyclic = parse('{ a { ...F } } fragment F on T { b { ...G } } fragment G on T { c { ...F } }')
    expect(operationDepths(cyclic).get(null)).toBe(3)
  })
})
