import { LazyGraphiqlScreen } from '@/components/interfaces/Graphiql/LazyGraphiqlScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function ApiGraphiqlPage() {
  return <ProjectPage title="API explorer">{(projectRef) => <LazyGraphiqlScreen projectRef={projectRef} heading="API explorer" />}</ProjectPage>
}
