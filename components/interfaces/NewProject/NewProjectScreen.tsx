import { useRouter } from 'next/router'
import { toast } from 'sonner'
import { Admonition } from '@/components/ui/Admonition'
import { QueryErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useFreeProjectLimitCheckQuery } from '@/data/organizations/free-project-limit-check-query'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { FreeProjectLimitWarning } from './FreeProjectLimitWarning'
import { NewProjectForm } from './NewProjectForm'
import { planFromQuery } from './NewProject.utils'
import styles from './NewProject.module.css'

/** /new/{slug} (spec §2): a new project in the organization; the `plan` query parameter preselects the plan. */
export function NewProjectScreen({ slug }: { slug: string }) {
  const router = useRouter()
  const organizations = useOrganizationsQuery()
  const organization = organizations.data?.find((org) => org.slug === slug)
  const isFree = organization?.plan.id === 'free'
  const limit = useFreeProjectLimitCheckQuery({ slug, enabled: isFree })
  const requestedPlan = planFromQuery(router.query.plan)

  if (organizations.isPending) return <SkeletonLines lines={6} label="Loading organization" />
  if (organizations.isError) {
    return (
      <QueryErrorState title="Failed to load the organization" query={organizations} />
    )
  }
  // The route guard is skipped here (spec §2), so an unknown slug is answered on the page.
  if (!organization) {
    return (
      <Admonition type="warning" role="alert" title="Organization not found">
        The organization <strong>{slug}</strong> was not found, or you are not a member of it.
      </Admonition>
    )
  }

  const overLimit = isFree ? (limit.data?.members_exceeding_free_project_limit ?? []) : []
  const mayCreate = organization.role === undefined || organization.role === 'Owner' || organization.role === 'Admin'

  return (
    <div className={styles.form}>
      <div>
        <h1>Create a new project</h1>
        <p className="muted">
          In the organization <strong>{organization.name}</strong>. Your project gets its own Postgres database, APIs, auth and
          storage.
        </p>
      </div>
      {!mayCreate && (
        <Admonition type="warning" title="Only Owners and Admins create projects">
          Your role in {organization.name} is {organization.role}: ask an Owner or Admin to create the project.
        </Admonition>
      )}
      {limit.isError && (
        <QueryErrorState title="Failed to check the free project limit" query={limit} />
      )}
      {overLimit.length > 0 && <FreeProjectLimitWarning slug={slug} members={overLimit} />}
      <NewProjectForm
        organization={organization}
        requestedPlan={requestedPlan}
        blocked={!mayCreate || overLimit.length > 0}
        onCreated={(project) => {
          toast.success(`Project ${project.name} is being created`)
          void router.push(`/project/${encodeURIComponent(project.ref)}`)
        }}
      />
    </div>
  )
}
