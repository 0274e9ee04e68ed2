import { BillingScreen } from '@/components/interfaces/Billing/BillingScreen'
import { OrganizationPage } from '@/components/layouts/OrganizationPage'

export default function OrganizationBillingPage() {
  return <OrganizationPage title="Billing">{(slug) => <BillingScreen slug={slug} />}</OrganizationPage>
}
