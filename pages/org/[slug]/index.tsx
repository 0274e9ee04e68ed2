import { useRouter } from 'next/router'
import { OrganizationHomeScreen } from '@/components/interfaces/Organization/OrganizationHomeScreen'
import { OrganizationLayout } from '@/components/layouts/OrganizationLayout'

export default function OrganizationPage() {
  const { query } = useRouter()
  const slug = typeof query.slug === 'string' ? query.slug : undefined
  return (
    <OrganizationLayout slug={slug} title="Projects">
      {slug && <OrganizationHomeScreen slug={slug} />}
    </OrganizationLayout>
  )
}
