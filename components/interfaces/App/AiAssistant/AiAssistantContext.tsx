import type { AiAssistantData } from '@/state/ai-assistant'
import styles from './AiAssistantPanel.module.css'

type AiAssistantContextProps = {
  data: AiAssistantData
  /** A suggested prompt was picked: it goes into the composer, not straight to the chat. */
  onPickPrompt: (prompt: string) => void
  showSuggestions: boolean
}

/** What other screens attached for the next message: SQL snippets, tables, suggested prompts. */
export function AiAssistantContext({ data, onPickPrompt, showSuggestions }: AiAssistantContextProps) {
  const { sqlSnippets, tables, suggestions } = data
  const hasSuggestions = showSuggestions && suggestions && suggestions.prompts.length > 0
  if (sqlSnippets.length === 0 && tables.length === 0 && !hasSuggestions) return null

  return (
    <section className={styles.context} aria-label="Context">
      {hasSuggestions && (
        <div>
          <p className={styles.sectionHeading}>{suggestions.title}</p>
          <ul className={styles.prompts}>
            {suggestions.prompts.map((prompt) => (
              <li key={prompt}>
                <button type="button" className="btn btn-sm" onClick={() => onPickPrompt(prompt)}>
                  {prompt}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {tables.length > 0 && (
        <p className="muted">
          Tables: {tables.map((table) => `${table.schema}.${table.name}`).join(', ')}
        </p>
      )}
      {sqlSnippets.length > 0 && (
        <details>
          <summary>
            {sqlSnippets.length === 1 ? '1 SQL snippet attached' : `${sqlSnippets.length} SQL snippets attached`}
          </summary>
          {sqlSnippets.map((sql) => (
            <pre key={sql} className={styles.snippet}>
              <code>{sql}</code>
            </pre>
          ))}
        </details>
      )}
    </section>
  )
}
