import dynamic from 'next/dynamic'
import { LayoutSkeleton } from '@/components/layouts/AppLayout'

/** The table editor, loaded with its grid when the page opens rather than with every page. */
export const LazyTableEditorScreen = dynamic(
  () => import('./TableEditorScreen').then((m) => m.TableEditorScreen),
  { ssr: false, loading: () => <LayoutSkeleton /> }
)
