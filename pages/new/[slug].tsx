import { useRouteParam } from '@/hooks/use-route-param'
import { NewProjectScreen } from '@/components/interfaces/NewProject/NewProjectScreen'
import { AppLayout } from '@/components/layouts/AppLayout'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'

export default function NewProjectPage() {
  const slug = useRouteParam('slug')
  const organization = useOrganizationsQuery().data?.find((org) => org.slug === slug)
  return (
    <AppLayout
      title="New project"
      crumbs={[
        { label: 'Organizations', href: '/organizations' },
        ...(slug ? [{ label: organization?.name ?? slug, href: `/org/${encodeURIComponent(slug)}` }] : []),
        { label: 'New project' },
      ]}
    >
      <div className="page">{slug && <NewProjectScreen slug={slug} />}</div>
    </AppLayout>
  )
}
