import dynamic from 'next/dynamic'
import { useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { DatabaseScreen, WriteBlockedNote } from '@/components/ui/DatabaseScreen'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { ScriptConfirmModal } from '@/components/ui/ScriptConfirmModal'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useBucketsQuery } from '@/data/storage/buckets-query'
import { useStoragePoliciesQuery } from '@/data/storage/policies-query'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { dropPolicySql, type Policy, type PolicyTable } from '@/lib/database/policies'
import { policyBucket, STORAGE_OBJECTS, storageTemplateSql, type StoragePolicyTemplate } from '@/lib/storage/policy-templates'
import { StoragePolicyTemplateModal } from './StoragePolicyTemplateModal'
import styles from './Policies.module.css'

// The policy form (the Authentication policies' own) loads when a policy is first edited.
const PolicyFormModal = dynamic(() => import('@/components/ui/PolicyFormModal').then((m) => m.PolicyFormModal), { ssr: false })

type Dialog =
  | { kind: 'pick'; bucket: string }
  | { kind: 'create'; bucket: string; template: StoragePolicyTemplate }
  | { kind: 'edit'; policy: Policy }
  | { kind: 'drop'; policy: Policy }

/** storage.objects as the policy form edits it: row level security is always on there. */
const storageObjectsTable = (policies: Policy[]): PolicyTable => ({ id: 0, ...STORAGE_OBJECTS, rlsEnabled: true, uuidColumns: ['owner'], policies })

/** `/project/{ref}/storage/policies`: per bucket, the policies on storage.objects that name it; new ones from templates, shown as SQL first. */
export function StoragePoliciesScreen({ projectRef }: { projectRef: string }) {
  return (
    <DatabaseScreen projectRef={projectRef} title="Storage policies" subtitle="Policies on storage.objects decide who may download, upload, change and delete files with the anon key or a user's token. The service role and the dashboard are not bound by them.">
      {(access) => <BucketPolicies projectRef={projectRef} access={access} />}
    </DatabaseScreen>
  )
}

function BucketPolicies({ projectRef, access }: { projectRef: string; access: ProjectAccess }) {
  const buckets = useBucketsQuery({ projectRef })
  const policies = useStoragePoliciesQuery(access.db)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const close = () => setDialog(null)

  if (buckets.isPending || policies.isPending) return <SkeletonLines lines={5} label="Loading buckets and policies" />
  const failed = buckets.isError ? buckets : policies.isError ? policies : null
  if (failed) return <ErrorState title="Failed to load storage policies" error={failed.error} onRetry={() => void failed.refetch()} retrying={failed.isFetching} />
  if (buckets.data!.length === 0 && policies.data!.length === 0) {
    return <EmptyState title="No buckets yet" description="Policies are written per bucket. Create a bucket under Storage → Buckets, then decide here who may use its files." />
  }

  const byBucket = new Map<string | null, Policy[]>()
  for (const policy of policies.data!) {
    const key = policyBucket(policy)
    byBucket.set(key, [...(byBucket.get(key) ?? []), policy])
  }
  const cards: { bucket: string | null; isPublic?: boolean }[] = [...buckets.data!.map((b) => ({ bucket: b.id, isPublic: b.public })), ...(byBucket.has(null) ? [{ bucket: null }] : [])]

  return (
    <>
      <WriteBlockedNote access={access} />
      <ul className={styles.policyBuckets} aria-label="Buckets">
        {cards.map(({ bucket, isPublic }) => {
          const list = byBucket.get(bucket) ?? []
          return (
            <li key={bucket ?? '(other)'} className="surface" aria-label={bucket ? `Bucket ${bucket}` : 'Other policies'}>
              <div className={`bar ${styles.policyCardHeader}`}>
                <h2>
                  {bucket ?? 'Other policies on storage.objects'} {bucket && (isPublic ? <Badge variant="warning">Public</Badge> : <Badge>Private</Badge>)}
                </h2>
                {bucket && access.canWrite && (
                  <button type="button" className="btn btn-sm" onClick={() => setDialog({ kind: 'pick', bucket })} aria-label={`New policy for ${bucket}`}>
                    New policy
                  </button>
                )}
              </div>
              {list.length === 0 ? (
                <p className={styles.policyEmpty}>
                  {isPublic ? 'No policies: anyone can download by URL (the bucket is public), but nobody can upload with the anon key or a user token.' : 'No policies: only the service role can use this bucket\u2019s files.'}
                </p>
              ) : (
                <ul className={styles.policyList}>
                  {list.map((policy) => (
                    <li key={policy.name} className={styles.policyRow}>
                      <span>
                        <strong>{policy.name}</strong>{' '}
                        <Badge>{policy.command}</Badge> <span className="field-hint">to {policy.roles.join(', ')}</span>
                      </span>
                      {access.canWrite && (
                        <span className={styles.policyActions}>
                          <button type="button" className="btn btn-sm" onClick={() => setDialog({ kind: 'edit', policy })} aria-label={`Edit policy ${policy.name}`}>
                            Edit
                          </button>
                          <button type="button" className="btn btn-sm btn-danger" onClick={() => setDialog({ kind: 'drop', policy })} aria-label={`Delete policy ${policy.name}`}>
                            Delete
                          </button>
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          )
        })}
      </ul>
      {dialog?.kind === 'pick' && <StoragePolicyTemplateModal bucket={dialog.bucket} onClose={close} onPick={(template) => setDialog({ kind: 'create', bucket: dialog.bucket, template })} />}
      {dialog?.kind === 'create' && (
        <ScriptConfirmModal
          access={access}
          size="large"
          variant="primary"
          title={`${dialog.template.label} on ${dialog.bucket}`}
          confirmLabel="Create policy"
          pendingLabel="Creating…"
          sql={storageTemplateSql(dialog.template, dialog.bucket)}
          action={`create a storage policy for ${dialog.bucket}`}
          done={`Created policy ${dialog.template.build(dialog.bucket).name}`}
          failedTitle="The policy was not created"
          onClose={close}
        >
          <p style={{ margin: 0 }}>{dialog.template.description} This SQL runs on confirm:</p>
        </ScriptConfirmModal>
      )}
      {dialog?.kind === 'edit' && <PolicyFormModal access={access} table={storageObjectsTable(policies.data!)} policy={dialog.policy} onClose={close} />}
      {dialog?.kind === 'drop' && (
        <ScriptConfirmModal
          access={access}
          title={`Delete policy ${dialog.policy.name}`}
          confirmLabel="Delete policy"
          sql={dropPolicySql(STORAGE_OBJECTS, dialog.policy.name)}
          action={`drop storage policy ${dialog.policy.name}`}
          done={`Deleted policy ${dialog.policy.name}`}
          failedTitle="The policy was not deleted"
          onClose={close}
        >
          <p style={{ margin: 0 }}>What this policy allows on storage.objects stops being allowed. This cannot be undone.</p>
        </ScriptConfirmModal>
      )}
    </>
  )
}
