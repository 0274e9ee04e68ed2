import dynamic from 'next/dynamic'
import { LayoutSkeleton } from '@/components/layouts/AppLayout'

/** The SQL editor, loaded when its page opens rather than with every page. */
export const LazySqlEditorScreen = dynamic(() => import('./SqlEditorScreen').then((m) => m.SqlEditorScreen), {
  ssr: false,
  loading: () => <LayoutSkeleton />,
})
