import { OrganizationHomeScreen } from '@/components/interfaces/Organization/OrganizationHomeScreen'
import { OrganizationPage } from '@/components/layouts/OrganizationPage'

export default function OrganizationHomePage() {
  return <OrganizationPage title="Projects">{(slug) => <OrganizationHomeScreen slug={slug} />}</OrganizationPage>
}
