import { historyLabel, type HistoryEntry } from '@/lib/graphql/history'
import { GRAPHQL_HISTORY_LIMIT } from '@/lib/graphql/limits'
import docsStyles from './GraphiqlDocs.module.css'

/** The last runs of this project (newest first): pick one to load it back into the editor. */
export function HistoryPanel({ history, onPick, onClear }: { history: HistoryEntry[]; onPick: (entry: HistoryEntry) => void; onClear: () => void }) {
  return (
    <aside className={docsStyles.docs} aria-label="Query history">
      <div className={docsStyles.docsHeader}>
        <h2 className={docsStyles.docsTitle}>History</h2>
        {history.length > 0 && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClear}>
            Clear
          </button>
        )}
      </div>
      <p className="muted">The last {GRAPHQL_HISTORY_LIMIT} runs on this project, kept in this browser.</p>
      {history.length === 0 ? (
        <p className="muted">Nothing run yet.</p>
      ) : (
        <ul className={docsStyles.docsList}>
          {history.map((entry) => (
            <li key={`${entry.ranAt}-${entry.query.length}`}>
              <button type="button" className={docsStyles.historyItem} onClick={() => onPick(entry)}>
                <span className={docsStyles.historyLabel}>{historyLabel(entry.query)}</span>
                <time className={docsStyles.historyTime} dateTime={entry.ranAt}>
                  {new Date(entry.ranAt).toLocaleString()}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
    </aside>
  )
}
