import type { IntrospectionField, IntrospectionInputValue, IntrospectionQuery, IntrospectionType } from 'graphql'
import { useMemo, useState, type ReactNode } from 'react'
import { exampleOperation, findType, isCollectionField, namedType, typeLabel } from '@/lib/graphql/example-query'
import docsStyles from './GraphiqlDocs.module.css'

type Schema = IntrospectionQuery['__schema']

export type DocsSidebarProps = {
  schema: Schema
  /** Inserts a field name at the editor's cursor. */
  onInsert: (text: string) => void
  /** Replaces the editor's text with an example operation. */
  onExample: (text: string) => void
}

const isBuiltin = (type: IntrospectionType) => type.name.startsWith('__')

/**
 * The schema's documentation, from introspection: the queries and mutations, every type with its
 * fields, arguments and descriptions, and a search over all of them.
 */
export function DocsSidebar({ schema, onInsert, onExample }: DocsSidebarProps) {
  const [search, setSearch] = useState('')
  const [trail, setTrail] = useState<string[]>([])
  const current = trail.length ? findType(schema, trail[trail.length - 1]) : undefined
  const open = (name: string) => setTrail((t) => [...t, name])

  const queryFields = (schema.queryType && (findType(schema, schema.queryType.name) as { fields?: IntrospectionField[] })?.fields) || []
  const mutationFields = (schema.mutationType && (findType(schema, schema.mutationType.name) as { fields?: IntrospectionField[] })?.fields) || []
  const types = schema.types.filter((t) => !isBuiltin(t) && t.name !== schema.queryType?.name && t.name !== schema.mutationType?.name)

  const matches = useMemo(() => {
    const needle = search.trim().toLowerCase()
    if (!needle) return []
    const found: { type: string; field?: string; description?: string | null }[] = []
    for (const type of schema.types) {
      if (isBuiltin(type)) continue
      if (type.name.toLowerCase().includes(needle)) found.push({ type: type.name, description: type.description })
      const fields = 'fields' in type ? type.fields : 'inputFields' in type ? type.inputFields : []
      for (const field of fields ?? []) if (field.name.toLowerCase().includes(needle)) found.push({ type: type.name, field: field.name, description: field.description })
    }
    return found.slice(0, 100)
  }, [schema, search])

  return (
    <aside className={docsStyles.docs} aria-label="Schema documentation">
      <div className={docsStyles.docsHeader}>
        <h2 className={docsStyles.docsTitle}>Documentation</h2>
      </div>
      <input
        type="search"
        className="input"
        placeholder="Search types and fields"
        aria-label="Search the schema"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {search.trim() ? (
        <section aria-label="Search results">
          {matches.length === 0 ? (
            <p className="muted">Nothing matches “{search.trim()}”.</p>
          ) : (
            <ul className={docsStyles.docsList}>
              {matches.map((m) => (
                <li key={`${m.type}.${m.field ?? ''}`}>
                  <button
                    type="button"
                    className={docsStyles.docsLink}
                    onClick={() => {
                      setSearch('')
                      setTrail([m.type])
                    }}
                  >
                    {m.field ? (
                      <>
                        <span className="muted">{m.type}.</span>
                        {m.field}
                      </>
                    ) : (
                      m.type
                    )}
                  </button>
                  {m.description && <p className={docsStyles.docsDescription}>{m.description}</p>}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : current ? (
        <TypeDetail
          schema={schema}
          type={current}
          back={trail.length > 1 ? trail[trail.length - 2] : 'Schema'}
          onBack={() => setTrail((t) => t.slice(0, -1))}
          onOpen={open}
          onInsert={onInsert}
        />
      ) : (
        <>
          <RootFields title="Queries" fields={queryFields} schema={schema} root="query" onOpen={open} onInsert={onInsert} onExample={onExample} />
          {mutationFields.length > 0 && (
            <RootFields title="Mutations" fields={mutationFields} schema={schema} root="mutation" onOpen={open} onInsert={onInsert} onExample={onExample} />
          )}
          <section aria-labelledby="docs-types">
            <h3 id="docs-types" className={docsStyles.docsSection}>
              Types
            </h3>
            <ul className={docsStyles.docsList}>
              {types.map((t) => (
                <li key={t.name}>
                  <button type="button" className={docsStyles.docsLink} onClick={() => open(t.name)}>
                    {t.name}
                  </button>
                  <span className={docsStyles.docsKind}>{t.kind.toLowerCase().replace('_', ' ')}</span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </aside>
  )
}

function RootFields({
  title,
  fields,
  schema,
  root,
  onOpen,
  onInsert,
  onExample,
}: {
  title: string
  fields: IntrospectionField[]
  schema: Schema
  root: 'query' | 'mutation'
  onOpen: (type: string) => void
  onInsert: (text: string) => void
  onExample: (text: string) => void
}) {
  const id = `docs-${root}`
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className={docsStyles.docsSection}>
        {title}
      </h3>
      <ul className={docsStyles.docsList}>
        {fields.map((field) => (
          <FieldItem key={field.name} field={field} onOpen={onOpen}>
            <div className={docsStyles.docsActions}>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => onExample(exampleOperation(schema, root, field.name))} aria-label={`Example ${root} for ${field.name}`}>
                {root === 'query' && isCollectionField(schema, field) ? 'Example query' : root === 'query' ? 'Example' : 'Example mutation'}
              </button>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => onInsert(field.name)} aria-label={`Insert ${field.name}`}>
                Insert
              </button>
            </div>
          </FieldItem>
        ))}
      </ul>
    </section>
  )
}

/** A field or input field: its name, its type (opening that type), its description, then what follows. */
function FieldItem({
  field,
  onOpen,
  headExtra,
  children,
}: {
  field: IntrospectionField | IntrospectionInputValue
  onOpen: (type: string) => void
  headExtra?: ReactNode
  children?: ReactNode
}) {
  return (
    <li className={docsStyles.docsField}>
      <div className={docsStyles.docsFieldHead}>
        <code className={docsStyles.docsFieldName}>{field.name}</code>
        <button type="button" className={docsStyles.docsType} onClick={() => onOpen(namedType(field.type).name)}>
          {typeLabel(field.type)}
        </button>
        {headExtra}
      </div>
      {field.description && <p className={docsStyles.docsDescription}>{field.description}</p>}
      {children}
    </li>
  )
}

function Args({ args, onOpen }: { args: readonly IntrospectionInputValue[]; onOpen: (type: string) => void }) {
  if (args.length === 0) return null
  return (
    <ul className={docsStyles.docsArgs} aria-label="Arguments">
      {args.map((arg) => (
        <li key={arg.name}>
          <code>{arg.name}</code>:{' '}
          <button type="button" className={docsStyles.docsType} onClick={() => onOpen(namedType(arg.type).name)}>
            {typeLabel(arg.type)}
          </button>
          {arg.defaultValue != null && <span className="muted"> = {arg.defaultValue}</span>}
          {arg.description && <span className={docsStyles.docsDescription}> — {arg.description}</span>}
        </li>
      ))}
    </ul>
  )
}

function TypeDetail({
  type,
  back,
  onBack,
  onOpen,
  onInsert,
}: {
  schema: Schema
  type: IntrospectionType
  back: string
  onBack: () => void
  onOpen: (type: string) => void
  onInsert: (text: string) => void
}) {
  const fields = type.kind === 'OBJECT' || type.kind === 'INTERFACE' ? type.fields : []
  const inputs = type.kind === 'INPUT_OBJECT' ? type.inputFields : []
  const values = type.kind === 'ENUM' ? type.enumValues : []
  return (
    <section aria-labelledby="docs-type-name">
      <button type="button" className="btn btn-ghost btn-sm" onClick={onBack}>
        ← {back}
      </button>
      <h3 id="docs-type-name" className={docsStyles.docsTypeName}>
        {type.name} <span className={docsStyles.docsKind}>{type.kind.toLowerCase().replace('_', ' ')}</span>
      </h3>
      {type.description && <p className={docsStyles.docsDescription}>{type.description}</p>}
      {fields.length > 0 && (
        <ul className={docsStyles.docsList} aria-label="Fields">
          {fields.map((field) => (
            <FieldItem
              key={field.name}
              field={field}
              onOpen={onOpen}
              headExtra={
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => onInsert(field.name)} aria-label={`Insert ${field.name}`}>
                  Insert
                </button>
              }
            >
              <Args args={field.args} onOpen={onOpen} />
            </FieldItem>
          ))}
        </ul>
      )}
      {inputs.length > 0 && (
        <ul className={docsStyles.docsList} aria-label="Input fields">
          {inputs.map((field) => (
            <FieldItem key={field.name} field={field} onOpen={onOpen} />
          ))}
        </ul>
      )}
      {values.length > 0 && (
        <ul className={docsStyles.docsList} aria-label="Values">
          {values.map((value) => (
            <li key={value.name}>
              <code>{value.name}</code>
              {value.description && <span className={docsStyles.docsDescription}> — {value.description}</span>}
            </li>
          ))}
        </ul>
      )}
      {type.kind === 'SCALAR' && !type.description && <p className="muted">A scalar value.</p>}
    </section>
  )
}
