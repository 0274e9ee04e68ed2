/**
 * Client libraries listed on the project homepage (spec §3).
 */

export type ClientLibrary = {
  language: string
  officialSupport: boolean
  releaseState?: 'Alpha' | 'Beta'
  docsUrl: string
  gitUrl: string
  /** Icon to use when the language name does not match an icon file (e.g. `C#`). */
  altIconName?: string
}

export const CLIENT_LIBRARIES: readonly ClientLibrary[] = [
  {
    language: 'JavaScript',
    officialSupport: true,
    docsUrl: 'https://supabase.com/docs/reference/javascript',
    gitUrl: 'https://github.com/supabase/supabase-js',
  },
  {
    language: 'Flutter',
    officialSupport: true,
    docsUrl: 'https://supabase.com/docs/reference/dart',
    gitUrl: 'https://github.com/supabase/supabase-flutter',
  },
  {
    language: 'Python',
    officialSupport: false,
    releaseState: 'Alpha',
    docsUrl: 'https://supabase.com/docs/reference/python',
    gitUrl: 'https://github.com/supabase/supabase-py',
  },
  {
    language: 'C#',
    officialSupport: false,
    docsUrl: 'https://supabase.com/docs/reference/csharp',
    gitUrl: 'https://github.com/supabase-community/supabase-csharp',
    altIconName: 'c-sharp',
  },
  {
    language: 'Swift',
    officialSupport: true,
    docsUrl: 'https://supabase.com/docs/reference/swift',
    gitUrl: 'https://github.com/supabase/supabase-swift',
  },
  {
    language: 'Kotlin',
    officialSupport: false,
    docsUrl: 'https://supabase.com/docs/reference/kotlin',
    gitUrl: 'https://github.com/supabase-community/supabase-kt',
  },
]
