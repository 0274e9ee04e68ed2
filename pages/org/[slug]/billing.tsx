import { useRouter } from 'next/router'
import { BillingScreen } from '@/components/interfaces/Billing/BillingScreen'
import { OrganizationLayout } from '@/components/layouts/OrganizationLayout'

export default function OrganizationBillingPage() {
  const { query } = useRouter()
  const slug = typeof query.slug === 'string' ? query.slug : undefined
  return (
    <OrganizationLayout slug={slug} title="Billing">
      {slug && <BillingScreen slug={slug} />}
    </OrganizationLayout>
  )
}
