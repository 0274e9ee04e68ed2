import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { TOGGLE_BLUR_DELAY_MS } from '@/lib/constants'
import styles from './Toggle.module.css'

export type ToggleProps = {
  id?: string
  name?: string
  /** Visible label; without one, pass `aria-label`. */
  label?: ReactNode
  'aria-label'?: string
  /** Help text under the label. */
  description?: ReactNode
  /** Controlled value; leave undefined and use `defaultChecked` for an uncontrolled toggle. */
  checked?: boolean
  defaultChecked?: boolean
  disabled?: boolean
  size?: 'small' | 'medium'
  /** Called with the new value on each flip. */
  onChange?: (checked: boolean) => void
  /** spec §4: tells the form the field was left, 100 ms after the blur. */
  onBlur?: () => void
  /** spec §5: field-level validation; receives the new value after each change. */
  validate?: (value: boolean) => string | undefined
  /** An error from the form; shown, like the validation error, only once touched. */
  error?: string
  /** Marks the field touched from outside (e.g. a form that was submitted). */
  touched?: boolean
  className?: string
}

/** An on/off switch (spec §4 "Toggle control", §5). */
export function Toggle({
  id,
  name,
  label,
  'aria-label': ariaLabel,
  description,
  checked,
  defaultChecked = false,
  disabled = false,
  size = 'medium',
  onChange,
  onBlur,
  validate,
  error,
  touched,
  className,
}: ToggleProps) {
  const generatedId = useId()
  const fieldId = id ?? generatedId
  const [ownValue, setOwnValue] = useState(defaultChecked)
  const value = checked ?? ownValue
  const [validationError, setValidationError] = useState<string | undefined>()
  const [wasTouched, setWasTouched] = useState(false)
  const blurTimer = useRef<ReturnType<typeof setTimeout> | null>(null)

  useEffect(
    () => () => {
      if (blurTimer.current) clearTimeout(blurTimer.current)
    },
    []
  )

  function flip() {
    if (disabled) return
    const next = !value
    if (checked === undefined) setOwnValue(next)
    onChange?.(next)
    if (validate) setValidationError(validate(next))
  }

  function handleBlur() {
    if (blurTimer.current) clearTimeout(blurTimer.current)
    // spec §4: the form hears of the blur 100 ms later, after a click's change has landed.
    blurTimer.current = setTimeout(() => {
      blurTimer.current = null
      setWasTouched(true)
      onBlur?.()
    }, TOGGLE_BLUR_DELAY_MS)
  }

  const shownError = (touched ?? wasTouched) ? (validationError ?? error) : undefined
  const errorId = `${fieldId}-error`
  const descriptionId = `${fieldId}-description`
  const describedBy = [description ? descriptionId : null, shownError ? errorId : null].filter(Boolean).join(' ')

  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <div className={styles.row}>
        <button
          id={fieldId}
          name={name}
          type="button"
          role="switch"
          aria-checked={value}
          aria-label={ariaLabel}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy || undefined}
          disabled={disabled}
          data-state={value ? 'on' : 'off'}
          data-size={size}
          className={styles.switch}
          onClick={flip}
          onBlur={handleBlur}
        >
          <span className={styles.thumb} aria-hidden="true" />
        </button>
        {(label || description) && (
          <div className={styles.text}>
            {label && (
              <label htmlFor={fieldId} className={styles.label}>
                {label}
              </label>
            )}
            {description && (
              <span id={descriptionId} className="field-hint">
                {description}
              </span>
            )}
          </div>
        )}
      </div>
      {shownError && (
        <span id={errorId} className="field-error" role="alert">
          {shownError}
        </span>
      )}
    </div>
  )
}
