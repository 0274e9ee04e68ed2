import { CronJobsScreen } from '@/components/interfaces/Cron/CronJobsScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function CronPage() {
  return <ProjectPage title="Cron jobs">{(projectRef) => <CronJobsScreen projectRef={projectRef} />}</ProjectPage>
}
