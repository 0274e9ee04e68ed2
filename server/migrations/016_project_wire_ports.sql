-- PGlite projects (no DATABASE_URL) are served on a loopback port each (projects/wire/): the
-- port a project last had, so its connection string keeps working across server restarts and
-- a pause (another project does not take it while the project is not removed).
alter table platform.projects add column wire_port integer check (wire_port between 1 and 65535);
