import { GraphQLObjectType, introspectionFromSchema, Kind, parse, type FieldNode, type OperationDefinitionNode } from 'graphql'
import { exampleOperation, isCollectionField } from '@/lib/graphql/example-query'
import type { Catalogue, CatalogueColumn } from '@/server/graphql/catalogue'
import { connectionSql, insertSql, newContext } from '@/server/graphql/compile'
import { referenceEveryParameter } from '@/server/graphql/execute'
import { buildModel } from '@/server/graphql/model'
import { buildGraphqlSchema } from '@/server/graphql/schema'

const column = (relation: number, name: string, base: string, typeSql: string, extra: Partial<CatalogueColumn> = {}): CatalogueColumn => ({
  relation,
  name,
  typeSql,
  base,
  isArray: false,
  isEnum: false,
  notNull: false,
  hasDefault: false,
  generated: false,
  comment: null,
  ...extra,
})

const catalogue: Catalogue = {
  relations: [
    { oid: 1, name: 'authors', kind: 'r', comment: 'Writers' },
    { oid: 2, name: 'blog_posts', kind: 'r', comment: null },
    { oid: 3, name: 'recent', kind: 'v', comment: null },
    { oid: 4, name: 'bad name', kind: 'r', comment: null },
  ],
  columns: [
    column(1, 'id', 'int8', 'bigint', { notNull: true, hasDefault: true }),
    column(1, 'name', 'text', 'text', { notNull: true }),
    column(2, 'id', 'int4', 'integer', { notNull: true, generated: true }),
    column(2, 'author_id', 'int8', 'bigint'),
    column(2, 'editor_id', 'int8', 'bigint'),
    column(2, 'title', 'text', 'text', { comment: 'Headline' }),
    column(2, 'meta', 'jsonb', 'jsonb'),
    column(3, 'title', 'text', 'text'),
    column(4, 'x', 'int4', 'integer'),
  ],
  keys: [
    { type: 'p', name: 'authors_pkey', relation: 1, columns: ['id'], foreignRelation: null, foreignColumns: null },
    { type: 'p', name: 'blog_posts_pkey', relation: 2, columns: ['id'], foreignRelation: null, foreignColumns: null },
    { type: 'f', name: 'posts_author', relation: 2, columns: ['author_id'], foreignRelation: 1, foreignColumns: ['id'] },
    { type: 'f', name: 'posts_editor', relation: 2, columns: ['editor_id'], foreignRelation: 1, foreignColumns: ['id'] },
  ],
}

const noop = async () => null
const { tables, skipped } = buildModel(catalogue)
const schema = buildGraphqlSchema(tables, { query: noop, mutation: noop, heartbeat: noop })

function rootField(query: string): FieldNode {
  const op = parse(query).definitions[0] as OperationDefinitionNode
  return op.selectionSet.selections[0] as FieldNode
}

describe('schema generation', () => {
  it('names types, collections and relationships from the tables, leaving out invalid names', () => {
    expect(skipped).toEqual(['table bad name'])
    const query = schema.getQueryType()!.getFields()
    expect(Object.keys(query)).toEqual(['heartbeat', 'authorsCollection', 'blog_postsCollection', 'recentCollection'])
    const post = schema.getType('BlogPosts') as GraphQLObjectType
    expect(Object.keys(post.getFields())).toEqual(['id', 'author_id', 'editor_id', 'title', 'meta', 'author', 'editor'])
    expect(post.getFields().title.description).toBe('text — Headline')
    const author = schema.getType('Authors') as GraphQLObjectType
    expect(author.description).toBe('Writers')
    // Two foreign keys from blog_posts to authors: the second collection is told apart by its column.
    expect(Object.keys(author.getFields())).toEqual(['id', 'name', 'blog_postsCollection', 'blog_postsCollectionByEditorId'])
  })

  it('gives tables mutations (generated columns are not writable) and views none', () => {
    const mutations = Object.keys(schema.getMutationType()!.getFields())
    expect(mutations).toEqual([
      'insertIntoAuthorsCollection',
      'updateAuthorsCollection',
      'deleteFromAuthorsCollection',
      'insertIntoBlogPostsCollection',
      'updateBlogPostsCollection',
      'deleteFromBlogPostsCollection',
    ])
    const insert = schema.getType('BlogPostsInsertInput') as unknown as { getFields(): Record<string, unknown> }
    expect(Object.keys(insert.getFields())).toEqual(['author_id', 'editor_id', 'title', 'meta'])
  })
})

describe('SQL compilation', () => {
  it('compiles a page with a nested relationship into one parameterised statement', () => {
    const node = rootField(`{ blog_postsCollection(first: 5, filter: { title: { like: "A%" } }) {
      totalCount edges { node { title author { name blog_postsCollection(first: 2) { edges { node { id } } } } } } } }`)
    const ctx = newContext({}, {})
    const field = schema.getQueryType()!.getFields().blog_postsCollection
    const sql = connectionSql(ctx, tables.find((t) => t.name === 'blog_posts')!, field.type as GraphQLObjectType, [node], { first: 5, filter: { title: { like: 'A%' } } })
    expect(sql).not.toContain('A%')
    expect(ctx.params.values).toEqual(['A%', '2', '0', '5', '0'])
    expect(sql).toContain('from "public"."blog_posts" as t0 where t0."title"::text like $1::text')
    // The author is a correlated subquery; its posts a nested page, not one query per record.
    expect(sql).toMatch(/\(select jsonb_build_object\('name', t2\."name", 'blog_postsCollection', .*\) from "public"\."authors" as t2 where t2\."id" = t1\."author_id" limit 1\)/)
    expect(sql).toContain(`t3."author_id" = t2."id"`)
    expect(sql).toContain('order by t0."id" asc nulls last')
  })

  it('refuses pages above the limit and first with last', () => {
    const node = rootField('{ authorsCollection { totalCount } }')
    const table = tables.find((t) => t.name === 'authors')!
    const type = schema.getQueryType()!.getFields().authorsCollection.type as GraphQLObjectType
    expect(() => connectionSql(newContext({}, {}), table, type, [node], { first: 1001 })).toThrow(/first must be between 0 and 1000/)
    expect(() => connectionSql(newContext({}, {}), table, type, [node], { first: 1, last: 1 })).toThrow(/not both/)
  })

  it('inserts several records in one statement, defaulting the columns a record leaves out', () => {
    const node = rootField('mutation { insertIntoAuthorsCollection(objects: []) { affectedCount records { name } } }')
    const ctx = newContext({}, {})
    const field = schema.getMutationType()!.getFields().insertIntoAuthorsCollection
    const sql = insertSql(ctx, tables.find((t) => t.name === 'authors')!, field.type as GraphQLObjectType, [node], [{ name: 'Ada' }, { name: 'Bob', id: '7' }])
    expect(sql).toContain('insert into "public"."authors" ("name", "id") values (cast($1::text as text), default), (cast($2::text as text), cast($3::text as bigint))')
    expect(ctx.params.values).toEqual(['Ada', 'Bob', '7'])
  })

  it('references parameters nothing else used, so Postgres accepts the statement', () => {
    expect(referenceEveryParameter('select $2::text as result', 2)).toBe('select $2::text as result from (select array[$1::text]) as "__gql_params"')
    expect(referenceEveryParameter('select $1 as result', 1)).toBe('select $1 as result')
  })
})

describe('example operations', () => {
  const introspection = introspectionFromSchema(schema).__schema

  it('writes a page query with every scalar column for a collection', () => {
    const query = introspection.types.find((t) => t.name === 'Query')
    expect(query?.kind === 'OBJECT' && query.fields.filter((f) => isCollectionField(introspection, f)).map((f) => f.name)).toEqual([
      'authorsCollection',
      'blog_postsCollection',
      'recentCollection',
    ])
    const text = exampleOperation(introspection, 'query', 'blog_postsCollection')
    expect(text).toContain('blog_postsCollection(first: 10) {')
    expect(text).toMatch(/node \{\s+id\s+author_id\s+editor_id\s+title\s+meta\s+\}/)
    expect(() => parse(text)).not.toThrow()
  })

  it('writes mutations with placeholder values that parse', () => {
    const insert = exampleOperation(introspection, 'mutation', 'insertIntoAuthorsCollection')
    expect(insert).toContain('insertIntoAuthorsCollection(objects: [{ name: "text" }])')
    const update = exampleOperation(introspection, 'mutation', 'updateBlogPostsCollection')
    expect(update).toContain('filter: { id: { eq: 1 } }')
    for (const text of [insert, update, exampleOperation(introspection, 'mutation', 'deleteFromAuthorsCollection')]) {
      expect(parse(text).definitions[0]).toMatchObject({ kind: Kind.OPERATION_DEFINITION, operation: 'mutation' })
    }
  })
})
