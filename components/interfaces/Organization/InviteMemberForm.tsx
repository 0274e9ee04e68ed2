import { useId, useState, type FormEvent } from 'react'
import { CopyButton } from '@/components/ui/CopyButton'
import { useInvitationCreateMutation } from '@/data/members/invitation-create-mutation'
import type { CreatedInvitation } from '@/lib/api-types/members'
import type { Role as OrganizationRole } from '@/lib/api-types/roles'
import { formatShortDate } from '@/lib/formatting'
import { invitationLink } from './Team.utils'
import { TextField, SelectField } from '@/components/ui/Field'
import styles from './Team.module.css'
import { isEmailAddress } from '@/lib/validation'

export type InviteMemberFormProps = {
  slug: string
  /** Roles the caller may hand out; the first non-Owner one is preselected. */
  roles: readonly OrganizationRole[]
}

/**
 * Invites an e-mail address with a role. The embedded platform sends no e-mail, so the join
 * link is shown once, to copy and send.
 */
export function InviteMemberForm({ slug, roles }: InviteMemberFormProps) {
  const id = useId()
  const defaultRole = roles.find((r) => r === 'Developer') ?? roles.find((r) => r !== 'Owner') ?? roles[0]
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<OrganizationRole | undefined>(defaultRole)
  const [error, setError] = useState<string | null>(null)
  const [created, setCreated] = useState<CreatedInvitation | null>(null)
  const { mutate, isPending } = useInvitationCreateMutation({
    onSuccess: (invitation) => {
      setCreated(invitation)
      setEmail('')
    },
    onError: (err) => setError(err.message),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    const value = email.trim()
    if (!isEmailAddress(value)) {
      setError('Please enter a valid e-mail address.')
      return
    }
    if (!role) return
    setCreated(null)
    mutate({ slug, email: value, role })
  }

  const link = created ? invitationLink(created.join_path) : null

  return (
    <div>
      <form className={styles.inviteForm} onSubmit={submit} noValidate aria-label="Invite a member">
        <TextField
          id={`${id}-email`}
          label="E-mail address"
          type="email"
          autoComplete="off"
          value={email}
          placeholder="name@example.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SelectField id={`${id}-role`} label="Role" value={role} onChange={(event) => setRole(event.target.value as OrganizationRole)} options={roles} />
        <button type="submit" className="btn btn-primary" disabled={isPending || !role}>
          {isPending ? 'Inviting…' : 'Invite'}
        </button>
      </form>
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      )}
      {created && link && (
        <div className="admonition" role="status" style={{ marginTop: '0.75rem', display: 'block' }}>
          <div className="admonition-title">Invitation created for {created.email}</div>
          <p style={{ margin: 0 }}>
            No e-mail is sent by this platform: copy the link below and send it to {created.email} yourself. It works once
            and expires on {formatShortDate(created.expires_at)}.
          </p>
          <div className={styles.link}>
            <label className="visually-hidden" htmlFor={`${id}-link`}>
              Invitation link
            </label>
            <input id={`${id}-link`} className="input" readOnly value={link} onFocus={(event) => event.target.select()} />
            <CopyButton text={link} label="Copy link" />
          </div>
        </div>
      )}
    </div>
  )
}
