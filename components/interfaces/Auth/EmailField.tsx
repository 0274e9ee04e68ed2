import { TextField } from '@/components/ui/Field'

/** The e-mail field of the sign-in, sign-up and forgot-password forms. */
export function EmailField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return <TextField id={id} label="Email" type="email" autoComplete="email" required value={value} onChange={(event) => onChange(event.target.value)} />
}
