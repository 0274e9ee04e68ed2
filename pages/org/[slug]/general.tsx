import { OrganizationSettingsScreen } from '@/components/interfaces/Organization/OrganizationSettingsScreen'
import { OrganizationPage } from '@/components/layouts/OrganizationPage'

export default function OrganizationGeneralPage() {
  return <OrganizationPage title="Organization settings">{(slug) => <OrganizationSettingsScreen slug={slug} />}</OrganizationPage>
}
