import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react'
import styles from './Field.module.css'

type FieldFrame = {
  id: string
  label: ReactNode
  /** Shown under the control, with `errorId` so the control can name it (aria-describedby). */
  error?: ReactNode
  errorId?: string
  /** The error is announced as it appears (role="alert"). */
  errorAlert?: boolean
  /** A line under the control saying what to enter. */
  hint?: ReactNode
  /** Beside the label, at the row's end (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode
}

/** A form field: its label, the control (children), then its error and hint. */
export function Field({ id, label, error, errorId, errorAlert, hint, labelAside, children }: FieldFrame & { children: ReactNode }) {
  const labelElement = <label htmlFor={id}>{label}</label>
  return (
    <div className="field">
      {labelAside ? (
        <div className={styles.labelRow}>
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children}
      {error && (
        <span id={errorId} className="field-error" role={errorAlert ? 'alert' : undefined}>
          {error}
        </span>
      )}
      {hint && <span className="field-hint">{hint}</span>}
    </div>
  )
}

/** What a control says about its field's error: invalid, and described by the error's line. */
function errorAttributes({ error, errorId }: Pick<FieldFrame, 'error' | 'errorId'>) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {}
}

type TextFieldProps = FieldFrame &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
    /** Shown right under the input (e.g. a strength meter or a hint the input names). */
    after?: ReactNode
  }

/** A labelled text input (`.input`) with its error line. */
export function TextField({ id, label, error, errorId, errorAlert, hint, labelAside, after, ...input }: TextFieldProps) {
  return (
    <Field {...{ id, label, error, errorId, errorAlert, hint, labelAside }}>
      <input id={id} className="input" {...errorAttributes({ error, errorId })} {...input} />
      {after}
    </Field>
  )
}

export type SelectOption = string | { value: string; label: ReactNode }

type SelectFieldProps = FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
    /** The choices, after any options given as children (e.g. a "Choose…" placeholder). */
    options: readonly SelectOption[]
  }

/** A labelled select (`.select`) of options with its error line. */
export function SelectField({ id, label, error, errorId, errorAlert, hint, labelAside, options, children, ...select }: SelectFieldProps) {
  return (
    <Field {...{ id, label, error, errorId, errorAlert, hint, labelAside }}>
      <select id={id} className="select" {...errorAttributes({ error, errorId })} {...select}>
        {children}
        {options.map((option) => {
          const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option
          return (
            <option key={value} value={value}>
              {text}
            </option>
          )
        })}
      </select>
    </Field>
  )
}
