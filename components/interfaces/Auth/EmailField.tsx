/** The e-mail field of the sign-in, sign-up and forgot-password forms. */
export function EmailField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>Email</label>
      <input
        id={id}
        className="input"
        type="email"
        autoComplete="email"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}
