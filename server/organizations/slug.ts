import crypto from 'node:crypto'

const SLUG_MAX = 40
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** The readable part of a slug: lowercase ASCII letters and digits joined by single hyphens. */
export function slugBase(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '')
  return base || 'org'
}

/** A random suffix (6 characters) that makes a taken slug unique. */
export function slugSuffix(): string {
  const bytes = crypto.randomBytes(6)
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')
}

/** Slug candidates for a name: the base itself first, then the base with random suffixes. */
export function slugCandidates(name: string, attempts = 6): string[] {
  const base = slugBase(name)
  return [base, ...Array.from({ length: attempts - 1 }, () => `${base}-${slugSuffix()}`)]
}
