import Link from 'next/link'
import { Admonition } from '@/components/ui/Admonition'
import type { MemberExceedingFreeProjectLimit } from '@/lib/api-types/organizations'

/** spec §9: the free plan's active-project limit, warned about before submitting. */
export function FreeProjectLimitWarning({ slug, members }: { slug: string; members: readonly MemberExceedingFreeProjectLimit[] }) {
  const limit = members[0]?.free_project_limit ?? 2
  return (
    <Admonition
      type="warning"
      role="alert"
      title="The free project limit is reached"
      actions={
        <Link className="btn btn-sm" href={`/org/${encodeURIComponent(slug)}/billing`}>
          Upgrade plan
        </Link>
      }
    >
      The free plan allows {limit} active projects per owner or admin, and{' '}
      {members.map((m) => m.primary_email).join(', ')} already {members.length === 1 ? 'runs' : 'run'} {limit}. Pause or delete a
      project, or upgrade this organization to a paid plan.
    </Admonition>
  )
}
