import dynamic from 'next/dynamic'
import { LayoutSkeleton } from '@/components/layouts/AppLayout'

const load = () => import('./TableEditorScreen').then((m) => m.TableEditorScreen)

// The editor is what its pages show: its code is asked for as soon as the page's code runs in the
// browser, not once the page has rendered after hydration.
if (typeof window !== 'undefined') void load()

/** The table editor, loaded with its grid when the page opens rather than with every page. */
export const LazyTableEditorScreen = dynamic(load, { ssr: false, loading: () => <LayoutSkeleton /> })
