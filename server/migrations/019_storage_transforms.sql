-- Image transformations of project storage (issue 13; storage/transform/).

-- The cache of transformed images, shared by every instance: one row per (origin version,
-- options), naming the version of the byte store that holds the output. Outputs live in the byte
-- store under the namespace `<ref>--render` (no project ref holds `--`), so the orphan sweep of the
-- project's own versions (storage/sweep.ts) never sees them and they never count as its storage
-- size. `bucket_id`/`name` say whose version it was, so a newer version of the same object drops
-- the older one's outputs; storage/transform/cache-sweep.ts drops outputs of versions no object
-- names any more, and a project's removal drops them all.
create table platform.storage_transform_cache (
  project_ref text not null,
  origin_version text not null,
  options text not null,
  bucket_id text not null,
  name text not null,
  version text not null,
  content_type text not null,
  size bigint not null check (size >= 0),
  created_at timestamptz not null default now(),
  primary key (project_ref, origin_version, options)
);
create index storage_transform_cache_object on platform.storage_transform_cache (project_ref, bucket_id, name);

-- Metering (spec §9 billing matrix "Image transformations: 100 origin images then $5 per 1000"):
-- the distinct origin images (bucket and name) a project transformed in each billing period.
create table platform.project_image_transforms (
  project_id bigint not null references platform.projects (id) on delete cascade,
  period_start timestamptz not null,
  origin text not null,
  first_seen_at timestamptz not null default now(),
  primary key (project_id, period_start, origin)
);
