import { useRouter } from 'next/router'
import { OrganizationSettingsScreen } from '@/components/interfaces/Organization/OrganizationSettingsScreen'
import { OrganizationLayout } from '@/components/layouts/OrganizationLayout'

export default function OrganizationGeneralPage() {
  const { query } = useRouter()
  const slug = typeof query.slug === 'string' ? query.slug : undefined
  return (
    <OrganizationLayout slug={slug} title="Organization settings">
      {slug && <OrganizationSettingsScreen slug={slug} />}
    </OrganizationLayout>
  )
}
