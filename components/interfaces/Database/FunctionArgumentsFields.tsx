import { ARGUMENT_MODES, type ArgumentMode, type FunctionArgument } from '@/lib/database/functions'
import dbStyles from './Database.module.css'
import styles from './Functions.module.css'

type Props = {
  id: string
  args: FunctionArgument[]
  onChange: (args: FunctionArgument[]) => void
  disabled: boolean
  error?: string
  errorId: string
}

/** The function's arguments, one row each: mode, name, type and default. */
export function FunctionArgumentsFields({ id, args, onChange, disabled, error, errorId }: Props) {
  const set = (i: number, change: Partial<FunctionArgument>) => onChange(args.map((arg, j) => (j === i ? { ...arg, ...change } : arg)))
  return (
    <fieldset className={`${dbStyles.checks} ${styles.stack}`} aria-describedby={error ? errorId : undefined} style={{ display: 'flex' }}>
      <legend>Arguments</legend>
      {args.length === 0 && <p className="muted" style={{ margin: 0 }}>No arguments.</p>}
      {args.map((arg, i) => {
        const n = i + 1
        return (
          <div key={i} className={styles.argRow}>
            <div className="field">
              <label htmlFor={`${id}-${i}-mode`}>Mode of argument {n}</label>
              <select id={`${id}-${i}-mode`} className="select" value={arg.mode} disabled={disabled} onChange={(e) => set(i, { mode: e.target.value as ArgumentMode })}>
                {ARGUMENT_MODES.map((m) => (
                  <option key={m}>{m}</option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-${i}-name`}>Name of argument {n}</label>
              <input id={`${id}-${i}-name`} className="input" value={arg.name} disabled={disabled} onChange={(e) => set(i, { name: e.target.value })} placeholder="user_id" />
            </div>
            <div className="field">
              <label htmlFor={`${id}-${i}-type`}>Type of argument {n}</label>
              <input id={`${id}-${i}-type`} className="input" value={arg.type} disabled={disabled} onChange={(e) => set(i, { type: e.target.value })} placeholder="uuid" />
            </div>
            <div className="field">
              <label htmlFor={`${id}-${i}-default`}>Default of argument {n}</label>
              <input id={`${id}-${i}-default`} className="input" value={arg.defaultValue} disabled={disabled || arg.mode === 'OUT'} onChange={(e) => set(i, { defaultValue: e.target.value })} placeholder="none" />
            </div>
            <button type="button" className="btn btn-sm" disabled={disabled} onClick={() => onChange(args.filter((_, j) => j !== i))} aria-label={`Remove argument ${n}`}>
              Remove
            </button>
          </div>
        )
      })}
      <div>
        <button type="button" className="btn btn-sm" disabled={disabled} onClick={() => onChange([...args, { mode: 'IN', name: '', type: '', defaultValue: '' }])}>
          Add argument
        </button>
      </div>
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </fieldset>
  )
}
