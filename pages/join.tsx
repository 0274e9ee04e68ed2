import { JoinScreen } from '@/components/interfaces/Join/JoinScreen'
import { AppLayout } from '@/components/layouts/AppLayout'

export default function JoinPage() {
  return (
    <AppLayout title="Join organization" crumbs={[{ label: 'Join organization' }]}>
      <div className="page"><JoinScreen /></div>
    </AppLayout>
  )
}
