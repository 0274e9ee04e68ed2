import dynamic from 'next/dynamic'
import { SkeletonLines } from '@/components/ui/Skeleton'

/** The GraphQL explorer, loaded when its page opens rather than with every page. */
export const LazyGraphiqlScreen = dynamic(() => import('./GraphiqlScreen').then((m) => m.GraphiqlScreen), {
  ssr: false,
  loading: () => <SkeletonLines lines={6} label="Loading the GraphQL explorer" />,
})
