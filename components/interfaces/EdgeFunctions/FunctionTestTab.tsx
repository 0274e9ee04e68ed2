import { useId, useState } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { ErrorState } from '@/components/ui/ErrorState'
import { useFunctionInvokeMutation } from '@/data/functions/function-invoke-mutation'
import type { EdgeFunction, InvokeFunctionResponse } from '@/lib/api-types/functions'
import { METHODS_WITHOUT_BODY, TEST_METHODS, TEST_ROLES, buildInvokeRequest, displayBody, statusLine, type HeaderRow, type TestRequestForm } from './test-request'
import common from './EdgeFunctions.module.css'
import styles from './FunctionTest.module.css'

const ROLE_LABELS: Record<TestRequestForm['role'], string> = { anon: 'anon key', service_role: 'service_role key', none: 'No Authorization header' }

let nextRowId = 1
const emptyRow = (): HeaderRow => ({ id: nextRowId++, name: '', value: '' })

type Props = { projectRef: string; fn: EdgeFunction; blockedReason: string | null }

/** The Test tab: builds a request, has the server send it with the role's key, and shows the answer. */
export function FunctionTestTab({ projectRef, fn, blockedReason }: Props) {
  const id = useId()
  const [form, setForm] = useState<TestRequestForm>({ method: 'POST', path: '', headers: [emptyRow()], body: '{\n  "name": "Functions"\n}', role: 'anon' })
  const [problem, setProblem] = useState<string | null>(null)
  const invoke = useFunctionInvokeMutation({ onError: () => {} })

  if (blockedReason) return <Admonition title="Testing needs the Developer role">{blockedReason}</Admonition>

  const set = <K extends keyof TestRequestForm>(key: K, value: TestRequestForm[K]) => setForm((f) => ({ ...f, [key]: value }))
  const setRow = (rowId: number, patch: Partial<HeaderRow>) => set('headers', form.headers.map((r) => (r.id === rowId ? { ...r, ...patch } : r)))

  function send() {
    const built = buildInvokeRequest(form)
    if ('problem' in built) {
      setProblem(built.problem)
      return
    }
    setProblem(null)
    invoke.mutate({ projectRef, slug: fn.slug, functionId: fn.id, request: built.request })
  }

  return (
    <div className="columns">
      <form
        className={styles.testForm}
        aria-label="Test request"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          send()
        }}
      >
        <div className={styles.requestLine}>
          <div className="field">
            <label htmlFor={`${id}-method`}>Method</label>
            <select id={`${id}-method`} className="select" value={form.method} onChange={(e) => set('method', e.target.value as TestRequestForm['method'])}>
              {TEST_METHODS.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
          </div>
          <div className={`field ${styles.grow}`}>
            <label htmlFor={`${id}-path`}>Path</label>
            <div className={styles.pathInput}>
              <span className={`mono muted ${styles.pathPrefix}`}>/functions/v1/{fn.slug}</span>
              <input id={`${id}-path`} className="input mono" placeholder="/sub/path?query=1" value={form.path} onChange={(e) => set('path', e.target.value)} spellCheck={false} />
            </div>
          </div>
          <div className="field">
            <label htmlFor={`${id}-role`}>Role</label>
            <select id={`${id}-role`} className="select" value={form.role} onChange={(e) => set('role', e.target.value as TestRequestForm['role'])}>
              {TEST_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset className={styles.headers}>
          <legend>Headers</legend>
          {form.headers.map((row, index) => (
            <div key={row.id} className={styles.headerRow}>
              <input className="input mono" aria-label={`Header ${index + 1} name`} placeholder="Name" value={row.name} onChange={(e) => setRow(row.id, { name: e.target.value })} spellCheck={false} />
              <input className="input mono" aria-label={`Header ${index + 1} value`} placeholder="Value" value={row.value} onChange={(e) => setRow(row.id, { value: e.target.value })} spellCheck={false} />
              <button type="button" className="btn btn-sm btn-ghost" aria-label={`Remove header ${index + 1}`} onClick={() => set('headers', form.headers.filter((r) => r.id !== row.id))}>
                Remove
              </button>
            </div>
          ))}
          <button type="button" className="btn btn-sm" onClick={() => set('headers', [...form.headers, emptyRow()])}>
            Add header
          </button>
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-body`}>Body</label>
          <textarea
            id={`${id}-body`}
            className={`textarea mono ${styles.bodyInput}`}
            value={form.body}
            disabled={METHODS_WITHOUT_BODY.includes(form.method)}
            onChange={(e) => set('body', e.target.value)}
            spellCheck={false}
          />
          <span className="field-hint">{METHODS_WITHOUT_BODY.includes(form.method) ? `${form.method} requests are sent without a body.` : 'JSON is sent as application/json unless you set Content-Type.'}</span>
        </div>
        {problem && (
          <Admonition type="danger" role="alert" title="The request was not sent">
            {problem}
          </Admonition>
        )}
        <div>
          <button type="submit" className="btn btn-primary" disabled={invoke.isPending}>
            {invoke.isPending ? 'Sending…' : 'Send request'}
          </button>
        </div>
      </form>
      <section className={styles.testAnswer} aria-label="Response">
        {invoke.isError ? (
          <ErrorState title="The test call failed" error={invoke.error} />
        ) : invoke.data ? (
          <InvokeAnswer response={invoke.data} />
        ) : (
          <p className="muted">Send a request to see the function&apos;s answer: status, headers, body and time.</p>
        )}
      </section>
    </div>
  )
}

/** The function's answer: status line, time, headers, and the body (pretty JSON when JSON). */
export function InvokeAnswer({ response }: { response: InvokeFunctionResponse }) {
  const body = displayBody(response)
  const tone = response.status >= 500 ? 'danger' : response.status >= 400 ? 'warning' : 'ok'
  return (
    <>
      <p className={styles.statusLine}>
        <strong data-tone={tone} aria-label="Status">
          {statusLine(response)}
        </strong>
        <span className="muted" aria-label="Time">
          {Math.round(response.duration_ms)} ms
        </span>
      </p>
      <details className={styles.answerHeaders}>
        <summary>Headers ({response.headers.length})</summary>
        <dl>
          {response.headers.map(([name, value], i) => (
            <div key={`${name}-${i}`}>
              <dt className="mono">{name}</dt>
              <dd className="mono">{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <pre className={`${common.pre} ${styles.answerBody}`} aria-label="Response body" data-json={body.json || undefined}>
        {body.text === '' ? '(empty body)' : body.text}
      </pre>
    </>
  )
}
