import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'

/** How a settings form reads what is saved: its values as typed, what is wrong with them, what changed. */
export type SettingsRules<Saved, Values, Changes extends object> = {
  toValues: (saved: Saved) => Values
  errorsOf: (values: Values) => Partial<Record<keyof Values, string>>
  changesOf: (saved: Saved, values: Values) => Changes
}

/** The keys of `Values` holding text. */
type TextKeys<Values> = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values]

/**
 * A form of saved settings that sends only what changed: errors show once Save was pressed, the
 * platform's refusal is kept for `FormActions`, and a save puts the answer back in the form with a
 * toast. `submit(event, send)` calls `send(changes, onSaved)` only when something changed and
 * nothing is wrong; the caller's mutation calls `onSaved` and `setServerError`.
 */
export function useSettingsForm<Saved, Values extends object, Changes extends object>(
  saved: Saved,
  rules: SettingsRules<Saved, Values, Changes>,
  savedMessage: string
) {
  const [values, setValues] = useState<Values>(() => rules.toValues(saved))
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const errors = rules.errorsOf(values)
  const changes = rules.changesOf(saved, values)
  const dirty = Object.keys(changes).length > 0
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }))
  /** The field's error, once Save was pressed. */
  const shown = (key: keyof Values) => (submitted ? errors[key] : undefined)
  return {
    values,
    dirty,
    serverError,
    setServerError,
    set,
    shown,
    /** The props of a `TextField` editing the text value `key` (ids made from `idPrefix`). */
    textField: <K extends TextKeys<Values>>(key: K, idPrefix: string, disabled: boolean) => ({
      id: `${idPrefix}-${String(key)}`,
      value: values[key] as string,
      disabled,
      onChange: (e: { target: { value: string } }) => set(key, e.target.value as Values[K]),
      error: shown(key),
      errorId: `${idPrefix}-${String(key)}-error`,
    }),
    reset: () => setValues(rules.toValues(saved)),
    submit(event: FormEvent, send: (changes: Changes, onSaved: (next: Saved) => void) => void) {
      event.preventDefault()
      setSubmitted(true)
      setServerError(null)
      if (!dirty || Object.values(errors).some(Boolean)) return
      send(changes, (next) => {
        setValues(rules.toValues(next))
        setSubmitted(false)
        toast.success(savedMessage)
      })
    },
  }
}
