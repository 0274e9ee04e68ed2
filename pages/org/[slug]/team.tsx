import { TeamScreen } from '@/components/interfaces/Organization/TeamScreen'
import { OrganizationPage } from '@/components/layouts/OrganizationPage'

export default function OrganizationTeamPage() {
  return <OrganizationPage title="Team">{(slug) => <TeamScreen slug={slug} />}</OrganizationPage>
}
