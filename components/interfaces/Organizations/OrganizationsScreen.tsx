import { useRouter } from 'next/router'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { Admonition } from '@/components/ui/Admonition'
import { EmptyState } from '@/components/ui/EmptyState'
import { QueryErrorState } from '@/components/ui/ErrorState'
import { Modal } from '@/components/ui/Modal'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useProjectsQuery } from '@/data/projects/projects-query'
import { isPlatform } from '@/lib/config'
import { lastVisitedStore, resolveLandingOrganization, useLastVisited } from '@/state/last-visited'
import { CreateOrganizationForm } from './CreateOrganizationForm'
import { OrganizationList } from './OrganizationList'
import { orgNotFoundSlug } from '@/lib/projects'
import styles from './Organizations.module.css'

/**
 * /organizations (spec §2): the user's organizations, creating one, the "not found" notice of the
 * route guard, and the landing on the last visited organization (spec §3 stored preferences).
 */
export function OrganizationsScreen() {
  const router = useRouter()
  const platform = isPlatform()
  const [creating, setCreating] = useState(false)
  const [redirecting, setRedirecting] = useState(false)
  const organizations = useOrganizationsQuery()
  const projects = useProjectsQuery()
  const lastVisited = useLastVisited((s) => s.organization)
  const landingDone = useLastVisited((s) => s.landingDone)
  const notFoundSlug = router.isReady ? orgNotFoundSlug(router.query) : null

  const landingSlug =
    router.isReady && !landingDone && !notFoundSlug ? resolveLandingOrganization(lastVisited, organizations.data) : null

  useEffect(() => {
    if (!router.isReady || landingDone || !organizations.data) return
    // Decided once per tab: afterwards the list stays reachable from the breadcrumb.
    lastVisitedStore.getState().markLandingDone()
    if (!landingSlug) return
    setRedirecting(true)
    void router.replace(`/org/${encodeURIComponent(landingSlug)}`)
  }, [router, landingDone, landingSlug, organizations.data])

  if (landingSlug || redirecting) return <SkeletonLines lines={3} label="Opening your last organization" />

  const openCreate = () => setCreating(true)

  return (
    <div className={styles.stack}>
      <div className="title-row">
        <h1>Your organizations</h1>
        {platform && organizations.data && organizations.data.length > 0 && (
          <button type="button" className="btn btn-primary" onClick={openCreate}>
            New organization
          </button>
        )}
      </div>

      {notFoundSlug && (
        <Admonition type="warning" role="alert" title="Organization not found">
          The organization <strong>{notFoundSlug}</strong> was not found, or you are not a member of it. Pick one of your
          organizations below.
        </Admonition>
      )}

      {organizations.isPending ? (
        <SkeletonLines lines={4} label="Loading organizations" />
      ) : organizations.isError ? (
        <QueryErrorState title="Failed to load organizations" query={organizations} />
      ) : organizations.data.length === 0 ? (
        <EmptyState
          title="You are not part of any organization yet"
          description="Organizations group your projects, members and billing. Create one to start your first project."
          action={
            platform && (
              <button type="button" className="btn btn-primary" onClick={openCreate}>
                Create an organization
              </button>
            )
          }
        />
      ) : (
        <OrganizationList organizations={organizations.data} projects={projects.data} />
      )}

      <Modal
        open={creating}
        onOpenChange={setCreating}
        title="Create a new organization"
        description="An organization holds projects, members and a billing plan."
      >
        <CreateOrganizationForm
          onCancel={() => setCreating(false)}
          onCreated={(organization) => {
            setCreating(false)
            toast.success(`Created organization ${organization.name}`)
            void router.push(`/org/${encodeURIComponent(organization.slug)}`)
          }}
        />
      </Modal>
    </div>
  )
}
