import type { ReactNode } from 'react'
import { useRouteParam } from '@/hooks/use-route-param'
import { ProjectLayout } from './ProjectLayout'

/** A project route's page: the project layout titled `title`, and its screen once the route's ref is known. */
export function ProjectPage({ title, children }: { title: string; children: (projectRef: string) => ReactNode }) {
  const ref = useRouteParam('ref')
  return <ProjectLayout projectRef={ref} title={title}>{ref && children(ref)}</ProjectLayout>
}
