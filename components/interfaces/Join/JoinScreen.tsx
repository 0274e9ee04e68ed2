import { useQueryClient } from '@tanstack/react-query'
import Link from 'next/link'
import { useRouter } from 'next/router'
import { useState } from 'react'
import { toast } from 'sonner'
import { Admonition } from '@/components/ui/Admonition'
import { QueryErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { isResponseError } from '@/data/fetchers'
import { useInvitationAcceptMutation } from '@/data/members/invitation-accept-mutation'
import { useInvitationValidateQuery } from '@/data/members/invitation-validate-query'
import type { InvitationValidation } from '@/lib/api-types/members'
import { useProfileQuery } from '@/data/profile/profile-query'
import { signOut } from '@/hooks/sign-out'
import { formatShortDate } from '@/lib/formatting'
import styles from './Join.module.css'

function param(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/** /join?token=…&slug=… (spec §2; the route guard is skipped here): shows an invitation and accepts it. */
export function JoinScreen() {
  const router = useRouter()
  const token = param(router.query.token)
  const slug = param(router.query.slug)
  const validation = useInvitationValidateQuery({ slug, token })

  if (!router.isReady) return <SkeletonLines lines={3} label="Loading invitation" />

  let body
  if (!token || !slug) {
    body = (
      <Admonition type="warning" role="alert" title="This invitation link is incomplete">
        The link must carry both a token and an organization. Ask the person who invited you for the full link.
      </Admonition>
    )
  } else if (validation.isPending) {
    body = <SkeletonLines lines={3} label="Checking invitation" />
  } else if (validation.isError) {
    const clientError = isResponseError(validation.error) && (validation.error.code ?? 0) >= 400 && (validation.error.code ?? 0) < 500
    body = clientError ? (
      <Admonition type="danger" role="alert" title="This invitation cannot be used">
        {validation.error.message}
      </Admonition>
    ) : (
      <QueryErrorState title="Failed to check the invitation" query={validation} />
    )
  } else {
    body = <InvitationCard slug={slug} token={token} invitation={validation.data} />
  }

  return <div className={styles.wrap}>{body}</div>
}

function InvitationCard({ slug, token, invitation }: { slug: string; token: string; invitation: InvitationValidation }) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const profile = useProfileQuery()
  const [error, setError] = useState<string | null>(null)
  const accept = useInvitationAcceptMutation({
    onSuccess: (org) => {
      toast.success(`You joined ${org.name}`)
      void router.push(`/org/${encodeURIComponent(org.slug)}`)
    },
    onError: (err) => setError(err.message),
  })
  const orgHref = `/org/${encodeURIComponent(invitation.organization_slug)}`
  const inviter = invitation.invited_by?.username ?? invitation.invited_by?.email ?? 'Someone'

  async function switchAccount() {
    await signOut(queryClient)
    const returnTo = `/join?token=${encodeURIComponent(token)}&slug=${encodeURIComponent(slug)}`
    await router.push({ pathname: '/sign-in', query: { returnTo } })
  }

  return (
    <section className={`card ${styles.card}`} aria-labelledby="join-title">
      <h1 id="join-title">Join {invitation.organization_name}</h1>
      <p>
        <strong>{inviter}</strong> invited you to join <strong>{invitation.organization_name}</strong> as <strong>{invitation.role}</strong>.
      </p>

      {invitation.already_member ? (
        <>
          <Admonition title="You are already a member of this organization" />
          <div className={styles.actions}>
            <Link className="btn btn-primary" href={orgHref}>
              Open {invitation.organization_name}
            </Link>
          </div>
        </>
      ) : invitation.expired_token ? (
        <Admonition type="warning" role="alert" title="This invitation has expired">
          It expired on {formatShortDate(invitation.expires_at)}. Ask {inviter} to invite you again.
        </Admonition>
      ) : !invitation.email_match ? (
        <>
          <Admonition type="warning" role="alert" title="This invitation was sent to another e-mail address">
            You are signed in as {profile.data?.primary_email ?? 'another user'}. Sign in with the invited address to accept it.
          </Admonition>
          <div className={styles.actions}>
            <button type="button" className="btn" onClick={() => void switchAccount()}>
              Sign in with another account
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="muted">The invitation expires on {formatShortDate(invitation.expires_at)}.</p>
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
          <div className={styles.actions}>
            <button
              type="button"
              className="btn btn-primary"
              disabled={accept.isPending}
              onClick={() => {
                setError(null)
                accept.mutate({ slug, token })
              }}
            >
              {accept.isPending ? 'Joining…' : 'Accept invitation'}
            </button>
          </div>
        </>
      )}
    </section>
  )
}
