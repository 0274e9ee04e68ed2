import { useRouter } from 'next/router'
import { CronJobsScreen } from '@/components/interfaces/Cron/CronJobsScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function CronPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Cron jobs">
      {ref && <CronJobsScreen projectRef={ref} />}
    </ProjectLayout>
  )
}
