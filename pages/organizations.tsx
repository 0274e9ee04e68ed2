import { AppLayout } from '@/components/layouts/AppLayout'
import { OrganizationsScreen } from '@/components/interfaces/Organizations/OrganizationsScreen'

export default function OrganizationsPage() {
  return (
    <AppLayout title="Organizations" crumbs={[{ label: 'Organizations' }]}>
      <div className="page"><OrganizationsScreen /></div>
    </AppLayout>
  )
}
