import { LazyGraphiqlScreen } from '@/components/interfaces/Graphiql/LazyGraphiqlScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function DatabaseGraphiqlPage() {
  return <ProjectPage title="GraphiQL">{(projectRef) => <LazyGraphiqlScreen projectRef={projectRef} heading="GraphiQL" />}</ProjectPage>
}
