import type { ReactNode } from 'react'
import { useRouteParam } from '@/hooks/use-route-param'
import { OrganizationLayout } from './OrganizationLayout'

/** An organization route's page: the organization layout titled `title`, and its screen once the route's slug is known. */
export function OrganizationPage({ title, children }: { title: string; children: (slug: string) => ReactNode }) {
  const slug = useRouteParam('slug')
  return <OrganizationLayout slug={slug} title={title}>{slug && children(slug)}</OrganizationLayout>
}
