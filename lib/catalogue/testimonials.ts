/**
 * Marketing testimonials shown on sign-in and landing screens (spec §1). Content only: the
 * people, handles and links are fictional and point to reserved example domains.
 */

export type Testimonial = {
  text: string
  url: string
  handle: string
  /** Avatar path under the base path. */
  image: string
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    text: 'Moved our side project over on a Sunday afternoon. By Monday the auth, the tables and the file uploads were all running and I had nothing left to configure.',
    url: 'https://example.com/quillfern',
    handle: 'quillfern',
    image: '/dashboard/img/testimonials/quillfern.png',
  },
  {
    text: 'The SQL editor is where I live now. Writing a migration, running it and seeing the table change in the next tab is exactly the loop I wanted.',
    url: 'https://example.org/ada-in-prod',
    handle: 'ada_in_prod',
    image: '/dashboard/img/testimonials/ada-in-prod.png',
  },
  {
    text: 'Row level security finally clicked for me because the dashboard shows the policies right next to the table. No more guessing who can read what.',
    url: 'https://example.net/tomas-builds',
    handle: 'tomas.builds',
    image: '/dashboard/img/testimonials/tomas-builds.png',
  },
  {
    text: 'Realtime updates took me twenty minutes to wire up. The hardest part was choosing a color for the live badge.',
    url: 'https://example.com/nightowl-dev',
    handle: 'nightowl_dev',
    image: '/dashboard/img/testimonials/nightowl-dev.png',
  },
  {
    text: 'Our hackathon team went from empty repo to a working demo with sign-in and storage in under a day. Judges asked which backend we used.',
    url: 'https://example.org/priya-ships',
    handle: 'priya_ships',
    image: '/dashboard/img/testimonials/priya-ships.png',
  },
  {
    text: 'I keep coming back because it is just Postgres. When I need something unusual I enable an extension instead of fighting an abstraction.',
    url: 'https://example.net/kofi-codes',
    handle: 'kofi_codes',
    image: '/dashboard/img/testimonials/kofi-codes.png',
  },
  {
    text: 'Branch databases for every pull request changed how we review schema changes. Nobody merges a migration blind anymore.',
    url: 'https://example.com/lena-data',
    handle: 'lena.data',
    image: '/dashboard/img/testimonials/lena-data.png',
  },
  {
    text: 'The generated API docs in the dashboard saved our frontend folks from pinging me every hour about column names.',
    url: 'https://example.org/marco-fullstack',
    handle: 'marco_fullstack',
    image: '/dashboard/img/testimonials/marco-fullstack.png',
  },
  {
    text: 'Switched from a document store after our joins got out of hand. Queries that took seconds now take milliseconds.',
    url: 'https://example.net/jun-makes-apps',
    handle: 'jun_makes_apps',
    image: '/dashboard/img/testimonials/jun-makes-apps.png',
  },
  {
    text: 'As a solo founder I cannot babysit servers. Backups, logs and metrics are just there when I need them.',
    url: 'https://example.com/sofia-indie',
    handle: 'sofia_indie',
    image: '/dashboard/img/testimonials/sofia-indie.png',
  },
  {
    text: 'The query performance page pointed straight at a missing index. One click to copy the statement and our p95 dropped by half.',
    url: 'https://example.org/devon-rx',
    handle: 'devon_rx',
    image: '/dashboard/img/testimonials/devon-rx.png',
  },
  {
    text: 'We run three products on separate projects in one organization. Billing and member roles stay in one place, which our finance team loves.',
    url: 'https://example.net/aylin-tech',
    handle: 'aylin.tech',
    image: '/dashboard/img/testimonials/aylin-tech.png',
  },
  {
    text: 'Vector search next to the rest of my data is the feature I did not know I needed. No second database to keep in sync.',
    url: 'https://example.com/bram-writes-code',
    handle: 'bram_writes_code',
    image: '/dashboard/img/testimonials/bram-writes-code.png',
  },
  {
    text: 'Log explorer plus saved queries means on-call nights are shorter. I can find the failing request before my coffee is ready.',
    url: 'https://example.org/chiara-ops',
    handle: 'chiara_ops',
    image: '/dashboard/img/testimonials/chiara-ops.png',
  },
  {
    text: 'Our Flutter app talks to the API directly and the client library handles sessions for us. Shipping updates feels light again.',
    url: 'https://example.net/eli-mobile',
    handle: 'eli_mobile',
    image: '/dashboard/img/testimonials/eli-mobile.png',
  },
  {
    text: 'I teach a database course and my students get a real Postgres with a friendly UI on the free plan. That used to cost a lab.',
    url: 'https://example.com/femi-sql',
    handle: 'femi.sql',
    image: '/dashboard/img/testimonials/femi-sql.png',
  },
  {
    text: 'Cron jobs inside the database replaced a tiny server we had been paying for only to run one nightly cleanup.',
    url: 'https://example.org/gwen-hacks',
    handle: 'gwen_hacks',
    image: '/dashboard/img/testimonials/gwen-hacks.png',
  },
  {
    text: 'The table editor is good enough that our support staff can fix a typo in a record without asking engineering.',
    url: 'https://example.net/hiro-builds-things',
    handle: 'hiro_builds_things',
    image: '/dashboard/img/testimonials/hiro-builds-things.png',
  },
  {
    text: 'We prototyped, launched and scaled on the same stack. No rewrite when we went from a hundred users to a hundred thousand.',
    url: 'https://example.com/ines-product',
    handle: 'ines_product',
    image: '/dashboard/img/testimonials/ines-product.png',
  },
  {
    text: 'Point-in-time recovery rescued us after a bad deploy. We rolled back to five minutes before the mistake and carried on.',
    url: 'https://example.org/jonas-backend',
    handle: 'jonas_backend',
    image: '/dashboard/img/testimonials/jonas-backend.png',
  },
  {
    text: 'Database webhooks let us notify our CRM the moment a signup lands. Zero glue code in between.',
    url: 'https://example.net/kemi-startups',
    handle: 'kemi_startups',
    image: '/dashboard/img/testimonials/kemi-startups.png',
  },
  {
    text: 'The CLI and the dashboard agree with each other. What I change locally shows up exactly the same in the hosted project.',
    url: 'https://example.com/luca-devtools',
    handle: 'luca.devtools',
    image: '/dashboard/img/testimonials/luca-devtools.png',
  },
  {
    text: 'Auth with magic links and social providers in an afternoon. I spent the saved week on the actual product.',
    url: 'https://example.org/mila-frontend',
    handle: 'mila_frontend',
    image: '/dashboard/img/testimonials/mila-frontend.png',
  },
  {
    text: 'The advisors caught two tables without security policies before we launched. That alone paid for the Pro plan.',
    url: 'https://example.net/nadir-cloud',
    handle: 'nadir_cloud',
    image: '/dashboard/img/testimonials/nadir-cloud.png',
  },
  {
    text: 'We point our BI tool at the pooler connection string and it just works. Analysts query production replicas without waiting on us.',
    url: 'https://example.com/olga-analytics',
    handle: 'olga.analytics',
    image: '/dashboard/img/testimonials/olga-analytics.png',
  },
  {
    text: 'Edge functions close to the database made our webhook handlers fast and our architecture diagram a lot smaller.',
    url: 'https://example.org/pablo-codes',
    handle: 'pablo_codes',
    image: '/dashboard/img/testimonials/pablo-codes.png',
  },
  {
    text: 'I am a designer who codes a little. The dashboard never made me feel lost, which is rare for database tools.',
    url: 'https://example.net/quinn-designs',
    handle: 'quinn_designs',
    image: '/dashboard/img/testimonials/quinn-designs.png',
  },
  {
    text: 'The storage buckets with policies let us serve private invoices to customers without building a file server.',
    url: 'https://example.com/rosa-engineers',
    handle: 'rosa_engineers',
    image: '/dashboard/img/testimonials/rosa-engineers.png',
  },
  {
    text: 'Upgrading compute took a minute of downtime and zero tickets. We did it during lunch.',
    url: 'https://example.org/sami-platform',
    handle: 'sami.platform',
    image: '/dashboard/img/testimonials/sami-platform.png',
  },
  {
    text: 'First time I ever wrote a trigger, and it was because the docs and the dashboard made it look approachable.',
    url: 'https://example.net/tara-learns',
    handle: 'tara_learns',
    image: '/dashboard/img/testimonials/tara-learns.png',
  },
  {
    text: 'Self-hosting the same dashboard for our regulated workloads means one set of habits for both environments.',
    url: 'https://example.com/umar-devops',
    handle: 'umar_devops',
    image: '/dashboard/img/testimonials/umar-devops.png',
  },
  {
    text: 'Our agency starts every client project from the same template now. Setup went from days to an hour.',
    url: 'https://example.org/vera-builds',
    handle: 'vera.builds',
    image: '/dashboard/img/testimonials/vera-builds.png',
  },
  {
    text: 'The AI assistant wrote the first draft of a gnarly policy and explained it. I still reviewed it, but it got me unstuck.',
    url: 'https://example.net/wes-codes-late',
    handle: 'wes_codes_late',
    image: '/dashboard/img/testimonials/wes-codes-late.png',
  },
  {
    text: 'Type generation from the schema keeps our TypeScript honest. A renamed column breaks the build, not production.',
    url: 'https://example.com/xin-fullstack',
    handle: 'xin_fullstack',
    image: '/dashboard/img/testimonials/xin-fullstack.png',
  },
  {
    text: 'We store embeddings, metadata and user data in one database and filter with plain SQL. Our retrieval pipeline got simpler overnight.',
    url: 'https://example.org/yara-ml',
    handle: 'yara_ml',
    image: '/dashboard/img/testimonials/yara-ml.png',
  },
  {
    text: 'Support answered a tricky connection-limit question with an actual explanation, not a canned reply.',
    url: 'https://example.net/zane-io',
    handle: 'zane.io',
    image: '/dashboard/img/testimonials/zane-io.png',
  },
  {
    text: 'Usage bars on the billing page told me I was close to my egress quota before it turned into a surprise invoice.',
    url: 'https://example.com/abby-makes',
    handle: 'abby_makes',
    image: '/dashboard/img/testimonials/abby-makes.png',
  },
  {
    text: 'I like that I can read the whole schema in SQL. No hidden magic, and I can leave any time, which is why I stay.',
    url: 'https://example.org/ben-ships-it',
    handle: 'ben_ships_it',
    image: '/dashboard/img/testimonials/ben-ships-it.png',
  },
  {
    text: 'Our workshop attendees all had a working backend in fifteen minutes. That is the best demo a platform can give.',
    url: 'https://example.net/cleo-devrel',
    handle: 'cleo_devrel',
    image: '/dashboard/img/testimonials/cleo-devrel.png',
  },
  {
    text: 'The organization audit log helped us pass a customer\'s security review without building anything ourselves.',
    url: 'https://example.com/dario-eng',
    handle: 'dario_eng',
    image: '/dashboard/img/testimonials/dario-eng.png',
  },
  {
    text: 'We replaced four managed services with one project. Fewer dashboards, fewer bills, fewer pages at night.',
    url: 'https://example.org/emre-startup',
    handle: 'emre_startup',
    image: '/dashboard/img/testimonials/emre-startup.png',
  },
  {
    text: 'Read replicas in another region brought our European latency down to something our users actually noticed.',
    url: 'https://example.net/fatima-codes',
    handle: 'fatima_codes',
    image: '/dashboard/img/testimonials/fatima-codes.png',
  },
  {
    text: 'The free tier let me validate the idea with real users before spending a cent. When it worked, upgrading was one click.',
    url: 'https://example.com/gus-dev',
    handle: 'gus.dev',
    image: '/dashboard/img/testimonials/gus-dev.png',
  },
  {
    text: 'Foreign data wrappers let us query our payment provider\'s data next to our own tables. Reporting got so much easier.',
    url: 'https://example.org/hana-builds',
    handle: 'hana_builds',
    image: '/dashboard/img/testimonials/hana-builds.png',
  },
  {
    text: 'Honestly it feels like someone finally built the Postgres admin panel I kept sketching on napkins.',
    url: 'https://example.net/ivan-pg',
    handle: 'ivan_pg',
    image: '/dashboard/img/testimonials/ivan-pg.png',
  },
]
