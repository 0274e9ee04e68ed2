import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { introspectionFromSchema } from 'graphql'
import { http, HttpResponse } from 'msw'
import { useRef } from 'react'
import type { GraphqlCodeEditorProps } from '@/components/interfaces/Graphiql/GraphqlCodeEditor'
import { GraphiqlScreen } from '@/components/interfaces/Graphiql/GraphiqlScreen'
import type { Catalogue } from '@/server/graphql/catalogue'
import { buildModel } from '@/server/graphql/model'
import { buildGraphqlSchema } from '@/server/graphql/schema'
import { server } from '@/tests/msw-server'
import { projectDetail, REF, renderWithClient } from '../SqlEditor/sql-editor-fixtures'

const canMutate = vi.hoisted(() => ({ value: true }))
vi.mock('@/hooks/use-project-access', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/hooks/use-project-access')>()
  return { ...actual, useProjectAccess: (ref: string | undefined) => ({ ...actual.useProjectAccess(ref), canMutateTables: canMutate.value }) }
})

/** Monaco does not run in jsdom: a textarea with the same props; Ctrl/Cmd+Enter runs. */
function FakeGraphqlEditor({ value, onChange, onRun, handleRef, ariaLabel }: GraphqlCodeEditorProps) {
  const latest = useRef(value)
  latest.current = value
  if (handleRef) handleRef.current = { insertAtCursor: (text) => onChange(`${latest.current}${text}`), focus: () => {}, showStart: () => {} }
  return (
    <textarea
      aria-label={ariaLabel}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault()
          onRun()
        }
      }}
    />
  )
}
vi.mock('@/components/interfaces/Graphiql/GraphqlCodeEditor', () => ({ GraphqlCodeEditor: FakeGraphqlEditor }))

const catalogue = (withTables: boolean): Catalogue => ({
  relations: withTables ? [{ oid: 1, name: 'todos', kind: 'r', comment: 'Things to do' }] : [],
  columns: withTables
    ? [
        { relation: 1, name: 'id', typeSql: 'bigint', base: 'int8', isArray: false, isEnum: false, notNull: true, hasDefault: true, generated: false, comment: null },
        { relation: 1, name: 'title', typeSql: 'text', base: 'text', isArray: false, isEnum: false, notNull: true, hasDefault: false, generated: false, comment: 'What to do' },
      ]
    : [],
  keys: withTables ? [{ type: 'p', name: 'todos_pkey', relation: 1, columns: ['id'], foreignRelation: null, foreignColumns: null }] : [],
})

const introspection = (withTables = true) => {
  const noop = async () => null
  return introspectionFromSchema(buildGraphqlSchema(buildModel(catalogue(withTables)).tables, { query: noop, mutation: noop, heartbeat: noop }))
}

type Body = { query: string; variables?: Record<string, unknown> }

/** The project and its GraphQL endpoint: introspection answered from a generated schema, other requests by `onRun`. */
function handlers({ withTables = true, onRun = () => HttpResponse.json({ data: {} }) }: { withTables?: boolean; onRun?: (body: Body) => Response } = {}) {
  const runs: Body[] = []
  server.use(
    http.get(`*/platform/projects/${REF}`, () => HttpResponse.json(projectDetail())),
    // The screen's access hook asks for the caller's organizations (the role comes from the mocked hook).
    http.get('*/platform/organizations', () => HttpResponse.json([])),
    http.post(`*/platform/projects/${REF}/api/graphql`, async ({ request }) => {
      const body = (await request.json()) as Body
      if (body.query.includes('__schema')) return HttpResponse.json({ data: introspection(withTables) })
      runs.push(body)
      return onRun(body)
    })
  )
  return runs
}

beforeEach(() => {
  canMutate.value = true
  localStorage.clear()
})

describe('GraphQL explorer', () => {
  it('starts with an example query of the first table, runs it and records it in the history', async () => {
    const runs = handlers({
      onRun: () => HttpResponse.json({ data: { todosCollection: { totalCount: 1, edges: [{ node: { id: '1', title: 'Write tests' } }] } } }),
    })
    const user = userEvent.setup()
    renderWithClient(<GraphiqlScreen projectRef={REF} heading="API explorer" />)

    const editor = await screen.findByRole('textbox', { name: 'GraphQL query editor' })
    expect((editor as HTMLTextAreaElement).value).toContain('todosCollection(first: 10)')
    expect(screen.getByRole('heading', { level: 1, name: 'API explorer' })).toBeInTheDocument()
    expect(screen.queryByText(/mutations are refused/)).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: /^Run/ }))
    const result = await screen.findByTestId('graphiql-result-json')
    expect(result).toHaveTextContent('"title": "Write tests"')
    expect(runs).toHaveLength(1)
    expect(runs[0].query).toContain('todosCollection')
    expect(runs[0].variables).toBeUndefined()

    await user.click(screen.getByRole('button', { name: 'History (1)' }))
    const history = screen.getByRole('complementary', { name: 'Query history' })
    expect(within(history).getByRole('button', { name: /query TodosCollection/ })).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem(`graphiql-history:${REF}`) ?? '[]')).toHaveLength(1)
  })

  it('sends variables, refuses invalid ones without a request, and runs with Ctrl+Enter', async () => {
    const runs = handlers({ onRun: () => HttpResponse.json({ data: { todosCollection: { totalCount: 0 } } }) })
    const user = userEvent.setup()
    renderWithClient(<GraphiqlScreen projectRef={REF} heading="GraphiQL" />)
    const editor = await screen.findByRole('textbox', { name: 'GraphQL query editor' })
    const variables = screen.getByRole('textbox', { name: 'Variables (JSON)' })

    await user.type(variables, '{{ "id": ')
    await user.click(screen.getByRole('button', { name: /^Run/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Variables are not valid JSON')
    expect(variables).toHaveAttribute('aria-invalid', 'true')
    await user.clear(variables)
    await user.type(variables, '[[1]')
    await user.click(screen.getByRole('button', { name: /^Run/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Variables must be a JSON object')
    expect(runs).toHaveLength(0)

    await user.clear(variables)
    await user.type(variables, '{{ "id": 1 }')
    await user.click(editor)
    await user.keyboard('{Control>}{Enter}{/Control}')
    await screen.findByTestId('graphiql-result-json')
    expect(runs).toEqual([expect.objectContaining({ variables: { id: 1 } })])
  })

  it('highlights GraphQL errors and HTTP failures', async () => {
    let status = 200
    handlers({
      onRun: () =>
        status === 200
          ? HttpResponse.json({ errors: [{ message: 'Cannot query field "nope" on type "Todos".', locations: [{ line: 1, column: 22 }], extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] })
          : HttpResponse.json({ message: 'Invalid request body: query: must be at most 100 kB' }, { status: 400 }),
    })
    const user = userEvent.setup()
    renderWithClient(<GraphiqlScreen projectRef={REF} heading="GraphiQL" />)
    await screen.findByRole('textbox', { name: 'GraphQL query editor' })
    await user.click(screen.getByRole('button', { name: /^Run/ }))
    const errors = await screen.findByRole('alert', { name: 'Errors' })
    expect(errors).toHaveTextContent('Cannot query field "nope" on type "Todos".')
    expect(errors).toHaveTextContent('line 1, column 22 · code GRAPHQL_VALIDATION_FAILED')
    expect(screen.getByText('1 error ·', { exact: false })).toBeInTheDocument()

    status = 400
    await user.click(screen.getByRole('button', { name: /^Run/ }))
    expect(await screen.findByText('The request failed')).toBeInTheDocument()
    expect(screen.getByText(/must be at most 100 kB/)).toBeInTheDocument()
  })

  it('documents the schema: search, types with fields and descriptions, insert and example mutations', async () => {
    handlers()
    const user = userEvent.setup()
    renderWithClient(<GraphiqlScreen projectRef={REF} heading="GraphiQL" />)
    const editor = (await screen.findByRole('textbox', { name: 'GraphQL query editor' })) as HTMLTextAreaElement
    const docs = screen.getByRole('complementary', { name: 'Schema documentation' })
    expect(within(docs).getByText('Records of table public.todos — Things to do')).toBeInTheDocument()

    await user.click(within(docs).getByRole('button', { name: 'Example mutation for insertIntoTodosCollection' }))
    expect(editor.value).toContain('insertIntoTodosCollection(objects: [{ title: "text" }])')

    await user.type(within(docs).getByRole('searchbox', { name: 'Search the schema' }), 'title')
    const results = within(docs).getByRole('region', { name: 'Search results' })
    await user.click(within(results).getAllByRole('button', { name: /Todos\.title/ })[0])
    expect(within(docs).getByRole('heading', { name: /^Todos/ })).toBeInTheDocument()
    expect(within(docs).getByText('text not null — What to do')).toBeInTheDocument()
    await user.click(within(docs).getByRole('button', { name: 'Insert title' }))
    expect(editor.value.endsWith('title')).toBe(true)

    // Types link to each other; Back returns.
    await user.click(within(docs).getAllByRole('button', { name: 'BigInt!' })[0])
    expect(within(docs).getByRole('heading', { name: /^BigInt/ })).toBeInTheDocument()
    expect(within(docs).getByText(/64-bit integer/)).toBeInTheDocument()
    await user.click(within(docs).getByRole('button', { name: '← Todos' }))
    expect(within(docs).getByRole('heading', { name: /^Todos/ })).toBeInTheDocument()

    // Docs can be hidden.
    await user.click(screen.getByRole('button', { name: 'Docs' }))
    expect(screen.queryByRole('complementary', { name: 'Schema documentation' })).not.toBeInTheDocument()
  })

  it('prettifies the query, and says when it cannot', async () => {
    handlers()
    const user = userEvent.setup()
    renderWithClient(<GraphiqlScreen projectRef={REF} heading="GraphiQL" />)
    const editor = (await screen.findByRole('textbox', { name: 'GraphQL query editor' })) as HTMLTextAreaElement
    await user.clear(editor)
    await user.type(editor, '{{todosCollection{{totalCount}}')
    await user.click(screen.getByRole('button', { name: 'Prettify' }))
    await waitFor(() => expect(editor.value).toBe('{\n  todosCollection {\n    totalCount\n  }\n}'))
    await user.type(editor, '{{')
    await user.click(screen.getByRole('button', { name: 'Prettify' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/Cannot prettify: Syntax Error/)
  })

  it('tells Read-only members that mutations are refused', async () => {
    canMutate.value = false
    handlers()
    renderWithClient(<GraphiqlScreen projectRef={REF} heading="GraphiQL" />)
    expect(await screen.findByText('Your role is Read-only: queries run, mutations are refused.')).toBeInTheDocument()
  })

  it('shows an empty state linking to the table editor when the public schema has no tables', async () => {
    handlers({ withTables: false })
    renderWithClient(<GraphiqlScreen projectRef={REF} heading="GraphiQL" />)
    expect(await screen.findByText('Create a table to query it with GraphQL')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open the table editor' })).toHaveAttribute('href', `/project/${REF}/editor`)
    expect(screen.queryByRole('textbox', { name: 'GraphQL query editor' })).not.toBeInTheDocument()
  })

  it('shows a failed schema load with a retry that recovers', async () => {
    let fail = true
    server.use(
      http.get(`*/platform/projects/${REF}`, () => HttpResponse.json(projectDetail())),
      http.get('*/platform/organizations', () => HttpResponse.json([])),
      http.post(`*/platform/projects/${REF}/api/graphql`, () =>
        fail ? HttpResponse.json({ message: 'Could not reach the database of project x' }, { status: 503 }) : HttpResponse.json({ data: introspection() })
      )
    )
    const user = userEvent.setup()
    renderWithClient(<GraphiqlScreen projectRef={REF} heading="GraphiQL" />)
    expect(await screen.findByText('Failed to load the GraphQL schema')).toBeInTheDocument()
    expect(screen.getByText(/Could not reach the database/)).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: /Retry/ }))
    expect(await screen.findByRole('textbox', { name: 'GraphQL query editor' })).toBeInTheDocument()
  })
})
