import { useRouter } from 'next/router'
import { TeamScreen } from '@/components/interfaces/Organization/TeamScreen'
import { OrganizationLayout } from '@/components/layouts/OrganizationLayout'

export default function OrganizationTeamPage() {
  const { query } = useRouter()
  const slug = typeof query.slug === 'string' ? query.slug : undefined
  return (
    <OrganizationLayout slug={slug} title="Team">
      {slug && <TeamScreen slug={slug} />}
    </OrganizationLayout>
  )
}
