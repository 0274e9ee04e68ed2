import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { useProfile } from '@/components/layouts/ProfileProvider'
import { ErrorState } from '@/components/ui/ErrorState'
import { TextField } from '@/components/ui/Field'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { profileKeys } from '@/data/profile/keys'
import type { Profile } from '@/data/profile/profile-query'
import { useProfileUpdateMutation } from '@/data/profile/profile-update-mutation'
import styles from './Account.module.css'

/** Same rule as the platform's PATCH /platform/profile, so the form says it before the server. */
const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/
export const USERNAME_HINT = '3 to 32 letters, digits, ".", "_" or "-".'

/** The profile card of /account/me: e-mail (read-only), first and last name, username. */
export function ProfileSection() {
  const { profile, isLoading, error } = useProfile()
  const queryClient = useQueryClient()

  return (
    <section className="card" aria-labelledby="account-profile-title">
      <h2 id="account-profile-title" className={styles.sectionTitle}>
        Profile
      </h2>
      <p className={styles.sectionIntro}>Your name and username as your teammates see them.</p>
      {error ? (
        <ErrorState
          title="Failed to load your profile"
          error={error}
          onRetry={() => void queryClient.invalidateQueries({ queryKey: profileKeys.profile() })}
        />
      ) : isLoading || !profile ? (
        <SkeletonLines lines={4} label="Loading profile" />
      ) : (
        // Keyed by the saved values: a save (or a refetch) starts the form afresh from them.
        <ProfileForm key={`${profile.first_name}|${profile.last_name}|${profile.username}`} profile={profile} />
      )}
    </section>
  )
}

function ProfileForm({ profile }: { profile: Profile }) {
  const [firstName, setFirstName] = useState(profile.first_name ?? '')
  const [lastName, setLastName] = useState(profile.last_name ?? '')
  const [username, setUsername] = useState(profile.username)
  const update = useProfileUpdateMutation({ onSuccess: () => void toast.success('Profile updated') })

  const usernameError = USERNAME_PATTERN.test(username.trim()) ? undefined : `A username has ${USERNAME_HINT}`
  const dirty =
    firstName.trim() !== (profile.first_name ?? '') ||
    lastName.trim() !== (profile.last_name ?? '') ||
    username.trim() !== profile.username

  function submit(event: FormEvent) {
    event.preventDefault()
    if (usernameError || !dirty) return
    update.mutate({
      first_name: firstName.trim() === '' ? null : firstName.trim(),
      last_name: lastName.trim() === '' ? null : lastName.trim(),
      username: username.trim(),
    })
  }

  return (
    <form onSubmit={submit} aria-label="Profile">
      <TextField id="profile-email" label="Email" type="email" value={profile.primary_email} readOnly />
      <div className={styles.grid}>
        <TextField id="profile-first-name" label="First name" autoComplete="given-name" maxLength={100} value={firstName} onChange={(event) => setFirstName(event.target.value)} />
        <TextField id="profile-last-name" label="Last name" autoComplete="family-name" maxLength={100} value={lastName} onChange={(event) => setLastName(event.target.value)} />
      </div>
      <TextField
        id="profile-username"
        label="Username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        aria-invalid={usernameError ? true : undefined}
        aria-describedby="profile-username-hint"
        after={
          <span id="profile-username-hint" className={usernameError ? 'field-error' : 'field-hint'}>
            {usernameError ?? USERNAME_HINT}
          </span>
        }
      />
      <div className={styles.actions}>
        <button
          type="button"
          className="btn"
          disabled={!dirty || update.isPending}
          onClick={() => {
            setFirstName(profile.first_name ?? '')
            setLastName(profile.last_name ?? '')
            setUsername(profile.username)
          }}
        >
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={!dirty || Boolean(usernameError) || update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  )
}
